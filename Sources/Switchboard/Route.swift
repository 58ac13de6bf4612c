/// A cached routing decision for one message.
@MainActor
struct Route<Message: MessageSet> {
  enum Targets {
    case one(HandlerSlot)
    case many([HandlerSlot])
    case none
  }

  enum Status: Hashable {
    case routed
    case unhandled(reason: String)
    case failed(RoutingError<Message>)
  }

  let targets: Targets
  /// Weakly held handlers, besides the targets, whose release can change the rule's decision.
  ///
  /// Dispatch checks them, so a route to nobody notices them too.
  let watched: [HandlerSlot]
  let status: Status
  let rule: String
  let candidates: [RouteCandidateSummary]
  /// The descriptions of ``slots``, in the same order.
  let targetDescriptions: [HandlerDescription]

  /// The slots this route delivers to, in order.
  var slots: [HandlerSlot] {
    switch targets {
    case .one(let slot): [slot]
    case .many(let slots): slots
    case .none: []
    }
  }

  /// What observers compare: who receives the message, and how it is routed.
  ///
  /// Whether it is routed, unhandled or failed counts; the wording of a reason does not.
  var identity: RouteIdentity {
    let outcome: RouteIdentity.Outcome =
      switch status {
      case .routed: .routed
      case .unhandled: .unhandled
      case .failed: .failed
      }
    return RouteIdentity(targetIDs: slots.map(\.id), outcome: outcome)
  }

  /// Whether a handler this route depends on has been released since it was built.
  @inline(__always)
  var dependsOnReleasedHandler: Bool {
    !watched.isEmpty && watched.contains { $0.object == nil }
  }

  func explanation(for message: Message) -> RouteExplanation<Message> {
    let outcome: RouteExplanation<Message>.Outcome
    switch (status, targets) {
    case (.failed(let error), _):
      outcome = .failed(error)
    case (.unhandled(let reason), _):
      outcome = .unhandled(reason: reason)
    case (.routed, .many):
      outcome = .broadcast(targetDescriptions)
    case (.routed, _):
      outcome = .handler(targetDescriptions[0])
    }
    return RouteExplanation(message: message, rule: rule, outcome: outcome, candidates: candidates)
  }

  /// The error that ``PrioritizedProxy/resolve(_:)`` throws for this route, if it has no target.
  func error(for message: Message) -> RoutingError<Message>? {
    switch status {
    case .routed: nil
    case .failed(let error): error
    case .unhandled(let reason):
      RoutingError(
        message: message, rule: rule, kind: .unhandled(reason: reason), handlers: candidates)
    }
  }

  struct RouteIdentity: Hashable {
    enum Outcome: Hashable { case routed, unhandled, failed }
    let targetIDs: [Int]
    let outcome: Outcome
  }
}
