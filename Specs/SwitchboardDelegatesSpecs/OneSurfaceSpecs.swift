import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// Every proxy offers the same members with the same meaning (`RoutingProxy`): a `DelegateProxy`
// on any delegate, and a table or collection view proxy on its data source and delegate. Each
// spec runs the same step on both kinds, on their models.

private typealias P = ModelDelegateProtocol

@MainActor
@Suite("describe: one surface on every proxy")
struct OneSurfaceSpecs {
  @Test("it: adds a handler above the object the parent already had, on both kinds of proxy")
  func addGoesAboveTheKeptObject() {
    // A delegate proxy over a storyboard's delegate.
    let parent = ModelParent()
    let storyboard = DelegateHandler([P.didScroll])
    parent.delegate = storyboard
    let screen = DelegateHandler([])
    let delegateProxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: screen], runLoop: ModelRunLoop())
    let delegateAnalytics = DelegateHandler([P.didScroll])
    delegateProxy.add(delegateAnalytics, role: "analytics")
    parent.send(P.didScroll, ["scroll view"])
    #expect(delegateAnalytics.received == [P.didScroll], "asked before the kept delegate")
    #expect(storyboard.received == [])

    // A table proxy over a diffable data source, with the same step.
    let table = ModelTableView()
    let rowsSelector = "tableView:numberOfRowsInSection:"
    let diffable = Recorder([rowsSelector], answers: [rowsSelector: 5])
    table.dataSource = diffable
    let view = cellMaker()
    let listProxy = ModelProxy.attach(
      to: table, view: view, viewModel: RowsModel(rows: 3), viewModelRetention: .strong,
      turns: ModelTurns())
    let listAnalytics = Recorder([rowsSelector], answers: [rowsSelector: 3])
    listProxy.add(listAnalytics, role: "analytics")
    #expect(table.send(rowsSelector, [0]) as? Int == 3, "asked before the kept data source")
    #expect(
      listProxy.handlers.map(\.roles) == [[.view], [.viewModel], ["analytics"], ["dataSource"]])
  }

  @Test("it: reports a role taken by another handler, on both kinds of proxy")
  func roleTakenIsReportedOnBoth() {
    let parent = ModelParent()
    let screen = DelegateHandler([])
    let otherScreen = DelegateHandler([P.didScroll])
    let delegateProxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: screen], runLoop: ModelRunLoop())
    delegateProxy.add(otherScreen, role: .view)
    let table = ModelTableView()
    let view = cellMaker()
    let otherView = cellMaker()
    let listProxy = ModelProxy.attach(
      to: table, view: view, viewModel: RowsModel(rows: 3), viewModelRetention: .strong,
      turns: ModelTurns())
    listProxy.add(otherView, role: .view)
    #expect(delegateProxy.routing.errors.map(\.kind) == [.roleReplaced])
    #expect(listProxy.routing.errors.map(\.kind) == [.roleReplaced])
  }

  @Test("it: answers a method with a closure on a list proxy, as on a delegate proxy")
  func closuresOnAListProxy() {
    let table = ModelTableView()
    let turns = ModelTurns()
    let view = cellMaker()
    let proxy = ModelProxy.attach(
      to: table, view: view, viewModel: RowsModel(rows: 3), viewModelRetention: .strong,
      turns: turns)
    let highlight = "tableView:shouldHighlightRowAtIndexPath:"
    let path = IndexPath(row: 2, section: 0)
    var asked: [IndexPath] = []
    let token = proxy.answer(named: highlight) { (_: AnyObject, indexPath: IndexPath) -> Bool in
      asked.append(indexPath)
      return false
    }
    turns.endTurn()
    #expect(table.send(highlight, [table, path]) as? Bool == false)
    #expect(asked == [path])
    token.cancel()
    #expect(proxy.errors.isEmpty)
  }

  @Test("it: explains a list view's modeled selector by its message, as its message is routed")
  func modeledSelectorsAreExplainedByTheirMessage() {
    let table = ModelTableView()
    let view = cellMaker()
    let model = RowsModel(rows: 3)
    let proxy = ModelProxy.attach(
      to: table, view: view, viewModel: model, viewModelRetention: .strong, turns: ModelTurns())
    let rows = "tableView:numberOfRowsInSection:"
    #expect("\(proxy.explain(named: rows))" == "\(proxy.explain(.numberOfRows))")
    #expect(proxy.targets(forNamed: rows).first === model)
  }

  @Test(
    "it: shows a typed event with its arguments read from the runtime's boxed ones, and refuses another type"
  )
  func typedEventsAreReadFromBoxedArguments() {
    let table = ModelTableView()
    let turns = ModelTurns()
    let view = cellMaker()
    let dragging = "scrollViewDidEndDragging:willDecelerate:"
    // As UIKit's typed `.didEndDragging` is declared, with a string for the scroll view.
    let typed = TypedEvent((scrollView: String, willDecelerate: Bool).self) { boxed in
      guard boxed.count == 2, let name = boxed[0] as? String, let flag = boxed[1] as? Bool
      else { return nil }
      return (name, flag)
    }
    let proxy = ModelProxy.attach(
      to: table, view: view, viewModel: RowsModel(rows: 1), viewModelRetention: .strong,
      typedEvents: [dragging: typed], turns: turns)
    var seen: [String] = []
    let observation = proxy.observe(
      MessageEvent<ListMessage, (scrollView: String, willDecelerate: Bool)>(named: dragging)
    ) { seen.append("\($0.scrollView) \($0.willDecelerate)") }
    let wrong = proxy.observe(MessageEvent<ListMessage, Int>(named: dragging)) { _ in }
    turns.endTurn()
    table.send(dragging, [NSString(string: "table"), NSNumber(value: true)])
    #expect(seen == ["table true"])
    #expect(proxy.routing.errors.map(\.kind) == [.undeliverableObservation])
    observation.cancel()
    wrong.cancel()
  }

  /// A view controller that makes the table's cells, as the default rules require.
  private func cellMaker() -> Recorder {
    let cells = "tableView:cellForRowAtIndexPath:"
    return Recorder([cells], answers: [cells: ModelCell(dequeued: true)])
  }
}
