/// A named strategy that chooses which handler receives a message.
///
/// A rule is a closure over a ``RoutingContext``. The proxy runs it once per message whenever its
/// handlers or rules change and caches the result, so rules cost nothing on the dispatch path.
/// (The built-in rules are evaluated straight from the proxy's tables, without building a
/// context; their closures give ``PrioritizedProxy/explain(_:)`` its reasons.)
/// The name appears in ``PrioritizedProxy/explain(_:)``, the routing table and errors.
///
/// ```swift
/// proxy.rules = [
///   .cellForRow: .always(.view),         // the view must answer; an error if it cannot
///   .didSelectRow: .only(.view),         // the view or nobody
///   .willDisplayRow: .broadcast,              // every implementer, in priority order
/// ]
/// ```
///
/// Every message without an entry uses the table's fallback, ``firstImplementer`` unless you
/// choose another.
public struct RoutingRule<Message: MessageSet>: CustomStringConvertible {
  /// The name shown in explanations and errors.
  public let name: String
  let choose: (RoutingContext<Message>) -> RoutingDecision
  /// What the rule is, so the proxy can evaluate the built-in rules without a context.
  let kind: Kind

  /// Creates a custom rule.
  ///
  /// The rule may base its choice on any candidate: the proxy routes again when any weakly held
  /// handler is released, not only the chosen one.
  ///
  /// - Parameters:
  ///   - name: A short name for explanations, such as `"newest first"`.
  ///   - choose: Picks the route from the candidates. It runs in the proxy's isolation domain
  ///     during a route rebuild, and must not change the proxy.
  public init(
    _ name: String, choose: @escaping (RoutingContext<Message>) -> RoutingDecision
  ) {
    self.init(name, kind: .custom, choose: choose)
  }

  init(
    _ name: String, kind: Kind,
    choose: @escaping (RoutingContext<Message>) -> RoutingDecision
  ) {
    self.name = name
    self.choose = choose
    self.kind = kind
  }

  /// The built-in rules, which the proxy evaluates from its own tables.
  enum Kind {
    case firstImplementer
    case always(HandlerRole)
    case alwaysObject(WeakReference)
    case only(HandlerRole)
    case prefer(HandlerRole)
    case broadcast
    case blocked
    case custom
  }

  /// Whether this is ``broadcast``, which the proxy refuses for messages that return a value even
  /// when it finds nobody to broadcast to.
  var isBroadcast: Bool {
    if case .broadcast = kind { return true }
    return false
  }

  /// Which handlers a rule's decision depends on, besides the handlers it delivers to (whose
  /// release the proxy always notices).
  var dependencies: Dependencies {
    switch kind {
    case .firstImplementer, .alwaysObject, .broadcast, .blocked: .choice
    case .always(let role), .only(let role), .prefer(let role): .choiceAndRole(role)
    case .custom: .everyCandidate
    }
  }

  /// Which handlers a rule's decision depends on, besides the handlers it delivers to (whose
  /// release the proxy always notices).
  enum Dependencies {
    /// Only the chosen handlers: the built-in rules that name no role.
    case choice
    /// The chosen handlers and the handler with this role.
    case choiceAndRole(HandlerRole)
    /// Any candidate: custom rules.
    case everyCandidate
  }

  /// The rule's name.
  public var description: String { name }

  /// The first handler, in priority order, that implements the message.
  ///
  /// The default rule.
  public static var firstImplementer: Self {
    Self("first implementer", kind: .firstImplementer) { context in
      if let first = context.candidates.first(where: \.implementsMessage) {
        return .deliver(first)
      }
      return .unhandled(reason: noImplementerReason(context))
    }
  }

