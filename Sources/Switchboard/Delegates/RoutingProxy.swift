#if canImport(SwitchboardObjC)
import Foundation
import ObjectiveC
import SwitchboardObjC
#if canImport(UIKit)
import UIKit
#endif

/// What every Switchboard delegate proxy offers, written once: handlers, rules, routes,
/// closures, observation, async sequences, problems, and the answers to the Objective-C
/// runtime's questions.
///
/// ``DelegateProxy`` (any delegate protocol, rules by selector) and the table and collection view
/// proxies of `SwitchboardLists` (rules by list message too) are its subclasses, so each member
/// means the same on every proxy: a handler added goes above the delegates the parent had, every
/// change is made under the proxy's lock and checked for setup mistakes, and every problem
/// reaches the same ``onError``.
///
/// ```swift
/// proxy.add(analytics, role: "analytics", retention: .strong)
/// proxy.rules[selector: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))] = .broadcast
/// print(proxy.explain(#selector(UIScrollViewDelegate.scrollViewDidScroll(_:))))
/// ```
///
/// Make a proxy with a subclass's `attach`; this class has no public initializer.
open class RoutingProxy<Message: MessageSet>: ForwardingProxy {
  /// Everything the proxy decides, platform-independent and specified on a model of the
  /// runtime.
  package let routing: DelegateRouting<Message>

  /// A proxy that answers the runtime from `routing`.
  package init(routing: DelegateRouting<Message>) {
    self.routing = routing
    super.init()
    routing.onUndeclaredSelectorAnswered { [weak self] selector, target in
      self?.rememberSignature(of: NSSelectorFromString(selector), from: target)
    }
  }

  // MARK: - Routes

  /// The rules, by selector: `rules[selector: #selector(…)] = .broadcast`.
  ///
  /// Setting them reports a rule that cannot work, or one keyed by a selector nobody declares,
  /// to ``onError``.
  public var rules: RoutingRules<Message> {
    get { routing.rules }
    set { routing.rules = newValue }
  }

  /// Adds a handler with the lowest priority but the kept delegate's.
  ///
  /// ```swift
  /// proxy.add(analytics, role: "analytics", retention: .strong)
  /// ```
  public func add(
    _ handler: AnyObject, role: HandlerRole? = nil, retention: HandlerRetention = .weak
  ) {
    routing.add(handler, role: role, retention: retention)
  }

  /// Inserts a handler at a priority position, 0 being the highest.
  ///
  /// ```swift
  /// proxy.insert(overlay, at: 0, role: "overlay")   // asked before the view
  /// ```
  public func insert(
    _ handler: AnyObject, at position: Int, role: HandlerRole? = nil,
    retention: HandlerRetention = .weak
  ) {
    routing.insert(handler, at: position, role: role, retention: retention)
  }

  /// Removes a handler.
  ///
  /// ```swift
  /// proxy.remove(overlay)
  /// ```
  ///
  /// - Returns: `true` if the handler was registered.
  @discardableResult
  public func remove(_ handler: AnyObject) -> Bool { routing.remove(handler) }

  /// Removes the handler registered with `role` (with all of its roles).
  ///
  /// ```swift
  /// proxy.removeHandler(withRole: "overlay")
  /// ```
  ///
  /// - Returns: `true` if a handler had that role.
  @discardableResult
  public func removeHandler(withRole role: HandlerRole) -> Bool {
    routing.removeHandler(withRole: role)
  }

  /// Moves a handler to a new priority position, 0 being the highest (past the last, the last).
  ///
  /// ```swift
  /// proxy.move(model, to: 0)   // the view model is asked first
  /// ```
  ///
  /// - Returns: `false` when `handler` is not a handler (another screen took its role, or it
  ///   was removed): nothing moved.
  @discardableResult
  public func move(_ handler: AnyObject, to position: Int) -> Bool {
    routing.move(handler, to: position)
  }

  /// The handler registered with `role`, if it is still alive.
  ///
  /// ```swift
  /// proxy.handler(withRole: .viewModel) === model   // true
  /// ```
  public func handler(withRole role: HandlerRole) -> AnyObject? {
    routing.handler(withRole: role)
  }

  /// How the proxy holds `handler`, or `nil` when it is not a live handler of the proxy.
  ///
  /// ```swift
  /// proxy.retention(of: model)   // .weak
  /// ```
  public func retention(of handler: AnyObject) -> HandlerRetention? {
    routing.retention(of: handler)
  }

  /// Makes several handler and rule changes with one rebuild of the routes, after the last.
  ///
  /// ```swift
  /// proxy.batch {
  ///   proxy.add(analytics, role: "analytics")
  ///   proxy.rules[selector: #selector(UISearchBarDelegate.searchBar(_:textDidChange:))] = .broadcast
  /// }
  /// ```
  public func batch<Failure: Error>(_ changes: () throws(Failure) -> Void) throws(Failure) {
    try routing.batch(changes)
  }

  /// The live handlers in priority order, described.
  public var handlers: [HandlerDescription] { routing.handlers }

