import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// The UIKit edge, on the strict model of UIKit and the Objective-C runtime (UIKitModel.swift):
// each finding of the review of the UIKit proxies is a context here.

/// A view model that counts rows.
@MainActor
final class RowsModel: ListRowCounting {
  let rows: Int
  init(rows: Int) { self.rows = rows }
  func numberOfRows(inSection section: Int) -> Int { rows }
}

/// A cell provider that fails.
@MainActor
final class FailingCells: ListCellProviding {
  struct Failure: Error {}
  func cellForRow(at indexPath: IndexPath, in host: ModelHost) throws -> ModelCell {
    throw Failure()
  }
}

/// A row-height provider written for Switchboard.
@MainActor
final class Heights: ListRowHeightProviding {
  func heightForRow(at indexPath: IndexPath, in host: ModelHost) -> Double { 60 }
}

private let cellSelector = "tableView:cellForRowAtIndexPath:"
private let rowsSelector = "tableView:numberOfRowsInSection:"
private let headerSelector = "tableView:viewForHeaderInSection:"
private let heightSelector = "tableView:heightForRowAtIndexPath:"
private let selectSelector = "tableView:didSelectRowAtIndexPath:"
private let insetSelector = "scrollViewDidChangeAdjustedContentInset:"
private let prefetchSelector = "tableView:prefetchRowsAtIndexPaths:"
private let highlightSelector = "tableView:didHighlightRowAtIndexPath:"
let gridCellSelector = "collectionView:cellForItemAtIndexPath:"

/// A view controller that makes cells through UIKit's own method.
@MainActor
func makeScreen(_ more: Set<String> = []) -> Recorder {
  Recorder(Set([cellSelector]).union(more), answers: [cellSelector: ModelCell(dequeued: true)])
}

@MainActor
@Suite("The UIKit edge, on a strict model of UIKit and the Objective-C runtime")
struct UIKitEdgeSpecs {
  let table = ModelTableView()
  let turns = ModelTurns()
  let path = IndexPath(item: 0, section: 0)
  /// A view controller that makes cells, kept alive by the spec (a proxy holds its view weakly).
  let screen = makeScreen()

  @MainActor
  @Suite("describe: a message whose handler was released after UIKit cached its answer")
  struct ReleasedHandler {
    let spec = UIKitEdgeSpecs()

    @Test(
      "it: is answered with a zero value (none is documented) and reported, never 'unrecognized selector'"
    )
    func answeredNotCrashed() {
      let screen = makeScreen()
      var headers: Recorder? = Recorder([headerSelector], answers: [headerSelector: "header"])
      let proxy = ModelProxy.attach(
        to: spec.table, view: screen, viewModel: headers!, turns: spec.turns)
      #expect(spec.table.cachedAnswer(headerSelector))
      headers = nil
      let answer = spec.table.send(headerSelector, [0])
      #expect(spec.table.crashes.isEmpty)
      #expect(answer == nil)
      #expect(proxy.errors.contains { $0.contains(headerSelector) })
    }

    @Test(
      "it: a method whose UIKit default is documented gets that default, not zero (the proposed index path of a move)"
    )
    func documentedDefault() {
      let target = "tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath:"
      let proposed = IndexPath(item: 3, section: 0)
      var mover: Recorder? = Recorder([target], answers: [target: IndexPath(item: 1, section: 0)])
      let proxy = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: mover!, turns: spec.turns)
      #expect(spec.table.cachedAnswer(target))
      mover = nil
      let answer = spec.table.send(target, ["table", spec.path, proposed])
      #expect(answer as? IndexPath == proposed)
      #expect(proxy.errors.contains { $0.hasPrefix("\(target) reached no handler") })
    }

    @Test("it: a notification whose handler is gone is a no-op, never a crash")
    func notificationNoCrash() {
      let screen = makeScreen()
      var insets: Recorder? = Recorder([insetSelector])
      _ = ModelProxy.attach(to: spec.table, view: screen, viewModel: insets!, turns: spec.turns)
      insets = nil
      spec.table.send(insetSelector, [0])
      #expect(spec.table.crashes.isEmpty)
    }

