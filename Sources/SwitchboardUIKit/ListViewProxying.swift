#if canImport(UIKit)
import Switchboard
import SwitchboardLists
import SwitchboardObjC
import UIKit

/// What ``TableViewProxy`` and ``CollectionViewProxy`` share: routes, inspection, observation
/// and problems, all answered by their ``routing``.
///
/// The Objective-C methods (UIKit's protocols, `responds(to:)`, `forwardingTarget(for:)`) stay
/// in each class, since only a class can expose them to the runtime; everything else is here.
@MainActor
public protocol ListViewProxying: ForwardingProxy, Sendable {
  /// The UIKit view the proxy serves.
  associatedtype Host: ListHost
  /// The routing the proxy translates; its API is the proxy's.
  var routing: SelectorRouting<Host> { get }
}

extension ListViewProxying {
  // MARK: - Routes

  /// The router of every message: add handlers, change rules, inspect routes.
  ///
  /// Selectors Switchboard does not model (`scrollViewDidZoom:`) are routed by name with the
  /// same handlers and rules: `router.rules[selector: #selector(…)] = .broadcast`.
  public var router: PrioritizedProxy<ListMessage> { routing.router }

  /// The rules of every message: modeled ones by case, others by selector.
  ///
  /// ```swift
  /// proxy.rules[.didSelectRow] = .broadcast
  /// proxy.rules[selector: #selector(UIScrollViewDelegate.scrollViewDidZoom(_:))] = .always(.viewModel)
  /// ```
  ///
  /// Setting it reports rules that never apply (keyed by a modeled selector, or by one no
  /// protocol declares) to ``onError``.
  public var rules: RoutingRules<ListMessage> {
    get { routing.router.rules }
    set {
      routing.router.rules = newValue
      routing.reportSetupMistakes()
    }
  }

  /// Why a modeled message goes where it goes.
  public func explain(_ message: ListMessage) -> RouteExplanation<ListMessage> {
    routing.router.explain(message)
  }

  /// Why a selector goes where it goes: a modeled selector is explained by its message.
  ///
  /// ```swift
  /// print(proxy.explain(selector: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))))
  /// // scrollViewDidScroll: → view (FeedViewController), by rule 'first implementer'
  /// ```
  public func explain(selector: Selector) -> RouteExplanation<ListMessage> {
    let name = NSStringFromSelector(selector)
    if let message = routing.selectors.message(forSelector: name) { return explain(message) }
    return routing.router.explain(named: name)
  }

  /// Every modeled message's route, then every selector asked about or given a rule.
  public var routingTable: RoutingTable<ListMessage> { routing.router.routingTable }

  /// Called with each problem the proxy meets and recovers from.
  ///
  /// Each problem is a `ListViewError`: a handler released after UIKit cached its answer, a
  /// cell provider that throws, a rule that cannot work, another object in the view's
  /// `dataSource`. By default a debug build stops with the problem's description; a release
  /// build goes on.
  public var onError: (ListViewError) -> Void {
    get { routing.onError }
    set { routing.onError = newValue }
  }

  /// Every problem reported to ``onError``, oldest first.
  public var errors: [ListViewError] { routing.errors }

  // MARK: - Observing

  /// Calls `body` with the typed arguments of every `call` (`.didSelectRow`,
  /// `.willDisplayRow`, any list message) the view sends, before or after the handlers.
  ///
  /// Observing never changes what the view was told, so it never reloads the view.
  public func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    timing: ObservationTiming = .afterHandler, _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    routing.proxy.observe(call, timing: timing, body)
  }

  /// The typed arguments of every `call` from now on, as an async sequence that ends when the
  /// proxy goes away or the iterating task is cancelled.
  public func events<Capability, Arguments: Sendable, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    timing: ObservationTiming = .afterHandler,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    routing.proxy.events(call, timing: timing, bufferingPolicy: bufferingPolicy)
  }

  /// Calls `body` with the arguments of every `event`: a typed scroll-view event
  /// (`.didScroll`, …) or any other method of the view's protocols that returns nothing
  /// (`MessageEvent(#selector(…))`, arguments boxed), before or after its handlers.
  ///
  /// An event that cannot be shown (a method that returns a value, one no protocol declares,
  /// arguments of another type than the proxy sends) is reported to ``onError``, and the
  /// observation never calls `body`.
  public func observe<Arguments>(
    _ event: MessageEvent<ListMessage, Arguments>, timing: ObservationTiming = .afterHandler,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    routing.observe(event, timing: timing, body)
  }

  /// Every `event` from now on, as an async sequence; an event that cannot be shown (see the
  /// `observe` that takes an event) is reported and its stream ends at once.
  public func events<Arguments: Sendable>(
    _ event: MessageEvent<ListMessage, Arguments>, timing: ObservationTiming = .afterHandler,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    routing.events(event, timing: timing, bufferingPolicy: bufferingPolicy)
  }

  // MARK: - For the classes

  /// In debug builds, stops when the class does not implement a selector its table names.
  func checkSelectorTable() {
    #if DEBUG
    for message in routing.selectors.modeledMessages {
      let selector = routing.selectors.selector(for: message) ?? ""
      assert(
        Self.instancesRespond(to: NSSelectorFromString(selector)),
        "\(Self.self) does not implement \(selector), which ListSelectorTable gives for "
          + "\(message) on \(routing.selectors.hostName).")
    }
    #endif
  }

  /// Connects the routing's answers to the Objective-C runtime.
  func connectRuntime() {
    routing.onUndeclaredSelectorAnswered = { [weak self] selector, target in
      self?.rememberSignature(of: NSSelectorFromString(selector), from: target)
    }
  }

  /// `responds(to:)`, answered by the routing on the main actor.
  nonisolated func answer(
    respondsTo selector: Selector, implementedHere: @escaping @Sendable () -> Bool
  ) -> Bool {
    let name = NSStringFromSelector(selector)
    return MainActor.assumeIsolated {
      routing.responds(toSelector: name, implementedHere: implementedHere)
    }
  }

  /// `forward(_:)`, delivered by the routing on the main actor.
  nonisolated func deliver(_ message: ForwardedMessage) {
    let message = RuntimeHandOver(message)
    MainActor.assumeIsolated { routing.forward(message.value) }
  }

  /// `forwardingTarget(for:)`, answered by the routing on the main actor.
  nonisolated func answer(forwardingTargetFor selector: Selector) -> AnyObject? {
    let name = NSStringFromSelector(selector)
    return MainActor.assumeIsolated {
      RuntimeHandOver(routing.forwardingTarget(forSelector: name))
    }.value
  }
}

extension RoutingRules where Message == ListMessage {
  /// The rule written for `selector`, a UIKit method Switchboard does not model, or `nil` when
  /// it uses the fallback; the same entry as `self[named: NSStringFromSelector(selector)]`.
  ///
  /// ```swift
  /// rules[selector: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))] = .broadcast
  /// ```
  public subscript(selector selector: Selector) -> RoutingRule<ListMessage>? {
    get { self[named: NSStringFromSelector(selector)] }
    set { self[named: NSStringFromSelector(selector)] = newValue }
  }
}

extension ForwardedMessage: ForwardedInvocation {
  var selectorName: String { NSStringFromSelector(selector) }
  func invoke(on target: AnyObject) { invoke(target: target) }
}
#endif
