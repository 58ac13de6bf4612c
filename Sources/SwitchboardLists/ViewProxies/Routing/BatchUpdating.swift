import Foundation

/// A list view's own batch-update calls, which every platform view's `apply(_:)` is written once
/// over.
///
/// `UITableView`, `UICollectionView`, `NSTableView` and `NSCollectionView` each say whether they
/// have a data source and a window, how they check an update, and how they perform it. The
/// specs' model view says it too, so the shared code below is specified on Linux.
@MainActor
protocol BatchUpdating: ListHost {
  /// What the view performs: the update itself for a view of sections
  /// (``SectionedBatchUpdating``), AppKit's table's changes one after another.
  associatedtype Batch
  /// Whether the view has a data source to count its rows.
  var hasDataSource: Bool { get }
  /// Whether the view is in a window; one that is not reloads instead of animating, as UIKit
  /// recommends.
  var isInWindow: Bool { get }
  /// `update` as the view performs it, checked against the rows the view shows and its data
  /// source's new counts.
  func batch(checking update: ListUpdate) throws(ListViewError) -> Batch
  /// Performs `batch`, already checked, animated or not.
  func perform(_ batch: Batch, animated: Bool)
}

extension BatchUpdating {
  /// Checks `update` against the counts the view shows and its data source's new counts, then
  /// performs it; a view that is not in a window reloads instead.
  ///
  /// - Throws: ``ListViewError/dataSourceReleased`` without a data source, or the error
  ///   describing a mismatch; nothing changes then.
  func applyChecked(_ update: ListUpdate) throws(ListViewError) {
    guard !update.isEmpty else { return }
    guard hasDataSource else { throw .dataSourceReleased }
    guard isInWindow else { return try reloadData() }
    perform(try batch(checking: update), animated: update.animatingDifferences)
  }
}

/// A view of sections, which performs a batch as one update checked section by section, as
/// UIKit checks it (rows after = rows before + inserted − deleted, ± moved).
@MainActor
protocol SectionedBatchUpdating: BatchUpdating where Batch == ListUpdate {
  /// The sections the view shows (UIKit's and AppKit's own `numberOfSections`).
  var numberOfSections: Int { get }
  /// The rows (or items) the view shows in `section`.
  func shownCount(inSection section: Int) -> Int
  /// The sections its data source says it has; `nil` when it does not say (one section).
  var dataSourceSectionCount: Int? { get }
  /// The rows (or items) its data source has in `section` now.
  func dataSourceCount(inSection section: Int) -> Int
}

extension SectionedBatchUpdating {
  func batch(checking update: ListUpdate) throws(ListViewError) -> ListUpdate {
    let after = (0..<(dataSourceSectionCount ?? 1)).map(dataSourceCount(inSection:))
    let before = (0..<numberOfSections).map(shownCount(inSection:))
    try update.validate(rowCountsBefore: before, after: after)
    return update
  }
}