    @Test("it: goes to the next handler the rules allow when there is one")
    func nextImplementer() {
      let screen = makeScreen([headerSelector])
      var headers: Recorder? = Recorder([headerSelector], answers: [headerSelector: "model's"])
      screen.answers[headerSelector] = "screen's"
      let proxy = ModelProxy.attach(
        to: spec.table, view: screen, viewModel: headers!, turns: spec.turns)
      proxy.move(screen, to: 1)
      #expect(spec.table.send(headerSelector, [0]) as? String == "model's")
      headers = nil
      #expect(spec.table.send(headerSelector, [0]) as? String == "screen's")
      #expect(spec.table.crashes.isEmpty)
    }
  }

  @MainActor
  @Suite("describe: re-caching UIKit's answers")
  struct Recaching {
    let spec = UIKitEdgeSpecs()

    @Test(
      "context: a handler is found released inside a UIKit callback — nothing is re-assigned during the callback, and UIKit is told after the turn"
    )
    func releasedDuringCallback() {
      var heights: Heights? = Heights()
      _ = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: heights!, turns: spec.turns)
      #expect(spec.table.cachedAnswer(heightSelector))
      heights = nil
      #expect(spec.table.send(heightSelector, [spec.path]) as? Double == 44)
      #expect(spec.table.failures.isEmpty)
      spec.turns.endTurn()
      #expect(!spec.table.cachedAnswer(heightSelector))
    }

    @Test(
      "context: a handler changes a rule from inside a delegate method — the change reaches UIKit after the callback"
    )
    func ruleChangedInCallback() {
      let screen = makeScreen([selectSelector])
      let proxy = ModelProxy.attach(
        to: spec.table, view: screen, viewModel: Heights(), viewModelRetention: .strong,
        turns: spec.turns)
      screen.onReceive = { selector in
        if selector == selectSelector { proxy.rules[.heightForRow] = .blocked }
      }
      spec.table.send(selectSelector, [spec.path])
      #expect(spec.table.failures.isEmpty)
      spec.turns.endTurn()
      #expect(!spec.table.cachedAnswer(heightSelector))
    }

    @Test("context: a notification nobody handles is observed, then not — the table never reloads")
    func observationNeverReloads() {
      let proxy = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      let assignments = spec.table.assignments.count
      let reloads = spec.table.reloads
      var seen: [IndexPath] = []
      let observation = proxy.observe(.willDisplayRow) { seen.append($0.indexPath) }
      spec.turns.endTurn()
      spec.table.send(
        "tableView:willDisplayCell:forRowAtIndexPath:", [ModelCell(dequeued: true), spec.path])
      observation.cancel()
      spec.turns.endTurn()
      #expect(seen == [spec.path])
      #expect(
        Array(spec.table.assignments.dropFirst(assignments)) == [.delegate, .delegate],
        "the delegate is re-assigned when observed, and when not: never the data source")
      #expect(spec.table.reloads == reloads, "the table never reloaded")
    }

    @Test("context: several answers change in one turn — UIKit is told once")
    func coalesced() {
      let proxy = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      let assignments = spec.table.assignments.count
      proxy.add(Heights(), retention: .strong)
      proxy.add(Recorder([highlightSelector]), retention: .strong)
      spec.turns.endTurn()
      #expect(spec.table.assignments.count == assignments + 1)
      #expect(spec.table.cachedAnswer(heightSelector))
      #expect(spec.table.cachedAnswer(highlightSelector))
    }

    @Test(
      "context: another object became the table's delegate after attach — a change does not replace it, and says so"
    )
    func neverReplacesAnotherParty() {
      let proxy = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      let other = Recorder([selectSelector])
      spec.table.delegate = other
      proxy.add(Heights(), retention: .strong)
      spec.turns.endTurn()
      #expect(spec.table.delegate === other)
      #expect(proxy.errors.contains { $0.contains("Recorder") && $0.contains("delegate") })
    }
  }

  @MainActor
  @Suite("describe: objects installed before attach")
  struct Cooperation {
    let spec = UIKitEdgeSpecs()

    @Test("it: a data source installed before attach (a diffable data source) answers the data")
    func keepsDataSource() {
      let diffable = Recorder(
        ["numberOfSectionsInTableView:", rowsSelector, cellSelector],
        answers: [
          "numberOfSectionsInTableView:": 1, rowsSelector: 5,
          cellSelector: ModelCell(dequeued: true),
        ])
      spec.table.dataSource = diffable
      let screen = Recorder([selectSelector])
      let proxy = ModelProxy.attach(
        to: spec.table, view: screen, viewModel: Heights(), viewModelRetention: .strong,
        turns: spec.turns)
      #expect(spec.table.send(rowsSelector, [0]) as? Int == 5)
      #expect((spec.table.send(cellSelector, [spec.path]) as? ModelCell)?.dequeued == true)
      #expect(spec.table.send(heightSelector, [spec.path]) as? Double == 60)
      #expect(proxy.errors.isEmpty)
    }

    @Test("it: a prefetching data source installed before attach still prefetches")
    func keepsPrefetching() {
      let prefetcher = Recorder([prefetchSelector])
      spec.table.prefetchDataSource = prefetcher
      _ = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      spec.table.send(prefetchSelector, [[spec.path]])
      #expect(prefetcher.received == [prefetchSelector])
    }

    @Test("it: a delegate set before attach (in a storyboard) gets what nobody else handles")
    func keepsDelegate() {
      let storyboardDelegate = Recorder([highlightSelector])
      spec.table.delegate = storyboardDelegate
      _ = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      spec.table.send(highlightSelector, [spec.path])
      #expect(storyboardDelegate.received == [highlightSelector])
    }

    @Test("it: a view controller that was already the delegate is one handler, not two")
    func viewAlreadyDelegate() {
      let screen = makeScreen([selectSelector])
      spec.table.delegate = screen
      let proxy = ModelProxy.attach(
        to: spec.table, view: screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      #expect(proxy.router.handlerCount == 2)
      spec.table.send(selectSelector, [spec.path])
      #expect(screen.received == [selectSelector])
      proxy.detach()
      #expect(spec.table.delegate === screen, "detach gives the view its delegate back")
      #expect(spec.table.dataSource == nil)
    }

    @Test("it: a delegate set behind a proxy's back is kept by the next, and given back by detach")
    func delegateSetBehindTheProxysBack() {
      let first = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      let appDelegate = Recorder([highlightSelector])
      spec.table.delegate = appDelegate
      let second = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      #expect(second.routing.handler(withRole: "delegate") === appDelegate)
      spec.table.send(highlightSelector, [spec.path])
      #expect(appDelegate.received == [highlightSelector])
      second.detach()
      #expect(spec.table.delegate === appDelegate)
      withExtendedLifetime(first) {}
    }

    @Test("it: objects not kept (keepingInstalledObjects: false) are still given back by detach")
    func notKeptButGivenBack() {
      let storyboardDelegate = Recorder([highlightSelector])
      spec.table.delegate = storyboardDelegate
      let proxy = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, keepingInstalledObjects: false, turns: spec.turns)
      spec.table.send(highlightSelector, [spec.path])
      #expect(storyboardDelegate.received.isEmpty, "not a handler")
      proxy.detach()
      #expect(spec.table.delegate === storyboardDelegate)
    }

    @Test("it: a property holding another Switchboard proxy is left alone, and reported")
    func refusedOverAnotherProxy() {
      let otherTable = ModelTableView()
      let other = ModelProxy.attach(
        to: otherTable, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      spec.table.delegate = other
      let refused = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 2),
        viewModelRetention: .strong, turns: spec.turns)
      #expect(spec.table.delegate === other)
      #expect(spec.table.dataSource == nil)
      #expect(refused.routing.errors.map(\.kind) == [.propertyOwnedByAnotherProxy])
      #expect(refused.routing.errors.first?.isSetupMistake == true)
      #expect(
        refused.errors.first?.hasPrefix(
          "The parent's delegate is a ModelProxy, another Switchboard proxy, so this proxy was "
            + "not attached") == true)
    }
  }

  @MainActor
  @Suite("describe: a collection view's cells")
  struct CollectionFallbacks {
    let spec = UIKitEdgeSpecs()

    let grid = ModelTableView(.collection)

    @Test(
      "context: the cell provider throws — the answer is a dequeued cell, and the error is reported"
    )
    func throwingProvider() {
      let cells = FailingCells()
      let proxy = ModelProxy.attach(
        to: grid, view: cells, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      _ = grid.send(gridCellSelector, [spec.path])
      #expect(grid.crashes.isEmpty)
      #expect(proxy.errors.contains { $0.contains("Failure") })
    }

    @Test("context: the cell provider was released — the answer is a dequeued cell")
    func releasedProvider() {
      var screen: Recorder? = Recorder(
        [gridCellSelector], answers: [gridCellSelector: ModelCell(dequeued: true)])
      _ = ModelProxy.attach(
        to: grid, view: screen!, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      screen = nil
      _ = grid.send(gridCellSelector, [spec.path])
      #expect(grid.crashes.isEmpty)
    }
  }

  @Suite("describe: supplementary kinds")
  struct Kinds {
    @Test("it: a layout's own kind named \"header\" is not the section header kind")
    func ownKindNamedHeader() {
      #expect(SupplementaryKind("header") != .header)
      #expect(SupplementaryKind("header").rawValue == "header")
    }

    @Test("it: the section header and footer kinds are UIKit's strings, unchanged")
    func uikitKinds() {
      #expect(SupplementaryKind.header.rawValue == "UICollectionElementKindSectionHeader")
      #expect(SupplementaryKind.footer.rawValue == "UICollectionElementKindSectionFooter")
      #expect(SupplementaryKind("UICollectionElementKindSectionHeader") == .header)
    }
  }

  @MainActor
  @Suite("describe: a UITableViewController subclass as the view")
  struct TableViewController {
    let spec = UIKitEdgeSpecs()

    @Test(
      "it: the data methods it only inherits from UITableViewController do not hide the view model's"
    )
    func inheritedDoesNotCount() {
      let controller = Recorder(
        [cellSelector],
        inherited: [rowsSelector, "numberOfSectionsInTableView:"],
        answers: [cellSelector: ModelCell(dequeued: true)])
      let proxy = ModelProxy.attach(
        to: spec.table, view: controller, viewModel: RowsModel(rows: 3),
        viewModelRetention: .strong, turns: spec.turns)
      #expect(spec.table.send(rowsSelector, [0]) as? Int == 3)
      #expect(proxy.explain(.numberOfRows).targets.first?.role == .viewModel)
    }
  }

  @MainActor
  @Suite("describe: setup mistakes, reported at attach")
  struct SetupMistakes {
    let spec = UIKitEdgeSpecs()

    @Test("it: a forwarding rule for a modeled selector names the message and its rule")
    func ruleForModeledSelector() {
      let screen = makeScreen([selectSelector])
      let proxy = ModelProxy.attach(
        to: spec.table, view: screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, forwardingRules: [selectSelector: .only(.view)],
        turns: spec.turns)
      #expect(
        proxy.errors.contains { $0.contains(selectSelector) && $0.contains("rules[.didSelectRow]") }
      )
    }

    @Test("it: a misspelled selector is reported, with the declared one it resembles")
    func misspelledSelector() {
      let screen = makeScreen([headerSelector])
      let proxy = ModelProxy.attach(
        to: spec.table, view: screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong,
        forwardingRules: ["tableView:viewForHeaderInSection": .only(.view)], turns: spec.turns)
      #expect(
        proxy.errors.contains {
          $0.contains("tableView:viewForHeaderInSection") && $0.contains("\(headerSelector)?")
        })
    }

    @Test("it: observing a selector that returns a value is reported: it cannot be delivered")
    func undeliverableObservation() {
      let proxy = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1),
        viewModelRetention: .strong, turns: spec.turns)
      _ = proxy.observe(selector: "tableView:heightForHeaderInSection:") { _ in }
      #expect(proxy.errors.contains { $0.contains("tableView:heightForHeaderInSection:") })
    }

    @Test("it: a weakly held view model that nothing else keeps is reported after the turn")
    func inlineViewModel() {
      let proxy = ModelProxy.attach(
        to: spec.table, view: spec.screen, viewModel: RowsModel(rows: 1), turns: spec.turns)
      spec.turns.endTurn()
      #expect(proxy.errors.contains { $0.contains("RowsModel") && $0.contains("released") })
    }
  }
}