  /// Always the handler with `role`, even when another handler has higher priority.
  ///
  /// When no handler has `role` (a misspelled role, or its handler was released), the route fails
  /// with ``RoutingError/Kind-swift.enum/unknownRole(_:roles:)``, as it does for every rule that
  /// names a role.
  ///
  /// If that handler does not implement the message, the route fails with
  /// ``RoutingError/Kind-swift.enum/handlerDoesNotImplement(_:)`` and
  /// ``PrioritizedProxy/responds(to:)`` is `false`: the message is never passed to another
  /// handler. Use ``only(_:)`` when it is fine for the handler not to implement the message.
  public static func always(_ role: HandlerRole) -> Self {
    Self("always \(role)", kind: .always(role)) { context in
      guard let candidate = context.candidate(withRole: role) else { return .unknownRole(role) }
      return .deliver(candidate)
    }
  }

  /// Always `handler`, which the rule holds weakly.
  ///
  /// If that handler does not implement the message, or is alive but not a handler of the proxy,
  /// the route fails, as with ``always(_:)-(HandlerRole)``. Once it has been released, the
  /// message goes to nobody.
  public static func always(_ handler: AnyObject) -> Self {
    let reference = WeakReference(handler)
    let typeName = String(describing: type(of: handler))
    return Self("always \(typeName)", kind: .alwaysObject(reference)) { context in
      guard let object = reference.object else {
        return .unhandled(reason: "the \(typeName) this rule names has been released")
      }
      // A live object that is not a handler is a mistake: deliver it so the proxy reports it.
      return .deliver(context.candidate(for: object) ?? RoutingCandidate(foreign: object))
    }
  }

  /// The handler with `role` if it implements the message, otherwise nobody.
  ///
  /// Unlike ``always(_:)-(HandlerRole)`` a missing implementation is not an error, and unlike
  /// ``prefer(_:)`` the message never falls back to another handler.
  public static func only(_ role: HandlerRole) -> Self {
    Self("only \(role)", kind: .only(role)) { context in
      guard let candidate = context.candidate(withRole: role) else { return .unknownRole(role) }
      guard candidate.implementsMessage else {
        return .unhandled(reason: "\(candidate.handler) does not implement it")
      }
      return .deliver(candidate)
    }
  }

  /// The handler with `role` if it implements the message, otherwise the first implementer.
  public static func prefer(_ role: HandlerRole) -> Self {
    Self("prefer \(role)", kind: .prefer(role)) { context in
      guard let preferred = context.candidate(withRole: role) else { return .unknownRole(role) }
      if preferred.implementsMessage { return .deliver(preferred) }
      if let first = context.candidates.first(where: \.implementsMessage) {
        return .deliver(first)
      }
      return .unhandled(reason: noImplementerReason(context))
    }
  }

  /// Every handler that implements the message, in priority order.
  ///
  /// Only for notifications, messages whose ``MessageSet/isNotification`` is `true`: a message
  /// that returns a value has one answer, so broadcasting it fails with
  /// ``RoutingError/Kind-swift.enum/broadcastOfValueReturningMessage``, which ``PrioritizedProxy/validate(requiring:)``
  /// reports before any dispatch. ``PrioritizedProxy/broadcast(_:as:_:)`` delivers them.
  public static var broadcast: Self {
    Self("broadcast", kind: .broadcast) { context in
      let implementers = context.implementers
      if implementers.isEmpty {
        return .unhandled(reason: noImplementerReason(context))
      }
      return .broadcast(implementers)
    }
  }

  /// Nobody: the message is blocked even when handlers implement it.
  public static var blocked: Self {
    Self("blocked", kind: .blocked) { _ in .unhandled(reason: "blocked by rule") }
  }

  private static func noImplementerReason(_ context: RoutingContext<Message>) -> String {
    context.candidates.isEmpty ? "the proxy has no handlers" : "no handler implements it"
  }
}

/// A weak box, so rules never keep a handler alive.
final class WeakReference {
  private(set) weak var object: AnyObject?
  let typeName: String
  init(_ object: AnyObject) {
    self.object = object
    typeName = String(describing: type(of: object))
  }
}
