/// Why ``VisitorDataSource`` refused its visitors.
public enum VisitorSetupError: Error, Equatable, CustomStringConvertible {
  /// These visitors answered `.unhandled` for these row kinds.
  case unhandledKinds([UnhandledKind])
  /// For this row kind the configuration targets another cell type than the cell-kind visitor
  /// names.
  case configurationMismatch(kind: String, cell: String, configures: String)
  /// A row's configuration did not apply to the cell made for it (a row value unlike its kind's
  /// sample).
  case configurationFailed(kind: String, cell: String)

  /// One visitor that does not handle one row kind.
  public struct UnhandledKind: Equatable, Sendable, CustomStringConvertible {
    /// The visitor's type name.
    public let visitor: String
    /// The row kind it does not handle.
    public let kind: String

    /// Creates a value.
    public init(visitor: String, kind: String) {
      self.visitor = visitor
      self.kind = kind
    }

    /// `"FeedHeights: poll"`.
    public var description: String { "\(visitor): \(kind)" }
  }

  /// A sentence naming the visitors, kinds and cells involved.
  public var description: String {
    switch self {
    case .unhandledKinds(let list):
      "Every operation must handle every row kind; unhandled: "
        + list.map(\.description).joined(separator: ", ")
        + ". Add the missing cases to those visitors."
    case .configurationMismatch(let kind, let cell, let configures):
      "Row kind '\(kind)' uses \(cell) cells but its configuration is for \(configures). "
        + "Make the configuration visitor configure \(cell)."
    case .configurationFailed(let kind, let cell):
      "A '\(kind)' row's configuration did not apply to its \(cell) cell. Make the cell-kind and "
        + "configuration visitors agree for every value of that kind."
    }
  }
}
