import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// What TableViewProxy decides, driven through the UIKit model as UIKit drives it.

/// A view model with Switchboard's host-free capabilities and a selection capability for the
/// model's table.
@MainActor
final class CountingModel: ListRowCounting, ListDidSelectHandling {
  var selected: [IndexPath] = []
  func numberOfRows(inSection section: Int) -> Int { 3 }
  func didSelectRow(at indexPath: IndexPath, in host: ModelHost) { selected.append(indexPath) }
}

/// A cell provider written for Switchboard.
@MainActor
final class CellMaker: ListCellProviding {
  let name: String
  var made = 0
  init(_ name: String) { self.name = name }
  func cellForRow(at indexPath: IndexPath, in host: ModelHost) throws -> ModelCell {
    made += 1
    let cell = ModelCell(dequeued: true)
    cell.text = "\(name) \(indexPath.row)"
    return cell
  }
}

private let cells = "tableView:cellForRowAtIndexPath:"
private let rows = "tableView:numberOfRowsInSection:"
private let select = "tableView:didSelectRowAtIndexPath:"
private let swipe = "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:"
private let scroll = "scrollViewDidScroll:"
private let inset = "scrollViewDidChangeAdjustedContentInset:"
private let highlight = "tableView:didHighlightRowAtIndexPath:"
private let primaryAction = "tableView:performPrimaryActionForRowAtIndexPath:"

/// A table whose view controller makes cells and swipe actions with UIKit's own methods and
/// scrolls, and whose view model counts rows.
@MainActor
struct TableScreen {
  let table = ModelTableView()
  let turns = ModelTurns()
  let screen = Recorder([cells, swipe, scroll], answers: [swipe: "swipe actions"])
  let model = CountingModel()
  let proxy: ModelProxy

  init(rules: RoutingRules<ListMessage> = [:]) {
    proxy = ModelProxy.attach(
      to: table, view: screen, viewModel: model, rules: rules, turns: turns)
  }

  func cell(at row: Int) -> ModelCell? {
    table.send(cells, [IndexPath(item: row, section: 0)]) as? ModelCell
  }
}

@MainActor
@Suite("TableViewProxy's routing, on the UIKit model")
struct ListRoutingSpecs {
  @MainActor
  @Suite("describe: two kinds of handlers")
  struct TwoKindsOfHandlers {
    let spec = TableScreen()

    @Test("it: a view model's Switchboard capability answers its message")
    func capability() {
      #expect(spec.table.cachedAnswer(rows))
      #expect(spec.table.send(rows, [0]) as? Int == 3)
      #expect(
        spec.proxy.explain(.numberOfRows).description
          == "numberOfRows → viewModel (CountingModel), by rule 'first implementer'")
    }

    @Test("it: a view controller's own UIKit method answers its message, as for UIKit directly")
    func platformMethod() {
      spec.screen.answers[cells] = ModelCell(dequeued: true)
      #expect(spec.cell(at: 1)?.dequeued == true)
      #expect(spec.screen.received == [cells])
      #expect(spec.proxy.explain(.cellForRow).targets.first?.role == .view)
    }

