/// The route of every message of a ``PrioritizedProxy``, printable as an aligned table.
///
/// ```swift
/// print(proxy.routingTable)
/// // message      handler           rule
/// // numberOfRows viewModel (Model) first implementer
/// // cellForRow   view (Screen)     always view
/// ```
///
/// Two tables are equal when every row is, so a test can pin a whole configuration.
public struct RoutingTable<Message: MessageSet>: Hashable, Sendable, CustomStringConvertible {
  /// One explanation per message, in `Message.allCases` order.
  public let rows: [RouteExplanation<Message>]

  /// Creates a table from explanations.
  public init(rows: [RouteExplanation<Message>]) {
    self.rows = rows
  }

  /// The explanation for `message`.
  public subscript(message: Message) -> RouteExplanation<Message>? {
    rows.first { $0.message == message }
  }

  /// The explanation for the message named `name`, if the table has it.
  public subscript(named name: String) -> RouteExplanation<Message>? {
    rows.first { $0.message == nil && $0.name == name }
  }

  /// The rows as `[message, handler, rule]` text cells, header first.
  public var cells: [[String]] {
    [["message", "handler", "rule"]]
      + rows.map { [$0.name, $0.targetSummary, $0.rule] }
  }

  /// The table as left-aligned columns separated by two spaces.
  public var description: String {
    let cells = self.cells
    let widths = (0..<3).map { column in cells.map { $0[column].count }.max() ?? 0 }
    return cells.map { row in
      zip(row, widths).enumerated().map { column, pair in
        let (text, width) = pair
        return column == row.count - 1 ? text : text.padding(toLength: width)
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }
}

extension String {
  /// The string padded with spaces to `length` characters; longer strings are returned as they are.
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
