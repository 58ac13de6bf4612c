import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// The list proxies under iOS 18's rules, on the UIKit model (UIKitModel.swift): one dequeue per
// request, one data source, kept objects that stay kept, row counts UIKit agrees with, and the
// model's own rules.

private let rows = "tableView:numberOfRowsInSection:"
private let sections = "numberOfSectionsInTableView:"
private let cells = "tableView:cellForRowAtIndexPath:"
private let gridRows = "collectionView:numberOfItemsInSection:"
private let gridHeaders = "collectionView:viewForSupplementaryElementOfKind:atIndexPath:"
private let highlight = "tableView:didHighlightRowAtIndexPath:"

/// A grid cell provider that dequeues through Switchboard's typed helper, then does `then`.
@MainActor
final class DequeueingCells: ListCellProviding, ListSupplementaryViewProviding {
  struct ConfigurationFailed: Error {}
  enum Then { case throwAfterDequeue, dequeueAgain, returnAnother, returnIt }
  let then: Then
  init(_ then: Then) { self.then = then }

  func cellForRow(at indexPath: IndexPath, in host: ModelHost) throws -> ModelCell {
    let cell = try host.dequeueCell(ModelCell.self, for: indexPath)
    switch then {
    case .throwAfterDequeue: throw ConfigurationFailed()
    case .dequeueAgain: return try host.dequeueCell(ModelCell.self, for: indexPath)
    case .returnAnother: return ModelCell(dequeued: false)
    case .returnIt: return cell
    }
  }

  func supplementaryView(
    ofKind kind: SupplementaryKind, at indexPath: IndexPath, in host: ModelHost
  )
    throws -> ModelCell
  {
    _ = try host.dequeueSupplementaryView(ModelCell.self, ofKind: kind, for: indexPath)
    throw ConfigurationFailed()
  }
}

/// A view model whose row count the spec changes.
@MainActor
final class Rows: ListRowCounting {
  var count: Int
  init(_ count: Int) { self.count = count }
  func numberOfRows(inSection section: Int) -> Int { count }
}

/// A `UITableViewDiffableDataSource` in the model: it answers sections, rows and cells itself.
@MainActor
func makeDiffable(rows count: Int = 5) -> Recorder {
  Recorder(
    [sections, rows, cells],
    answers: [sections: 1, rows: count, cells: ModelCell(dequeued: true)])
}

@MainActor
@Suite("The list proxies under iOS 18's rules, on the UIKit model")
struct IOS18RuleSpecs {
  let turns = ModelTurns()
  let path = IndexPath(item: 0, section: 0)
  /// A view controller that makes cells, kept alive by the spec (a proxy holds its view weakly).
  let screen = makeScreen()

  @MainActor
  @Suite("describe: one dequeue per request (a collection view since iOS 18)")
  struct OneDequeue {
    let spec = IOS18RuleSpecs()
    let grid = ModelTableView(.collection)

    /// Attaches `cells` as the view (held weakly: each spec keeps it alive).
    func attach(_ cells: DequeueingCells) -> ModelProxy {
      ModelProxy.attach(
        to: grid, view: cells, viewModel: RowsModel(rows: 1), viewModelRetention: .strong,
        turns: spec.turns)
    }

    @Test("context: the cell provider throws after it dequeued — that cell is the answer")
    func throwsAfterDequeue() {
      let cells = DequeueingCells(.throwAfterDequeue)
      let proxy = attach(cells)
      defer { withExtendedLifetime(cells) {} }
      let cell = grid.send(gridCellSelector, [spec.path]) as? ModelCell
      #expect(grid.crashes.isEmpty)
      #expect(cell?.dequeued == true)
      #expect(proxy.errors.contains { $0.contains("ConfigurationFailed") })
    }

    @Test(
      "context: the cell provider dequeues twice — the second dequeue throws, the first is returned"
    )
    func dequeuesTwice() {
      let cells = DequeueingCells(.dequeueAgain)
      let proxy = attach(cells)
      defer { withExtendedLifetime(cells) {} }
      _ = grid.send(gridCellSelector, [spec.path])
      #expect(grid.crashes.isEmpty)
      #expect(
        proxy.errors.contains {
          $0.contains(
            "cellForRow at [0, 0]: a second view was dequeued for one request, which UIKit "
              + "raises for. The first one (ModelCell) was returned.")
        })
    }

