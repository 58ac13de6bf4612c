#if canImport(UIKit)
import UIKit

/// `UICollectionView` as a Switchboard list host, with supplementary views by kind: every
/// pattern works on it, and its items are the list vocabulary's rows.
///
/// ```swift
/// func cellForRow(at indexPath: IndexPath, in collectionView: UICollectionView) throws
///   -> UICollectionViewCell
/// {
///   let cell = try collectionView.dequeueCell(PhotoCell.self, for: indexPath)
///   cell.configure(with: model.photos[indexPath.item])
///   return cell
/// }
/// ```
extension UICollectionView: SupplementaryViewHost {
  /// Whether `handler` adopts the message's Switchboard capability for `UICollectionView`, or
  /// implements `UICollectionViewDataSource`'s or `UICollectionViewDelegate`'s own method.
  public nonisolated static func handler(
    _ handler: AnyObject, implements message: ListMessage
  ) -> Bool {
    listHandler(handler, implements: message)
  }

  /// A cell of exactly `cellType`, registered the first time it is asked for; see
  /// `UITableView`'s ``UIKit/UITableView/dequeueCell(of:for:)``.
  ///
  /// A collection view raises (iOS 18) unless exactly one cell is dequeued for each request
  /// and returned: while the attached proxy asks a handler for a cell, a second dequeue throws
  /// ``ListViewError/dequeuedTwice(request:_:first:)`` instead, and the first cell is the
  /// answer even when the handler throws after dequeuing it.
  public func dequeueCell(of cellType: UICollectionViewCell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> UICollectionViewCell
  {
    try dequeueCell(exactly: cellType, for: indexPath)
  }

  /// A supplementary view of exactly `viewType` for `kind`, registered the first time, one
  /// per request as for cells; see
  /// ``SupplementaryViewHost/dequeueSupplementaryView(_:ofKind:for:)`` for the typed form.
  public func dequeueSupplementaryView(
    of viewType: UICollectionReusableView.Type, ofKind kind: SupplementaryKind,
    for indexPath: IndexPath
  ) throws(ListViewError) -> UICollectionReusableView {
    try dequeueSupplementaryView(exactly: viewType, ofKind: kind, for: indexPath)
  }

  /// Checks `update` against the counts the collection shows and its data source's new
  /// counts, then animates it; see `UITableView`'s ``UIKit/UITableView/apply(_:)``.
  public func apply(_ update: ListUpdate) throws(ListViewError) { try applyChecked(update) }

  /// Shows `snapshot` through the view model of the attached proxy that keeps snapshots; see
  /// `UITableView`'s ``UIKit/UITableView/apply(_:animatingDifferences:completion:)``.
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

/// The collection view's own reuse and batch-update calls, under the shared dequeue and apply
/// (``ReusingSupplementaryListView``, ``SectionedBatchUpdating``).
extension UICollectionView: ReusingSupplementaryListView, SectionedBatchUpdating {
  func registerCell(_ cellType: UICollectionViewCell.Type, as identifier: String) {
    register(cellType, forCellWithReuseIdentifier: identifier)
  }

  func reusedCell(
    _ cellType: UICollectionViewCell.Type, as identifier: String, for indexPath: IndexPath
  ) -> UICollectionViewCell {
    dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
  }

  func registerSupplementaryView(
    _ viewType: UICollectionReusableView.Type, ofKind kind: String, as identifier: String
  ) {
    register(viewType, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
  }

  func reusedSupplementaryView(
    _ viewType: UICollectionReusableView.Type, ofKind kind: String, as identifier: String,
    for indexPath: IndexPath
  ) -> UICollectionReusableView {
    dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
  }

  var hasDataSource: Bool { dataSource != nil }

  func shownCount(inSection section: Int) -> Int { numberOfItems(inSection: section) }

  var dataSourceSectionCount: Int? { dataSource?.numberOfSections?(in: self) }

  func dataSourceCount(inSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }

  func perform(_ update: ListUpdate, animated: Bool) {
    UIView.animating(animated) {
      performBatchUpdates {
        deleteSections(IndexSet(update.deletedSections))
        insertSections(IndexSet(update.insertedSections))
        reloadSections(IndexSet(update.reloadedSections))
        for move in update.movedSections { moveSection(move.source, toSection: move.destination) }
        deleteItems(at: update.deletedRows)
        insertItems(at: update.insertedRows)
        reloadItems(at: update.reloadedRows)
        for move in update.movedRows { moveItem(at: move.source, to: move.destination) }
      }
      // After the batch, at the index paths it produced: a moved item keeps its cell.
      if !update.reconfiguredRows.isEmpty { reconfigureItems(at: update.reconfiguredRows) }
    }
  }
}

#endif
