import Foundation

// The view half of the list vocabulary: each capability takes the host the message comes from
// and that host's cell type, so one screen can serve `ListView`, `CollectionView` or a UIKit
// view with the signatures each needs. Adopt it for your host:
//
//     extension InboxScreen: ListCellProviding {
//       func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell { … }
//     }

/// Implements ``ListMessage/cellForRow``, which every list needs.
///
/// ```swift
/// extension InboxScreen: ListCellProviding {
///   func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
///     let cell = try list.dequeueCell(ListCell.self, for: indexPath)
///     cell.text = model.subject(at: indexPath.row)
///     return cell
///   }
/// }
/// ```
@MainActor public protocol ListCellProviding<Host>: AnyObject {
  /// The kind of host this handler makes cells for.
  associatedtype Host: ListHost
  /// The cell for the row at `indexPath`, usually dequeued from `host`.
  ///
  /// - Throws: Errors from dequeueing, or your own; a headless host reports them as
  ///   ``ListViewError``.
  func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell
}

/// Implements ``ListMessage/supplementaryView`` for hosts with supplementary views, such as
/// ``CollectionView``'s section headers and footers.
///
/// ```swift
/// func supplementaryView(ofKind kind: SupplementaryKind, at indexPath: IndexPath,
///                        in grid: CollectionView) throws -> ListCell {
///   let view = try grid.dequeueSupplementaryView(ListCell.self, ofKind: kind, for: indexPath)
///   view.text = model.title(ofSection: indexPath.section)
///   return view
/// }
/// ```
@MainActor public protocol ListSupplementaryViewProviding<Host>: AnyObject {
  /// The kind of host this handler makes views for.
  associatedtype Host: SupplementaryViewHost
  /// The view of `kind` at `indexPath` (for a section header, the section's first index path).
  func supplementaryView(ofKind kind: SupplementaryKind, at indexPath: IndexPath, in host: Host)
    throws -> Host.SupplementaryView
}

/// Implements ``ListMessage/heightForRow``.
///
/// ```swift
/// func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double { 60 }
/// ```
@MainActor public protocol ListRowHeightProviding<Host>: AnyObject {
  /// The kind of host this handler lays out rows for.
  associatedtype Host: ListHost
  /// The height of the row at `indexPath`.
  func heightForRow(at indexPath: IndexPath, in host: Host) -> Double
}

/// Implements ``ListMessage/estimatedHeightForRow``.
///
/// ```swift
/// func estimatedHeightForRow(at indexPath: IndexPath, in list: ListView) -> Double { 60 }
/// ```
@MainActor public protocol ListEstimatedRowHeightProviding<Host>: AnyObject {
  /// The kind of host this handler lays out rows for.
  associatedtype Host: ListHost
  /// An estimate of the height of the row at `indexPath`, used when no exact height is given.
  func estimatedHeightForRow(at indexPath: IndexPath, in host: Host) -> Double
}

/// Implements ``ListMessage/willDisplayRow``.
///
/// ```swift
/// func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
///   if indexPath.row == model.count - 1 { model.loadMore() }
/// }
/// ```
@MainActor public protocol ListWillDisplayObserving<Host>: AnyObject {
  /// The kind of host whose cells this handler watches.
  associatedtype Host: ListHost
  /// The row at `indexPath` is about to enter the visible window with `cell`.
  func willDisplay(_ cell: Host.Cell, forRowAt indexPath: IndexPath, in host: Host)
}

/// Implements ``ListMessage/didEndDisplayingRow``.
///
/// ```swift
/// func didEndDisplaying(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
///   images.cancel(indexPath)
/// }
/// ```
@MainActor public protocol ListDidEndDisplayingObserving<Host>: AnyObject {
  /// The kind of host whose cells this handler watches.
  associatedtype Host: ListHost
  /// The row that was at `indexPath` has left the visible window; `cell` goes back to the pool.
  func didEndDisplaying(_ cell: Host.Cell, forRowAt indexPath: IndexPath, in host: Host)
}

/// Implements ``ListMessage/willSelectRow``.
///
/// ```swift
/// func willSelectRow(at indexPath: IndexPath, in list: ListView) -> IndexPath? {
///   model.isEnabled(indexPath.row) ? indexPath : nil
/// }
/// ```
@MainActor public protocol ListWillSelectHandling<Host>: AnyObject {
  /// The kind of host whose selection this handler decides.
  associatedtype Host: ListHost
  /// The row the user is selecting: return it, another row to select instead, or `nil` to
  /// cancel the selection.
  func willSelectRow(at indexPath: IndexPath, in host: Host) -> IndexPath?
}

/// Implements ``ListMessage/didSelectRow``.
///
/// ```swift
/// func didSelectRow(at indexPath: IndexPath, in list: ListView) { open(model.mail(at: indexPath)) }
/// ```
@MainActor public protocol ListDidSelectHandling<Host>: AnyObject {
  /// The kind of host whose selection this handler follows.
  associatedtype Host: ListHost
  /// The row at `indexPath` was selected.
  func didSelectRow(at indexPath: IndexPath, in host: Host)
}

/// Implements ``ListMessage/didDeselectRow``.
///
/// ```swift
/// func didDeselectRow(at indexPath: IndexPath, in list: ListView) { preview = nil }
/// ```
@MainActor public protocol ListDidDeselectHandling<Host>: AnyObject {
  /// The kind of host whose selection this handler follows.
  associatedtype Host: ListHost
  /// The row at `indexPath` was deselected.
  func didDeselectRow(at indexPath: IndexPath, in host: Host)
}
