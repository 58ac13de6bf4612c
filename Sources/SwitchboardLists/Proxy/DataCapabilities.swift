import Foundation

// Swift's answer to Objective-C's all-optional data-source protocols: one small protocol per
// message. A handler adopts exactly the messages it implements, and the compiler checks each
// signature. These are the data half: they name no host and no cell type, so a view model that
// adopts them imports only SwitchboardLists and serves any host.

/// An object that can serve as a list host's data source: any object, which adopts the
/// capabilities of the messages it answers.
@available(
  *, deprecated, renamed: "AnyObject",
  message:
    "Deprecated in 3.0, removed in 4.0: a marker protocol without members; a list data source is any object."
)
public typealias ListDataSource = AnyObject

/// An object that can serve as a list host's delegate: any object, which adopts the
/// capabilities of the messages it answers.
@available(
  *, deprecated, renamed: "AnyObject",
  message:
    "Deprecated in 3.0, removed in 4.0: a marker protocol without members; a list delegate is any object."
)
public typealias ListDelegate = AnyObject

/// Implements ``ListMessage/numberOfSections``.
///
/// ```swift
/// extension InboxModel: ListSectionCounting {
///   func numberOfSections() -> Int { folders.count }
/// }
/// ```
@MainActor public protocol ListSectionCounting: AnyObject {
  /// The number of sections; hosts assume 1 when nobody implements this.
  func numberOfSections() -> Int
}

/// Implements ``ListMessage/numberOfRows``, which every list needs.
///
/// ```swift
/// extension InboxModel: ListRowCounting {
///   func numberOfRows(inSection section: Int) -> Int { mails.count }
/// }
/// ```
@MainActor public protocol ListRowCounting: AnyObject {
  /// The number of rows (a collection's items) in `section`.
  func numberOfRows(inSection section: Int) -> Int
}

/// Implements ``ListMessage/titleForHeader``.
///
/// ```swift
/// func titleForHeader(inSection section: Int) -> String? { folders[section].name }
/// ```
@MainActor public protocol ListHeaderTitling: AnyObject {
  /// The header title of `section`, or `nil` for no header.
  func titleForHeader(inSection section: Int) -> String?
}

/// Implements ``ListMessage/titleForFooter``.
///
/// ```swift
/// func titleForFooter(inSection section: Int) -> String? { "\(mails.count) mails" }
/// ```
@MainActor public protocol ListFooterTitling: AnyObject {
  /// The footer title of `section`, or `nil` for no footer.
  func titleForFooter(inSection section: Int) -> String?
}

/// Implements ``ListMessage/canEditRow``.
///
/// ```swift
/// func canEditRow(at indexPath: IndexPath) -> Bool { !mails[indexPath.row].isPinned }
/// ```
@MainActor public protocol ListRowEditability: AnyObject {
  /// Whether the row at `indexPath` can be deleted or inserted by the user.
  func canEditRow(at indexPath: IndexPath) -> Bool
}

/// Implements ``ListMessage/canMoveRow``.
///
/// ```swift
/// func canMoveRow(at indexPath: IndexPath) -> Bool { true }
/// ```
@MainActor public protocol ListRowMovability: AnyObject {
  /// Whether the row at `indexPath` can be moved by the user.
  func canMoveRow(at indexPath: IndexPath) -> Bool
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
/// Change your data, then answer the update that describes the change; the host applies it and
/// checks it against your new counts (a headless host throws a ``ListViewError`` when they do
/// not add up). No host is needed:
///
/// ```swift
/// func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
///   guard style == .delete else { return ListUpdate() }
///   items.remove(at: indexPath.row)
///   return ListUpdate(deletingRowsAt: [indexPath])
/// }
/// ```
@MainActor public protocol ListEditCommitting: AnyObject {
  /// Applies the edit the user asked for to your data, and answers the matching update.
  func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate
}

/// Implements ``ListMessage/moveRow``.
///
/// ```swift
/// func moveRow(from source: IndexPath, to destination: IndexPath) {
///   items.insert(items.remove(at: source.row), at: destination.row)
/// }
/// ```
@MainActor public protocol ListRowMoving: AnyObject {
  /// Moves the item the user dragged; the host has already moved the row.
  func moveRow(from source: IndexPath, to destination: IndexPath)
}

/// Implements ``ListMessage/sectionIndexTitles``.
///
/// ```swift
/// func sectionIndexTitles() -> [String]? { letters }
/// ```
@MainActor public protocol ListSectionIndexing: AnyObject {
  /// The titles of the section index, or `nil` for none.
  func sectionIndexTitles() -> [String]?
}

/// Implements ``ListMessage/prefetchRows``.
///
/// ```swift
/// func prefetchRows(at indexPaths: [IndexPath]) { images.load(indexPaths.map(\.row)) }
/// ```
@MainActor public protocol ListPrefetching: AnyObject {
  /// Rows that are about to scroll into view; start loading what they need.
  func prefetchRows(at indexPaths: [IndexPath])
}
