// Names removed or renamed since the last release, kept for one release so that old code fails
// to compile with the fix in the message instead of compiling and behaving differently.
// CHANGELOG.md ("Migrating") lists each with its replacement.

@available(
  *, unavailable,
  message:
    "PrioritizedProxy routes named messages itself: proxy.targets(forNamed:), proxy.explain(named:), proxy.rules[named:]"
)
public enum ForwardedRoutes<Message: MessageSet> {}

@available(*, unavailable, renamed: "RoutingError")
public enum ForwardingError {}

@available(*, unavailable, renamed: "RouteChange")
public enum ForwardedRouteChange {}

@available(*, unavailable, renamed: "RouteExplanation")
public enum ForwardedRouteExplanation {}

@available(
  *, unavailable,
  message: "change handlers inside proxy.batch { … }: one route rebuild for all of them"
)
public enum HandlerRegistration {}

@available(*, unavailable, renamed: "ObservationToken")
public typealias MessageObservation = ObservationToken

@available(*, unavailable, renamed: "ObservationToken")
public typealias RouteObservation = ObservationToken

@available(
  *, unavailable, renamed: "HandlerDescription",
  message: "its implementsMessage says whether the handler implements the message"
)
public typealias RouteCandidateSummary = HandlerDescription

@available(
  *, unavailable, renamed: "HandlerDescription",
  message: "a custom rule reaches a handler with context.object(for:)"
)
public typealias RoutingCandidate = HandlerDescription

@available(
  *, unavailable,
  message: "pass beforeHandler: true to observe before the handlers; after is the default"
)
public enum ObservationTiming {
  case beforeHandler
  case afterHandler
}

extension RouteChange {
  @available(*, unavailable, renamed: "RouteChangeCauses")
  public typealias Causes = RouteChangeCauses
}

extension PrioritizedProxy {
  @available(*, unavailable, message: "a proxy caches typed handlers itself: send through it")
  public var routeGeneration: Int { fatalError("unavailable") }

  @available(
    *, unavailable, renamed: "targets(for:)",
    message: "targets(for:).first is the handler a send reaches"
  )
  public func target(for message: Message) -> AnyObject? { fatalError("unavailable") }

  @available(
    *, unavailable,
    message: "use send(_:as:_:), which throws the same RoutingError, or targets(for:)"
  )
  public func target<Capability>(for message: Message, as capability: Capability.Type)
    -> Capability?
  { fatalError("unavailable") }

  @available(*, unavailable, message: "use the throwing send(_:as:_:) { $0 }")
  public func resolve(_ message: Message) throws(RoutingError<Message>) -> AnyObject {
    fatalError("unavailable")
  }

  @available(*, unavailable, message: "use the throwing send(_:as:_:) { $0 }")
  public func resolve<Capability>(_ message: Message, as capability: Capability.Type)
    throws(RoutingError<Message>) -> Capability
  { fatalError("unavailable") }

  @available(
    *, unavailable, renamed: "send(_:as:default:_:)",
    message: "send awaits an async body: try await proxy.send(…)"
  )
  public func sendAsync<Capability, Result>(
    _ message: Message, as capability: Capability.Type, default defaultValue: Result,
    _ body: (Capability) async throws -> Result
  ) async throws -> Result { fatalError("unavailable") }

  @available(
    *, unavailable, renamed: "broadcast(_:_:as:_:)",
    message: "broadcast an event: observers see it even when no handler takes it"
  )
  public func emit<Arguments>(
    _ event: MessageEvent<Message, Arguments>, _ arguments: @autoclosure () -> Arguments,
    timing: ObservationTiming
  ) { fatalError("unavailable") }

  @available(*, unavailable, renamed: "observe(_:beforeHandler:_:)")
  public func observe<Arguments>(
    _ event: MessageEvent<Message, Arguments>, timing: ObservationTiming,
    _ body: @escaping (Arguments) -> Void
  ) -> ObservationToken { fatalError("unavailable") }

  @available(*, unavailable, renamed: "events(_:beforeHandler:bufferingPolicy:)")
  public func events<Arguments: Sendable>(
    _ event: MessageEvent<Message, Arguments>, timing: ObservationTiming,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> { fatalError("unavailable") }
}
