#if canImport(UIKit) || os(macOS)
import Foundation
import ObjectiveC
import Switchboard

extension ReuseRecords {
  /// The records of `view`, made on first use and owned by `view`.
  static func of(_ view: NSObject) -> ReuseRecords {
    associatedObject(of: view, key: &ListAssociationKeys.reuseRecords) { ReuseRecords() }
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
func attachedObject(to view: NSObject) -> AnyObject? {
  associatedObject(of: view, key: &ListAssociationKeys.listProxy)
}

/// Makes `view` own `object` (or nothing, for `nil`).
@MainActor
func setAttachedObject(_ object: AnyObject?, to view: NSObject) {
  objc_setAssociatedObject(
    view, &ListAssociationKeys.listProxy, object, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
}

/// A view's helper properties, as ``ListRouting`` sets them, reached through their key
/// paths (`\.dataSource`, `\.delegate`, and `\.prefetchDataSource` on a view that has one).
@MainActor
final class ViewProperties: ListViewProperties {
  private typealias Accessor = (get: () -> AnyObject?, set: (AnyObject?) -> Void)
  private var accessors: [ListViewProperty: Accessor] = [:]

  /// The properties of a view without a prefetching data source (`NSTableView`).
  init<View: AnyObject, DataSource, Delegate>(
    of view: View, dataSource: ReferenceWritableKeyPath<View, DataSource?>,
    delegate: ReferenceWritableKeyPath<View, Delegate?>
  ) {
    accessors[.dataSource] = Self.accessor(of: view, dataSource)
    accessors[.delegate] = Self.accessor(of: view, delegate)
  }

  convenience init<View: AnyObject, DataSource, Delegate, Prefetching>(
    of view: View, dataSource: ReferenceWritableKeyPath<View, DataSource?>,
    delegate: ReferenceWritableKeyPath<View, Delegate?>,
    prefetchDataSource: ReferenceWritableKeyPath<View, Prefetching?>
  ) {
    self.init(of: view, dataSource: dataSource, delegate: delegate)
    accessors[.prefetchDataSource] = Self.accessor(of: view, prefetchDataSource)
  }

  private static func accessor<View: AnyObject, Value>(
    of view: View, _ property: ReferenceWritableKeyPath<View, Value?>
  ) -> Accessor {
    (
      get: { [weak view] in view?[keyPath: property].map { $0 as AnyObject } },
      set: { [weak view] object in view?[keyPath: property] = object as? Value }
    )
  }

  /// The object in `property`; a view without the property holds nothing and keeps nothing.
  subscript(property: ListViewProperty) -> AnyObject? {
    get { accessors[property]?.get() }
    set { accessors[property]?.set(newValue) }
  }
}

/// A view a ``ListViewProxy`` attaches to: its selectors, its runtime, its protocols and its
/// helper properties.
@MainActor
protocol ProxiedListView: ListProxyHost, NSObject {
  /// The selectors of the modeled messages on this view.
  nonisolated static var listSelectors: ListSelectorTable { get }
  /// The view's data source and delegate protocols, as the Objective-C runtime sees them.
  nonisolated static var listRuntime: ObjectiveCRuntime { get }
  /// The protocols with required methods that the proxy class adopts at run time: it
  /// implements no method in Swift, so it cannot declare them.
  static var protocolsWithRequiredMethods: [Protocol] { get }
  /// The typed events observers can ask for beside the list messages (a scroll view's).
  static var typedEvents: [String: TypedEvent] { get }
  /// The view's `dataSource`, `delegate` and `prefetchDataSource`.
  var listProperties: ViewProperties { get }
}

extension ProxiedListView {
  /// What Switchboard records of the view's reuse: an object the view owns.
  var reuseRecords: ReuseRecords { .of(self) }

  /// No typed events beside the list messages (a scroll view has its own).
  static var typedEvents: [String: TypedEvent] { [:] }

  /// Whether `handler` adopts the message's Switchboard capability for this view, or
  /// implements the method of the view's protocols for it: every host's
  /// `handler(_:implements:)`.
  nonisolated static func listHandler(_ handler: AnyObject, implements message: ListMessage)
    -> Bool
  {
    listSelectors.handler(handler, implements: message, on: Self.self, runtime: listRuntime)
  }

  /// Makes `proxy`'s class adopt the view's protocols, and its routing answer the modeled
  /// messages, before it is attached.
  static func prepare(_ proxy: AnyObject) {
    for adopted in protocolsWithRequiredMethods { class_addProtocol(type(of: proxy), adopted) }
    (proxy as? ListViewProxy<Self>)?.adapter.answerModeledMessages()
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

/// Runs `work` after the current main-actor turn.
@MainActor
func afterThisMainActorTurn(_ work: @escaping @MainActor () -> Void) {
  DispatchQueue.main.async { MainActor.assumeIsolated(work) }
}
#endif