  /// Every handler that receives `selector`, in order: one for an ordinary route, several for a
  /// broadcast, none when it goes to nobody.
  ///
  /// ```swift
  /// proxy.targets(for: #selector(UISearchBarDelegate.searchBarSearchButtonClicked(_:)))
  /// ```
  public func targets(for selector: Selector) -> [AnyObject] {
    routing.targets(forSelector: NSStringFromSelector(selector))
  }

  /// The routes whose rule made an invalid choice; empty when the configuration is sound.
  public var routingErrors: [RoutingError<Message>] { routing.routingErrors }

  /// Throws the first routing error, or an error for the first of `required` that reaches no
  /// handler.
  ///
  /// ```swift
  /// try proxy.validate(requiring: [#selector(UIPickerViewDataSource.numberOfComponents(in:))])
  /// ```
  public func validate(requiring required: [Selector] = []) throws(RoutingError<Message>) {
    try routing.validate(requiring: required.map(NSStringFromSelector))
  }

  /// Why `selector` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(#selector(UISearchBarDelegate.searchBarSearchButtonClicked(_:))))
  /// ```
  public func explain(_ selector: Selector) -> RouteExplanation<Message> {
    routing.explain(NSStringFromSelector(selector))
  }

  /// Every selector asked about or given a rule, with its route.
  public var routingTable: RoutingTable<Message> { routing.routingTable }

  // MARK: - Problems

  /// Called with each problem the proxy meets.
  ///
  /// By default a debug build stops with the description of a setup mistake
  /// (``DelegateProxyError/isSetupMistake``), and problems met at run time are kept in
  /// ``errors`` and printed. A release build goes on either way.
  public var onError: @Sendable (DelegateProxyError) -> Void {
    get { routing.onError }
    set { routing.onError = newValue }
  }

  /// Every problem reported to ``onError``, oldest first.
  public var errors: [DelegateProxyError] { routing.errors }

  // MARK: - The Objective-C runtime

  /// True for a method of the proxy's own class, one a live handler implements, or a method
  /// returning nothing that is observed.
  open override func responds(to selector: Selector!) -> Bool {
    guard let selector else { return false }
    return routing.responds(toSelector: NSStringFromSelector(selector)) {
      super.responds(to: selector)
    }
  }

  /// The one handler a selector goes to, when nothing observes it.
  open override func forwardingTarget(for selector: Selector!) -> Any? {
    guard let selector else { return nil }
    return routing.forwardingTarget(forSelector: SelectorKey(selector)) {
      NSStringFromSelector(selector)
    } ?? super.forwardingTarget(for: selector)
  }

  /// Delivers a message no forwarding target took: a broadcast, an observed method, a list
  /// proxy's modeled message, or one whose handler is gone.
  ///
  /// Final: the routing decides where every message goes.
  public final override func forward(_ message: ForwardedMessage) { routing.forward(message) }

  /// Delivers a message the proxy's direct-path method received, as ``forward(_:)`` does, with
  /// its arguments read where the runtime put them: no `NSInvocation`, and for a closure of
  /// numbers, Booleans and objects nothing boxed.
  ///
  /// Final: the routing decides where every message goes.
  public final override func forwardDirect(_ message: UnsafeMutablePointer<SWBDirectMessage>) {
    routing.forward(DirectInvocation(message: message, receiver: self))
  }

  #if canImport(UIKit)
  // MARK: - UIScrollViewDelegate's every-frame notifications

  /// `scrollViewDidScroll(_:)`, sent every frame, delivered without an `NSInvocation`.
  ///
  /// The class implements it so that one sent to several handlers or observed takes a plain
  /// message instead of about 5 µs per frame; it is answered yes only while a handler
  /// implements it or something observes it. A handler need not adopt `UIScrollViewDelegate`.
  @objc public func scrollViewDidScroll(_ scrollView: UIScrollView) {
    routing.deliver("scrollViewDidScroll:", [scrollView]) { handler in
      _ = (handler as? NSObjectProtocol)?.perform(
        #selector(UIScrollViewDelegate.scrollViewDidScroll(_:)), with: scrollView)
    }
  }

  /// `scrollViewDidZoom(_:)`, delivered as ``scrollViewDidScroll(_:)`` is.
  @objc public func scrollViewDidZoom(_ scrollView: UIScrollView) {
    routing.deliver("scrollViewDidZoom:", [scrollView]) { handler in
      _ = (handler as? NSObjectProtocol)?.perform(
        #selector(UIScrollViewDelegate.scrollViewDidZoom(_:)), with: scrollView)
    }
  }
  #endif
}

/// The message `forwardInvocation:` received, as the routing delivers it.
extension ForwardedMessage: ForwardedInvocation {
  package var selectorName: String { NSStringFromSelector(selector) }
  package func invoke(on target: AnyObject) { invoke(target: target) }
  package func answer(with value: Any) { answer(value: value as AnyObject) }
  package func answerWithArgument(at index: Int) { answer(argumentAt: UInt(index)) }
}
#endif
