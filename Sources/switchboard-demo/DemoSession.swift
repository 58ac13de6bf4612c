import Foundation
import Switchboard
import SwitchboardLists

/// The demo: a to-do screen whose list is fed by a view and a view model through a ``ListProxy``.
///
/// ``scripted()`` plays a fixed session and returns its output, the same on every run;
/// ``run(command:)`` carries out one interactive command.
@MainActor
final class DemoSession {
  /// The screen under demonstration.
  let screen: TodoScreen
  private var frameNumber = 0
  /// What the demo's observers saw since it last printed them.
  private var observed: [String] = []
  private var observations: [ObservationToken] = []

  /// Creates a session over a fresh to-do screen.
  init() throws {
    screen = try TodoScreen(
      viewModel: TodoViewModel(items: [
        TodoItem("Buy milk"), TodoItem("Walk the dog"), TodoItem("Call mum"),
        TodoItem("Book the dentist"), TodoItem("Fix the bike"), TodoItem("Read a chapter"),
      ]))
    // A rule typed in interactive mode may not work: say so instead of stopping the demo.
    screen.proxy.onError = { [unowned self] error in
      observed.append("routing error: \(error)")
    }
    // Observers, not handlers: they see taps and edits without being routed anything.
    observations = [
      screen.proxy.observe(.didSelectRow) { [unowned self] indexPath in
        let handler = screen.proxy.explain(.didSelectRow).targets.first?.role.map { "the \($0)" }
        observed.append(
          "observed didSelectRow \(Self.name(indexPath)), "
            + (handler.map { "after \($0) handled it" } ?? "which no handler received"))
      },
      screen.proxy.observe(.commitEdit, beforeHandler: true) { [unowned self] style, indexPath in
        observed.append(
          "observed commitEdit \(style) \(Self.name(indexPath)), before the view model handles it")
      },
    ]
  }

  private static func name(_ indexPath: IndexPath) -> String {
    "[\(indexPath.section).\(indexPath.row)]"
  }

  /// The observed events since the last call, one indented line each.
  private func takeObserved() -> [String] {
    defer { observed = [] }
    return observed.map { "  " + $0 }
  }

  /// The routing table of the messages that reach a handler (message, handler, rule), and the
  /// names of those that go to nobody.
  func routingTable() -> String {
    let all = screen.proxy.routingTable.rows
    let routed = all.filter { $0.targetSummary != "nobody" }
    let nobody = all.filter { $0.targetSummary == "nobody" }.map(\.name)
    let table = TerminalText.table(
      ["message", "handler", "rule"], routed.map { [$0.name, $0.targetSummary, $0.rule] })
    return table + "\nTo nobody (no handler implements them): " + nobody.joined(separator: ", ")
  }

  /// One sentence saying which messages go to which handler.
  func routeSummary() -> String {
    var byHandler: [(handler: String, messages: [String])] = []
    for row in screen.proxy.routingTable.rows where row.targetSummary != "nobody" {
      if let index = byHandler.firstIndex(where: { $0.handler == row.targetSummary }) {
        byHandler[index].messages.append(row.name)
      } else {
        byHandler.append((row.targetSummary, [row.name]))
      }
    }
    let parts = byHandler.map { "\($0.messages.joined(separator: ", ")) to the \($0.handler)" }
    return "One ListProxy answers the list: it sends " + parts.joined(separator: "; ") + "."
  }

  /// The visible window of the to-do list in a box, titled with the frame number and `caption`.
  func frame(_ caption: String) -> String {
    frame(of: screen.list, caption)
  }

  private func frame(of list: ListView, _ caption: String) -> String {
    frameNumber += 1
    let lines = list.renderText().components(separatedBy: "\n").filter { !$0.isEmpty }
    let offset = Int(list.contentOffset)
    return TerminalText.frame(
      "\(frameNumber). \(caption) · offset \(offset) of \(Int(list.maximumContentOffset))", lines,
      minimumWidth: 56)
  }

  /// Where `message` goes and why, as one line.
  func explain(_ message: ListMessage) -> String {
    "  \(screen.proxy.explain(message))"
  }

