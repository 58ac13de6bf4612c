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
    // Observers, not handlers: they see taps and edits without being routed anything.
    observations = [
      screen.proxy.observe(.didSelectRow) { [unowned self] indexPath in
        observed.append("observed didSelectRow \(Self.name(indexPath)), after the view handled it")
      },
      screen.proxy.observe(.commitEdit, timing: .beforeHandler) { [unowned self] style, indexPath in
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

  /// The routing table: message, handler, rule.
  func routingTable() -> String {
    let rows = screen.proxy.routingTable.rows.map { [$0.name, $0.targetSummary, $0.rule] }
    return TerminalText.table(["message", "handler", "rule"], rows)
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
    out.append(
      "The list asks one ListProxy; the proxy routes each message to the view (TodoScreen, taps) "
        + "or the view model (a SectionedDataSource of two section objects: cells, counts, titles, "
        + "edits).")
    out.append("")
    out.append("Routing table")
    out.append(routingTable())
    out.append("")
    out.append(frame("loaded"))
    out.append(explain(.numberOfRows))
    out.append(explain(.cellForRow))

    try screen.add("Water the plants")
    out.append(frame("add \"Water the plants\": scrolled to the new last row"))
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
    out.append(contentsOf: errorLines())
    return out.joined(separator: "\n")
  }

  // MARK: Interactive mode

  /// The commands ``run(command:)`` understands.
  static let help = """
    Commands:
      add <text>     add a to-do (types it into the input row and taps it)
      select <row>   tap the to-do at <row> (0-based), which toggles it
      delete <row>   swipe the to-do at <row> away
      scroll <n>     scroll by <n> rows (negative scrolls up)
      routes         print the routing table
      help           print this list
      quit           leave
    """

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
      case "add":
        guard !argument.isEmpty else { return .error("error: add needs the text of the to-do.") }
        try screen.add(argument)
        return .output(frame("add \"\(argument)\"") + errorText())
      case "select", "delete", "scroll":
        guard let number = Int(argument) else {
          return .error("error: \(word) needs a whole number, got '\(argument)'.")
        }
        switch word {
        case "select": try screen.select(row: number)
        case "delete": try screen.delete(row: number)
        default: try screen.scroll(rows: number)
        }
        return .output(
          ([frame("\(word) \(number)")] + takeObserved()).joined(separator: "\n") + errorText())
      default:
        return .error("error: unknown command '\(word)'. Type 'help' for the commands.")
      }
    } catch {
      return .error("error: \(error)")
    }
  }

  private func errorLines() -> [String] {
    screen.errors.map { "list error: \($0)" }
  }

  private func errorText() -> String {
    errorLines().map { "\n" + $0 }.joined()
  }
}
