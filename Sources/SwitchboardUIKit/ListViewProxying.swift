#if canImport(UIKit)
import Switchboard
import SwitchboardLists
import UIKit

/// What ``TableViewProxy`` and ``CollectionViewProxy`` share: every route, inspection and
/// observation is answered by their ``routing``, the platform-independent half.
///
/// The Objective-C methods (UIKit's protocols, `responds(to:)`, `forwardingTarget(for:)`) stay
/// in each class, since only a class can expose them to the runtime; everything else is here,
/// once.
@MainActor
public protocol ListViewProxying: NSObject {
  /// The UIKit view the proxy serves.
  associatedtype Host: ListHost
  /// The platform-independent routing the proxy translates.
  var routing: SelectorRouting<Host> { get }
}

extension ListViewProxying {
  // MARK: - Routes

  /// The routing core of the modeled messages: add handlers, change rules, inspect routes.
  public var router: PrioritizedProxy<ListMessage> { routing.proxy.router }

  /// The rules of the modeled messages.
  public var rules: RoutingRules<ListMessage> {
    get { routing.proxy.rules }
    set { routing.proxy.rules = newValue }
  }

  /// The rules of forwarded selectors, by selector name, such as `"scrollViewDidScroll:"`.
  ///
  /// A selector without one goes to its first implementer. A rule that cannot route its
  /// selector is reported to ``onError`` when it is set.
  public var forwardingRules: [String: RoutingRule<ListMessage>] {
    get { routing.forwarded.rules }
    set {
      routing.forwarded.rules = newValue
      routing.reportInvalidRoutes()
    }
  }

  /// Why a modeled message goes where it goes.
  public func explain(_ message: ListMessage) -> RouteExplanation<ListMessage> {
    routing.proxy.explain(message)
  }

  /// Why a selector goes where it goes:
  /// `explain(selector: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:)))`.
  public func explain(selector: Selector) -> SelectorRouteExplanation {
    routing.explain(selector: NSStringFromSelector(selector))
  }

  /// Every modeled selector's route, and every forwarded selector asked for so far.
  public var routingTable: SelectorRoutingTable { routing.routingTable }

  /// Called with each problem; see `SelectorRouting.onError`.
  public var onError: (any Error) -> Void {
    get { routing.onError }
    set { routing.onError = newValue }
  }

  // MARK: - Observing

  /// Calls `body` with the typed arguments of every `event` (`.didSelectRow`,
  /// `.willDisplayRow`, …) the view sends, before or after the handlers.
  ///
  /// See `ListProxy.observe(_:timing:_:)`. Observing a notification nobody handles makes the
  /// proxy respond to it while observed, and re-connects it so the view asks again.
  public func observe<Arguments>(
    _ event: ListEvent<Host, Arguments>, timing: ObservationTiming = .afterHandler,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> MessageObservation {
    routing.proxy.observe(event, timing: timing, body)
  }

  /// The typed arguments of every `event` from now on, as an async sequence that ends when the
  /// proxy goes away or the iterating task is cancelled.
  public func events<Arguments: Sendable>(
    _ event: ListEvent<Host, Arguments>, timing: ObservationTiming = .afterHandler,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    routing.proxy.events(event, timing: timing, bufferingPolicy: bufferingPolicy)
  }

  /// Calls `body` with every scroll-view `event` (`.didScroll`, `.didEndDragging`, …), before
  /// or after the handler that implements it.
  public func observe<Arguments>(
    _ event: ForwardedEvent<Arguments>, timing: ObservationTiming = .afterHandler,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> MessageObservation {
    routing.forwarded.observe(event, timing: timing, body)
  }

  /// Every scroll-view `event` from now on, as an async sequence.
  public func events<Arguments: Sendable>(
    _ event: ForwardedEvent<Arguments>, timing: ObservationTiming = .afterHandler,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    routing.forwarded.events(event, timing: timing, bufferingPolicy: bufferingPolicy)
  }

  // MARK: - For the classes

  /// Whether a handler prefetches.
  ///
  /// UIKit never asks about this required method, so the proxy asks here: the answer is remembered, and a handler that starts or stops prefetching
  /// re-connects the proxy like any other change.
  var answersPrefetching: Bool {
    routing.selectors.selector(for: .prefetchRows).map { routing.responds(toSelector: $0) }
      ?? false
  }

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
}
#endif
