/// A printable, comparable snapshot of one handler registered with a ``PrioritizedProxy``.
///
/// Explanations, routing tables and errors describe handlers with this value rather than with the
/// handler object itself, so they can be stored, compared and sent across actors without keeping
/// any handler alive.
///
/// ```swift
/// let first = proxy.handlers[0]
/// print(first)   // "view (TodoViewController)"
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

  /// Creates a description.
  ///
  /// The proxy creates these; tests may build expected values with it.
  public init(position: Int, role: HandlerRole?, typeName: String, retention: HandlerRetention) {
    self.init(
      position: position, roles: role.map { [$0] } ?? [], typeName: typeName, retention: retention)
  }

  /// Creates a description of a handler with several roles.
  ///
  /// The proxy creates these; tests may build expected values with it.
  public init(
    position: Int, roles: [HandlerRole], typeName: String, retention: HandlerRetention
  ) {
    self.position = position
    self.roles = roles
    self.typeName = typeName
    self.retention = retention
  }

  /// The handler's first role, if it was registered with any.
  public var role: HandlerRole? { roles.first }

  /// The roles joined by `/` when there are any, otherwise the position: `"view"`,
  /// `"view/viewModel"` or `"#1"`.
  public var label: String {
    roles.isEmpty ? "#\(position)" : roles.map(\.name).joined(separator: "/")
  }

  /// `"view (TodoViewController)"`, or `"#1 (TodoViewModel)"` for a handler without a role.
  public var description: String { "\(label) (\(typeName))" }
}
