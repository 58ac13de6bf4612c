#if canImport(UIKit)
import ObjectiveC
import Switchboard
import UIKit

extension BatchUpdating where Self: UIView {
  var isInWindow: Bool { window != nil }
}

extension UIView {
  /// Runs `changes` with UIKit's animations, or without them when `animated` is false.
  static func animating(_ animated: Bool, _ changes: () -> Void) {
    if animated { changes() } else { performWithoutAnimation(changes) }
  }
}

extension ProxiedListView where Self: UIScrollView {
  /// A scroll view's typed events (`ScrollViewEvents`), beside the list messages.
  static var typedEvents: [String: TypedEvent] { typedScrollEvents }
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
  nonisolated static var listSelectors: ListSelectorTable { .tableView }
  nonisolated static var listRuntime: ObjectiveCRuntime { .tableView }
  static var protocolsWithRequiredMethods: [Protocol] {
    [UITableViewDataSource.self, UITableViewDataSourcePrefetching.self]
  }
  var listProperties: ViewProperties {
    ViewProperties(
      of: self, dataSource: \.dataSource, delegate: \.delegate,
      prefetchDataSource: \.prefetchDataSource)
  }

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
  nonisolated static var listSelectors: ListSelectorTable { .collectionView }
  nonisolated static var listRuntime: ObjectiveCRuntime { .collectionView }
  static var protocolsWithRequiredMethods: [Protocol] {
    [UICollectionViewDataSource.self, UICollectionViewDataSourcePrefetching.self]
  }
  var listProperties: ViewProperties {
    ViewProperties(
      of: self, dataSource: \.dataSource, delegate: \.delegate,
      prefetchDataSource: \.prefetchDataSource)
  }

  /// `UICollectionView`'s own answer: items do not move unless a handler says so.
  func platformDefault(for message: ListMessage) -> Any? {
    message == .canMoveRow ? false : nil
  }

  /// An empty cell of a class registered for the purpose: a collection view raises for a cell
  /// it did not dequeue.
  func fallbackCell(at indexPath: IndexPath) -> UICollectionViewCell {
    reusableCell(UICollectionViewCell.self, as: "Switchboard.FallbackCell", for: indexPath)
  }

  /// An empty supplementary view of `kind`, dequeued for the same reason.
  func fallbackSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> UICollectionReusableView
  {
    reusableSupplementaryView(
      UICollectionReusableView.self, ofKind: kind, as: "Switchboard.FallbackView", for: indexPath)
  }

  /// A collection view asks `collectionView(_:shouldSelectItemAt:)`, yes or no.
  var selectsByAllowing: Bool { true }

  func selectRow(at indexPath: IndexPath) {
    selectItem(at: indexPath, animated: true, scrollPosition: [])
    delegate?.collectionView?(self, didSelectItemAt: indexPath)
  }
}

#endif