    @Test("it: a notification reaches the view model's capability when the view has none")
    func notification() {
      let spec = TableScreen(rules: [.didSelectRow: .firstImplementer])
      spec.table.send(select, [IndexPath(item: 2, section: 0)])
      #expect(spec.model.selected == [IndexPath(item: 2, section: 0)])
    }
  }

  @MainActor
  @Suite("describe: the same message, asked row after row")
  struct AskedAgain {
    let spec = TableScreen(rules: [.cellForRow: .firstImplementer])

    @Test("it: reaches a Switchboard cell provider every time")
    func capabilityEveryTime() {
      let maker = CellMaker("swift")
      spec.proxy.insert(maker, at: 0)
      for row in 0..<3 { #expect(spec.cell(at: row)?.text == "swift \(row)") }
      #expect(maker.made == 3)
      #expect(spec.screen.received.isEmpty)
    }

    @Test("it: reaches a view controller's UIKit method every time")
    func platformEveryTime() {
      spec.screen.answers[cells] = ModelCell(dequeued: true)
      for row in 0..<3 { _ = spec.cell(at: row) }
      #expect(spec.screen.received == [cells, cells, cells])
    }

    @Test("context: a handler that takes the message over is added — the next ask reaches it")
    func takenOver() {
      let first = CellMaker("first")
      spec.proxy.insert(first, at: 0)
      for row in 0..<3 { _ = spec.cell(at: row) }
      let second = CellMaker("second")
      spec.proxy.insert(second, at: 0)
      #expect(spec.cell(at: 0)?.text == "second 0")
      spec.proxy.remove(second)
      #expect(spec.cell(at: 0)?.text == "first 0")
      #expect(first.made == 4)
      #expect(second.made == 1)
    }

    @Test("context: the handler that answered is released — the next ask goes to the next one")
    func released() {
      var maker: CellMaker? = CellMaker("swift")
      spec.proxy.insert(maker!, at: 0)
      #expect(spec.cell(at: 0)?.text == "swift 0")
      maker = nil
      spec.screen.answers[cells] = ModelCell(dequeued: true)
      #expect(spec.cell(at: 1)?.dequeued == true)
      #expect(spec.screen.received == [cells])
      #expect(spec.table.failures.isEmpty)
    }

    @Test("context: a broadcast reaches a Switchboard handler and a UIKit one, every time")
    func broadcastToBothKinds() {
      let watcher = Recorder([select])
      spec.proxy.rules[.didSelectRow] = .broadcast
      spec.proxy.add(watcher)
      spec.turns.endTurn()
      #expect(spec.table.cachedAnswer(select), "a handler now implements it: UIKit was told")
      let paths = (0..<3).map { IndexPath(item: $0, section: 0) }
      for path in paths { spec.table.send(select, [path]) }
      #expect(spec.model.selected == paths)
      #expect(watcher.received == [select, select, select])
    }
  }

  @MainActor
  @Suite("describe: selectors Switchboard does not model")
  struct Forwarding {
    let spec = TableScreen()

    @Test("it: go straight to their one handler, and the proxy answers them")
    func forwarded() {
      #expect(spec.table.cachedAnswer(swipe))
      #expect(spec.proxy.forwardingTarget(swipe) === spec.screen)
      #expect(
        spec.table.send(swipe, [IndexPath(item: 0, section: 0)]) as? String == "swipe actions")
      #expect(spec.proxy.invocations.isEmpty, "no Objective-C invocation on the fast path")
      #expect(
        spec.proxy.router.explain(named: swipe).description
          == "\(swipe) → view (Recorder), by rule 'first implementer'")
    }

    @Test("it: never forwards a modeled selector: the proxy implements it itself")
    func modeledIsNotForwarded() {
      #expect(spec.proxy.forwardingTarget(cells) == nil)
    }

    @Test("it: a rule by selector names the handler")
    func rule() {
      let watcher = Recorder([scroll])
      spec.proxy.add(watcher, role: "scrolling")
      spec.proxy.rules[named: scroll] = .always("scrolling")
      #expect(spec.proxy.forwardingTarget(scroll) === watcher)
    }

    @Test("it: a broadcast rule delivers a method that returns nothing to every implementer")
    func multicast() {
      let second = Recorder([scroll])
      spec.proxy.add(second)
      spec.proxy.rules[named: scroll] = .broadcast
      #expect(spec.proxy.forwardingTarget(scroll) == nil, "several targets: forwardInvocation")
      spec.table.send(scroll, ["scroll view"])
      #expect(spec.screen.received == [scroll])
      #expect(second.received == [scroll])
      #expect(spec.proxy.errors.isEmpty)
    }

    @Test("it: a broadcast rule for a method that returns a value is reported at once")
    func broadcastOfValue() {
      let table = ModelTableView()
      let screen = Recorder([cells, swipe])
      let proxy = ModelProxy.attach(
        to: table, view: screen, viewModel: CountingModel(), viewModelRetention: .strong,
        rules: {
          var rules = RoutingRules<ListMessage>()
          rules[named: swipe] = .broadcast
          return rules
        }(),
        turns: ModelTurns())
      #expect(proxy.errors.contains { $0.contains(swipe) && $0.contains("returns a value") })
    }

    @Test(
      "context: a handler implements a selector no protocol declares (a custom layout's) — it is forwarded, and answered after the handler is gone"
    )
    func undeclared() {
      let custom = "collectionView:layout:heightForItemAtIndexPath:"
      var layoutDelegate: Recorder? = Recorder([custom], answers: [custom: 120.0])
      spec.proxy.add(layoutDelegate!)
      #expect(spec.proxy.responds(custom))
      #expect(spec.proxy.forwardingTarget(custom) === layoutDelegate)
      #expect(spec.proxy.rememberedSignatures == [custom])
      layoutDelegate = nil
      #expect(spec.proxy.forwardingTarget(custom) == nil)
      #expect(spec.proxy.hasMethodSignature(custom), "its signature was kept")
      #expect(spec.proxy.forwardInvocation(custom, []) == nil)
      #expect(spec.proxy.invocations.last?.answeredZero == true)
    }

    @Test(
      "context: a selector no protocol declares, sent without asking first — its signature is kept all the same"
    )
    func undeclaredNeverAsked() {
      let custom = "collectionView:layout:heightForItemAtIndexPath:"
      var layoutDelegate: Recorder? = Recorder([custom], answers: [custom: 120.0])
      spec.proxy.add(layoutDelegate!)
      #expect(spec.proxy.forwardingTarget(custom) === layoutDelegate)
      #expect(spec.proxy.rememberedSignatures == [custom])
      layoutDelegate = nil
      #expect(spec.proxy.hasMethodSignature(custom), "its signature was kept")
    }

    @Test(
      "context: a notification whose handler is gone — reported once while UIKit sends it, and UIKit is told after the turn"
    )
    func notificationWhoseHandlerIsGone() {
      var highlighter: Recorder? = Recorder([highlight])
      spec.proxy.add(highlighter!)
      spec.proxy.rules[named: highlight] = .broadcast
      spec.turns.endTurn()
      #expect(spec.table.cachedAnswer(highlight))
      highlighter = nil
      for row in 0..<3 { spec.table.send(highlight, [IndexPath(item: row, section: 0)]) }
      let reports = spec.proxy.errors.filter { $0.contains(highlight) }
      #expect(reports.count == 1, "\(spec.proxy.errors)")
      spec.turns.endTurn()
      #expect(!spec.table.cachedAnswer(highlight), "UIKit was told, and stops sending it")
    }
  }

  @MainActor
  @Suite("describe: what the proxy tells UIKit it implements")
  struct RespondsTo {
    let spec = TableScreen()

    @Test(
      "it: no for a message returning a value that nobody implements, so UIKit uses its default")
    func valueNobody() {
      #expect(!spec.table.cachedAnswer("tableView:heightForRowAtIndexPath:"))
      #expect(!spec.table.cachedAnswer("tableView:viewForHeaderInSection:"))
    }

    @Test(
      "it: one policy: a notification, modeled or not, is answered only while a handler implements it or something observes it"
    )
    func onePolicy() {
      #expect(
        !spec.table.cachedAnswer(select),
        "did-select goes to the view, which does not implement it, so to nobody")
      #expect(!spec.table.cachedAnswer(highlight), "it would reach nobody through forwarding")
      #expect(!spec.table.cachedAnswer(inset))
      spec.table.send(highlight, [IndexPath(item: 0, section: 0)])
      #expect(spec.proxy.invocations.isEmpty, "UIKit does not send it")
      let observation = spec.proxy.observe(.didSelectRow) { _ in }
      spec.turns.endTurn()
      #expect(spec.table.cachedAnswer(select), "observed: answered, UIKit told after the turn")
      observation.cancel()
      spec.turns.endTurn()
      #expect(!spec.table.cachedAnswer(select), "no longer observed: no longer answered")
      #expect(spec.proxy.errors.isEmpty)
    }

    @Test("it: no for a notification whose presence changes the table, unless a handler has it")
    func presenceSensitive() {
      #expect(!spec.table.cachedAnswer(primaryAction))
      let observation = spec.proxy.observe(selector: primaryAction) { _ in }
      spec.turns.endTurn()
      #expect(
        !spec.table.cachedAnswer(primaryAction), "an observer alone does not change the table")
      observation.cancel()
      spec.proxy.add(Recorder([primaryAction]), retention: .strong)
      spec.turns.endTurn()
      #expect(spec.table.cachedAnswer(primaryAction))
    }

    @Test("it: yes for the proxy object's own methods, without remembering them")
    func ownMethods() {
      #expect(spec.proxy.routing.responds(toSelector: "description") { true })
    }
  }

  @MainActor
  @Suite("describe: observing")
  struct Observing {
    let spec = TableScreen()

    @Test("it: observers see a forwarded message before and after its handler")
    func beforeAndAfter() {
      var log: [String] = []
      spec.screen.onReceive = { log.append("screen \($0)") }
      let before = spec.proxy.observe(selector: scroll, beforeHandler: true) {
        log.append("before \($0)")
      }
      let after = spec.proxy.observe(selector: scroll) { log.append("after \($0)") }
      #expect(spec.proxy.forwardingTarget(scroll) == nil, "observed: forwardInvocation")
      spec.table.send(scroll, ["offset 12"])
      #expect(log == ["before [\"offset 12\"]", "screen \(scroll)", "after [\"offset 12\"]"])
      _ = (before, after)
    }

    @Test(
      "it: any method that returns nothing can be observed, even with no handler — the delegate (never the data source) is re-assigned after the turn"
    )
    func anyVoidSelector() {
      let assignments = spec.table.assignments.count
      let reloads = spec.table.reloads
      var seen: [[String]] = []
      let observation = spec.proxy.observe(selector: inset) { seen.append($0.map { "\($0)" }) }
      spec.turns.endTurn()
      #expect(spec.table.cachedAnswer(inset))
      spec.table.send(inset, ["table"])
      #expect(seen == [["table"]])
      observation.cancel()
      spec.turns.endTurn()
      #expect(!spec.table.cachedAnswer(inset))
      #expect(Array(spec.table.assignments.dropFirst(assignments)) == [.delegate, .delegate])
      #expect(spec.table.reloads == reloads, "the table never reloaded")
      #expect(spec.proxy.errors.isEmpty)
    }

    @Test(
      "it: a modeled notification nobody handles is answered while observed, and shown to observers"
    )
    func modeledNotification() {
      let deselect = "tableView:didDeselectRowAtIndexPath:"
      #expect(!spec.table.cachedAnswer(deselect), "nobody handles it: not answered")
      var deselected: [IndexPath] = []
      let observation = spec.proxy.observe(.didDeselectRow) { deselected.append($0) }
      spec.turns.endTurn()
      #expect(spec.table.cachedAnswer(deselect), "observed: answered, UIKit told after the turn")
      spec.table.send(deselect, [IndexPath(item: 1, section: 0)])
      #expect(deselected == [IndexPath(item: 1, section: 0)])
      observation.cancel()
      spec.turns.endTurn()
      #expect(!spec.table.cachedAnswer(deselect))
    }

    @Test("it: observers before and after the handler see the one arguments value it was sent")
    func argumentsBuiltOnce() {
      var built = 0
      func path() -> IndexPath {
        built += 1
        return IndexPath(item: built, section: 0)
      }
      func deselect() {
        spec.proxy.list.send(.didDeselectRow, path(), in: ModelHost()) {
          (_: any ModelObject) in
        }
      }
      deselect()
      #expect(built == 1)
      var seen: [String] = []
      let observations = [
        spec.proxy.observe(.didDeselectRow) { seen.append("after \($0.item)") },
        spec.proxy.list.proxy.observe(.didDeselectRow, beforeHandler: true) {
          seen.append("before \($0.item)")
        },
      ]
      deselect()
      #expect(built == 2, "built once for the handler and both observers")
      #expect(seen == ["before 2", "after 2"])
      _ = observations
    }
  }

  @MainActor
  @Suite("describe: problems")
  struct Problems {
    @Test("it: a required message nobody handles is reported with the handlers, answered empty")
    func requiredMissing() {
      let table = ModelTableView(.collection)
      let watcher = Recorder([scroll])
      let model = CountingModel()
      let proxy = ModelProxy.attach(
        to: table, view: watcher, viewModel: model, turns: ModelTurns())
      #expect(proxy.errors.count == 1, "the rule for cellForRow cannot work: reported at attach")
      let cell = table.send(gridCellSelector, [IndexPath(item: 0, section: 0)]) as? ModelCell
      #expect(cell?.dequeued == true, "a fallback the table accepts")
      #expect(table.crashes.isEmpty)
      #expect(proxy.errors.count == 2)
      #expect(
        proxy.errors.last?.contains("No handler answers cellForRow") == true
          && proxy.errors.last?.contains("view (Recorder) ✗") == true)
    }

    @Test("it: a setup whose every route works reports nothing")
    func valid() {
      let spec = TableScreen()
      spec.turns.endTurn()
      #expect(spec.proxy.errors.isEmpty)
    }
  }

  @MainActor
  @Suite("describe: the routing table")
  struct Table {
    @Test("it: lists every modeled message, then the selectors asked about or given a rule")
    func table() {
      let spec = TableScreen()
      let named = spec.proxy.routingTable.rows.filter { $0.message == nil }.map(\.name)
      #expect(named.contains(scroll))
      #expect(named.contains(swipe))
      #expect(
        spec.proxy.routingTable[named: swipe]?.description
          == "\(swipe) → view (Recorder), by rule 'first implementer'")
      #expect(spec.proxy.routingTable.rows.filter { $0.message != nil }.count == 19)
    }
  }
}

