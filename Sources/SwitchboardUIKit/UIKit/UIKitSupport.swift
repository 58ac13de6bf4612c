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
    associatedObject(of: view, key: &AssociationKeys.reuseRecords) { ReuseRecords() }
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

/// The proxy attached to `view`, which `view` owns.
@MainActor
func attachedObject(to view: UIView) -> AnyObject? {
  objc_getAssociatedObject(view, &AssociationKeys.listProxy) as AnyObject?
}

/// Makes `view` own `object` (or nothing, for `nil`).
@MainActor
func setAttachedObject(_ object: AnyObject?, to view: UIView) {
  objc_setAssociatedObject(
    view, &AssociationKeys.listProxy, object, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
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

/// A view a ``ListViewProxy`` attaches to: its selectors, its runtime and its helper
/// properties.
@MainActor
protocol ProxiedListView: ListHost, UIView {
  /// The selectors of the modeled messages on this view.
  static var listSelectors: ListSelectorTable { get }
  /// The view's data source and delegate protocols, as the Objective-C runtime sees them.
  static var listRuntime: ObjectiveCRuntime { get }
  /// The view's `dataSource`, `delegate` and `prefetchDataSource`.
  var listProperties: ViewProperties { get }
  /// The view's own data-source protocol, through which a handler may answer a message.
  associatedtype PlatformDataSource
  /// The view's own delegate protocol, through which a handler may answer a message.
  associatedtype PlatformDelegate
}

extension UITableView: ProxiedListView {
  typealias PlatformDataSource = any UITableViewDataSource
  typealias PlatformDelegate = any UITableViewDelegate
  static var listSelectors: ListSelectorTable { .tableView }
  static var listRuntime: ObjectiveCRuntime { .tableView }
  var listProperties: ViewProperties {
    ViewProperties(
      of: self, dataSource: \.dataSource, delegate: \.delegate,
      prefetchDataSource: \.prefetchDataSource)
  }
}

extension ProxiedListView {
  /// Hands `snapshot` to the handler of the attached proxy that keeps snapshots, through `body`
  /// (which applies it, telling every host showing that view model, this view among them).
  func applySnapshot<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>,
    _ body: (any ListSnapshotDataSource<SectionID, ItemID>) -> Void
  ) throws(ListViewError) {
    let router = (attachedObject(to: self) as? ListViewProxy<Self>)?.router
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

extension UICollectionView: ProxiedListView {
  typealias PlatformDataSource = any UICollectionViewDataSource
  typealias PlatformDelegate = any UICollectionViewDelegate
  static var listSelectors: ListSelectorTable { .collectionView }
  static var listRuntime: ObjectiveCRuntime { .collectionView }
  var listProperties: ViewProperties {
    ViewProperties(
      of: self, dataSource: \.dataSource, delegate: \.delegate,
      prefetchDataSource: \.prefetchDataSource)
  }
}

/// Runs `work` after the current main-actor turn.
@MainActor
func afterThisMainActorTurn(_ work: @escaping @MainActor () -> Void) {
  DispatchQueue.main.async { MainActor.assumeIsolated(work) }
}
#endif
