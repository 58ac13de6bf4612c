/// A printable, comparable snapshot of one handler registered with a ``PrioritizedProxy``.
///
/// Explanations, routing tables and errors describe handlers with this value rather than with the
/// handler object itself, so they can be stored, compared and sent across actors without keeping
/// any handler alive. Listed for a message (an explanation's candidates, an error's handlers, a
/// custom rule's context), a description also says whether the handler implements it.
///
/// ```swift
/// print(proxy.handlers[0])                            // "view (TodoViewController)"
/// print(proxy.explain(.cellForRow).candidates[0])     // "view (TodoViewController) ✓"
/// ```
public struct HandlerDescription: Hashable, Sendable, CustomStringConvertible {
  /// The handler's position in priority order; 0 is the highest priority.
  public let position: Int
  /// The handler's roles, in the order they were given; empty when it has none.
  ///
  /// A handler usually has one role. A handler that plays two parts (a screen that is its own
  /// view model) has both.
  public let roles: [HandlerRole]
  /// The name of the handler's dynamic type.
  public let typeName: String
  /// Whether the proxy holds the handler weakly or strongly.
  public let retention: HandlerRetention
  /// Whether the handler implements the message it is listed for; `nil` when it is listed
  /// for none (``PrioritizedProxy/handlers``).
  public let implementsMessage: Bool?
  /// The registration this describes, so that a custom rule's choice can be checked to come
  /// from its own context; not part of the value's equality.
  let slot: ObjectIdentifier?

  /// Creates a description.
  ///
  /// The proxy creates these; tests may build expected values with it.
  public init(
    position: Int, role: HandlerRole?, typeName: String, retention: HandlerRetention,
    implementsMessage: Bool? = nil
  ) {
    self.init(
      position: position, roles: role.map { [$0] } ?? [], typeName: typeName,
      retention: retention, implementsMessage: implementsMessage)
  }

  /// Creates a description of a handler with several roles.
  ///
  /// The proxy creates these; tests may build expected values with it.
  public init(
    position: Int, roles: [HandlerRole], typeName: String, retention: HandlerRetention,
    implementsMessage: Bool? = nil
  ) {
    self.init(
      position: position, roles: roles, typeName: typeName, retention: retention,
      implementsMessage: implementsMessage, slot: nil)
  }

  init(
    position: Int, roles: [HandlerRole], typeName: String, retention: HandlerRetention,
    implementsMessage: Bool?, slot: ObjectIdentifier?
  ) {
    self.position = position
    self.roles = roles
    self.typeName = typeName
    self.retention = retention
    self.implementsMessage = implementsMessage
    self.slot = slot
  }

  /// The handler's first role, if it was registered with any.
  public var role: HandlerRole? { roles.first }

  /// Whether the handler has `role` among its roles.
  public func hasRole(_ role: HandlerRole) -> Bool { roles.contains(role) }

  /// The roles joined by `/` when there are any, otherwise the position: `"view"`,
  /// `"view/viewModel"` or `"#1"`.
  public var label: String {
    roles.isEmpty ? "#\(position)" : roles.map(\.name).joined(separator: "/")
  }

  /// `"view (TodoViewController)"`, or `"#1 (TodoViewModel)"` for a handler without a role,
  /// followed by ` ✓` or ` ✗` when it is listed for a message.
  public var description: String {
    let head = "\(label) (\(typeName))"
    guard let implementsMessage else { return head }
    return head + (implementsMessage ? " ✓" : " ✗")
  }

  /// The same handler, listed for no message.
  var withoutMessage: HandlerDescription {
    HandlerDescription(
      position: position, roles: roles, typeName: typeName, retention: retention,
      implementsMessage: nil, slot: slot)
  }

  public static func == (lhs: HandlerDescription, rhs: HandlerDescription) -> Bool {
    lhs.position == rhs.position && lhs.roles == rhs.roles && lhs.typeName == rhs.typeName
      && lhs.retention == rhs.retention && lhs.implementsMessage == rhs.implementsMessage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(position)
    hasher.combine(roles)
    hasher.combine(typeName)
    hasher.combine(retention)
    hasher.combine(implementsMessage)
  }
}
