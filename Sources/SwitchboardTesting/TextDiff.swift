/// A line-by-line difference, `−` for expected lines that are missing and `+` for actual lines
/// that were not expected; unchanged lines are indented.
func lineDiff(expected: [String], actual: [String]) -> String {
  let difference = actual.difference(from: expected)
  var removed: Set<Int> = []
  var inserted: Set<Int> = []
  for change in difference {
    switch change {
    case .remove(let offset, _, _): removed.insert(offset)
    case .insert(let offset, _, _): inserted.insert(offset)
    }
  }
  var lines: [String] = []
  var old = 0
  var new = 0
  while old < expected.count || new < actual.count {
    if old < expected.count, removed.contains(old) {
      lines.append("− \(expected[old])")
      old += 1
    } else if new < actual.count, inserted.contains(new) {
      lines.append("+ \(actual[new])")
      new += 1
    } else {
      lines.append("  \(actual[new])")
      old += 1
      new += 1
    }
  }
  return lines.joined(separator: "\n")
}