/// A view model shown by several screens, which announces its own changes.
@MainActor
final class AnnouncingRows: ListRowCounting, ListChangeAnnouncing {
  let changes = ListChanges()
  var rows = 1
  func numberOfRows(inSection section: Int) -> Int { rows }
  /// A row that nobody asked for arrived.
  func rowArrived() {
    rows += 1
    changes.announce(ListUpdate(insertingRowsAt: [IndexPath(item: rows - 1, section: 0)]))
  }
}

@MainActor
@Suite("describe: a view model that announces its changes, shown through an attached proxy")
struct AnnouncedChangeSpecs {
  let turns = ModelTurns()
  let screen = makeScreen()

  @Test("it: the view applies each announced update while the proxy is attached, not after")
  func appliedWhileAttached() {
    let table = ModelTableView()
    let model = AnnouncingRows()
    let proxy = ModelProxy.attach(to: table, view: screen, viewModel: model, turns: turns)
    table.layoutIfNeeded()  // the screen shows the row it has
    model.rowArrived()
    #expect(table.host.applied == [ListUpdate(insertingRowsAt: [IndexPath(item: 1, section: 0)])])
    proxy.detach()
    model.rowArrived()
    #expect(table.host.applied.count == 1, "a detached view receives nothing")
    #expect(model.changes.hostCount == 0)
  }

  @Test("it: a view model added to the proxy after attaching is listened to from then on")
  func viewModelAddedLater() {
    let table = ModelTableView()
    let placeholder = Recorder([])  // implements nothing yet, as while a screen loads
    let model = AnnouncingRows()
    let proxy = ModelProxy.attach(to: table, view: screen, viewModel: placeholder, turns: turns)
    proxy.add(model, role: "feed")  // the view model the screen shows from now
    table.layoutIfNeeded()
    model.rowArrived()
    #expect(table.host.applied.count == 1)
    #expect(model.changes.hostCount == 1)
  }
}