    @Test(
      "context: the cell provider returns a cell it did not dequeue — the dequeued one is returned")
    func returnsAnother() {
      let cells = DequeueingCells(.returnAnother)
      let proxy = attach(cells)
      defer { withExtendedLifetime(cells) {} }
      _ = grid.send(gridCellSelector, [spec.path])
      #expect(grid.crashes.isEmpty)
      #expect(
        proxy.errors == [
          "cellForRow at [0, 0] returned a ModelCell, not the ModelCell it dequeued, which "
            + "UIKit raises for. The dequeued one was returned. Fix: return the view you "
            + "dequeued."
        ])
    }

    @Test(
      "context: a supplementary view provider throws after it dequeued — that view is the answer")
    func supplementaryThrowsAfterDequeue() {
      let cells = DequeueingCells(.throwAfterDequeue)
      let proxy = attach(cells)
      defer { withExtendedLifetime(cells) {} }
      #expect(grid.cachedAnswer(gridHeaders), "the provider makes supplementary views")
      _ = grid.send(gridHeaders, ["UICollectionElementKindSectionHeader", spec.path])
      #expect(grid.crashes.isEmpty)
      #expect(proxy.errors.contains { $0.contains("ConfigurationFailed") })
    }

    @Test("context: a provider that dequeues once and returns its cell — nothing is reported")
    func wellBehaved() {
      let cells = DequeueingCells(.returnIt)
      let proxy = attach(cells)
      defer { withExtendedLifetime(cells) {} }
      _ = grid.send(gridCellSelector, [spec.path])
      _ = grid.send(gridCellSelector, [IndexPath(item: 1, section: 0)])
      #expect(grid.crashes.isEmpty)
      #expect(proxy.errors.isEmpty)
    }

    @Test("it: the model raises for two dequeues, and for a view returned that was not dequeued")
    func modelRule() {
      let twice = Recorder([gridRows, gridCellSelector])
      twice.onReceive = { [grid, unowned twice] selector in
        if selector == gridCellSelector {
          _ = grid.dequeueReusableView()
          twice.answers[gridCellSelector] = grid.dequeueReusableView()
        }
      }
      grid.dataSource = twice
      _ = grid.send(gridCellSelector, [spec.path])
      let undequeued = Recorder(
        [gridRows, gridCellSelector], answers: [gridCellSelector: ModelCell(dequeued: false)])
      grid.dataSource = undequeued
      _ = grid.send(gridCellSelector, [spec.path])
      #expect(
        grid.crashes == [
          "\(gridCellSelector): 2 views dequeued for one request",
          "\(gridCellSelector): 0 views dequeued for one request",
        ])
    }
  }

  @MainActor
  @Suite("describe: one data source")
  struct OneDataSource {
    let spec = IOS18RuleSpecs()
    let table = ModelTableView()

    @Test(
      "context: a kept diffable data source and a view model that counts rows — reported at attach, with the fix"
    )
    func splitAtAttach() {
      let diffable = makeDiffable()
      table.dataSource = diffable
      let proxy = ModelProxy.attach(
        to: table, view: Recorder([highlight]), viewModel: Rows(3), viewModelRetention: .strong,
        turns: spec.turns)
      let split = proxy.routing.errors.first { $0.kind == .dataSourceSplit }
      #expect(
        split?.description
          == "The view keeps its installed data source, a Recorder, but its data-source "
          + "messages go to different objects: numberOfSections → dataSource (Recorder), "
          + "numberOfRows → viewModel (Rows), cellForRow → dataSource (Recorder). A kept data "
          + "source owns all of its data: a diffable data source's cells follow its own "
          + "snapshot, not another object's counts. Fix: route these messages to one object "
          + "(rules[.numberOfRows] = .always(HandlerRole(\"dataSource\")), and so on), or "
          + "attach with keepingInstalledObjects: false.")
      #expect(split?.isSetupMistake == true)
    }

    @Test("context: a rule change splits them later — reported at the change")
    func splitByRuleChange() {
      let diffable = makeDiffable()
      table.dataSource = diffable
      let model = Rows(3)
      let proxy = ModelProxy.attach(
        to: table, view: Recorder([highlight]), viewModel: model, viewModelRetention: .strong,
        rules: [.numberOfRows: .always(HandlerRole("dataSource"))], turns: spec.turns)
      #expect(proxy.errors.isEmpty)
      proxy.rules[.numberOfRows] = nil
      #expect(proxy.errors.count == 1)
      #expect(proxy.errors.first?.contains("numberOfRows → viewModel (Rows)") == true)
    }

    @Test("it: a view model that counts rows for a view that makes cells is no split")
    func supportedSplit() {
      let proxy = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: Rows(3), viewModelRetention: .strong,
        turns: spec.turns)
      spec.turns.endTurn()
      #expect(proxy.errors.isEmpty)
    }
  }

  @MainActor
  @Suite("describe: kept objects stay kept")
  struct KeptObjects {
    let spec = IOS18RuleSpecs()
    let table = ModelTableView()

    @Test(
      "context: a proxy is attached where one is attached (a reused cell's nested view) — the kept data source still answers"
    )
    func attachAgain() {
      let diffable = makeDiffable(rows: 5)
      let storyboardDelegate = Recorder([highlight])
      table.dataSource = diffable
      table.delegate = storyboardDelegate
      let screen = Recorder([])
      _ = ModelProxy.attach(to: table, view: screen, viewModel: Heights(), turns: spec.turns)
      let second = ModelProxy.attach(
        to: table, view: screen, viewModel: Heights(), viewModelRetention: .strong,
        turns: spec.turns)
      #expect(table.send(rows, [0]) as? Int == 5)
      table.send(highlight, [spec.path])
      #expect(storyboardDelegate.received == [highlight])
      #expect(second.router.contains(diffable))
      #expect(table.crashes.isEmpty)
    }

    @Test("it: detach gives each kept object back the property it came from")
    func detachRestores() {
      let diffable = makeDiffable()
      let storyboardDelegate = Recorder([highlight])
      table.dataSource = diffable
      table.delegate = storyboardDelegate
      let proxy = ModelProxy.attach(
        to: table, view: Recorder([]), viewModel: Heights(), viewModelRetention: .strong,
        turns: spec.turns)
      #expect(table.dataSource === proxy)
      proxy.detach()
      #expect(table.dataSource === diffable)
      #expect(table.delegate === storyboardDelegate)
      #expect(table.prefetchDataSource == nil)
    }
  }

  @MainActor
  @Suite("describe: row counts UIKit agrees with")
  struct CachedCounts {
    let spec = IOS18RuleSpecs()
    let table = ModelTableView()

    @Test(
      "context: a rule moves row counting to another handler, no answer changes — the data source is re-assigned after the turn, and the next batch update adds up"
    )
    func ruleMovesRowCounting() {
      let feed = Rows(3)
      let archive = Rows(5)
      let proxy = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: feed, viewModelRetention: .strong,
        turns: spec.turns)
      proxy.add(archive, role: "archive", retention: .strong)
      spec.turns.endTurn()
      table.layoutIfNeeded()
      #expect(table.shownCounts == [3])
      let reloads = table.reloads
      proxy.rules[.numberOfRows] = .always("archive")
      #expect(table.reloads == reloads, "nothing is re-assigned inside the change")
      spec.turns.endTurn()
      #expect(table.reloads == reloads + 1)
      table.layoutIfNeeded()
      archive.count += 1
      table.performBatchUpdates(ListUpdate(insertingRowsAt: [IndexPath(item: 5, section: 0)]))
      #expect(table.crashes.isEmpty)
      #expect(table.shownCounts == [6])
    }

    @Test("context: a handler change that moves no data-source message — nothing is re-assigned")
    func unrelatedChange() {
      let proxy = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: Rows(3), viewModelRetention: .strong,
        turns: spec.turns)
      spec.turns.endTurn()
      let assignments = table.assignments.count
      proxy.rules[.didSelectRow] = .broadcast
      spec.turns.endTurn()
      #expect(table.assignments.count == assignments)
    }

    @Test(
      "it: the model raises 'Invalid update' for a batch that does not add up to its cached counts")
    func modelChecksCachedCounts() {
      let model = Rows(3)
      _ = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: model, viewModelRetention: .strong,
        turns: spec.turns)
      table.layoutIfNeeded()
      model.count = 5
      table.performBatchUpdates(ListUpdate(insertingRowsAt: [IndexPath(item: 3, section: 0)]))
      #expect(table.crashes.first?.hasPrefix("Invalid update") == true)
    }
  }

  @MainActor
  @Suite("describe: setup mistakes, whichever way the rules change")
  struct MistakesThroughRouter {
    let spec = IOS18RuleSpecs()
    let table = ModelTableView()

    @Test("context: a misspelled selector's rule written through proxy.rules — reported")
    func misspelledThroughRouter() {
      let proxy = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: Rows(1), viewModelRetention: .strong,
        turns: spec.turns)
      proxy.rules[named: "tableView:viewForHeaderInSection"] = .only(.view)
      #expect(
        proxy.errors == [
          "The rule for tableView:viewForHeaderInSection names a selector no adopted protocol "
            + "declares and no handler implements, so it never applies. Did you mean "
            + "tableView:viewForHeaderInSection:? Fix: spell the selector as the protocol does, "
            + "or use #selector(…)."
        ])
    }

    @Test("context: a rule keyed by a modeled selector, written after attach — reported")
    func modeledSelectorAfterAttach() {
      let proxy = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: Rows(1), viewModelRetention: .strong,
        turns: spec.turns)
      proxy.rules[named: "tableView:didSelectRowAtIndexPath:"] = .only(.view)
      #expect(proxy.errors.count == 1)
      #expect(proxy.errors.first?.contains("rules[.didSelectRow]") == true)
    }

    @Test("context: a rule that cannot work, written through proxy.rules — reported once")
    func failingRuleThroughRouter() {
      let proxy = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: Rows(1), viewModelRetention: .strong,
        turns: spec.turns)
      proxy.rules[.cellForRow] = .only(.viewModel)
      proxy.rules[.didSelectRow] = .broadcast
      #expect(proxy.errors.count == 1)
      #expect(proxy.errors.first?.contains("cellForRow") == true)
    }

    @Test("it: a handler released during teardown is no setup mistake")
    func releaseIsNoMistake() {
      var model: Rows? = Rows(1)
      let proxy = ModelProxy.attach(
        to: table, view: spec.screen, viewModel: model!, turns: spec.turns)
      model = nil
      _ = proxy.router.removeReleasedHandlers()
      #expect(!proxy.routing.errors.contains { $0.isSetupMistake })
    }
  }
}

