#if canImport(UIKit)
import ObjectiveC
import Switchboard
import SwitchboardDelegates
import SwitchboardLists
import UIKit

/// What Switchboard records of a view's reuse: the cell and supplementary view types it has
/// registered, so that hosts register a type the first time it is dequeued, and the view
/// dequeued for the request UIKit is making (``DequeueLedger``).
@MainActor
final class ReuseRecords {
  private var registered: Set<String> = []
  /// The view dequeued for the current cell or supplementary-view request.
  let dequeues = DequeueLedger()

  /// The records of `view`, made on first use and owned by `view`.
  static func of(_ view: UIView) -> ReuseRecords {
    associatedObject(of: view, key: &ListAssociationKeys.reuseRecords) { ReuseRecords() }
  }

  /// Calls `register` the first time `key` (a reuse identifier, with a kind for supplementary
  /// views) is seen on this view.
  func once(_ key: String, register: () -> Void) {
    if registered.insert(key).inserted { register() }
  }
}

/// `view`, which the view dequeued under `identifier`, when it is exactly of `expected`
/// (another class registered under that identifier is the mistake this catches).
func exactly<View: UIView>(_ view: View, _ expected: View.Type, identifier: String)
  throws(ListViewError) -> View
{
  guard type(of: view) == expected else {
    throw .cellTypeMismatch(
      reuseIdentifier: identifier, expected: "\(expected)", actual: "\(type(of: view))")
  }
  return view
}

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

/// The keys of the objects Switchboard associates with a list view.
///
/// `nonisolated(unsafe)`: the runtime needs a stable address for each key; nothing reads or
/// writes the values, only their addresses.
enum ListAssociationKeys {
  nonisolated(unsafe) static var reuseRecords: UInt8 = 0
  nonisolated(unsafe) static var listProxy: UInt8 = 0
}

/// The proxy attached to `view`, which `view` owns.
@MainActor
func attachedObject(to view: UIView) -> AnyObject? {
  objc_getAssociatedObject(view, &ListAssociationKeys.listProxy) as AnyObject?
}

/// Makes `view` own `object` (or nothing, for `nil`).
@MainActor
func setAttachedObject(_ object: AnyObject?, to view: UIView) {
  objc_setAssociatedObject(
    view, &ListAssociationKeys.listProxy, object, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
}

/// A view's helper properties, as ``ListRouting`` sets them, reached through their key
/// paths (`\.dataSource`, `\.delegate`, `\.prefetchDataSource`).
@MainActor
final class ViewProperties: ListViewProperties {
  private let get: (ListViewProperty) -> AnyObject?
  private let set: (ListViewProperty, AnyObject?) -> Void

  init<View: AnyObject, DataSource, Delegate, Prefetching>(
    of view: View, dataSource: ReferenceWritableKeyPath<View, DataSource?>,
    delegate: ReferenceWritableKeyPath<View, Delegate?>,
    prefetchDataSource: ReferenceWritableKeyPath<View, Prefetching?>
  ) {
    get = { [weak view] property in
      guard let view else { return nil }
      let object: Any? =
        switch property {
        case .dataSource: view[keyPath: dataSource]
        case .delegate: view[keyPath: delegate]
        case .prefetchDataSource: view[keyPath: prefetchDataSource]
        }
      return object.map { $0 as AnyObject }
    }
    set = { [weak view] property, object in
      switch property {
      case .dataSource: view?[keyPath: dataSource] = object as? DataSource
      case .delegate: view?[keyPath: delegate] = object as? Delegate
      case .prefetchDataSource: view?[keyPath: prefetchDataSource] = object as? Prefetching
      }
    }
  }

  subscript(property: ListViewProperty) -> AnyObject? {
    get { get(property) }
    set { set(property, newValue) }
  }
}

/// A view a ``ListViewProxy`` attaches to: its selectors, its runtime, its protocols and its
/// helper properties.
@MainActor
protocol ProxiedListView: ListProxyHost, UIView {
  /// The selectors of the modeled messages on this view.
  static var listSelectors: ListSelectorTable { get }
  /// The view's data source and delegate protocols, as the Objective-C runtime sees them.
  static var listRuntime: ObjectiveCRuntime { get }
  /// The protocols with required methods that the proxy class adopts at run time: it
  /// implements no method in Swift, so it cannot declare them.
  static var protocolsWithRequiredMethods: [Protocol] { get }
  /// The view's `dataSource`, `delegate` and `prefetchDataSource`.
  var listProperties: ViewProperties { get }
}

extension ProxiedListView {
  /// Makes `proxy`'s class adopt the view's protocols, and its routing answer the modeled
  /// messages, before it is attached.
  static func prepare(_ proxy: AnyObject) {
    for adopted in protocolsWithRequiredMethods { class_addProtocol(type(of: proxy), adopted) }
    (proxy as? ListViewProxy<Self>)?.adapter.answerModeledMessages()
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

extension ProxiedListView {
  /// Hands `snapshot` to the handler of the attached proxy that keeps snapshots, through `body`
  /// (which applies it, telling every host showing that view model, this view among them).
  func applySnapshot<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>,
    _ body: (any ListSnapshotDataSource<SectionID, ItemID>) -> Void
  ) throws(ListViewError) {
    let router = (attachedObject(to: self) as? ListViewProxy<Self>)?.adapter.router
    guard
      let source = router?.firstHandler(as: (any ListSnapshotDataSource<SectionID, ItemID>).self)
    else {
      // The proxy's view model, always registered with its role, is gone.
      if let router, router.handler(withRole: .viewModel) == nil {
        throw .viewModelReleased(host: "\(type(of: self))", viewModel: "its viewModel handler")
      }
      throw .noSnapshotDataSource(
        host: "\(type(of: self))", snapshot: "\(type(of: snapshot))",
        handlers: router?.explain(.numberOfRows).candidates.map(\.description) ?? [])
    }
    body(source)
  }
}

extension UICollectionView: ProxiedListView, SupplementaryProxyHost {
  static var listSelectors: ListSelectorTable { .collectionView }
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

/// Runs `work` after the current main-actor turn.
@MainActor
func afterThisMainActorTurn(_ work: @escaping @MainActor () -> Void) {
  DispatchQueue.main.async { MainActor.assumeIsolated(work) }
}
#endif
