#if canImport(UIKit)
import Switchboard
import SwitchboardDelegates
import SwitchboardLists
import SwitchboardObjC
import UIKit

/// What ``TableViewProxy`` and ``CollectionViewProxy`` share: attaching to the view, routes,
/// inspection, observation, problems, and the Objective-C runtime's questions.
///
/// Use it through its two subclasses; it has no public initializer. The methods of UIKit's
/// data source and delegate protocols are each subclass's own.
@MainActor
public class ListViewProxy<Host: ListHost & UIView>: ForwardingProxy, Sendable, ListRoutingProxy {
  /// The routing this proxy translates UIKit's calls into (platform-independent, specified on
  /// a model of UIKit).
  let adapter: ListRouting<Host>
  /// The view this proxy is attached to.
  weak var host: Host?
  private var properties: ViewProperties?

  required init(
    view: AnyObject, viewModel: AnyObject, viewModelRetention: HandlerRetention,
    rules: RoutingRules<ListMessage>
  ) {
    // Only this module subclasses the class, for the two views that are ProxiedListViews.
    guard let kind = Host.self as? any ProxiedListView.Type else {
      preconditionFailure("ListViewProxy: \(Host.self) is not a UITableView or UICollectionView.")
    }
    adapter = ListRouting(
      view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules,
      selectors: kind.listSelectors, runtime: kind.listRuntime,
      typedArguments: typedScrollSelectors, schedule: afterThisMainActorTurn)
    super.init()
    adapter.routing.onUndeclaredSelectorAnswered { [weak self] selector, target in
      self?.rememberSignature(of: NSSelectorFromString(selector), from: target)
    }
    checkSelectorTable()
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
  /// view's `delegate`) is left alone: the proxy is not attached, and ``onError`` hears why.
  private func attach(to host: Host, keepingInstalled: Bool) {
    guard let properties = (host as? any ProxiedListView)?.listProperties else {
      preconditionFailure("ListViewProxy: \(Host.self) is not a UITableView or UICollectionView.")
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

  /// Disconnects the proxy from its view, which then no longer owns it: each of the view's
  /// properties that held the proxy gets back the object it held before attach (a kept data
  /// source or delegate), or `nil`.
  public func detach() {
    adapter.detach()
    if let host, attachedObject(to: host) === self {
      setAttachedObject(nil, to: host)
    }
    host = nil
  }

  // MARK: - Routes

  /// The routing core underneath.
  ///
  /// Handlers, rules and routes are on the proxy itself
  /// (`ListRoutingProxy`), selectors Switchboard does not model (`scrollViewDidZoom:`)
  /// included: `proxy.rules[selector: #selector(…)] = .broadcast`.
  public var router: PrioritizedProxy<ListMessage> { adapter.router }

  /// Why a selector goes where it goes: a modeled selector is explained by its message.
  ///
  /// ```swift
  /// print(proxy.explain(#selector(UIScrollViewDelegate.scrollViewDidScroll(_:))))
  /// // scrollViewDidScroll: → view (FeedViewController), by rule 'first implementer'
  /// ```
  public func explain(_ selector: Selector) -> RouteExplanation<ListMessage> {
    let name = NSStringFromSelector(selector)
    if let message = adapter.selectors.message(forSelector: name) { return explain(message) }
    return adapter.router.explain(named: name)
  }

  /// Why a selector goes where it goes.
  @available(*, deprecated, renamed: "explain(_:)", message: "One explain(_:) on every proxy.")
  public func explain(selector: Selector) -> RouteExplanation<ListMessage> { explain(selector) }

  /// Called with each problem the proxy meets and recovers from, on the main thread.
  ///
  /// Each problem is a `DelegateProxyError`, as every delegate proxy reports: a setup mistake (a rule that cannot work, a misspelled
  /// selector, a view model nothing keeps, a kept data source that shares its messages with
  /// another object), or a problem met at run time (a handler released after UIKit cached its
  /// answer, a cell provider that throws, another object in the view's `dataSource`). By
  /// default a debug build stops with the description of a setup mistake
  /// (`DelegateProxyError.isSetupMistake`); problems met at run time are kept in ``errors`` and
  /// printed in a debug build. A release build goes on either way.
  public var onError: @Sendable (DelegateProxyError) -> Void {
    get { adapter.routing.onError }
    set { adapter.routing.onError = newValue }
  }

  /// Every problem reported to ``onError``, oldest first.
  public var errors: [DelegateProxyError] { adapter.routing.errors }

  // MARK: - Observing

  /// Calls `body` with the arguments of every `event`: a typed scroll-view event
  /// (`.didScroll`, …) or any other method of the view's protocols that returns nothing
  /// (`MessageEvent(#selector(…))`, arguments boxed), before or after its handlers.
  ///
  /// An event that cannot be shown (a method that returns a value, one no protocol declares,
  /// arguments of another type than the proxy sends) is reported to ``onError``, and the
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
    adapter.routing.events(event, beforeHandler: beforeHandler, bufferingPolicy: bufferingPolicy)
  }

  // MARK: - The Objective-C runtime

  /// True when a handler will receive the message, and always for notifications whose
  /// presence changes nothing in UIKit.
  public nonisolated override func responds(to selector: Selector!) -> Bool {
    guard let selector else { return false }
    let name = NSStringFromSelector(selector)
    return MainActor.assumeIsolated {
      adapter.routing.responds(toSelector: name) { super.responds(to: selector) }
    }
  }

  /// The handler a selector Switchboard does not model goes to, when it goes to exactly one.
  public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
    guard let selector else { return nil }
    let key = SelectorKey(selector)
    let target = MainActor.assumeIsolated {
      RuntimeHandOver(
        adapter.routing.forwardingTarget(forSelector: key) {
          NSStringFromSelector(selector)
        })
    }.value
    return target ?? super.forwardingTarget(for: selector)
  }

  /// Delivers a message no forwarding target took: a broadcast, an observed method, or one
  /// whose handler is gone.
  public nonisolated override func forward(_ message: ForwardedMessage) {
    let message = RuntimeHandOver(message)
    MainActor.assumeIsolated { adapter.routing.forward(message.value) }
  }

  // MARK: - UIScrollViewDelegate (typed for observers)

  @objc public func scrollViewDidScroll(_ scrollView: UIScrollView) {
    adapter.scrollViewDidScroll(scrollView)
  }

  @objc public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    adapter.scrollViewWillBeginDragging(scrollView)
  }

