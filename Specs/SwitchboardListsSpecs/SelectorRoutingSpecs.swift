import Foundation
import Switchboard
import SwitchboardLists
import Testing

// SelectorRouting is what TableViewProxy and CollectionViewProxy decide, without UIKit: these
// specs drive it with stand-ins for the Objective-C runtime (an object that lists the selectors
// it implements) and for UIKit's own protocols.

/// Answers `responds(to:)` from a list of selectors, as an `NSObject` would.
protocol RespondsToSelectors: AnyObject {
  nonisolated var selectors: Set<String> { get }
}

func respondsTo(_ selector: String, _ handler: AnyObject) -> Bool {
  (handler as? any RespondsToSelectors)?.selectors.contains(selector) ?? false
}

/// A stand-in for `UITableView`: its handlers implement a message by adopting its capability or
/// by implementing the platform selector, as `UITableView`'s conformance answers.
@MainActor
final class TableStandIn: ListHost {
  typealias Cell = ListCell
  nonisolated static func handler(_ handler: AnyObject, implements message: ListMessage) -> Bool {
    ListSelectorTable.tableView.handler(
      handler, implements: message, on: TableStandIn.self, respondsTo: respondsTo)
  }
  func dequeueCell(of cellType: ListCell.Type, for indexPath: IndexPath) throws(ListViewError)
    -> ListCell
  { cellType.init(reuseIdentifier: nil) }
  func apply(_ update: ListUpdate) throws(ListViewError) {}
  var needsMoreContent: Bool { false }
}

/// A stand-in for `UITableViewDataSource`'s own method.
@MainActor
protocol PlatformDataSource: AnyObject {
  func tableView(cellForRowAt indexPath: IndexPath) -> ListCell
}

/// A view controller that implements UIKit's methods, as it would for UIKit directly.
@MainActor
final class PlatformScreen: RespondsToSelectors, PlatformDataSource {
  nonisolated let selectors: Set<String> = [
    "tableView:cellForRowAtIndexPath:", "scrollViewDidScroll:",
    "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:",
  ]
  var cellsMade = 0
  func tableView(cellForRowAt indexPath: IndexPath) -> ListCell {
    cellsMade += 1
    let cell = ListCell(reuseIdentifier: nil)
    cell.text = "row \(indexPath.row)"
    return cell
  }
}

/// A view model that adopts Switchboard's host-free capabilities only.
@MainActor
final class CountingModel: ListRowCounting, ListDidSelectHandling {
  typealias Host = TableStandIn
  var selected: [IndexPath] = []
  func numberOfRows(inSection section: Int) -> Int { 3 }
  func didSelectRow(at indexPath: IndexPath, in host: TableStandIn) { selected.append(indexPath) }
}

/// A cell provider written for Switchboard: it adopts the host-typed capability.
@MainActor
final class CellMaker: ListCellProviding {
  let name: String
  var made = 0
  init(_ name: String) { self.name = name }
  func cellForRow(at indexPath: IndexPath, in host: TableStandIn) throws -> ListCell {
    made += 1
    let cell = ListCell(reuseIdentifier: nil)
    cell.text = "\(name) \(indexPath.row)"
    return cell
  }
}

/// A stand-in for `UITableViewDelegate`'s own selection method.
@MainActor
protocol PlatformSelecting: AnyObject {
  func tableView(didSelectRowAt indexPath: IndexPath)
}

/// Follows selection through UIKit's method only.
@MainActor
final class SelectionWatcher: RespondsToSelectors, PlatformSelecting {
  nonisolated let selectors: Set<String> = ["tableView:didSelectRowAtIndexPath:"]
  var selected: [IndexPath] = []
  func tableView(didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
}

/// A handler that scrolls, added later.
@MainActor
final class ScrollWatcher: RespondsToSelectors {
  nonisolated let selectors: Set<String> = [
    "scrollViewDidScroll:", "scrollViewDidEndDecelerating:",
  ]
}

@MainActor
@Suite("SelectorRouting (the decisions of the UIKit proxies)")
struct SelectorRoutingSpecs {
  let screen = PlatformScreen()
  let model = CountingModel()
  let routing: SelectorRouting<TableStandIn>
  var errors: [String] = []

