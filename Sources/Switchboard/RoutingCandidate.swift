/// One handler as a ``RoutingRule`` sees it while choosing a route.
///
/// Candidates are only handed to rules during a route rebuild; the proxy keeps each handler alive
/// for that moment, so ``object`` is always valid inside the rule.
public struct RoutingCandidate {
  /// The handler's position, role, type and retention.
  public let handler: HandlerDescription
  /// Whether the handler implements the message being routed.
  public let implementsMessage: Bool
  /// The handler itself, for rules that compare identities.
  ///
  /// Do not store it.
  public let object: AnyObject
  /// The identity of the slot in the proxy that produced this candidate.
  let slotID: Int

  /// The handler's first role, if any.
  public var role: HandlerRole? { handler.role }

  /// Whether the handler has `role` among its roles.
  public func hasRole(_ role: HandlerRole) -> Bool { handler.roles.contains(role) }

  init(handler: HandlerDescription, implementsMessage: Bool, object: AnyObject, slotID: Int) {
    self.handler = handler
    self.implementsMessage = implementsMessage
    self.object = object
    self.slotID = slotID
  }

}

/// Everything a ``RoutingRule`` needs to choose a route for one message.
///
/// ```swift
/// let quietest = RoutingRule<ChatMessage>("last implementer") { context in
///   context.implementers.last.map(RoutingDecision.deliver)
///     ?? .unhandled(reason: "no handler implements it")
/// }
/// ```
public struct RoutingContext<Message: MessageSet> {
  /// The message being routed, or `nil` for a message named at run time (see ``name``).
  public let message: Message?
  /// The message's name: its case name, or the name it was sent with (an Objective-C
  /// selector such as `"scrollViewDidScroll:"`).
  public let name: String
  /// Every live handler, in priority order, whether or not it implements the message.
  public let candidates: [RoutingCandidate]

  /// The candidates that implement the message, in priority order.
  public var implementers: [RoutingCandidate] { candidates.filter(\.implementsMessage) }

  /// The candidate registered with `role`, if any.
  public func candidate(withRole role: HandlerRole) -> RoutingCandidate? {
    candidates.first { $0.hasRole(role) }
  }

  /// The candidate whose handler is `object`, if any.
  public func candidate(for object: AnyObject) -> RoutingCandidate? {
    candidates.first { $0.object === object }
  }
}

/// What a ``RoutingRule`` decided for a message.
public enum RoutingDecision {
  /// Send the message to exactly this handler.
  case deliver(RoutingCandidate)
  /// Send the message to each of these handlers, in this order. Only for messages that return
  /// nothing, such as notifications.
  case broadcast([RoutingCandidate])
  /// Send the message to nobody; `reason` is shown by ``PrioritizedProxy/explain(_:)``.
  case unhandled(reason: String)
  /// The rule names a role that no handler has: a configuration mistake, which the proxy reports
  /// as ``RoutingError/Kind-swift.enum/unknownRole(_:roles:)``. The message goes to nobody.
  case unknownRole(HandlerRole)
}