@Suite("ListSelectorTable")
struct ListSelectorTableSpecs {
  @Test("it spells every table message as UITableView's protocols do, both ways")
  func tableView() {
    let table = ListSelectorTable.tableView
    let expected: [ListMessage: String] = [
      .numberOfSections: "numberOfSectionsInTableView:",
      .numberOfRows: "tableView:numberOfRowsInSection:",
      .cellForRow: "tableView:cellForRowAtIndexPath:",
      .didSelectRow: "tableView:didSelectRowAtIndexPath:",
      .commitEdit: "tableView:commitEditingStyle:forRowAtIndexPath:",
      .prefetchRows: "tableView:prefetchRowsAtIndexPaths:",
    ]
    for (message, selector) in expected {
      #expect(table.selector(for: message) == selector)
      #expect(table.message(forSelector: selector) == message)
    }
    #expect(table.selector(for: .supplementaryView) == nil, "a table has no supplementary views")
    #expect(table.modeledMessages.count == 18)
    #expect(table.property(of: .prefetchRows) == .prefetchDataSource)
    #expect(table.property(of: .numberOfRows) == .dataSource)
    #expect(table.property(of: .didSelectRow) == .delegate)
  }

  @Test("it spells collection messages as UICollectionView's protocols do")
  func collectionView() {
    let table = ListSelectorTable.collectionView
    #expect(table.selector(for: .numberOfRows) == "collectionView:numberOfItemsInSection:")
    #expect(table.selector(for: .willSelectRow) == "collectionView:shouldSelectItemAtIndexPath:")
    #expect(
      table.message(forSelector: "collectionView:viewForSupplementaryElementOfKind:atIndexPath:")
        == .supplementaryView)
    #expect(table.selector(for: .titleForHeader) == nil)
    #expect(table.message(forSelector: "collectionView:layout:sizeForItemAtIndexPath:") == nil)
  }

  @Test("a handler implements a message by capability or by its own platform method only")
  @MainActor
  func handlerCheck() {
    let table = ListSelectorTable.tableView
    let runtime = ModelRuntime()
    #expect(
      table.handler(
        CountingModel(), implements: .numberOfRows, on: ModelHost.self, runtime: runtime))
    #expect(
      table.handler(
        Recorder([cells]), implements: .cellForRow, on: ModelHost.self, runtime: runtime))
    #expect(
      !table.handler(
        Recorder([cells]), implements: .numberOfRows, on: ModelHost.self, runtime: runtime))
    #expect(
      !table.handler(
        Recorder([], inherited: [rows]), implements: .numberOfRows, on: ModelHost.self,
        runtime: runtime),
      "inherited from UITableViewController only")
  }

  @Test("the suggestion for a misspelled selector is the nearest declared one, if near")
  func suggestions() {
    #expect(
      editDistance("tableView:viewForHeaderInSection", "tableView:viewForHeaderInSection:") == 1)
    #expect(editDistance("kitten", "sitting") == 3)
  }
}