  /// Plays the scripted session and returns everything it prints.
  static func scripted() async throws -> String {
    let session = try DemoSession()
    let todo = try session.playScript()
    let feed = try await session.playFeedScript()
    let shelf = try session.playShelfScript()
    return todo + "\n\n" + feed + "\n\n" + shelf
  }

  private func playFeedScript() async throws -> String {
    let feed = try FeedScreen(total: 10)
    var out: [String] = []
    out.append("Switchboard demo: a paginated feed")
    out.append(
      "Three row kinds; visitors decide each row's cell, height and configuration. The proxy's "
        + "view handler is the visitor data source; its view model pages rows in, 4 at a time, "
        + "10 in all.")
    out.append("  \(feed.proxy.explain(.cellForRow))")
    out.append("  \(feed.proxy.explain(.willDisplayRow))")
    await feed.start()
    out.append(frame(of: feed.list, "feed opened: \(status(feed))"))
    try await feed.scrollToBottom()
    out.append(frame(of: feed.list, "scrolled to the end, the next page came in: \(status(feed))"))
    try await feed.scrollToBottom()
    out.append(frame(of: feed.list, "scrolled to the new end: \(status(feed))"))
    return out.joined(separator: "\n")
  }

  private func playShelfScript() throws -> String {
    let shelf = try ShelfScreen(
      viewModel: ShelfViewModel(shelves: [
        (name: "Novels", books: ["Middlemarch", "Emma", "Dune", "Beloved"]),
        (name: "Essays", books: ["Walden", "Nature"]),
      ]))
    var out: [String] = []
    out.append("Switchboard demo: a shelf on the collection host")
    out.append(
      "A host-free view model (counts, titles) and a view on CollectionView (cells, headers, "
        + "taps), through a ListProxy<CollectionView>.")
    out.append("  \(shelf.proxy.explain(.supplementaryView))")
    out.append(gridFrame(of: shelf.grid, "shelves loaded"))
    try shelf.grid.tapItem(at: IndexPath(item: 3, section: 0))
    out.append(gridFrame(of: shelf.grid, "tapped Beloved: it moves to the front"))
    out += shelf.errors.map { "list error: \($0)" }
    return out.joined(separator: "\n")
  }

  private func gridFrame(of grid: CollectionView, _ caption: String) -> String {
    frameNumber += 1
    let lines = grid.renderText().components(separatedBy: "\n").filter { !$0.isEmpty }
    return TerminalText.frame("\(frameNumber). \(caption)", lines, minimumWidth: 56)
  }

  private func status(_ feed: FeedScreen) -> String {
    let phase =
      switch feed.feed.pagination.phase {
      case .idle: "idle"
      case .loading: "loading"
      case .failed(_, let message): "failed: \(message)"
      case .exhausted: "all in"
      }
    return "\(feed.feed.items.count) rows, \(phase)"
  }

  private func playScript() throws -> String {
    var out: [String] = []
    out.append("Switchboard demo: a to-do screen")
    out.append(frame("loaded"))
    out.append(routeSummary())
    out.append(explain(.numberOfRows))
    out.append(explain(.cellForRow))
    out.append(explain(.titleForHeader))

    try screen.add("Water the plants")
    out.append(frame("add \"Water the plants\": scrolls to the new row"))
    out.append(contentsOf: takeObserved())
    out.append(explain(.didSelectRow))

    try screen.scroll(rows: -10)
    out.append(frame("scroll to the top"))

    try screen.select(row: 0)
    out.append(frame("select row 0: toggles it"))
    out.append(contentsOf: takeObserved())

    try screen.scroll(rows: 4)
    out.append(frame("scroll down 4 rows"))

    try screen.delete(row: 3)
    out.append(frame("delete row 3, \"Book the dentist\" (a swipe)"))
    out.append(contentsOf: takeObserved())
    out.append(explain(.commitEdit))

    try screen.scroll(rows: -10)
    out.append(try changeRule("titleForHeader", "viewModel"))
    out.append(contentsOf: errorLines())
    return out.joined(separator: "\n")
  }

  // MARK: Interactive mode

