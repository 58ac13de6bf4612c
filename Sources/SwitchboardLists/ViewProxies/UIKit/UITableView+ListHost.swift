#if canImport(UIKit)
import UIKit

/// `UITableView` as a Switchboard list host: every pattern (``TableViewProxy``,
/// `SectionedDataSource`, `ModelListDataSource`, `VisitorDataSource`, `Paginating`) works on it.
///
/// Cells are registered by type the first time they are dequeued, with the type's full name as
/// reuse identifier, so user code never writes a reuse string:
///
/// ```swift
/// func cellForRow(at indexPath: IndexPath, in tableView: UITableView) throws -> UITableViewCell {
///   let cell = try tableView.dequeueCell(TodoCell.self, for: indexPath)
///   cell.configure(with: model.items[indexPath.row])
///   return cell
/// }
/// ```
extension UITableView: ListHost {
  /// Whether `handler` adopts the message's Switchboard capability for `UITableView`, or
  /// implements `UITableViewDataSource`'s or `UITableViewDelegate`'s own method for it.
  public nonisolated static func handler(
    _ handler: AnyObject, implements message: ListMessage
  ) -> Bool {
    listHandler(handler, implements: message)
  }

  /// A cell of exactly `cellType`, registered the first time it is asked for.
  ///
  /// While the attached proxy asks a handler for a cell, one cell is dequeued per request:
  /// that cell is the answer even when the handler throws after dequeuing it.
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` when
  ///   something else was registered under the type's name;
  ///   ``ListViewError/dequeuedTwice(request:_:first:)`` for a second cell in one request.
  public func dequeueCell(of cellType: UITableViewCell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> UITableViewCell
  {
    try dequeueCell(exactly: cellType, for: indexPath)
  }

  /// Checks `update` against the counts the table shows and its data source's new counts,
  /// then animates it with `performBatchUpdates`.
  ///
  /// A table that is not in a window reloads instead, as UIKit recommends.
  ///
  /// - Throws: The ``ListViewError`` describing a mismatch, before UIKit would raise an
  ///   exception; nothing changes then.
  public func apply(_ update: ListUpdate) throws(ListViewError) { try applyChecked(update) }

  /// Shows `snapshot`: the view model of the attached proxy that keeps the data as snapshots
  /// (a `ListSnapshotDataSource`) takes it, and every host showing that view model, this one
  /// included, applies the one batch it makes; see `ListSnapshotDataSource.apply(_:animatingDifferences:completion:)`.
  ///
  /// ```swift
  /// var next = model.snapshot
  /// next.reconfigureItems([edited.id])
  /// try tableView.apply(next)
  /// ```
  ///
  /// - Throws: `ListViewError.noSnapshotDataSource` when no proxy is
  ///   attached or none of its handlers keeps snapshots of these identifier types.
  public func apply<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot) {
      $0.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
  }

  /// Shows `snapshot` by reloading every host showing the attached proxy's view model, with no
  /// diff, as `UITableViewDiffableDataSource.applySnapshotUsingReloadData(_:completion:)` does.
  public func applyUsingReloadData<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot) { $0.applyUsingReloadData(snapshot, completion: completion) }
  }
}

/// The table's own reuse and batch-update calls, under the shared dequeue and apply
/// (``ReusingListView``, ``SectionedBatchUpdating``).
extension UITableView: ReusingListView, SectionedBatchUpdating {
  func registerCell(_ cellType: UITableViewCell.Type, as identifier: String) {
    register(cellType, forCellReuseIdentifier: identifier)
  }

  func reusedCell(_ cellType: UITableViewCell.Type, as identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  {
    dequeueReusableCell(withIdentifier: identifier, for: indexPath)
  }

  var hasDataSource: Bool { dataSource != nil }

  func shownCount(inSection section: Int) -> Int { numberOfRows(inSection: section) }

  var dataSourceSectionCount: Int? { dataSource?.numberOfSections?(in: self) }

  func dataSourceCount(inSection section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }

  func perform(_ update: ListUpdate, animated: Bool) {
    UIView.animating(animated) {
      performBatchUpdates {
        deleteSections(IndexSet(update.deletedSections), with: .automatic)
        insertSections(IndexSet(update.insertedSections), with: .automatic)
        reloadSections(IndexSet(update.reloadedSections), with: .automatic)
        for move in update.movedSections { moveSection(move.source, toSection: move.destination) }
        deleteRows(at: update.deletedRows, with: .automatic)
        insertRows(at: update.insertedRows, with: .automatic)
        reloadRows(at: update.reloadedRows, with: .automatic)
        for move in update.movedRows { moveRow(at: move.source, to: move.destination) }
      }
      // After the batch, at the index paths it produced: a moved row keeps its cell.
      if !update.reconfiguredRows.isEmpty { reconfigureRows(at: update.reconfiguredRows) }
    }
  }
}
#endif