  init() {
    routing = SelectorRouting(
      proxy: ListProxy<TableStandIn>(view: screen, viewModel: model), selectors: .tableView,
      respondsTo: respondsTo)
  }

  func numberOfRows() -> Int {
    routing.ask(
      .numberOfRows, default: 0,
      { (model: any ListRowCounting) in model.numberOfRows(inSection: 0) },
      platform: { (_: any PlatformDataSource) -> Int? in nil })
  }

  func cell(at row: Int) throws -> ListCell {
    let path = IndexPath(item: row, section: 0)
    return try routing.ask(
      .cellForRow, default: ListCell(reuseIdentifier: "placeholder"),
      { (view: any ListCellProviding<TableStandIn>) in
        try view.cellForRow(at: path, in: TableStandIn())
      },
      platform: { (source: any PlatformDataSource) in source.tableView(cellForRowAt: path) })
  }

  @MainActor
  @Suite("describe: two kinds of handlers")
  struct TwoKindsOfHandlers {
    let spec = SelectorRoutingSpecs()

    @Test("it: a view model's capability answers its message")
    func capability() {
      #expect(spec.routing.responds(toSelector: "tableView:numberOfRowsInSection:"))
      #expect(spec.numberOfRows() == 3)
      #expect(
        spec.routing.explain(selector: "tableView:numberOfRowsInSection:").description
          == "tableView:numberOfRowsInSection: (numberOfRows) → viewModel (CountingModel), by "
          + "rule 'first implementer'")
    }

    @Test("it: a view controller's own UIKit method answers its message, as for UIKit directly")
    func platformMethod() throws {
      #expect(spec.routing.responds(toSelector: "tableView:cellForRowAtIndexPath:"))
      #expect(try spec.cell(at: 1).text == "row 1")
      #expect(spec.screen.cellsMade == 1)
      #expect(
        spec.routing.explain(selector: "tableView:cellForRowAtIndexPath:").target?.role == .view)
    }

