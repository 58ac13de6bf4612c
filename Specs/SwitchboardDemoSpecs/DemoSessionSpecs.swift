import Foundation
import SwitchboardLists
import SwitchboardTesting
import Testing

@testable import switchboard_demo

@MainActor
@Suite("switchboard-demo")
struct DemoSessionSpecs {

  @MainActor
  @Suite("the scripted session")
  struct Scripted {
    let output: String

    init() async throws {
      output = try await DemoSession.scripted()
    }

    @Test("it shows a shelf on the collection host, and a tap moves a book to the front")
    func showsTheShelfOnTheCollectionHost() {
      #expect(output.contains("Switchboard demo: a shelf on the collection host"))
      #expect(
        output.contains("supplementaryView → view (ShelfScreen), by rule 'first implementer'"))
      #expect(output.contains("│   [0.0] Middlemarch     [0.1] Emma            [0.2] Dune │"))
      #expect(output.contains("│   [0.0] Beloved         [0.1] Middlemarch     [0.2] Emma │"))
      #expect(!output.contains("list error"))
    }

    @Test("it prints the routing table with each message's handler and rule")
    func printsRoutingTable() {
      #expect(
        output.contains(
          "│ message               │ handler                                   │ rule              │"
        ))
      #expect(
        output.contains(
          "│ cellForRow            │ viewModel (SectionedDataSource<ListView>) │ always viewModel  │"
        ))
      #expect(
        output.contains(
          "│ numberOfRows          │ viewModel (SectionedDataSource<ListView>) │ first implementer │"
        ))
      #expect(
        output.contains(
          "│ didSelectRow          │ view (TodoScreen)                         │ only view         │"
        ))
    }

    @Test("it prints the expected rows after each step")
    func printsFrames() throws {
      let todo = try #require(
        output.components(separatedBy: "Switchboard demo: a paginated feed").first)
      let frames = todo.components(separatedBy: "┌─ ").dropFirst().map { "┌─ " + $0 }
      try #require(frames.count == 6)
      #expect(frames[0].contains("1. loaded") && frames[0].contains("[1.0] ○ Buy milk"))
      #expect(
        frames[1].contains("[1.6] ○ Water the plants"),
        "the frame after adding shows the added to-do")
      #expect(frames[2].contains("scroll to the top") && frames[2].contains("offset 0 of"))
      #expect(frames[3].contains("[1.0] ✓ Buy milk"), "selecting row 0 toggles it")
      #expect(frames[4].contains("[1.3] ○ Book the dentist"))
      #expect(
        frames[5].contains("-- 6 items, 1 done --") && !frames[5].contains("○ Book the dentist"))
    }

    @Test("every frame shows something the one before did not")
    func everyFrameShowsAChange() throws {
      let todo = try #require(
        output.components(separatedBy: "Switchboard demo: a paginated feed").first)
      let bodies = todo.components(separatedBy: "┌─ ").dropFirst().map { frame in
        frame.split(separator: "\n").dropFirst().filter { $0.hasPrefix("│") }
          .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
      }
      for (index, pair) in zip(bodies, bodies.dropFirst()).enumerated() {
        #expect(pair.0 != pair.1, "frame \(index + 2) shows the same rows as frame \(index + 1)")
      }
    }

    @Test("it explains the routes it exercises and reports no list error")
    func explainsRoutes() {
      #expect(output.contains("  didSelectRow → view (TodoScreen), by rule 'only view'"))
      #expect(
        output.contains(
          "  commitEdit → viewModel (SectionedDataSource<ListView>), by rule 'first implementer'"))
      #expect(!output.contains("list error"))
    }

    @Test("it prints what its observers saw: a tap after the view, an edit before the model")
    func printsObservedEvents() {
      #expect(output.contains("  observed didSelectRow [1.0], after the view handled it"))
      #expect(
        output.contains("  observed commitEdit delete [1.3], before the view model handles it"))
    }

    @Test("its output is the same on every run")
    func isDeterministic() async throws {
      #expect(try await DemoSession.scripted() == output)
    }

    @Test("it pages the feed in, with every row kind, until everything is loaded")
    func pagesTheFeed() throws {
      let feed = try #require(
        output.components(separatedBy: "Switchboard demo: a paginated feed").last)
      #expect(
        feed.contains(
          "cellForRow → view (VisitorDataSource<ListView, FeedRow>), by rule 'always view'"))
      #expect(
        feed.contains("willDisplayRow → viewModel (FeedViewModel), by rule 'first implementer'"))
      // The first page's trigger rows are visible at once, so the second page is prefetched.
      #expect(feed.contains("feed opened: 8 rows, idle"))
      #expect(feed.contains("scrolled to the end, the next page came in: 10 rows, all in"))
      #expect(feed.contains("scrolled to the new end: 10 rows, all in"))
      #expect(!feed.contains("failed"))
      #expect(feed.contains("✎ Ada: note #0"))
      #expect(feed.contains("▣ photo: view #2"))
      #expect(feed.contains("★ sponsored by Sponsor 9"))
    }
  }

  @MainActor
  @Suite("the interactive session")
  struct Interactive {
    let session: DemoSession

    init() throws {
      session = try DemoSession()
    }

    @Test("add puts a to-do at the end of the list")
    func addsATodo() throws {
      guard case .output(let text) = session.run(command: "add Tea") else {
        Issue.record("add did not answer with output")
        return
      }
      #expect(text.contains("1. add \"Tea\""))
      #expect(session.screen.viewModel.items.last?.title == "Tea")
      try session.screen.list.scrollToBottom()
      #expect(session.screen.list.visibleTexts.contains("○ Tea"))
    }

    @Test("select and delete act on to-do rows; scroll moves the window")
    func selectsDeletesScrolls() {
      guard case .output(let selected) = session.run(command: "select 1") else {
        Issue.record("select printed no frame")
        return
      }
      #expect(session.screen.viewModel.items[1].isDone)
      #expect(selected.contains("observed didSelectRow [1.1], after the view handled it"))
      _ = session.run(command: "delete 0")
      #expect(session.screen.viewModel.items.map(\.title).first == "Walk the dog")
      _ = session.run(command: "scroll 2")
      #expect(session.screen.list.contentOffset == 48)
    }

    @Test("routes prints the routing table, and quit ends the session")
    func routesAndQuit() {
      guard case .output(let table) = session.run(command: "routes") else {
        Issue.record("routes did not answer with output")
        return
      }
      #expect(table.contains("cellForRow"))
      #expect(session.run(command: "quit") == .quit)
    }

    @Test(
      "a bad command is rejected with a clear message",
      arguments: [
        ("frobnicate", "error: unknown command 'frobnicate'. Type 'help' for the commands."),
        ("select x", "error: select needs a whole number, got 'x'."),
        ("scroll", "error: scroll needs a whole number, got ''."),
        ("add", "error: add needs the text of the to-do."),
        ("select 42", "error: Row 42 of section 1 does not exist: section 1 has 6 rows."),
      ])
    func rejectsBadCommands(command: String, message: String) {
      #expect(session.run(command: command) == .error(message))
    }
  }
}
