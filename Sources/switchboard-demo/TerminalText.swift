/// Box-drawing helpers for the demo's terminal output.
enum TerminalText {
  /// `lines` inside a box with `title` in its top edge.
  ///
  /// ```
  /// ┌─ title ───────┐
  /// │ a line        │
  /// └───────────────┘
  /// ```
  ///
  /// Lines wider than `maximumWidth` columns end in "…"; wide characters (CJK, most emoji)
  /// count as two columns, as a terminal draws them.
  static func frame(
    _ title: String, _ lines: [String], minimumWidth: Int = 44, maximumWidth: Int = 76
  ) -> String {
    let lines = lines.map { truncate($0, to: maximumWidth) }
    let title = truncate(title, to: maximumWidth - 3)
    let width = max(minimumWidth, columns(title) + 3, lines.map(columns).max() ?? 0)
    let top = "┌─ \(title) " + String(repeating: "─", count: width - columns(title) - 1) + "┐"
    let body = (lines.isEmpty ? ["(empty)"] : lines).map { "│ \(pad($0, width)) │" }
    let bottom = "└" + String(repeating: "─", count: width + 2) + "┘"
    return ([top] + body + [bottom]).joined(separator: "\n")
  }

  /// A table with a header row, in box drawing.
  static func table(_ header: [String], _ rows: [[String]]) -> String {
    let widths = header.indices.map { column in
      ([header] + rows).map { columns($0[column]) }.max() ?? 0
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
    let used = columns(text)
    return used >= width ? text : text + String(repeating: " ", count: width - used)
  }

  /// `text`, cut to at most `width` columns with a closing "…" when it is wider.
  static func truncate(_ text: String, to width: Int) -> String {
    guard columns(text) > width else { return text }
    var kept = ""
    var used = 0
    for character in text {
      let next = columns(character)
      if used + next > width - 1 { break }
      kept.append(character)
      used += next
    }
    return kept + "…"
  }

  /// How many terminal columns `text` takes.
  static func columns(_ text: String) -> Int {
    text.reduce(0) { $0 + columns($1) }
  }

  /// How many terminal columns one character takes: 2 for East Asian wide characters and
  /// emoji, 0 for a lone combining mark, 1 otherwise.
  static func columns(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.count > 1,
      character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
    {
      return 2  // an emoji presentation sequence
    }
    if first.properties.isEmojiPresentation { return 2 }
    if first.properties.generalCategory == .nonspacingMark { return 0 }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
