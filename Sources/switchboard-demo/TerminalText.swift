/// Box-drawing helpers for the demo's terminal output.
enum TerminalText {
  /// `lines` inside a box with `title` in its top edge.
  ///
  /// ```
  /// ┌─ title ───────┐
  /// │ a line        │
  /// └───────────────┘
  /// ```
  static func frame(_ title: String, _ lines: [String], minimumWidth: Int = 44) -> String {
    let width = max(minimumWidth, title.count + 3, lines.map(\.count).max() ?? 0)
    let top = "┌─ \(title) " + String(repeating: "─", count: width - title.count - 1) + "┐"
    let body = (lines.isEmpty ? ["(empty)"] : lines).map { "│ \(pad($0, width)) │" }
    let bottom = "└" + String(repeating: "─", count: width + 2) + "┘"
    return ([top] + body + [bottom]).joined(separator: "\n")
  }

  /// A table with a header row, in box drawing.
  static func table(_ header: [String], _ rows: [[String]]) -> String {
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func rule(_ left: String, _ middle: String, _ right: String) -> String {
      left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
    }
    func line(_ cells: [String]) -> String {
      "│" + zip(cells, widths).map { " \(pad($0, $1)) " }.joined(separator: "│") + "│"
    }
    return
      ([rule("┌", "┬", "┐"), line(header), rule("├", "┼", "┤")] + rows.map(line)
      + [rule("└", "┴", "┘")]).joined(separator: "\n")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
