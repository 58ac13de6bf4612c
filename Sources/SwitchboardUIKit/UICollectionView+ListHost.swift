#if canImport(UIKit)
import SwitchboardLists
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
    ListSelectorTable.collectionView.handler(
      handler, implements: message, on: UICollectionView.self,
      runtime: ObjectiveCRuntime.collectionView)
  }

  /// A cell of exactly `cellType`, registered the first time it is asked for.
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` when
  ///   something else was registered under the type's name.
  public func dequeueCell(of cellType: UICollectionViewCell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> UICollectionViewCell
  {
    let identifier = String(reflecting: cellType)
    if Registrations.of(self).cells.insert(identifier).inserted {
      register(cellType, forCellWithReuseIdentifier: identifier)
    }
    let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    guard type(of: cell) == cellType else {
      throw .cellTypeMismatch(
        reuseIdentifier: identifier, expected: "\(cellType)", actual: "\(type(of: cell))")
    }
    return cell
  }

  /// A supplementary view of exactly `viewType` for `kind`, registered the first time; see
  /// ``SupplementaryViewHost/dequeueSupplementaryView(_:ofKind:for:)`` for the typed form.
  public func dequeueSupplementaryView(
    of viewType: UICollectionReusableView.Type, ofKind kind: SupplementaryKind,
    for indexPath: IndexPath
  ) throws(ListViewError) -> UICollectionReusableView {
    let identifier = String(reflecting: viewType)
    if Registrations.of(self).views.insert("\(kind.rawValue) \(identifier)").inserted {
      register(
        viewType, forSupplementaryViewOfKind: kind.rawValue, withReuseIdentifier: identifier)
    }
    let view = dequeueReusableSupplementaryView(
      ofKind: kind.rawValue, withReuseIdentifier: identifier, for: indexPath)
    guard type(of: view) == viewType else {
      throw .cellTypeMismatch(
        reuseIdentifier: identifier, expected: "\(viewType)", actual: "\(type(of: view))")
    }
    return view
  }

  /// Checks `update` against the counts the collection shows and its data source's new
  /// counts, then animates it with `performBatchUpdates`.
  ///
  /// A collection that is not in a window reloads instead.
  ///
  /// - Throws: The ``ListViewError`` describing a mismatch, before UIKit would raise an
  ///   exception; nothing changes then.
  public func apply(_ update: ListUpdate) throws(ListViewError) {
    guard !update.isEmpty else { return }
    guard let dataSource else { throw .dataSourceReleased }
    guard window != nil else {
      reloadData()
      return
    }
    let before = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
    let sections = dataSource.numberOfSections?(in: self) ?? 1
    let after = (0..<sections).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
    try update.validate(rowCountsBefore: before, after: after)
    performBatchUpdates {
      deleteSections(IndexSet(update.deletedSections))
      insertSections(IndexSet(update.insertedSections))
      deleteItems(at: update.deletedRows)
      insertItems(at: update.insertedRows)
      reloadItems(at: update.reloadedRows)
      for move in update.movedRows { moveItem(at: move.source, to: move.destination) }
    }
  }

  /// Whether the items are shorter than the visible area.
  public var needsMoreContent: Bool {
    contentSize.height + adjustedContentInset.top + adjustedContentInset.bottom < bounds.height
  }
}

extension UICollectionView {
  /// An empty cell of a class registered for the purpose: the answer when no handler makes a
  /// cell, since a collection view raises for a cell it did not dequeue.
  func dequeueFallbackCell(for indexPath: IndexPath) -> UICollectionViewCell {
    let identifier = "Switchboard.FallbackCell"
    if Registrations.of(self).cells.insert(identifier).inserted {
      register(UICollectionViewCell.self, forCellWithReuseIdentifier: identifier)
    }
    return dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
  }

  /// An empty supplementary view of `kind`, dequeued for the same reason.
  func dequeueFallbackView(ofKind kind: String, for indexPath: IndexPath)
    -> UICollectionReusableView
  {
    let identifier = "Switchboard.FallbackView"
    if Registrations.of(self).views.insert("\(kind) \(identifier)").inserted {
      register(
        UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: identifier)
    }
    return dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
  }
}

extension SupplementaryKind {
  /// UIKit's element kind: the raw value, unchanged.
  @available(*, unavailable, message: "a kind's raw value is UIKit's element kind: use rawValue")
  public var collectionElementKind: String { rawValue }

  /// The kind UIKit names `elementKind`.
  @available(*, unavailable, renamed: "init(_:)")
  public init(collectionElementKind elementKind: String) { self.init(elementKind) }
}
#endif
