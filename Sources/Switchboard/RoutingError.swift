/// Why a message could not be routed to a handler.
///
/// Every case carries the message, the rule that applied and the handlers the proxy had, and the
/// ``description`` says what to do about it:
///
/// ```swift
/// do {
///   print(try proxy.send(.greet, as: (any Greeting).self) { $0.greet() })
/// } catch {
///   print(error)
///   // greet: rule 'always view' chose view (ChatScreen), which does not implement it.
///   // Handlers: view (ChatScreen) ✗, viewModel (ChatModel) ✓. Fix: implement greet in view
///   // (ChatScreen) or change the rule for greet.
/// }
/// ```
public struct RoutingError<Message: MessageSet>: Error, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The rule chose nobody; `reason` says why (no implementer, blocked, a missing role).
    case unhandled(reason: String)
    /// The rule chose a handler that does not implement the message.
    case handlerDoesNotImplement(HandlerDescription)
    /// The rule chose an object that is not one of this proxy's handlers; the value is its type
    /// name.
    case handlerNotInProxy(String)
    /// The rule chose the same handler twice for a broadcast.
    case duplicateTarget(HandlerDescription)
    /// The rule names a role that no handler has: a misspelled role, or a handler that was never
    /// added or has been released. `roles` lists the roles the proxy's handlers do have.
    case unknownRole(HandlerRole, roles: [HandlerRole])
    /// The rule broadcasts a message that returns a value. Only one handler can answer such a
    /// message, so only notifications (``MessageSet/isNotification``) may be broadcast.
    case broadcastOfValueReturningMessage
    /// The chosen handler implements the message according to the message set, but is not of the
    /// capability type the caller asked for: the message set and the capability disagree.
    case capabilityMismatch(HandlerDescription, expected: String)
    /// The route sends the message to `count` handlers, and the throwing
    /// ``PrioritizedProxy/send(_:as:_:)`` returns one answer.
    case severalTargets(count: Int)
    /// The rule combines answers of type `expected`, and the message answers `actual`.
    case answerTypeMismatch(expected: String, actual: String)
    /// The rule combines answers, and the message is named at run time (an Objective-C
    /// selector): only the messages of a message set combine answers so far.
    case combiningNamedMessage
  }

  /// The message that could not be routed, or `nil` for a message named at run time (see
  /// ``name``).
  public let message: Message?
  /// The message's name: its case name, or the name it was sent with (an Objective-C
  /// selector).
  public let name: String
  /// The name of the rule that applied.
  public let rule: String
  /// What went wrong.
  public let kind: Kind
  /// Every live handler, in priority order, and whether it implements the message.
  public let handlers: [HandlerDescription]

  /// Creates an error.
  ///
  /// The proxy creates these; tests may build expected values with it.
  public init(message: Message, rule: String, kind: Kind, handlers: [HandlerDescription]) {
    self.init(message: message, name: "\(message)", rule: rule, kind: kind, handlers: handlers)
  }

  /// Creates an error for the message named `name`.
  public init(name: String, rule: String, kind: Kind, handlers: [HandlerDescription]) {
    self.init(message: nil, name: name, rule: rule, kind: kind, handlers: handlers)
  }

  init(
    message: Message?, name: String, rule: String, kind: Kind, handlers: [HandlerDescription]
  ) {
    self.message = message
    self.name = name
    self.rule = rule
    self.kind = kind
    self.handlers = handlers
  }

  /// A sentence naming the message, the rule, the handlers, and what to do.
  public var description: String {
    let listing =
      handlers.isEmpty
      ? "Handlers: none."
      : "Handlers: " + handlers.map(\.description).joined(separator: ", ") + "."
    switch kind {
    case .unhandled(let reason):
      if let implementer = handlers.first(where: { $0.implementsMessage == true }) {
        let who = implementer.role.map { "\($0) (\(implementer.typeName))" } ?? implementer.typeName
        return
          "\(name): rule '\(rule)' routes it to nobody (\(reason)), though \(who) "
          + "implements it. \(listing) Fix: remove the rule for \(name), or route it to a "
          + "handler that implements it."
      }
      return
        "\(name): rule '\(rule)' routes it to nobody (\(reason)). \(listing) Fix: add a "
        + "handler that implements \(name), or use send(_:as:default:_:) where having no "
        + "handler is expected."
    case .handlerDoesNotImplement(let handler):
      return
        "\(name): rule '\(rule)' chose \(handler), which does not implement it. \(listing) "
        + "Fix: implement \(name) in \(handler) or change the rule for \(name)."
    case .handlerNotInProxy(let chosen):
      return
        "\(name): rule '\(rule)' chose \(chosen), which is not a handler of this proxy. "
        + "\(listing) Fix: choose from the rule's candidates."
    case .unknownRole(let role, let roles):
      let known =
        roles.isEmpty
        ? "no handler has a role"
        : "the roles are " + roles.map { "'\($0)'" }.joined(separator: ", ")
      return
        "\(name): rule '\(rule)' names the role '\(role)', which no handler has (\(known)). "
        + "\(listing) Fix: add a handler with the role '\(role)', or correct the role in the rule "
        + "for \(name)."
    case .broadcastOfValueReturningMessage:
      let check =
        message == nil ? "the proxy's namedNotificationCheck" : "\(Message.self).isNotification"
      return
        "\(name): rule '\(rule)' broadcasts it, but \(check) is false for \(name), so the "
        + "proxy treats it as a message that returns a value, which only one handler can answer. "
        + "\(listing) "
        + "Fix: if \(name) returns nothing, return true for it from \(check); otherwise route "
        + "it with .firstImplementer, .prefer(role) or .always(role)."
    case .duplicateTarget(let handler):
      return
        "\(name): rule '\(rule)' lists \(handler) twice in a broadcast. \(listing) "
        + "Fix: list each handler once."
    case .severalTargets(let count):
      return
        "\(name): rule '\(rule)' sends it to \(count) handlers, and send(_:as:_:) returns one "
        + "answer. \(listing) Fix: call broadcast(_:as:_:) to deliver \(name) to each of them, or "
        + "route it to one handler."
    case .answerTypeMismatch(let expected, let actual):
      return
        "\(name): rule '\(rule)' combines answers of type \(expected), but \(name) answers "
        + "\(actual). \(listing) Fix: give \(name) a rule for its answer type (.allMustAllow for "
        + "Bool, .firstNonNil for an optional, .combining(_:as:_:) with \(actual)), or route it "
        + "to one handler."
    case .combiningNamedMessage:
      return
        "\(name): rule '\(rule)' combines answers, which only the messages of a message set "
        + "can do so far, and \(name) is named at run time. \(listing) Fix: route \(name) to one "
        + "handler (.firstImplementer, .prefer(role)), or answer it with one closure that asks "
        + "each object."
    case .capabilityMismatch(let handler, let expected):
      return
        "\(name): \(handler) implements it according to \(Message.self).isImplemented(by:) "
        + "(or the proxy's implementationCheck), but does not conform to \(expected). \(listing) "
        + "Fix: make that check test for \(expected)."
    }
  }
}
