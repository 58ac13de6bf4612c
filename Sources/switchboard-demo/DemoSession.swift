import Foundation
import Switchboard
import SwitchboardLists

/// The demo: a to-do screen whose list is fed by a view and a view model through a ``ListProxy``,
/// a paginated feed, and a shelf on the collection host.
///
/// ``scripted()`` plays a fixed session and returns its output, the same on every run;
/// ``run(command:)`` carries out one interactive command on the screen shown.
@MainActor
final class DemoSession {
  /// The screen under demonstration.
  let screen: TodoScreen
  private var frameNumber = 0
  /// What the demo's observers saw since it last printed them.
  private var observed: [String] = []
  private var observations: [ObservationToken] = []

  /// The screen interactive commands act on.
  private enum Shown {
    case todo
    case feed(FeedScreen)
    case shelf(ShelfScreen)
  }
  private var shown = Shown.todo
  /// The feed and the shelf, made the first time they are shown and kept for the next time.
  private var feedScreen: FeedScreen?
  private var shelfScreen: ShelfScreen?

  /// Creates a session over a fresh to-do screen.
  init() throws {
    screen = try TodoScreen(
      viewModel: TodoViewModel(items: [
        TodoItem("Buy milk"), TodoItem("Walk the dog"), TodoItem("Call mum"),
        TodoItem("Book the dentist"), TodoItem("Fix the bike"), TodoItem("Read a chapter"),
      ]))
    reportRoutingErrors(of: screen.proxy)
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
    let all = shownProxy.routingTable.rows
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
    "  \(shownProxy.explain(message))"
  }

  /// A rule typed in interactive mode may not work: say so instead of stopping the demo.
  private func reportRoutingErrors<Host>(of proxy: ListProxy<Host>) {
    proxy.onError = { [unowned self] error in observed.append("routing error: \(error)") }
  }

  /// The handlers and rules of the screen shown, whichever host it has.
  private var shownProxy: PrioritizedProxy<ListMessage> {
    switch shown {
    case .todo: screen.proxy.router
    case .feed(let feed): feed.proxy.router
    case .shelf(let shelf): shelf.proxy.router
    }
  }

  /// The screen shown, in a box titled with the frame number and `caption`.
  private func shownFrame(_ caption: String) -> String {
    switch shown {
    case .todo: frame(caption)
    case .feed(let feed): frame(of: feed.list, "\(caption) · \(status(feed))")
    case .shelf(let shelf): gridFrame(of: shelf.grid, caption)
    }
  }

  /// Shows the screen called `name` (todo, feed or shelf), making it the first time.
  private func show(_ name: String) async throws -> String {
    switch name {
    case "todo":
      shown = .todo
    case "feed":
      if let feed = feedScreen {
        shown = .feed(feed)
      } else {
        let feed = try FeedScreen(total: 40)
        reportRoutingErrors(of: feed.proxy)
        feedScreen = feed
        shown = .feed(feed)
        await feed.start()
      }
    case "shelf":
      if let shelf = shelfScreen {
        shown = .shelf(shelf)
      } else {
        let shelf = try Self.makeShelf()
        reportRoutingErrors(of: shelf.proxy)
        shelfScreen = shelf
        shown = .shelf(shelf)
      }
    default:
      throw DemoError("screen needs todo, feed or shelf; got '\(name)'.")
    }
    return ([shownFrame("screen \(name)")] + takeObserved()).joined(separator: "\n")
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
    out.append(
      "  willDisplayRow: no handler; the view model watches it through the proxy "
        + "(feed.paginate(proxy)), so no view passes it along")
    await feed.start()
    out.append(frame(of: feed.list, "feed opened: \(status(feed))"))
    try await feed.scrollToBottom()
    out.append(frame(of: feed.list, "scrolled to the end, the next page came in: \(status(feed))"))
    try await feed.scrollToBottom()
    out.append(frame(of: feed.list, "scrolled to the new end: \(status(feed))"))
    return out.joined(separator: "\n")
  }

