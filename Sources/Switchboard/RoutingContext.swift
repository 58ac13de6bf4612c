/// Everything a custom ``RoutingRule`` needs to choose a route for one message.
///
/// ```swift
/// let quietest = RoutingRule<ChatMessage>("last implementer") { context in
///   context.implementers.last.map(RoutingDecision.deliver)
///     ?? .unhandled(reason: "no handler implements it")
/// }
/// ```
///
/// Contexts exist only while a rule chooses; the proxy keeps each handler alive for that moment.
public struct RoutingContext<Message: MessageSet> {
  /// The message being routed, or `nil` for a message named at run time (see ``name``).
  public let message: Message?
  /// The message's name: its case name, or the name it was sent with (an Objective-C
  /// selector such as `"scrollViewDidScroll:"`).
  public let name: String
  /// Every live handler, in priority order, each saying whether it implements the message.
  public let candidates: [HandlerDescription]
  /// The handlers themselves, in the order of ``candidates``.
  private let objects: [AnyObject]

  init(message: Message?, name: String, candidates: [(HandlerDescription, AnyObject)]) {
    self.message = message
    self.name = name
    self.candidates = candidates.map(\.0)
    objects = candidates.map(\.1)
  }

  /// The candidates that implement the message, in priority order.
  public var implementers: [HandlerDescription] {
    candidates.filter { $0.implementsMessage == true }
  }

  /// The candidate registered with `role`, if any.
  public func candidate(withRole role: HandlerRole) -> HandlerDescription? {
    candidates.first { $0.roles.contains(role) }
  }

  /// The candidate whose handler is `object`, if any.
  public func candidate(for object: AnyObject) -> HandlerDescription? {
    objects.firstIndex { $0 === object }.map { candidates[$0] }
  }

  /// The handler `candidate` describes, for rules that look at the handlers themselves; `nil`
  /// for a description that is not one of ``candidates``.
  ///
  /// Do not store it.
  public func object(for candidate: HandlerDescription) -> AnyObject? {
    guard candidates.indices.contains(candidate.position),
      candidates[candidate.position].slot == candidate.slot
    else { return nil }
    return objects[candidate.position]
  }
}

/// What a custom ``RoutingRule`` decided for a message.
public enum RoutingDecision {
  /// Send the message to exactly this handler, one of the context's candidates.
  case deliver(HandlerDescription)
  /// Send the message to each of these handlers, in this order. Only for messages that return
  /// nothing, such as notifications.
  case broadcast([HandlerDescription])
  /// Send the message to nobody; `reason` is shown by ``PrioritizedProxy/explain(_:)``.
  case unhandled(reason: String)
  /// The rule names a role that no handler has: a configuration mistake, which the proxy reports
  /// as ``RoutingError/Kind-swift.enum/unknownRole(_:roles:)``. The message goes to nobody.
  case unknownRole(HandlerRole)
}
