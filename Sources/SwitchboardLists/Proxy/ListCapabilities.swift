import Foundation
import Switchboard

// Swift's answer to Objective-C's all-optional data-source protocols: one small protocol per
// message. A handler adopts exactly the messages it implements, and the compiler checks each
// signature. `ListMessage.isImplemented(by:)` maps each message to its protocol.

/// An object that can serve as a ``ListView``'s data source: it adopts one or more data-source
/// capabilities.
@MainActor public protocol ListDataSource: AnyObject {}

/// An object that can serve as a ``ListView``'s delegate: it adopts one or more delegate
/// capabilities.
@MainActor public protocol ListDelegate: AnyObject {}

/// Implements ``ListMessage/numberOfSections``.
///
/// ```swift
/// extension InboxModel: ListSectionCounting {
///   func numberOfSections(in list: ListView) -> Int { folders.count }
/// }
/// ```
@MainActor public protocol ListSectionCounting: ListDataSource {
  /// The number of sections; the host assumes 1 when nobody implements this.
  func numberOfSections(in list: ListView) -> Int
}

/// Implements ``ListMessage/numberOfRows``, which every list needs.
///
/// ```swift
/// extension InboxModel: ListRowCounting {
///   func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int { mails.count }
/// }
/// ```
@MainActor public protocol ListRowCounting: ListDataSource {
  /// The number of rows in `section`.
  func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int
}

/// Implements ``ListMessage/cellForRow``, which every list needs.
///
/// ```swift
/// extension InboxScreen: ListCellProviding {
///   func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell {
///     let cell = try list.dequeueReusableCell(withIdentifier: "mail", for: indexPath)
///     cell.text = model.subject(at: indexPath.row)
///     return cell
///   }
/// }
/// ```
@MainActor public protocol ListCellProviding: ListDataSource {
  /// The cell for the row at `indexPath`, usually dequeued from `list`.
  ///
  /// - Throws: Errors from ``ListView/dequeueReusableCell(withIdentifier:for:)``, or your own; the
  ///   host reports them as ``ListViewError``.
  func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell
}

/// Implements ``ListMessage/titleForHeader``.
@MainActor public protocol ListHeaderTitling: ListDataSource {
  /// The header title of `section`, or `nil` for no header.
  func list(_ list: ListView, titleForHeaderInSection section: Int) -> String?
}

/// Implements ``ListMessage/titleForFooter``.
@MainActor public protocol ListFooterTitling: ListDataSource {
  /// The footer title of `section`, or `nil` for no footer.
  func list(_ list: ListView, titleForFooterInSection section: Int) -> String?
}

/// Implements ``ListMessage/canEditRow``.
@MainActor public protocol ListRowEditability: ListDataSource {
  /// Whether the row at `indexPath` can be deleted or inserted by the user.
  func list(_ list: ListView, canEditRowAt indexPath: IndexPath) -> Bool
}

/// Implements ``ListMessage/canMoveRow``.
@MainActor public protocol ListRowMovability: ListDataSource {
  /// Whether the row at `indexPath` can be moved by the user.
  func list(_ list: ListView, canMoveRowAt indexPath: IndexPath) -> Bool
}

/// The edit a user asked for on a row.
public enum ListEditingStyle: Hashable, Sendable {
  /// Delete the row.
  case delete
  /// Insert a row at this position.
  case insert
}

/// Implements ``ListMessage/commitEdit``.
///
/// Update your data, then tell the list with a batch update:
///
/// ```swift
/// func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath) {
///   items.remove(at: indexPath.row)
///   try? list.deleteRows(at: [indexPath])
/// }
/// ```
@MainActor public protocol ListEditCommitting: ListDataSource {
  /// Applies the edit the user asked for.
  func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath)
}

/// Implements ``ListMessage/moveRow``.
@MainActor public protocol ListRowMoving: ListDataSource {
  /// Moves the item the user dragged; the host has already moved the row.
  func list(_ list: ListView, moveRowAt source: IndexPath, to destination: IndexPath)
}

/// Implements ``ListMessage/sectionIndexTitles``.
@MainActor public protocol ListSectionIndexing: ListDataSource {
  /// The titles of the section index, or `nil` for none.
  func sectionIndexTitles(for list: ListView) -> [String]?
}

/// Implements ``ListMessage/prefetchRows``.
@MainActor public protocol ListPrefetching: ListDataSource {
  /// Rows that are about to scroll into view; start loading what they need.
  func list(_ list: ListView, prefetchRowsAt indexPaths: [IndexPath])
}

/// Implements ``ListMessage/heightForRow``.
@MainActor public protocol ListRowHeightProviding: ListDelegate {
  /// The height of the row at `indexPath`.
  func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double
}

/// Implements ``ListMessage/estimatedHeightForRow``.
@MainActor public protocol ListEstimatedRowHeightProviding: ListDelegate {
  /// An estimate of the height of the row at `indexPath`, used when no exact height is given.
  func list(_ list: ListView, estimatedHeightForRowAt indexPath: IndexPath) -> Double
}

/// Implements ``ListMessage/willDisplayRow``.
@MainActor public protocol ListWillDisplayObserving: ListDelegate {
  /// The row at `indexPath` is about to enter the visible window with `cell`.
  func list(_ list: ListView, willDisplay cell: ListCell, forRowAt indexPath: IndexPath)
}

/// Implements ``ListMessage/didEndDisplayingRow``.
@MainActor public protocol ListDidEndDisplayingObserving: ListDelegate {
  /// The row that was at `indexPath` has left the visible window; `cell` goes back to the pool.
  func list(_ list: ListView, didEndDisplaying cell: ListCell, forRowAt indexPath: IndexPath)
}

/// Implements ``ListMessage/willSelectRow``.
@MainActor public protocol ListWillSelectHandling: ListDelegate {
  /// The row the user is selecting: return it, another row to select instead, or `nil` to
  /// cancel the selection.
  func list(_ list: ListView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
}

/// Implements ``ListMessage/didSelectRow``.
@MainActor public protocol ListDidSelectHandling: ListDelegate {
  /// The row at `indexPath` was selected.
  func list(_ list: ListView, didSelectRowAt indexPath: IndexPath)
}

/// Implements ``ListMessage/didDeselectRow``.
@MainActor public protocol ListDidDeselectHandling: ListDelegate {
  /// The row at `indexPath` was deselected.
  func list(_ list: ListView, didDeselectRowAt indexPath: IndexPath)
}

/// A data source or delegate that decides per message whether it responds, such as
/// ``ListProxy``.
///
/// A ``ListView`` asks it instead of checking the capability protocols, and refreshes its cached
/// answers when the routes change.
@MainActor public protocol ListRouting: AnyObject {
  /// Whether `message` reaches a handler that implements it.
  func responds(to message: ListMessage) -> Bool
  /// The handlers asked for `message`, for error messages, such as `["view (Screen) ✗"]`.
  func handlerSummaries(for message: ListMessage) -> [String]
  /// Calls `onChange` with the changed messages whenever routes change.
  func observeRoutes(
    _ onChange: @escaping @MainActor (RouteChange<ListMessage>) -> Void
  ) -> RouteObservation
}
