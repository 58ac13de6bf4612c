#if canImport(UIKit)
import Switchboard
import SwitchboardLists
import UIKit

// Names removed or renamed since the last release, kept for one release so that old code fails
// to compile with the fix in the message instead of compiling and behaving differently.
// CHANGELOG.md ("Migrating") lists each with its replacement.

@available(*, unavailable, renamed: "ListViewProxy")
public typealias ListViewProxying = ListViewProxy

@available(
  *, unavailable, renamed: "MessageEvent",
  message:
    "observe a selector with MessageEvent(#selector(…)), or the typed .didScroll, .willBeginDragging, .didEndDragging, .didEndDecelerating"
)
public enum ForwardedEvent<Arguments> {}

extension ListViewProxy {
  @available(*, unavailable, renamed: "router")
  public var routing: PrioritizedProxy<ListMessage> { fatalError("unavailable") }

  @available(
    *, unavailable,
    message: "key rules for selectors in rules: rules[selector: #selector(…)] = .broadcast"
  )
  public var forwardingRules: [String: RoutingRule<ListMessage>] {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }
  }

  @available(
    *, unavailable,
    message: "pass rules keyed by selector in rules: (rules[selector: #selector(…)])"
  )
  @discardableResult
  public static func attach(
    to hostView: Host, view: AnyObject, viewModel: AnyObject,
    viewModelRetention: HandlerRetention = .weak, rules: RoutingRules<ListMessage> = [:],
    forwardingRules: [String: RoutingRule<ListMessage>]
  ) -> Self { fatalError("unavailable") }

  @available(
    *, unavailable, message: "attach with view: and viewModel:, then add handlers to proxy.router"
  )
  @discardableResult
  public static func attach(to hostView: Host, router: PrioritizedProxy<ListMessage>) -> Self {
    fatalError("unavailable")
  }

  @available(*, unavailable, renamed: "observe(_:beforeHandler:_:)")
  public func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, timing: ObservationTiming,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken { fatalError("unavailable") }

  @available(*, unavailable, renamed: "events(_:beforeHandler:bufferingPolicy:)")
  public func events<Capability, Arguments: Sendable, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, timing: ObservationTiming,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> { fatalError("unavailable") }

  @available(*, unavailable, renamed: "observe(_:beforeHandler:_:)")
  public func observe<Arguments>(
    _ event: MessageEvent<ListMessage, Arguments>, timing: ObservationTiming,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken { fatalError("unavailable") }

  @available(*, unavailable, renamed: "events(_:beforeHandler:bufferingPolicy:)")
  public func events<Arguments: Sendable>(
    _ event: MessageEvent<ListMessage, Arguments>, timing: ObservationTiming,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> { fatalError("unavailable") }
}
#endif
