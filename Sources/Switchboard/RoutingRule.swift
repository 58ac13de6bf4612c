/// A named strategy that chooses which handler receives a message.
///
/// The proxy evaluates a message's rule once whenever its handlers or rules change and caches the
/// result, so rules cost nothing on the dispatch path. The built-in rules are evaluated straight
/// from the proxy's tables; a custom rule is a closure over a ``RoutingContext``.
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
public struct RoutingRule<Message: MessageSet>: Sendable, CustomStringConvertible {
  /// The name shown in explanations and errors.
  public let name: String
  /// What the rule is.
  ///
  /// The proxy evaluates the built-in rules from its own tables, without a context; a custom rule
  /// carries its closure.
  let kind: Kind

  /// Creates a custom rule.
  ///
  /// The rule may base its choice on any candidate: the proxy routes again when any weakly held
  /// handler is released, not only the chosen one.
  ///
  /// A rule is a value you can keep in a `static let`, so `choose` is `@Sendable`: it decides
  /// from its context alone.
  ///
  /// - Parameters:
  ///   - name: A short name for explanations, such as `"newest first"`.
  ///   - choose: Picks the route from the candidates. It runs in the proxy's isolation domain
  ///     during a route rebuild, and must not change the proxy.
  public init(
    _ name: String, choose: @escaping @Sendable (RoutingContext<Message>) -> RoutingDecision
  ) {
    self.init(name, kind: .custom(choose))
  }

  init(_ name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  /// The built-in rules, which the proxy evaluates from its own tables.
  enum Kind: Sendable {
    case firstImplementer
    case always(HandlerRole)
    case alwaysObject(WeakReference)
    case only(HandlerRole)
    case prefer(HandlerRole)
    case broadcast
    case blocked
    case combining(AnswerCombiner)
    case custom(@Sendable (RoutingContext<Message>) -> RoutingDecision)
  }

  /// Whether this is ``broadcast``, which the proxy refuses for messages that return a value even
  /// when it finds nobody to broadcast to.
  ///
  /// ```swift
  /// if rules[named: "searchBar:textDidChange:"]?.isBroadcast == true { print("sent to all") }
  /// ```
  public var isBroadcast: Bool {
    if case .broadcast = kind { return true }
    return false
  }

  /// Which handlers a rule's decision depends on, besides the handlers it delivers to (whose
  /// release the proxy always notices).
  var dependencies: Dependencies {
    switch kind {
    case .firstImplementer, .alwaysObject, .broadcast, .blocked, .combining: .choice
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
  public static var firstImplementer: Self { Self("first implementer", kind: .firstImplementer) }

  /// Always the handler with `role`, even when another handler has higher priority.
  ///
  /// When no handler was ever given `role` (a misspelling), the route fails with
  /// ``RoutingError/Kind-swift.enum/unknownRole(_:roles:)``, as it does for every rule that names
  /// a role. When the handler that had it was released or removed, the message goes to nobody.
  ///
  /// If that handler does not implement the message, the route fails with
  /// ``RoutingError/Kind-swift.enum/handlerDoesNotImplement(_:)`` and
  /// ``PrioritizedProxy/responds(to:)`` is `false`: the message is never passed to another
  /// handler. Use ``only(_:)`` when it is fine for the handler not to implement the message.
  public static func always(_ role: HandlerRole) -> Self {
    Self("always \(role)", kind: .always(role))
  }

  /// Always `handler`, which the rule holds weakly.
  ///
  /// If that handler does not implement the message, or is alive but not a handler of the proxy,
  /// the route fails, as with ``always(_:)-(HandlerRole)``. Once it has been released, the
  /// message goes to nobody.
  public static func always(_ handler: AnyObject) -> Self {
    let reference = WeakReference(handler)
    return Self("always \(reference.typeName)", kind: .alwaysObject(reference))
  }

  /// The handler with `role` if it implements the message, otherwise nobody.
  ///
  /// Unlike ``always(_:)-(HandlerRole)`` a missing implementation is not an error, and unlike
  /// ``prefer(_:)`` the message never falls back to another handler.
  public static func only(_ role: HandlerRole) -> Self {
    Self("only \(role)", kind: .only(role))
  }

  /// The handler with `role` if it implements the message, otherwise the first implementer.
  ///
  /// When the handler with `role` was released or removed, the message goes to the first
  /// implementer; a role no handler was ever given (a misspelling) is an error, as for
  /// ``always(_:)-(HandlerRole)``.
  public static func prefer(_ role: HandlerRole) -> Self {
    Self("prefer \(role)", kind: .prefer(role))
  }

  /// Every handler that implements the message, in priority order.
  ///
  /// Only for notifications, messages whose ``MessageSet/isNotification`` is `true`: a message
  /// that returns a value has one answer, so broadcasting it fails with
  /// ``RoutingError/Kind-swift.enum/broadcastOfValueReturningMessage``, which
  /// ``PrioritizedProxy/validate(requiring:)`` reports before any dispatch.
  /// ``PrioritizedProxy/broadcast(_:as:_:)`` delivers them.
  public static var broadcast: Self { Self("broadcast", kind: .broadcast) }

  /// Nobody: the message is blocked even when handlers implement it.
  public static var blocked: Self { Self("blocked", kind: .blocked) }
}
