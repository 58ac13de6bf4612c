import Foundation
import Switchboard
import SwitchboardLists

// What the interactive commands read from their text (rules, list messages, rows), and the help
// that lists them; a misspelled rule or message is answered with the nearest one.

extension DemoSession {
  /// The commands ``run(command:)`` understands.
  static let help = """
    Commands:
      screen <name>           show another screen: todo (the default), feed, shelf
      select <row>            tap a row, as the frame labels it ([1.2] is 1.2; 2 is row 2 of the
                              to-dos or of the first section): a to-do toggles, a book moves to
                              the front
      scroll <n>              scroll by <n> rows (negative scrolls up); the feed loads pages
      add <text>              add a to-do (to-do screen)
      delete <row>            swipe a to-do away (to-do screen)
      routes                  which handler gets each message, and by which rule
      explain <message>       why <message> goes where it goes
      rule <message> <rule>   route <message> by <rule>, then reload the list. Rules, as
                              explain prints them: \(ruleNames.joined(separator: ", "))
      help                    print this list
      quit                    leave
    Try: rule titleForHeader always viewModel, then explain titleForHeader.
    """

  /// The rules the `rule` command takes, spelled as `explain` prints them, and `default`.
  static let ruleNames = [
    "first implementer", "always view", "always viewModel", "prefer view", "prefer viewModel",
    "only view", "only viewModel", "broadcast", "blocked", "default",
  ]

  /// Parses a rule spelled as `explain` prints it; `.some(nil)` is `default`, the screen's own.
  static func parseRule(_ text: String) -> RoutingRule<ListMessage>?? {
    let words = text.split(separator: " ").map(String.init)
    func role(_ word: String) -> HandlerRole? {
      switch word {
      case "view": .view
      case "viewModel": .viewModel
      default: nil
      }
    }
    switch words.count {
    case 1:
      switch words[0] {
      case "broadcast": return .some(.broadcast)
      case "blocked": return .some(.blocked)
      case "default": return .some(nil)
      default: return nil
      }
    case 2:
      if words == ["first", "implementer"] { return .some(.firstImplementer) }
      guard let role = role(words[1]) else { return nil }
      switch words[0] {
      case "prefer": return .some(.prefer(role))
      case "only": return .some(.only(role))
      case "always": return .some(.always(role))
      default: return nil
      }
    default:
      return nil
    }
  }

  /// The error for a rule the `rule` command does not know, with the nearest one.
  static func unknownRule(_ text: String) -> DemoError {
    let nearest = ruleNames.min { distance($0, text) < distance($1, text) }
    if let nearest, distance(nearest, text) <= 4 {
      return DemoError("'\(text)' is not a rule. Did you mean \(nearest)?")
    }
    return DemoError("'\(text)' is not a rule. Rules: \(ruleNames.joined(separator: ", ")).")
  }

  /// The list message called `name`; a misspelling is rejected with the name it resembles.
  static func message(named name: String) throws -> ListMessage {
    if let message = ListMessage.allCases.first(where: { "\($0)" == name }) { return message }
    let nearest = ListMessage.allCases.min {
      distance("\($0)".lowercased(), name.lowercased())
        < distance("\($1)".lowercased(), name.lowercased())
    }
    if let nearest, distance("\(nearest)".lowercased(), name.lowercased()) <= 3 {
      throw DemoError("no list message is called '\(name)'. Did you mean \(nearest)?")
    }
    throw DemoError(
      "no list message is called '\(name)'. Messages: "
        + ListMessage.allCases.map { "\($0)" }.joined(separator: ", ") + ".")
  }

  /// How many single-character edits turn `a` into `b`.
  private static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The row `text` names on the feed or the shelf.
  static func indexPath(_ text: String) throws -> IndexPath {
    guard let indexPath = parseIndexPath(text) else {
      throw DemoError("select needs a row as the frame labels it, such as 2 or 0.2; got '\(text)'.")
    }
    return indexPath
  }

  /// The row of a to-do, from `2` or from the frame's label `1.2` (section `section` only).
  static func parseRow(_ text: String, section: Int) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return Int(parts[0])
    case 2: return Int(parts[0]) == section ? Int(parts[1]) : nil
    default: return nil
    }
  }

  /// A row from the frame's label `1.2`, or `2` for row 2 of the first section.
  static func parseIndexPath(_ text: String) -> IndexPath? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    switch parts.count {
    case 1: return parts[0].map { IndexPath(row: $0, section: 0) }
    case 2:
      guard let section = parts[0], let row = parts[1] else { return nil }
      return IndexPath(row: row, section: section)
    default: return nil
    }
  }
}

/// A mistyped interactive command, in a sentence.
struct DemoError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
