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
  /// The handler's role, if it was registered with one.
  public let role: HandlerRole?
  /// The name of the handler's dynamic type.
  public let typeName: String
  /// Whether the proxy holds the handler weakly or strongly.
  public let retention: HandlerRetention

  /// Creates a description.
  ///
  /// The proxy creates these; tests may build expected values with it.
  public init(position: Int, role: HandlerRole?, typeName: String, retention: HandlerRetention) {
    self.position = position
    self.role = role
    self.typeName = typeName
    self.retention = retention
  }

  /// The role when there is one, otherwise the position: `"view"` or `"#1"`.
  public var label: String { role?.name ?? "#\(position)" }

  /// `"view (TodoViewController)"`, or `"#1 (TodoViewModel)"` for a handler without a role.
  public var description: String { "\(label) (\(typeName))" }
}
