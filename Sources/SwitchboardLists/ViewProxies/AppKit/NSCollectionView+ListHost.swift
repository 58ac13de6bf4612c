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
    ListSelectorTable.appKitCollectionView.handler(
      handler, implements: message, on: NSCollectionView.self,
      runtime: ObjectiveCRuntime.appKitCollectionView)
  }

  /// An item of exactly `cellType`, registered the first time it is asked for.
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` and
  ///   ``ListViewError/dequeuedTwice(request:_:first:)``, as on iOS.
  public func dequeueCell(of cellType: NSCollectionViewItem.Type, for indexPath: IndexPath)
    throws(ListViewError) -> NSCollectionViewItem
  {
    let identifier = NSUserInterfaceItemIdentifier(String(reflecting: cellType))
    let records = ReuseRecords.of(self)
    records.once(identifier.rawValue) { register(cellType, forItemWithIdentifier: identifier) }
    let item = try records.dequeues.dequeue { makeItem(withIdentifier: identifier, for: indexPath) }
    return try exactly(item, cellType, identifier: identifier.rawValue)
  }

  /// A supplementary view of exactly `viewType` for `kind`, registered the first time.
  public func dequeueSupplementaryView(
    of viewType: NSView.Type, ofKind kind: SupplementaryKind, for indexPath: IndexPath
  ) throws(ListViewError) -> NSView {
    let identifier = NSUserInterfaceItemIdentifier(String(reflecting: viewType))
    let records = ReuseRecords.of(self)
    records.once("\(kind.rawValue) \(identifier.rawValue)") {
      register(viewType, forSupplementaryViewOfKind: kind.appKitName, withIdentifier: identifier)
    }
    let view: NSView = try records.dequeues.dequeue {
      makeSupplementaryView(ofKind: kind.appKitName, withIdentifier: identifier, for: indexPath)
    }
    return try exactly(view, viewType, identifier: identifier.rawValue)
  }

  /// Checks `update` against the counts the collection shows and its data source's new counts,
  /// then animates it with `performBatchUpdates`, which takes a batch as UIKit does (deletions
  /// before, insertions after); reconfigured items are reloaded after it, where they end.
  ///
  /// A collection view that is not in a window reloads instead.
  public func apply(_ update: ListUpdate) throws(ListViewError) {
    guard !update.isEmpty else { return }
    guard let dataSource else { throw .dataSourceReleased }
    guard window != nil else { return reloadData() }
    let sections = dataSource.numberOfSections?(in: self) ?? 1
    let after = (0..<sections).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
    let before = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
    try update.validate(rowCountsBefore: before, after: after)
    (update.animatingDifferences ? animator() : self).performBatchUpdates {
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
#endif