  private static func makeShelf() throws -> ShelfScreen {
    try ShelfScreen(
      viewModel: ShelfViewModel(shelves: [
        (name: "Novels", books: ["Middlemarch", "Emma", "Dune", "Beloved"]),
        (name: "Essays", books: ["Walden", "Nature"]),
      ]))
  }

  private func playShelfScript() throws -> String {
    let shelf = try Self.makeShelf()
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
    out.append(try changeRule("titleForHeader", "always viewModel"))
    out.append(contentsOf: errorLines())
    return out.joined(separator: "\n")
  }

  // MARK: Interactive mode

  /// Gives `name` the rule `ruleText`, reloads the list, and shows the screen and the route.
  func changeRule(_ name: String, _ ruleText: String) throws -> String {
    let message = try Self.message(named: name)
    guard let rule = Self.parseRule(ruleText) else { throw Self.unknownRule(ruleText) }
    shownProxy.rules[message] = rule ?? ListProxy<ListView>.defaultRules[message]
    var lines = [explain(message)]
    do {
      switch shown {
      case .todo: try screen.list.reloadData()
      case .feed(let feed): try feed.list.reloadData()
      case .shelf(let shelf): try shelf.grid.reloadData()
      }
      lines.insert(shownFrame("rule \(name) \(ruleText)"), at: 0)
    } catch {
      lines.append("  the list cannot reload: \(error)")
    }
    return (lines + takeObserved()).joined(separator: "\n")
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

  /// Carries out one interactive command line, on the screen shown.
  func run(command line: String) async -> Reply {
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
      case "screen":
        return .output(try await show(argument))
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
            "error: rule needs a message and a rule, such as rule titleForHeader always "
              + "viewModel.")
        }
        return .output(try changeRule(String(name), rule))
      case "add", "delete":
        guard case .todo = shown else {
          return .error("error: \(word) works on the to-do screen; type 'screen todo' first.")
        }
        if word == "add" {
          guard !argument.isEmpty else { return .error("error: add needs the text of the to-do.") }
          try screen.add(argument)
          return .output(frameAfterCommand("add \"\(argument)\""))
        }
        guard let row = Self.parseRow(argument, section: screen.viewModel.itemsSection) else {
          return .error(
            "error: delete needs a to-do row as the frame labels it, such as 2 or 1.2; got "
              + "'\(argument)'.")
        }
        try screen.delete(row: row)
        return .output(frameAfterCommand("delete \(argument)"))
      case "select":
        try select(argument)
        return .output(frameAfterCommand("select \(argument)"))
      case "scroll":
        guard let number = Int(argument) else {
          return .error("error: scroll needs a whole number, got '\(argument)'.")
        }
        switch shown {
        case .todo: try screen.scroll(rows: number)
        case .feed(let feed): try await feed.scroll(rows: number)
        case .shelf(let shelf): try shelf.grid.scroll(by: Double(number) * 24)
        }
        return .output(frameAfterCommand("scroll \(number)"))
      default:
        return .error("error: unknown command '\(word)'. Type 'help' for the commands.")
      }
    } catch {
      return .error("error: \(error)")
    }
  }

  /// Taps the row `text` names on the screen shown.
  private func select(_ text: String) throws {
    switch shown {
    case .todo:
      guard let row = Self.parseRow(text, section: screen.viewModel.itemsSection) else {
        throw DemoError(
          "select needs a to-do row as the frame labels it, such as 2 or 1.2; got '\(text)'.")
      }
      try screen.select(row: row)
    case .feed(let feed):
      try feed.list.tapRow(at: try Self.indexPath(text))
    case .shelf(let shelf):
      try shelf.grid.tapItem(at: try Self.indexPath(text))
    }
  }

  private func errorLines() -> [String] {
    let errors =
      switch shown {
      case .todo: screen.errors
      case .feed(let feed): feed.list.diagnostics
      case .shelf(let shelf): shelf.errors
      }
    return errors.map { "list error: \($0)" }
  }

  /// The frame after an interactive command, then what the observers saw during it and the
  /// errors the list reported.
  private func frameAfterCommand(_ caption: String) -> String {
    ([shownFrame(caption)] + takeObserved() + errorLines()).joined(separator: "\n")
  }
}
