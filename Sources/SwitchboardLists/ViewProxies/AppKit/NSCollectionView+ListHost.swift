#if os(macOS)
import AppKit

/// `NSCollectionView` as a Switchboard list host: sections of items, with supplementary views,
/// so ``CollectionViewProxy`` and every list pattern work on it as on iOS.
///
/// Items are registered by type the first time they are made, under the type's full name (an
/// `NSCollectionViewItem` made without a nib overrides `loadView()`):
///
/// ```swift
/// func cellForRow(at indexPath: IndexPath, in grid: NSCollectionView) throws
///   -> NSCollectionViewItem
/// {
///   try grid.dequeueCell(PhotoItem.self, for: indexPath)
/// }
/// ```
extension NSCollectionView: ListHost, SupplementaryViewHost {
  /// Whether `handler` adopts the message's Switchboard capability for `NSCollectionView`, or
  /// implements AppKit's own method for it.
  public nonisolated static func handler(
    _ handler: AnyObject, implements message: ListMessage
  ) -> Bool {
    listHandler(handler, implements: message)
  }

  /// An item of exactly `cellType`, registered the first time it is asked for.
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` and
  ///   ``ListViewError/dequeuedTwice(request:_:first:)``, as on iOS.
  public func dequeueCell(of cellType: NSCollectionViewItem.Type, for indexPath: IndexPath)
    throws(ListViewError) -> NSCollectionViewItem
  {
    try dequeueCell(exactly: cellType, for: indexPath)
  }

  /// A supplementary view of exactly `viewType` for `kind`, registered the first time.
  public func dequeueSupplementaryView(
    of viewType: NSView.Type, ofKind kind: SupplementaryKind, for indexPath: IndexPath
  ) throws(ListViewError) -> NSView {
    try dequeueSupplementaryView(exactly: viewType, ofKind: kind, for: indexPath)
  }

  /// Checks `update` against the counts the collection shows and its data source's new counts,
  /// then animates it with `performBatchUpdates`, which takes a batch as UIKit does (deletions
  /// before, insertions after); reconfigured items are reloaded after it, where they end.
  ///
  /// A collection view that is not in a window reloads instead.
  public func apply(_ update: ListUpdate) throws(ListViewError) { try applyChecked(update) }

  /// Whether the content is shorter than the visible area of the scroll view around it.
  public var needsMoreContent: Bool {
    guard let visible = enclosingScrollView?.contentView.bounds else { return false }
    let content = collectionViewLayout?.collectionViewContentSize.height ?? bounds.height
    return content < visible.height
  }

  /// Shows `snapshot` through the view model of the attached proxy that keeps snapshots.
  public func apply<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot) {
      $0.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
  }

  /// Shows `snapshot` by reloading every host showing the attached proxy's view model.
  public func applyUsingReloadData<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot) { $0.applyUsingReloadData(snapshot, completion: completion) }
  }
}

/// The collection view's own reuse and batch-update calls, under the shared dequeue and apply
/// (``ReusingSupplementaryListView``, ``SectionedBatchUpdating``).
extension NSCollectionView: ReusingSupplementaryListView, SectionedBatchUpdating {
  /// AppKit's names for the section header and footer kinds.
  func name(ofKind kind: SupplementaryKind) -> String { kind.appKitName }

  func registerCell(_ cellType: NSCollectionViewItem.Type, as identifier: String) {
    register(cellType, forItemWithIdentifier: NSUserInterfaceItemIdentifier(identifier))
  }

  func reusedCell(
    _ cellType: NSCollectionViewItem.Type, as identifier: String, for indexPath: IndexPath
  ) -> NSCollectionViewItem {
    makeItem(withIdentifier: NSUserInterfaceItemIdentifier(identifier), for: indexPath)
  }

  func registerSupplementaryView(
    _ viewType: NSView.Type, ofKind kind: String, as identifier: String
  ) {
    register(
      viewType, forSupplementaryViewOfKind: kind,
      withIdentifier: NSUserInterfaceItemIdentifier(identifier))
  }

  func reusedSupplementaryView(
    _ viewType: NSView.Type, ofKind kind: String, as identifier: String, for indexPath: IndexPath
  ) -> NSView {
    makeSupplementaryView(
      ofKind: kind, withIdentifier: NSUserInterfaceItemIdentifier(identifier), for: indexPath)
  }

  var hasDataSource: Bool { dataSource != nil }

  func shownCount(inSection section: Int) -> Int { numberOfItems(inSection: section) }

  var dataSourceSectionCount: Int? { dataSource?.numberOfSections?(in: self) }

  func dataSourceCount(inSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }

  /// `performBatchUpdates` takes a batch as UIKit does (deletions before, insertions after);
  /// reconfigured items are reloaded after it, where they end.
  func perform(_ update: ListUpdate, animated: Bool) {
    (animated ? animator() : self).performBatchUpdates {
      deleteSections(IndexSet(update.deletedSections))
      insertSections(IndexSet(update.insertedSections))
      reloadSections(IndexSet(update.reloadedSections))
      for move in update.movedSections { moveSection(move.source, toSection: move.destination) }
      deleteItems(at: Set(update.deletedRows))
      insertItems(at: Set(update.insertedRows))
      reloadItems(at: Set(update.reloadedRows))
      for move in update.movedRows { moveItem(at: move.source, to: move.destination) }
    }
    if !update.reconfiguredRows.isEmpty { reloadItems(at: Set(update.reconfiguredRows)) }
  }
}
#endif
