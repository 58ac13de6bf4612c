#if canImport(UIKit) || os(macOS)
import Switchboard
import SwitchboardObjC

/// What ``TableViewProxy`` and ``CollectionViewProxy`` share beyond every proxy's members
/// (`RoutingProxy`'s: handlers, rules, closures, observation, problems): attaching to the view,
/// and the list messages' own inspection and observation.
///
/// Use it through its subclasses (UIKit's views on iOS, AppKit's on the Mac); it has no public
/// initializer. None implements a method of the view's protocols in Swift: each message reaches
/// the proxy's one routing, and the modeled ones (`ListMessage`) one shared code that the specs
/// run on a model of UIKit and AppKit.
@MainActor
public class ListViewProxy<Host: ListHost & NSObject>: RoutingProxy<ListMessage>, Sendable,
  ListRoutingProxy
{
  /// The list's configuration of the routing (platform-independent, specified on models of
  /// UIKit and AppKit).
  let adapter: ListRouting<Host>
  /// The view this proxy is attached to.
  weak var host: Host?

  required init(
    view: AnyObject, viewModel: AnyObject, viewModelRetention: HandlerRetention,
    rules: RoutingRules<ListMessage>
  ) {
    // Only this module subclasses the class, for the views that are ProxiedListViews.
    guard let kind = Host.self as? any ProxiedListView.Type else {
      preconditionFailure(
        "ListViewProxy: Switchboard has no list proxy for \(Host.self); use TableViewProxy or "
          + "CollectionViewProxy, or DelegateProxy for its delegate.")
    }
    adapter = ListRouting(
      view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules,
      selectors: kind.listSelectors, runtime: kind.listRuntime, typedEvents: kind.typedEvents,
      schedule: afterThisMainActorTurn)
    super.init(routing: adapter.routing)
    kind.prepare(self)
  }

  /// Makes a proxy for a view controller and a view model, makes `view` own it, and connects
  /// it as the view's data source, delegate and (when a handler prefetches) prefetching data
  /// source.
  ///
  /// ```swift
  /// override func viewDidLoad() {
  ///   super.viewDidLoad()
  ///   TableViewProxy.attach(to: tableView, view: self, viewModel: model)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - hostView: The table or collection view. It keeps the proxy alive; a proxy attached
  ///     before is detached.
  ///   - view: The view controller, with the role `HandlerRole.view` and the higher priority.
  ///     Held weakly.
  ///   - viewModel: The view model, with the role `HandlerRole.viewModel`. Held weakly unless
  ///     `viewModelRetention` says otherwise.
  ///   - viewModelRetention: How the view model is held.
  ///   - rules: Rules that replace the defaults for the messages and selectors they name.
  ///   - keepingInstalledObjects: Whether a data source, delegate or prefetching data source
  ///     the view already has is kept as the lowest-priority handler.
  /// - Returns: The proxy, to configure or inspect.
  @discardableResult
  public static func attach(
    to hostView: Host, view: AnyObject, viewModel: AnyObject,
    viewModelRetention: HandlerRetention = .weak, rules: RoutingRules<ListMessage> = [:],
    keepingInstalledObjects: Bool = true
  ) -> Self {
    let proxy = Self(
      view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules)
    proxy.attach(to: hostView, keepingInstalled: keepingInstalledObjects)
    return proxy
  }

  /// The proxy attached to `hostView`, if any.
  public static func attached(to hostView: Host) -> Self? {
    attachedObject(to: hostView) as? Self
  }

  /// Makes `host` own this proxy in place of the one attached before (whose kept objects it
  /// keeps), and connects it as the view's data source, delegate and prefetching data source.
  ///
  /// A property that holds another kind of Switchboard proxy (a `DelegateProxy` on the
  /// view's `delegate`) is left alone: the proxy is not attached, and `onError` hears why.
  private func attach(to host: Host, keepingInstalled: Bool) {
    guard let properties = (host as? any ProxiedListView)?.listProperties else {
      preconditionFailure("ListViewProxy: Switchboard has no list proxy for \(Host.self).")
    }
    let previous = attachedObject(to: host) as? ListViewProxy<Host>
    // The view model's announced changes reach the view while it is attached.
    guard
      adapter.attach(
        to: properties, host: host, as: self, keepingInstalled: keepingInstalled,
        replacing: previous?.adapter, isAnotherProxy: { $0 is ForwardingProxy })
    else { return }
    previous?.host = nil
    setAttachedObject(self, to: host)
    self.host = host
    self.properties = properties
  }

  /// The view's properties, which the routing reads and sets while attached (held here: the
  /// routing holds them weakly, and they hold the view weakly).
  private var properties: ViewProperties?

  /// Disconnects the proxy from its view, which then no longer owns it: each of the view's
  /// properties that held the proxy gets back the object it held before attach (a kept data
  /// source or delegate), or `nil`.
  public func detach() {
    adapter.detach()
    if let host, attachedObject(to: host) === self {
      setAttachedObject(nil, to: host)
    }
    host = nil
    properties = nil
  }

  // MARK: - List messages

  /// The routing core underneath.
  @available(
    *, deprecated,
    message: "Every member is on the proxy itself: add, rules, explain, observe, answer."
  )
  public var router: PrioritizedProxy<ListMessage> { adapter.router }

  /// Why `message` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(.cellForRow))   // cellForRow → view (TodoScreen), by rule 'always view'
  /// ```
  public func explain(_ message: ListMessage) -> RouteExplanation<ListMessage> {
    routing.withLock { adapter.router.explain(message) }
  }

  /// Why a selector goes where it goes.
  @available(*, deprecated, renamed: "explain(_:)", message: "One explain(_:) on every proxy.")
  public func explain(selector: Selector) -> RouteExplanation<ListMessage> { explain(selector) }

  /// Every handler that receives `message`, in order.
  ///
  /// ```swift
  /// proxy.targets(for: .numberOfRows).first === model   // true
  /// ```
  public func targets(for message: ListMessage) -> [AnyObject] {
    routing.withLock { adapter.router.targets(for: message) }
  }

  /// Throws the first routing error, or an error for the first of `required` that goes to
  /// nobody.
  ///
  /// ```swift
  /// try proxy.validate(requiring: [.numberOfRows, .cellForRow])
  /// ```
  public func validate(requiring required: [ListMessage]) throws(RoutingError<ListMessage>) {
    try routing.withLock { () throws(RoutingError<ListMessage>) in
      try adapter.router.validate(requiring: required)
    }
  }

  /// Calls `body` with the arguments of every `call` the view sends (`.didSelectRow`,
  /// `.willDisplayRow`, any list message), before or after its handlers.
  ///
  /// ```swift
  /// let token = proxy.observe(.didSelectRow) { indexPath in print("tapped", indexPath.row) }
  /// ```
  public func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    beforeHandler: Bool = false, _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    adapter.observe(call.event, beforeHandler: beforeHandler, body)
  }

  /// The arguments of every `call` the view sends from now on, as an async sequence that ends
  /// when the proxy goes away or the iterating task is cancelled.
  ///
  /// ```swift
  /// for await indexPath in proxy.events(.didSelectRow) { open(indexPath) }
  /// ```
  public func events<Capability, Arguments: Sendable, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    beforeHandler: Bool = false,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    routing.events(call.event, beforeHandler: beforeHandler, bufferingPolicy: bufferingPolicy)
  }

  /// Calls `body` with the arguments of every `event`: a typed scroll-view event
  /// (`.didScroll`, …) or any other method of the view's protocols that returns nothing
  /// (`MessageEvent(#selector(…))`, arguments boxed), before or after its handlers.
  ///
  /// An event that cannot be shown (a method that returns a value, one no protocol declares,
  /// arguments of another type than the proxy sends) is reported to `onError`, and the
  /// observation never calls `body`.
  public func observe<Arguments>(
    _ event: MessageEvent<ListMessage, Arguments>, beforeHandler: Bool = false,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    adapter.observe(event, beforeHandler: beforeHandler, body)
  }

  /// Every `event` from now on, as an async sequence; an event that cannot be shown (see the
  /// `observe` that takes an event) is reported and its stream ends at once.
  public func events<Arguments: Sendable>(
    _ event: MessageEvent<ListMessage, Arguments>, beforeHandler: Bool = false,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    routing.events(event, beforeHandler: beforeHandler, bufferingPolicy: bufferingPolicy)
  }
}

#endif
