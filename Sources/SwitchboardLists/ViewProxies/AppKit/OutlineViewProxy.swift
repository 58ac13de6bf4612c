#if os(macOS)
import AppKit
import Switchboard
import SwitchboardObjC

/// An `NSOutlineView` data source and delegate shared by a view model, which answers the tree,
/// and a view controller, which makes the views: no glue passes a call along.
///
/// ```swift
/// final class FoldersModel: NSObject, NSOutlineViewDataSource {
///   let folders = ["Inbox", "Archive"]
///   func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int {
///     item == nil ? folders.count : 0
///   }
///   func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any {
///     folders[index]
///   }
///   func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool { false }
/// }
///
/// final class FoldersViewController: NSViewController, NSOutlineViewDelegate {
///   let outlineView = NSOutlineView()
///   let model = FoldersModel()
///
///   func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?,
///                    item: Any) -> NSView? { NSTextField(labelWithString: "\(item)") }
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     OutlineViewProxy.attach(to: outlineView, view: self, viewModel: model)
///   }
/// }
/// ```
///
/// Every message goes by its selector to the first handler that implements it (the view
/// first), or as `rules[named:]` says; `explain(_:)` and `routingTable` show every route. The
/// proxy attaches to both properties, keeps the data source and delegate a storyboard set as
/// the lowest-priority handlers and hands them back on ``detach()``, re-assigns a property
/// whose answers changed after the turn, and answers a method whose handler went away with
/// `NSOutlineViewDelegate`'s documented default (a row height of -1: the outline's own) or
/// zero. An outline's items are objects it keeps (`NSOutlineView.stronglyReferencesItems`), so
/// its messages are not list messages: a tree has no index paths.
@MainActor
public final class OutlineViewProxy: RoutingProxy<Never>, NSOutlineViewDataSource,
  NSOutlineViewDelegate
{
  /// The outline's configuration of the routing (platform-independent, specified on a model of
  /// AppKit).
  let adapter: OutlineRouting
  /// The outline view this proxy is attached to.
  public private(set) weak var outlineView: NSOutlineView?

  private init(
    view: AnyObject, viewModel: AnyObject, viewModelRetention: HandlerRetention,
    rules: RoutingRules<Never>
  ) {
    adapter = OutlineRouting(
      view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules,
      runtime: ObjectiveCRuntime.appKitOutlineView,
      schedule: { work in
        afterThisMainActorTurn { work() }
      })
    super.init(routing: adapter.routing)
  }

  /// Makes a proxy for a view controller and a view model, makes `outlineView` own it, and
  /// connects it as the outline's data source and delegate.
  ///
  /// ```swift
  /// OutlineViewProxy.attach(to: outlineView, view: self, viewModel: model)
  /// ```
  ///
  /// - Parameters:
  ///   - outlineView: The outline view. It keeps the proxy alive; a proxy attached before is
  ///     detached.
  ///   - view: The view controller, with the role `HandlerRole.view` and the higher priority.
  ///     Held weakly.
  ///   - viewModel: The view model, with the role `HandlerRole.viewModel`. Held weakly unless
  ///     `viewModelRetention` says otherwise.
  ///   - viewModelRetention: How the view model is held.
  ///   - rules: Rules by selector (`rules[named: "outlineView:isItemExpandable:"]`).
  ///   - keepingInstalledObjects: Whether the data source and delegate the outline already has
  ///     are kept as the lowest-priority handlers.
  /// - Returns: The proxy, to configure or inspect.
  @discardableResult
  public static func attach(
    to outlineView: NSOutlineView, view: AnyObject, viewModel: AnyObject,
    viewModelRetention: HandlerRetention = .weak, rules: RoutingRules<Never> = [:],
    keepingInstalledObjects: Bool = true
  ) -> OutlineViewProxy {
    let proxy = OutlineViewProxy(
      view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules)
    let previous = attached(to: outlineView)
    let properties = ViewProperties(
      of: outlineView, dataSource: \.dataSource, delegate: \.delegate)
    guard
      proxy.adapter.attach(
        to: properties, as: proxy, keepingInstalled: keepingInstalledObjects,
        replacing: previous?.adapter, isAnotherProxy: { $0 is ForwardingProxy })
    else { return proxy }
    proxy.properties = properties
    previous?.outlineView = nil
    setAttachedObject(proxy, to: outlineView)
    proxy.outlineView = outlineView
    return proxy
  }

  /// The outline's properties, which the routing reads and sets while attached.
  private var properties: ViewProperties?

  /// The proxy attached to `outlineView`, if any.
  public static func attached(to outlineView: NSOutlineView) -> OutlineViewProxy? {
    attachedObject(to: outlineView) as? OutlineViewProxy
  }

  /// Disconnects the proxy from its outline view, which then no longer owns it: each property
  /// gets back the object it held before attach, or `nil`.
  public func detach() {
    adapter.routing.detach()
    if let outlineView, attachedObject(to: outlineView) === self {
      setAttachedObject(nil, to: outlineView)
    }
    outlineView = nil
    properties = nil
  }
}
#endif
