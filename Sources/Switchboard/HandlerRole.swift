/// A name that rules and diagnostics use to refer to a handler.
///
/// Roles are string-backed and can be written as literals. Define the roles of your own domain as
/// static members:
///
/// ```swift
/// extension HandlerRole {
///   static let analytics: HandlerRole = "analytics"
/// }
/// proxy.add(tracker, role: .analytics)
/// proxy.rules[.didTap] = .always(.analytics)
/// ```
///
/// Within one proxy a role names at most one handler.
public struct HandlerRole: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The role's name, as shown in explanations and errors.
  public let name: String

  /// Creates a role with the given name.
  ///
  /// - Parameter name: A non-empty name.
  public init(_ name: String) {
    precondition(!name.isEmpty, "HandlerRole: a role needs a non-empty name.")
    self.name = name
  }

  /// Creates a role from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The role's name.
  public var description: String { name }
}

extension HandlerRole {
  /// The view layer's handler (a view controller): owns cells and user interaction; the
  /// role of `.view` in `[.view: self, .viewModel: model]`.
  public static let view: HandlerRole = "view"
  /// The view model's handler: owns the data.
  public static let viewModel: HandlerRole = "viewModel"
}
