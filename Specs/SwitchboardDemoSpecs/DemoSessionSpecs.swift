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

    @Test("it opens with the screen, then one sentence of what goes where, with the default rules")
    func opensWithTheScreen() throws {
      let lines = output.components(separatedBy: "\n")
      #expect(lines[0] == "Switchboard demo: a to-do screen")
      #expect(lines[1].hasPrefix("┌─ 1. loaded"))
      let sentence = try #require(lines.first { $0.hasPrefix("One ListProxy answers the list") })
      #expect(
        sentence.contains("cellForRow, titleForHeader, didSelectRow to the view (TodoScreen)"))
      #expect(sentence.contains("numberOfRows"))
      #expect(output.contains("  cellForRow → view (TodoScreen), by rule 'always view'"))
      #expect(!output.contains("│ message "), "no routing table up front")
    }

    @Test("it prints the expected rows after each step")
    func printsFrames() throws {
      let todo = try #require(
        output.components(separatedBy: "Switchboard demo: a paginated feed").first)
      let frames = todo.components(separatedBy: "┌─ ").dropFirst().map { "┌─ " + $0 }
      try #require(frames.count == 7)
      #expect(frames[0].contains("1. loaded") && frames[0].contains("[1.0] ○ Buy milk"))
      #expect(
        frames[1].contains("[1.6] ○ Water the plants"),
        "the frame after adding shows the added to-do")
      #expect(frames[2].contains("scroll to the top") && frames[2].contains("offset 0 of"))
      #expect(frames[3].contains("[1.0] ✓ Buy milk"), "selecting row 0 toggles it")
      #expect(frames[4].contains("[1.3] ○ Book the dentist"))
      #expect(
        frames[5].contains("-- 6 items, 1 done --") && !frames[5].contains("○ Book the dentist"))
      #expect(
        frames[6].contains("rule titleForHeader always viewModel")
          && frames[6].contains("== To do == ")
          && !frames[6].contains("tap to toggle"),
        "moving titleForHeader to the view model shows its title")
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
          "  commitEdit → viewModel (TodoViewModel), by rule 'first implementer'"))
      #expect(!output.contains("list error"))
    }

    @Test("each observation is printed under the frame of the step that caused it")
    func observationsFollowTheirStep() throws {
      let lines = output.components(separatedBy: "\n")
      let observed = try #require(lines.firstIndex { $0.contains("observed didSelectRow [0.0]") })
      let captions = lines[..<observed].filter { $0.hasPrefix("┌─ ") }
      #expect(captions.last?.contains("add \"Water the plants\"") == true)
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
        feed.contains("willDisplayRow: no handler; the view model watches it through the proxy"))
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
    func addsATodo() async throws {
      guard case .output(let text) = await session.run(command: "add Tea") else {
        Issue.record("add did not answer with output")
        return
      }
      #expect(text.contains("1. add \"Tea\""))
      #expect(session.screen.viewModel.items.last?.title == "Tea")
      try session.screen.list.scrollToBottom()
      #expect(session.screen.list.visibleTexts.contains("○ Tea"))
    }

    @Test("select and delete act on to-do rows; scroll moves the window")
    func selectsDeletesScrolls() async {
      guard case .output(let selected) = await session.run(command: "select 1") else {
        Issue.record("select printed no frame")
        return
      }
      #expect(session.screen.viewModel.items[1].isDone)
      #expect(selected.contains("observed didSelectRow [1.1], after the view handled it"))
      _ = await session.run(command: "delete 0")
      #expect(session.screen.viewModel.items.map(\.title).first == "Walk the dog")
      _ = await session.run(command: "scroll 2")
      #expect(session.screen.list.contentOffset == 48)
    }

    @Test("select takes the row as the frame labels it, or its number among the to-dos")
    func selectTakesTheLabel() async {
      _ = await session.run(command: "select 1.2")
      #expect(session.screen.viewModel.items[2].isDone)
      _ = await session.run(command: "select 2")
      #expect(!session.screen.viewModel.items[2].isDone)
      #expect(
        await session.run(command: "select 0.0")
          == .error(
            "error: select needs a to-do row as the frame labels it, such as 2 or 1.2; got '0.0'."))
    }

    @Test("selecting a row scrolled out of view scrolls to it, so the frame shows the change")
    func selectingOffscreenShowsIt() async throws {
      guard case .output(let text) = await session.run(command: "select 5") else {
        Issue.record("select printed no frame")
        return
      }
      #expect(text.contains("[1.5] ✓ Read a chapter"))
    }

    @Test("an observation is printed with the command that caused it")
    func observationWithItsCommand() async {
      guard case .output(let added) = await session.run(command: "add Tea") else {
        Issue.record("add printed nothing")
        return
      }
      #expect(added.contains("observed didSelectRow [0.0], after the view handled it"))
      guard case .output(let scrolled) = await session.run(command: "scroll 1") else {
        Issue.record("scroll printed nothing")
        return
      }
      #expect(!scrolled.contains("observed"))
    }

    @Test("explain says where a message goes and why")
    func explains() async {
      #expect(
        await session.run(command: "explain titleForHeader")
          == .output("  titleForHeader → view (TodoScreen), by rule 'first implementer'"))
      #expect(
        await session.run(command: "explain cellforrow")
          == .error("error: no list message is called 'cellforrow'. Did you mean cellForRow?"))
      guard case .error(let unknown) = await session.run(command: "explain nope") else {
        Issue.record("explain nope printed no error")
        return
      }
      #expect(
        unknown.hasPrefix("error: no list message is called 'nope'. Messages: numberOfSections"))
      #expect(
        await session.run(command: "explain")
          == .error("error: explain needs a list message, such as explain cellForRow."))
    }

    @Test("after 'rule didSelectRow blocked', a selection is observed as received by no handler")
    func selectionNobodyHandles() async {
      _ = await session.run(command: "rule didSelectRow blocked")
      guard case .output(let selected) = await session.run(command: "select 1") else {
        Issue.record("select printed no frame")
        return
      }
      #expect(selected.contains("observed didSelectRow [1.1], which no handler received"))
      #expect(!selected.contains("after the view handled it"))
    }

    @Test("rule moves a message to the other handler; the screen and explain change")
    func ruleMovesAMessage() async {
      guard
        case .output(let moved) = await session.run(command: "rule titleForHeader always viewModel")
      else {
        Issue.record("rule printed nothing")
        return
      }
      #expect(moved.contains("== To do =="))
      #expect(
        moved.contains("titleForHeader → viewModel (TodoViewModel), by rule 'always viewModel'"))
      guard case .output(let back) = await session.run(command: "rule titleForHeader default")
      else {
        Issue.record("rule printed nothing")
        return
      }
      #expect(back.contains("== To do · tap to toggle =="))
      #expect(back.contains("by rule 'first implementer'"))
    }

    @Test("a rule that cannot work is explained, and the demo goes on")
    func ruleThatCannotWork() async {
      guard case .output(let text) = await session.run(command: "rule titleForFooter always view")
      else {
        Issue.record("rule printed nothing")
        return
      }
      #expect(
        text.contains("rule 'always view' chose view (TodoScreen), which does not implement it"))
      guard case .output(let blocked) = await session.run(command: "rule cellForRow blocked") else {
        Issue.record("rule printed nothing")
        return
      }
      #expect(
        blocked.contains(
          "the list cannot reload: cellForRow: rule 'blocked' routes it to nobody (blocked by "
            + "rule), though view (TodoScreen) implements it."))
      #expect(blocked.contains("Fix: remove the rule for cellForRow"))
      #expect(
        await session.run(command: "rule cellForRow sideways")
          == .error(
            "error: 'sideways' is not a rule. Rules: first implementer, always view, always "
              + "viewModel, prefer view, prefer viewModel, only view, only viewModel, broadcast, "
              + "blocked, default."))
    }

    @Test("rules are spelled as explain prints them; a near miss gets a suggestion")
    func oneSpellingOfEachRule() async {
      guard case .output(let text) = await session.run(command: "rule titleForHeader only view")
      else {
        Issue.record("rule printed nothing")
        return
      }
      #expect(text.contains("titleForHeader → view (TodoScreen), by rule 'only view'"))
      #expect(
        await session.run(command: "rule titleForHeader first implementor")
          == .error("error: 'first implementor' is not a rule. Did you mean first implementer?"))
      for retired in ["nobody", "first", "viewModel"] {
        guard case .error = await session.run(command: "rule titleForHeader \(retired)") else {
          Issue.record("'\(retired)' is not how explain spells a rule, yet it was taken")
          continue
        }
      }
    }

    @Test("wide, long and emoji text keeps the frame's right edge in line")
    func wideText() async throws {
      _ = await session.run(command: "scroll -10")
      let texts = ["牛乳を買う", "Call 🧑‍🍳 about 🎂", String(repeating: "very long ", count: 12)]
      for text in texts {
        guard case .output(let frame) = await session.run(command: "add \(text)") else {
          Issue.record("add printed nothing")
          return
        }
        let rows = frame.components(separatedBy: "\n").filter {
          $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└")
        }
        let widths = Set(rows.map(TerminalText.columns))
        #expect(widths.count == 1, "\(text): rows of \(widths) columns")
        #expect(widths.allSatisfy { $0 <= 80 })
      }
    }

    @Test("the footer counts one item in the singular")
    func oneItem() throws {
      let model = TodoViewModel(items: [TodoItem("Tea")])
      #expect(model.titleForFooter(inSection: 1) == "1 item, 0 done")
    }

    @Test("routes prints the routing table, and quit ends the session")
    func routesAndQuit() async {
      guard case .output(let table) = await session.run(command: "routes") else {
        Issue.record("routes did not answer with output")
        return
      }
      #expect(table.contains("cellForRow"))
      #expect(await session.run(command: "quit") == .quit)
    }

    @Test(
      "a bad command is rejected with a clear message",
      arguments: [
        ("frobnicate", "error: unknown command 'frobnicate'. Type 'help' for the commands."),
        (
          "select x",
          "error: select needs a to-do row as the frame labels it, such as 2 or 1.2; got 'x'."
        ),
        ("scroll", "error: scroll needs a whole number, got ''."),
        ("add", "error: add needs the text of the to-do."),
        ("select 42", "error: Row 42 of section 1 does not exist: section 1 has 6 rows."),
      ])
    func rejectsBadCommands(command: String, message: String) async {
      #expect(await session.run(command: command) == .error(message))
    }
  }

  @Suite("interactive, on the feed and the shelf")
  @MainActor
  struct OtherScreens {
    let session: DemoSession

    init() throws { session = try DemoSession() }

    @Test("screen feed shows the first pages; scrolling down loads more, with no display method")
    func feedPagesAsItScrolls() async throws {
      guard case .output(let opened) = await session.run(command: "screen feed") else {
        Issue.record("screen printed nothing")
        return
      }
      #expect(opened.contains("screen feed · 8 rows, idle"))
      #expect(opened.contains("✎ Ada: note #0"))
      guard case .output(let scrolled) = await session.run(command: "scroll 5") else {
        Issue.record("scroll printed nothing")
        return
      }
      #expect(scrolled.contains("scroll 5 · 12 rows, idle"))
      #expect(scrolled.contains("★ sponsored by Sponsor 4"))
    }

    @Test("routes, explain and rule act on the screen shown")
    func routesFollowTheScreen() async throws {
      _ = await session.run(command: "screen shelf")
      #expect(
        await session.run(command: "explain supplementaryView")
          == .output("  supplementaryView → view (ShelfScreen), by rule 'first implementer'"))
      guard case .output(let blocked) = await session.run(command: "rule supplementaryView blocked")
      else {
        Issue.record("rule printed nothing")
        return
      }
      #expect(
        blocked.contains(
          "supplementaryView: rule 'blocked' routes it to nobody (blocked by rule), though view "
            + "(ShelfScreen) implements it."))
    }

    @Test("select on the shelf taps a book, which moves to the front of its shelf")
    func shelfSelect() async throws {
      _ = await session.run(command: "screen shelf")
      guard case .output(let tapped) = await session.run(command: "select 0.3") else {
        Issue.record("select printed nothing")
        return
      }
      #expect(tapped.contains("[0.0] Beloved"))
    }

    @Test("to-do commands say where they work; an unknown screen is named")
    func commandsSayWhereTheyWork() async throws {
      _ = await session.run(command: "screen feed")
      #expect(
        await session.run(command: "add Tea")
          == .error("error: add works on the to-do screen; type 'screen todo' first."))
      #expect(
        await session.run(command: "screen attic")
          == .error("error: screen needs todo, feed or shelf; got 'attic'."))
      guard case .output(let back) = await session.run(command: "screen todo") else {
        Issue.record("screen printed nothing")
        return
      }
      #expect(back.contains("Buy milk"))
    }
  }
}