@MainActor
@Suite("The UIKit model knows UIKit's rules")
struct UIKitModelRuleSpecs {
  let turns = ModelTurns()
  /// A view controller that makes table cells, kept alive by the spec.
  let screen = makeScreen()

  @Test("it: declares every selector of the SDK's list protocols: 80 for a table, 70 for a grid")
  func fullLists() {
    #expect(ModelProtocols.table.selectors.count == 80)
    #expect(ModelProtocols.collection.selectors.count == 70)
    #expect(ModelProtocols.table.selectors.values.filter(\.isRequired).count == 3)
    #expect(ModelProtocols.collection.selectors.values.filter(\.isRequired).count == 3)
  }

  @Test(
    "it: every modeled message's selector is declared, with the receiver and return kind the proxy assumes",
    arguments: [ModelProtocols.table, .collection])
  func modeledSelectorsDeclared(protocols: ModelProtocols) {
    let table = protocols.listSelectors
    for message in table.modeledMessages {
      let name = table.selector(for: message) ?? ""
      let declared = protocols.selectors[name]
      #expect(declared != nil, "\(name)")
      #expect(declared?.receiver == table.property(of: message), "\(name)")
      #expect(declared?.isRequired == message.isRequired || message == .prefetchRows, "\(name)")
    }
  }