  /// The commands ``run(command:)`` understands.
  static let help = """
    Commands:
      add <text>              add a to-do (types it into the input row and taps it)
      select <row>            tap a to-do, which toggles it: <row> as the frame labels it
                              ([1.2] is 1.2, or just 2)
      delete <row>            swipe a to-do away
      scroll <n>              scroll by <n> rows (negative scrolls up)
      routes                  which handler gets each message, and by which rule
      explain <message>       why <message> goes where it goes
      rule <message> <rule>   route <message> by <rule>, then reload the list. Rules: view,
                              viewModel (always that one), prefer view, prefer viewModel,
                              only view, only viewModel, first, nobody, default
      help                    print this list
      quit                    leave
    Try: rule titleForHeader viewModel, then explain titleForHeader.
    """

  /// Parses a rule as the `rule` command spells it.
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
      case "first": return .some(.firstImplementer)
      case "nobody": return .some(.blocked)
      case "default": return .some(nil)
      default: return role(words[0]).map { .some(.always($0)) }
      }
    case 2:
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

  /// Gives `name` the rule `ruleText`, reloads the list, and shows the screen and the route.
  func changeRule(_ name: String, _ ruleText: String) throws -> String {
    let message = try Self.message(named: name)
    guard let rule = Self.parseRule(ruleText) else {
      throw DemoError("'\(ruleText)' is not a rule. Type 'help' for the rules.")
    }
    screen.proxy.rules[message] = rule ?? ListProxy<ListView>.defaultRules[message]
    var lines = [explain(message)]
    do {
      try screen.list.reloadData()
      lines.insert(frame("rule \(name) \(ruleText)"), at: 0)
    } catch {
      lines.append("  the list cannot reload: \(error)")
    }
    return (lines + takeObserved()).joined(separator: "\n")
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

  /// The outcome of one interactive command.
  enum Reply: Equatable {
    /// Text to print; the session goes on.
    case output(String)
    /// Text to print on standard error; the session goes on.
    case error(String)
    /// The session ends.
    case quit
  }

  /// Carries out one interactive command line.
  func run(command line: String) -> Reply {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    let word = trimmed.prefix { !$0.isWhitespace }
    let argument = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
    do {
      switch word {
      case "":
        return .output("")
      case "quit", "exit":
        return .quit
      case "help":
        return .output(Self.help)
      case "routes":
        return .output(routingTable())
      case "explain":
        guard !argument.isEmpty else {
          return .error("error: explain needs a list message, such as explain cellForRow.")
        }
        return .output(explain(try Self.message(named: argument)))
      case "rule":
        let name = argument.prefix { !$0.isWhitespace }
        let rule = argument.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !rule.isEmpty else {
          return .error(
            "error: rule needs a message and a rule, such as rule titleForHeader viewModel.")
        }
        return .output(try changeRule(String(name), rule))
      case "add":
        guard !argument.isEmpty else { return .error("error: add needs the text of the to-do.") }
        try screen.add(argument)
        return .output(frameAfterCommand("add \"\(argument)\""))
      case "select", "delete":
        guard let row = Self.parseRow(argument, section: screen.viewModel.itemsSection) else {
          return .error(
            "error: \(word) needs a to-do row as the frame labels it, such as 2 or 1.2; got "
              + "'\(argument)'.")
        }
        if word == "select" { try screen.select(row: row) } else { try screen.delete(row: row) }
        return .output(frameAfterCommand("\(word) \(argument)"))
      case "scroll":
        guard let number = Int(argument) else {
          return .error("error: scroll needs a whole number, got '\(argument)'.")
        }
        try screen.scroll(rows: number)
        return .output(frameAfterCommand("scroll \(number)"))
      default:
        return .error("error: unknown command '\(word)'. Type 'help' for the commands.")
      }
    } catch {
      return .error("error: \(error)")
    }
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

  private func errorLines() -> [String] {
    screen.errors.map { "list error: \($0)" }
  }

  /// The frame after an interactive command, then what the observers saw during it and the
  /// errors the list reported.
  private func frameAfterCommand(_ caption: String) -> String {
    ([frame(caption)] + takeObserved() + errorLines()).joined(separator: "\n")
  }
}

/// A mistyped interactive command, in a sentence.
struct DemoError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