    @Test("it: a notification reaches the view model's capability when the view has none")
    func notification() {
      spec.routing.proxy.rules[.didSelectRow] = .firstImplementer
      spec.routing.notify(
        .didSelectRow, IndexPath(item: 2, section: 0),
        { (view: any ListDidSelectHandling<TableStandIn>) in
          view.didSelectRow(at: IndexPath(item: 2, section: 0), in: TableStandIn())
        }, platform: { (_: any PlatformDataSource) -> Void? in nil })
      #expect(spec.model.selected == [IndexPath(item: 2, section: 0)])
    }
  }

  @MainActor
  @Suite("describe: the same message, asked row after row")
  struct AskedAgain {
    let spec: SelectorRoutingSpecs

    init() {
      spec = SelectorRoutingSpecs()
      // Cells come from the view by default; here, from whoever comes first.
      spec.routing.proxy.rules[.cellForRow] = .firstImplementer
    }

    @Test("it: reaches a Switchboard cell provider every time")
    func capabilityEveryTime() throws {
      let cells = CellMaker("swift")
      spec.routing.proxy.router.insert(cells, at: 0)
      for row in 0..<3 { #expect(try spec.cell(at: row).text == "swift \(row)") }
      #expect(cells.made == 3)
      #expect(spec.screen.cellsMade == 0)
    }

    @Test("it: reaches a view controller's UIKit method every time")
    func platformEveryTime() throws {
      for row in 0..<3 { #expect(try spec.cell(at: row).text == "row \(row)") }
      #expect(spec.screen.cellsMade == 3)
    }

    @Test(
      "context: a handler that takes the message over is added after many asks — the next ask reaches it"
    )
    func takenOver() throws {
      let first = CellMaker("first")
      spec.routing.proxy.router.insert(first, at: 0)
      _ = try (0..<3).map { try spec.cell(at: $0) }
      let second = CellMaker("second")
      spec.routing.proxy.router.insert(second, at: 0)
      #expect(try spec.cell(at: 0).text == "second 0")
      spec.routing.proxy.router.remove(second)
      #expect(try spec.cell(at: 0).text == "first 0")
      #expect(first.made == 4)
      #expect(second.made == 1)
    }

    @Test("context: the handler that answered is released — the next ask goes to the next one")
    func released() throws {
      var maker: CellMaker? = CellMaker("swift")
      spec.routing.proxy.router.insert(maker!, at: 0)
      #expect(try spec.cell(at: 0).text == "swift 0")
      #expect(try spec.cell(at: 1).text == "swift 1")
      maker = nil
      #expect(try spec.cell(at: 2).text == "row 2")
      #expect(spec.screen.cellsMade == 1)
    }

    @Test(
      "context: the handler a notification went to is released — the next one reaches the next implementer"
    )
    func notificationAfterRelease() {
      spec.routing.proxy.rules[.didSelectRow] = .firstImplementer
      var watcher: SelectionWatcher? = SelectionWatcher()
      spec.routing.proxy.router.insert(watcher!, at: 0)
      select(row: 0)
      #expect(watcher?.selected == [IndexPath(item: 0, section: 0)])
      watcher = nil
      select(row: 1)
      #expect(spec.model.selected == [IndexPath(item: 1, section: 0)])
    }

    /// Selects `row` as `TableViewProxy`'s `didSelectRowAt` does.
    func select(row: Int) {
      let path = IndexPath(item: row, section: 0)
      spec.routing.notify(
        .didSelectRow, path,
        { (view: any ListDidSelectHandling<TableStandIn>) in
          view.didSelectRow(at: path, in: TableStandIn())
        },
        platform: { (watcher: any PlatformSelecting) in watcher.tableView(didSelectRowAt: path) })
    }

    @Test("context: a broadcast reaches a Switchboard handler and a UIKit one, every time")
    func broadcastToBothKinds() {
      let watcher = SelectionWatcher()
      spec.routing.proxy.rules[.didSelectRow] = .broadcast
      spec.routing.proxy.router.add(watcher)
      for row in 0..<3 { select(row: row) }
      let rows = (0..<3).map { IndexPath(item: $0, section: 0) }
      #expect(spec.model.selected == rows)
      #expect(watcher.selected == rows)
    }
  }

  @MainActor
  @Suite("describe: selectors Switchboard does not model")
  struct Forwarding {
    let spec = SelectorRoutingSpecs()

    @Test("it: forwards them to the first implementer, and the proxy responds to them")
    func forwarded() {
      let swipe = "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:"
      #expect(spec.routing.responds(toSelector: swipe))
      #expect(spec.routing.forwardingTarget(forSelector: swipe) === spec.screen)
      #expect(
        spec.routing.explain(selector: swipe).description
          == "\(swipe) (forwarded) → view (PlatformScreen), by rule 'first implementer'")
    }

    @Test("it: never forwards a modeled selector: the proxy implements it itself")
    func modeledIsNotForwarded() {
      #expect(spec.routing.forwardingTarget(forSelector: "tableView:cellForRowAtIndexPath:") == nil)
    }

    @Test("it: a forwarding rule names the handler")
    func rule() {
      let watcher = ScrollWatcher()
      spec.routing.proxy.router.add(watcher, role: "scrolling")
      spec.routing.forwarded.rules["scrollViewDidScroll:"] = .always("scrolling")
      #expect(spec.routing.forwardingTarget(forSelector: "scrollViewDidScroll:") === watcher)
    }
  }

  @MainActor
  @Suite("describe: responds(to:)")
  struct RespondsTo {
    let spec = SelectorRoutingSpecs()

    @Test("it: is false for a modeled message nobody implements, so UIKit uses its default")
    func modeledNobody() {
      #expect(!spec.routing.responds(toSelector: "tableView:heightForRowAtIndexPath:"))
    }

    @Test("it: is false for a selector nobody implements")
    func forwardedNobody() {
      #expect(!spec.routing.responds(toSelector: "tableView:didHighlightRowAtIndexPath:"))
    }

    @Test("it: is true for the proxy object's own methods, without remembering them")
    func ownMethods() {
      #expect(spec.routing.responds(toSelector: "description") { true })
      #expect(spec.routing.givenAnswers.isEmpty)
    }

    @Test("it: follows the rules: did-select goes to the view or nobody by default")
    func defaultRules() {
      #expect(!spec.routing.responds(toSelector: "tableView:didSelectRowAtIndexPath:"))
      spec.routing.proxy.rules[.didSelectRow] = .firstImplementer
      #expect(spec.routing.responds(toSelector: "tableView:didSelectRowAtIndexPath:"))
    }
  }

  @MainActor
  @Suite("describe: re-caching")
  struct Recaching {
    let spec = SelectorRoutingSpecs()

    @Test(
      "context: a handler is added that changes an answer given — it asks the view to re-cache once"
    )
    func handlerAdded() {
      var recached = 0
      spec.routing.onRecache = { recached += 1 }
      #expect(!spec.routing.responds(toSelector: "scrollViewDidEndDecelerating:"))
      let watcher = ScrollWatcher()
      spec.routing.proxy.router.add(watcher)
      #expect(recached == 1)
      #expect(spec.routing.responds(toSelector: "scrollViewDidEndDecelerating:"))
      #expect(spec.routing.recacheCount == 1)
    }

    @Test("context: a rule changes a modeled answer given — it asks the view to re-cache")
    func ruleChanged() {
      var recached = 0
      spec.routing.onRecache = { recached += 1 }
      #expect(!spec.routing.responds(toSelector: "tableView:didSelectRowAtIndexPath:"))
      spec.routing.proxy.rules[.didSelectRow] = .firstImplementer
      #expect(recached == 1)
    }

    @Test("context: a change leaves every answer given as it was — nothing is re-cached")
    func noChange() {
      var recached = 0
      spec.routing.onRecache = { recached += 1 }
      #expect(spec.routing.responds(toSelector: "tableView:numberOfRowsInSection:"))
      #expect(spec.routing.responds(toSelector: "scrollViewDidScroll:"))
      spec.routing.proxy.router.add(ScrollWatcher(), retention: .strong)  // scrolls, but later
      spec.routing.proxy.rules[.heightForRow] = .blocked
      #expect(recached == 0)
    }

    @Test("context: the handler behind an answer is released — the view re-caches")
    func released() {
      var screen: PlatformScreen? = PlatformScreen()
      let routing = SelectorRouting(
        proxy: ListProxy<TableStandIn>(
          view: screen!, viewModel: CountingModel(), viewModelRetention: .strong),
        selectors: .tableView, respondsTo: respondsTo)
      var recached = 0
      routing.onRecache = { recached += 1 }
      #expect(routing.responds(toSelector: "scrollViewDidScroll:"))
      screen = nil
      #expect(routing.forwardingTarget(forSelector: "scrollViewDidScroll:") == nil)
      #expect(recached == 1)
      #expect(
        routing.givenAnswers.first { $0.selector == "scrollViewDidScroll:" }?.responds == false)
    }
  }

  @MainActor
  @Suite("describe: problems")
  struct Problems {
    @Test(
      "it: a required message nobody handles is reported with the handlers, and answered with the default"
    )
    func requiredMissing() {
      let model = CountingModel()
      let watcher = ScrollWatcher()
      let routing = SelectorRouting(
        proxy: ListProxy<TableStandIn>(view: watcher, viewModel: model),
        selectors: .tableView, respondsTo: respondsTo)
      var reported: [String] = []
      routing.onError = { reported.append("\($0)") }
      let cell = routing.ask(
        .cellForRow, default: ListCell(reuseIdentifier: "placeholder"),
        { (view: any ListCellProviding<TableStandIn>) in ListCell(reuseIdentifier: nil) },
        platform: { (_: any PlatformDataSource) -> ListCell? in nil })
      #expect(cell.reuseIdentifier == "placeholder")
      #expect(reported.count == 1)
      #expect(reported.first?.contains("No handler answers cellForRow") == true)
      #expect(reported.first?.contains("view (ScrollWatcher) ✗") == true)
      #expect(routing.errors.count == 1)
    }

    @Test("it: validate names a forwarded rule that cannot route")
    func forwardedRule() throws {
      let spec = SelectorRoutingSpecs()
      spec.routing.forwarded.rules["scrollViewDidScroll:"] = .broadcast
      let error = try #require(throws: SelectorRoutingError.self) { try spec.routing.validate() }
      guard case .forwarded(let forwarding) = error else {
        Issue.record("expected a forwarding error, got \(error)")
        return
      }
      #expect(forwarding.name == "scrollViewDidScroll:")
    }

    @Test("it: validate names a required message nobody handles")
    func requiredMessage() throws {
      let (watcher, model) = (ScrollWatcher(), CountingModel())
      let routing = SelectorRouting(
        proxy: ListProxy<TableStandIn>(view: watcher, viewModel: model),
        selectors: .tableView, respondsTo: respondsTo)
      let error = try #require(throws: SelectorRoutingError.self) { try routing.validate() }
      #expect(error.description.contains("cellForRow"))
      #expect(error.description.contains("view (ScrollWatcher)"))
    }

    @Test("it: passes validation when every route works")
    func valid() throws {
      let spec = SelectorRoutingSpecs()
      try spec.routing.validate()
    }
  }

  @MainActor
  @Suite("describe: the routing table")
  struct Table {
    @Test("it: lists every modeled selector, then the forwarded ones asked for")
    func table() {
      let spec = SelectorRoutingSpecs()
      _ = spec.routing.responds(toSelector: "scrollViewDidScroll:")
      let table = spec.routing.routingTable
      #expect(table.modeled.count == 18)
      #expect(table.forwarded.map(\.selector) == ["scrollViewDidScroll:"])
      #expect(table["scrollViewDidScroll:"]?.target?.role == .view)
      let lines = table.description.split(separator: "\n").map(String.init)
      #expect(lines.first == "UITableView routes:")
      #expect(
        lines.contains(
          "  tableView:cellForRowAtIndexPath: (cellForRow) → view (PlatformScreen), by rule "
            + "'always view'"))
      #expect(
        lines.last
          == "  scrollViewDidScroll: (forwarded) → view (PlatformScreen), by rule 'first implementer'"
      )
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
    #expect(table.description == "UICollectionView: 12 selectors")
  }

  @Test("a handler implements a message by capability or by the platform selector, not otherwise")
  @MainActor
  func handlerCheck() {
    let table = ListSelectorTable.tableView
    #expect(
      table.handler(CountingModel(), implements: .numberOfRows, on: TableStandIn.self) { _, _ in
        false
      })
    #expect(
      table.handler(
        PlatformScreen(), implements: .cellForRow, on: TableStandIn.self, respondsTo: respondsTo))
    #expect(
      !table.handler(
        PlatformScreen(), implements: .numberOfRows, on: TableStandIn.self, respondsTo: respondsTo))
    #expect(
      !ListSelectorTable.collectionView.handler(
        PlatformScreen(), implements: .cellForRow, on: TableStandIn.self, respondsTo: respondsTo))
  }
}