  @Test(
    "it: the proxy says 'yes' for no selector that nobody implements or observes, modeled or not",
    arguments: [ModelProtocols.table, .collection])
  func noYesForNobody(protocols: ModelProtocols) {
    let view = ModelTableView(protocols)
    let cells = Recorder([protocols.selector(.cellForRow)])
    let proxy = ModelProxy.attach(
      to: view, view: cells, viewModel: Rows(1), viewModelRetention: .strong, turns: turns)
    defer { withExtendedLifetime(cells) {} }
    let alwaysYes = protocols.selectors.keys.sorted().filter { selector in
      proxy.responds(selector) && proxy.router.targets(forNamed: selector).isEmpty
        && protocols.listSelectors.message(forSelector: selector).map({
          proxy.targets(for: $0).isEmpty
        }) ?? true
    }
    #expect(alwaysYes == [])
    #expect(proxy.responds(protocols.selector(.cellForRow)), "and yes where a handler answers")
  }

  @Test(
    "it: the model proxy carries every modeled selector to a handler's own UIKit method, its arguments as Swift values or boxed as the Objective-C runtime boxes them",
    arguments: [ModelProtocols.table, .collection], [false, true])
  func everyModeledSelector(protocols: ModelProtocols, boxedAsTheRuntimeDoes: Bool) {
    let view = ModelTableView(protocols)
    let names = protocols.listSelectors.modeledMessages.compactMap {
      protocols.listSelectors.selector(for: $0)
    }
    var answers: [String: Any] = [:]
    for name in names where !(protocols.selectors[name]?.returnsVoid ?? true) {
      answers[name] = 1
    }
    let cellSelector = protocols.selector(.cellForRow)
    let everything = Recorder(Set(names), answers: answers)
    everything.onReceive = { [view, unowned everything] selector in
      let isViewRequest =
        selector == cellSelector
        || selector == protocols.listSelectors.selector(for: .supplementaryView)
      if isViewRequest { everything.answers[selector] = view.dequeueReusableView() }
    }
    let proxy = ModelProxy.attach(
      to: view, view: everything, viewModel: Recorder([]), viewModelRetention: .strong,
      turns: turns)
    let path = IndexPath(item: 0, section: 0)
    for message in protocols.listSelectors.modeledMessages {
      let arguments = runtimeArguments(of: message, at: path)
      // On a device the view itself comes first, and `forwardInvocation:` boxes the rest.
      view.send(
        protocols.selector(message),
        boxedAsTheRuntimeDoes ? [view] + arguments.map(boxedAsTheRuntimeDoes(_:)) : arguments)
    }
    #expect(everything.received.sorted() == names.sorted())
    #expect(view.crashes.isEmpty)
    #expect(
      proxy.invocations.map(\.selectorName).sorted() == names.sorted(),
      """
      the proxy class implements none of them: each reaches forwardInvocation:, and the list \
      proxies' one code for modeled messages
      """)
  }

  @Test(
    "it: a capability reads a modeled message's arguments boxed as the Objective-C runtime boxes them"
  )
  func capabilitiesReadBoxedArguments() {
    let (view, cells, model) = (ModelTableView(.table), CellMaker("row"), CountingModel())
    let proxy = attachSelecting(to: view, view: cells, viewModel: model)
    let path = IndexPath(row: 2, section: 0)
    let rows = view.send("tableView:numberOfRowsInSection:", [view, NSNumber(value: 0)])
    let cell = view.send("tableView:cellForRowAtIndexPath:", [view, path as NSIndexPath])
    view.send("tableView:didSelectRowAtIndexPath:", [view, path as NSIndexPath])
    #expect(rows as? Int == 3)
    #expect((cell as? ModelCell)?.text == "row 2")
    #expect(model.selected == [path])
    #expect(proxy.errors.isEmpty)
  }

  @Test("it: a modeled message sent without the arguments its protocol declares is reported")
  func unreadableArgumentsAreReported() {
    let (view, cells, model) = (ModelTableView(.table), CellMaker("row"), CountingModel())
    let proxy = attachSelecting(to: view, view: cells, viewModel: model)
    view.send("tableView:didSelectRowAtIndexPath:", [view, NSString(string: "row 2")])
    #expect(model.selected == [])
    #expect(proxy.routing.errors.map(\.kind) == [.unreadableArguments])
    #expect(
      proxy.errors.first?.hasPrefix(
        "tableView:didSelectRowAtIndexPath: arrived with arguments the list proxy could not read")
        == true)
  }

  @Test(
    "it: will-select is the table's choice, and a collection view's yes or no, selecting the row chosen instead",
    arguments: [ModelProtocols.table, .collection])
  func willSelectOnBothViews(protocols: ModelProtocols) {
    let view = ModelTableView(protocols)
    let screen = RedirectingScreen()
    let proxy = ModelProxy.attach(
      to: view, view: screen, viewModel: CountingModel(), viewModelRetention: .strong,
      turns: turns)
    let (tapped, instead) = (IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 0))
    let willSelect = protocols.selector(.willSelectRow)
    let redirected = view.send(willSelect, [view, tapped as NSIndexPath])
    let allowed = view.send(willSelect, [view, instead as NSIndexPath])
    if protocols.requiresOneDequeuePerRequest {
      #expect(redirected as? Bool == false, "the tapped item is not selected")
      #expect(allowed as? Bool == true)
      #expect(screen.selected == [], "not inside the view's question")
      turns.endTurn()
      #expect(screen.selected == [instead], "the item chosen instead is, and its handler told")
    } else {
      #expect(redirected as? IndexPath == instead, "the table selects the row returned")
      #expect(allowed as? IndexPath == instead)
      #expect(screen.selected == [], "the table itself sends did-select")
    }
    #expect(proxy.errors.isEmpty)
  }

  /// A table proxy whose view model also takes selections.
  private func attachSelecting(
    to view: ModelTableView, view cells: CellMaker, viewModel: CountingModel
  )
    -> ModelProxy
  {
    ModelProxy.attach(
      to: view, view: cells, viewModel: viewModel, viewModelRetention: .strong,
      rules: [.didSelectRow: .firstImplementer], turns: turns)
  }

  /// `value` as `SWBForwardedMessage.arguments` hands it over: an index path as `NSIndexPath`,
  /// a number as `NSNumber`, a string as `NSString`, an array as an `NSArray` of them.
  private func boxedAsTheRuntimeDoes(_ value: Any) -> Any {
    switch value {
    case let indexPath as IndexPath: indexPath as NSIndexPath
    case let number as Int: NSNumber(value: number)
    case let string as String: NSString(string: string)
    case let paths as [IndexPath]: NSArray(array: paths.map { $0 as NSIndexPath })
    default: value
    }
  }

  /// The arguments UIKit sends a modeled message with, after the view itself: a section, an
  /// index path, a cell, a kind, an editing style (UIKit's raw `delete`, 1).
  private func runtimeArguments(of message: ListMessage, at path: IndexPath) -> [Any] {
    switch message {
    case .numberOfSections, .sectionIndexTitles: []
    case .numberOfRows, .titleForHeader, .titleForFooter: [0]
    case .commitEdit: [1, path]
    case .moveRow: [path, path]
    case .prefetchRows: [[path]]
    case .supplementaryView: ["header", path]
    case .willDisplayRow, .didEndDisplayingRow: [ModelCell(dequeued: true), path]
    default: [path]
    }
  }

  @Test("it: assigning the object the view already has asks nothing and reloads nothing")
  func sameObjectAsksNothing() {
    let table = ModelTableView()
    _ = ModelProxy.attach(
      to: table, view: screen, viewModel: Rows(1), viewModelRetention: .strong, turns: turns)
    let questions = table.questions
    let reloads = table.reloads
    let proxy = table.dataSource
    table.dataSource = proxy
    table.delegate = proxy
    #expect(table.questions == questions)
    #expect(table.reloads == reloads)
  }

  @Test("it: a newer method is asked about at use, so a handler added for it is reached at once")
  func askedAtUse() {
    let table = ModelTableView()
    let proxy = ModelProxy.attach(
      to: table, view: screen, viewModel: Rows(1), viewModelRetention: .strong, turns: turns)
    let menu = "tableView:contextMenuConfigurationForRowAtIndexPath:point:"
    let menus = Recorder([menu], answers: [menu: "menu"])
    proxy.add(menus, retention: .strong)
    #expect(table.send(menu, [IndexPath(item: 0, section: 0)]) as? String == "menu")
  }

  @Test(
    "it: with the default onError, a problem recovered from at run time is kept, not stopped on")
  func defaultOnErrorKeepsRecoveries() {
    let grid = ModelTableView(.collection)
    let cells = DequeueingCells(.throwAfterDequeue)
    let proxy = ModelProxy.attach(
      to: grid, view: cells, viewModel: Rows(1), viewModelRetention: .strong,
      keepingDefaultOnError: true, turns: turns)
    defer { withExtendedLifetime(cells) {} }
    _ = grid.send(gridCellSelector, [IndexPath(item: 0, section: 0)])
    #expect(proxy.routing.errors.count == 1)
    #expect(proxy.routing.errors.first?.isSetupMistake == false)
    #expect(grid.crashes.isEmpty)
  }

  #if DEBUG
  @Test("it: with the default onError, a setup mistake stops a debug build")
  func defaultOnErrorStopsSetupMistakes() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let table = ModelTableView()
        _ = ModelProxy.attach(
          to: table, view: Recorder([]), viewModel: Rows(1), viewModelRetention: .strong,
          rules: [.cellForRow: .only(.viewModel)], keepingDefaultOnError: true,
          turns: ModelTurns())
      }
    }
  }
  #endif
}

/// A view controller that sends every selection to the first row instead, and records the rows
/// it is told were selected.
@MainActor
final class RedirectingScreen: ListCellProviding, ListWillSelectHandling, ListDidSelectHandling {
  var selected: [IndexPath] = []
  func cellForRow(at indexPath: IndexPath, in host: ModelHost) throws -> ModelCell {
    ModelCell(dequeued: true)
  }
  func willSelectRow(at indexPath: IndexPath, in host: ModelHost) -> IndexPath? {
    IndexPath(item: 0, section: 0)
  }
  func didSelectRow(at indexPath: IndexPath, in host: ModelHost) { selected.append(indexPath) }
}
