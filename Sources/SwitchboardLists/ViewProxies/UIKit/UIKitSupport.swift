#if canImport(UIKit)
import ObjectiveC
import Switchboard
import UIKit

/// What `UITableView` and `UICollectionView` share in applying a ``ListUpdate``.
@MainActor
protocol BatchUpdating: UIScrollView {
  /// The rows (or items) the view shows, per section.
  var shownCounts: [Int] { get }
  /// The data source's counts, per section; `nil` without a data source.
  var dataSourceCounts: [Int]? { get }
  func reloadData()
  /// Animates `update`, already checked.
  func perform(_ update: ListUpdate)
}

extension BatchUpdating {
  /// Checks `update` against the counts the view shows and its data source's new counts, then
  /// animates it; a view that is not in a window reloads instead, as UIKit recommends.
  func applyChecked(_ update: ListUpdate) throws(ListViewError) {
    guard !update.isEmpty else { return }
    guard let after = dataSourceCounts else { throw .dataSourceReleased }
    guard window != nil else { return reloadData() }
    try update.validate(rowCountsBefore: shownCounts, after: after)
    if update.animatingDifferences {
      perform(update)
    } else {
      UIView.performWithoutAnimation { perform(update) }
    }
  }
}

extension ObjectiveCRuntime {
  /// The runtime for `UITableView`'s protocols.
  static let tableView = ObjectiveCRuntime(
    protocols: [
      (UITableViewDataSource.self, "dataSource"), (UITableViewDelegate.self, "delegate"),
      (UIScrollViewDelegate.self, "delegate"),
      (UITableViewDataSourcePrefetching.self, "prefetchDataSource"),
    ],
    controllers: [UITableViewController.self])

  /// The runtime for `UICollectionView`'s protocols, flow layout's delegate included.
  static let collectionView = ObjectiveCRuntime(
    protocols: [
      (UICollectionViewDataSource.self, "dataSource"),
      (UICollectionViewDelegate.self, "delegate"),
      (UICollectionViewDelegateFlowLayout.self, "delegate"),
      (UIScrollViewDelegate.self, "delegate"),
      (UICollectionViewDataSourcePrefetching.self, "prefetchDataSource"),
    ],
    controllers: [UICollectionViewController.self])
}

extension UITableView: ProxiedListView {
  static var listSelectors: ListSelectorTable { .tableView }
  static var typedEvents: [String: TypedEvent] { typedScrollEvents }
  static var listRuntime: ObjectiveCRuntime { .tableView }
  static var protocolsWithRequiredMethods: [Protocol] {
    [UITableViewDataSource.self, UITableViewDataSourcePrefetching.self]
  }
  var listProperties: ViewProperties {
    ViewProperties(
      of: self, dataSource: \.dataSource, delegate: \.delegate,
      prefetchDataSource: \.prefetchDataSource)
  }

  var dequeues: DequeueLedger { ReuseRecords.of(self).dequeues }

  /// `UITableView`'s own answers: rows can be edited and moved, and are as high as its
  /// `rowHeight` and `estimatedRowHeight` say.
  func platformDefault(for message: ListMessage) -> Any? {
    switch message {
    case .canEditRow, .canMoveRow: true
    case .heightForRow: Double(rowHeight)
    case .estimatedHeightForRow: Double(estimatedRowHeight)
    default: nil
    }
  }

  /// A plain cell: a table accepts a cell it did not dequeue.
  func fallbackCell(at indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }

  var selectsByAllowing: Bool { false }

  func selectRow(at indexPath: IndexPath) {
    selectRow(at: indexPath, animated: true, scrollPosition: .none)
    delegate?.tableView?(self, didSelectRowAt: indexPath)
  }
}

extension UICollectionView: ProxiedListView, SupplementaryProxyHost {
  static var listSelectors: ListSelectorTable { .collectionView }
  static var typedEvents: [String: TypedEvent] { typedScrollEvents }
  static var listRuntime: ObjectiveCRuntime { .collectionView }
  static var protocolsWithRequiredMethods: [Protocol] {
    [UICollectionViewDataSource.self, UICollectionViewDataSourcePrefetching.self]
  }
  var listProperties: ViewProperties {
    ViewProperties(
      of: self, dataSource: \.dataSource, delegate: \.delegate,
      prefetchDataSource: \.prefetchDataSource)
  }

  var dequeues: DequeueLedger { ReuseRecords.of(self).dequeues }

  /// `UICollectionView`'s own answer: items do not move unless a handler says so.
  func platformDefault(for message: ListMessage) -> Any? {
    message == .canMoveRow ? false : nil
  }

  func fallbackCell(at indexPath: IndexPath) -> UICollectionViewCell {
    dequeueFallbackCell(for: indexPath)
  }

  func fallbackSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> UICollectionReusableView
  {
    dequeueFallbackView(ofKind: kind, for: indexPath)
  }

  /// A collection view asks `collectionView(_:shouldSelectItemAt:)`, yes or no.
  var selectsByAllowing: Bool { true }

  func selectRow(at indexPath: IndexPath) {
    selectItem(at: indexPath, animated: true, scrollPosition: [])
    delegate?.collectionView?(self, didSelectItemAt: indexPath)
  }
}

#endif
