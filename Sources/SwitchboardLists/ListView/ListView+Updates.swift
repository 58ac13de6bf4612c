import Foundation

// Batch updates: applying the changes a data source describes, checked against its new counts
// as UIKit checks them, and showing snapshots.

extension ListView {
  /// Applies a prepared update; see ``ListHost/performBatchUpdates(_:)``.
  ///
  /// A list that has never loaded its data (no ``reloadData()`` yet) has nothing to compare the
  /// update with, so it loads instead, as UIKit does when a table has not laid out yet: the
  /// first page of a paginated list can insert its rows before the list was ever shown.
  public func apply(_ update: ListUpdate) throws(ListViewError) { try applyUpdate(update) }

  /// Shows `snapshot`: the view model that keeps the data as snapshots (a
  /// ``ListSnapshotDataSource``, the data source or a handler of its proxy) takes it, and every
  /// host showing that view model, this one included, applies the one batch it makes; see
  /// ``ListSnapshotDataSource/apply(_:animatingDifferences:completion:)``.
  ///
  /// ```swift
  /// var next = model.snapshot
  /// next.deleteItems([done.id])
  /// try list.apply(next)
  /// ```
  ///
  /// - Throws: ``ListViewError/noSnapshotDataSource(host:snapshot:handlers:)`` when no handler
  ///   keeps snapshots of these identifier types.
  public func apply<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot` by reloading every host showing its view model, with no diff; see
  /// ``ListSnapshotDataSource/applyUsingReloadData(_:completion:)``.
  public func applyUsingReloadData<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshotUsingReloadData(snapshot, completion: completion)
  }

  /// Deletes rows (index paths before the change) in a batch of their own.
  public func deleteRows(at indexPaths: [IndexPath]) throws(ListViewError) {
    try performBatchUpdates { $0.deleteRows(at: indexPaths) }
  }

  /// Makes the cells of rows again, in a batch of their own.
  public func reloadRows(at indexPaths: [IndexPath]) throws(ListViewError) {
    try performBatchUpdates { $0.reloadRows(at: indexPaths) }
  }

  /// Moves a row in a batch of its own.
  public func moveRow(at source: IndexPath, to destination: IndexPath) throws(ListViewError) {
    try performBatchUpdates { $0.moveRow(at: source, to: destination) }
  }

  /// Configures the cells of rows again in place, keeping the cells, as UIKit's
  /// `reconfigureRows(at:)`.
  public func reconfigureRows(at indexPaths: [IndexPath]) throws(ListViewError) {
    try performBatchUpdates { $0.reconfigureRows(at: indexPaths) }
  }
}