  @objc public func scrollViewDidEndDragging(
    _ scrollView: UIScrollView, willDecelerate decelerate: Bool
  ) {
    adapter.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
  }

  @objc public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    adapter.scrollViewDidEndDecelerating(scrollView)
  }

  /// In debug builds, stops when the class does not implement a selector its table names.
  private func checkSelectorTable() {
    #if DEBUG
    for message in adapter.selectors.modeledMessages {
      let selector = adapter.selectors.selector(for: message) ?? ""
      assert(
        type(of: self).instancesRespond(to: NSSelectorFromString(selector)),
        "\(type(of: self)) does not implement \(selector), which ListSelectorTable gives for "
          + "\(message) on \(adapter.selectors.hostName).")
    }
    #endif
  }
}

/// The messages of UIKit's own protocols, each typed by the protocol that declares it, so the
/// subclasses' methods name no protocol. Answers first, then notifications.
extension ListViewProxy where Host: ProxiedListView {
  /// Sends a data-source `call` to its handler, through its Switchboard capability or, with
  /// `platform`, the view's own data-source protocol.
  func dataSource<Capability, Arguments, Result>(
    _ call: ListCall<Host, Capability, Arguments, Result, Never>, _ arguments: Arguments,
    in host: Host, _ platform: (Host.PlatformDataSource) -> Result?
  ) -> Result {
    adapter.send(call, arguments, in: host, or: platform)
  }

  /// Sends a delegate `call` to its handler, through its Switchboard capability or the view's
  /// own delegate protocol.
  func delegate<Capability, Arguments, Result>(
    _ call: ListCall<Host, Capability, Arguments, Result, Never>, _ arguments: Arguments,
    in host: Host, _ platform: (Host.PlatformDelegate) -> Result?
  ) -> Result {
    adapter.send(call, arguments, in: host, or: platform)
  }

  /// Sends a data-source notification to every handler its rule chooses.
  func dataSource<Capability, Arguments>(
    _ call: ListCall<Host, Capability, Arguments, Void, Never>, _ arguments: Arguments,
    in host: Host, _ platform: (Host.PlatformDataSource) -> Void
  ) {
    adapter.send(call, arguments, in: host, or: platform)
  }

  /// Sends a delegate notification to every handler its rule chooses.
  func delegate<Capability, Arguments>(
    _ call: ListCall<Host, Capability, Arguments, Void, Never>, _ arguments: Arguments,
    in host: Host, _ platform: (Host.PlatformDelegate) -> Void
  ) {
    adapter.send(call, arguments, in: host, or: platform)
  }
}

#endif
