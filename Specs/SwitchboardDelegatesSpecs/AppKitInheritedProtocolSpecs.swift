import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// NSTableViewDelegate and NSOutlineViewDelegate inherit NSControlTextEditingDelegate (a cell's
// text field tells the table's delegate when its editing ends). The proxies declare inherited
// protocols, received by the property of the protocol that inherits them
// (protocolsWithInherited, as ObjectiveCRuntime applies it on a device).

private let shouldEnd = "control:textShouldEndEditing:"
private let didEnd = "controlTextDidEndEditing:"

@MainActor
@Suite("describe: the protocols a list view's protocols inherit")
struct AppKitInheritedProtocolSpecs {
  let turns = ModelTurns()

  @Test(
    "it: a closure for a method NSTableViewDelegate inherits is accepted, and the delegate, never the data source, is re-assigned"
  )
  func tableDelegate() {
    let table = ModelTableView(.appKitTable)
    let screen = CellMaker("cell")
    let model = CountingModel()
    let proxy = ModelProxy.attach(to: table, view: screen, viewModel: model, turns: turns)
    turns.endTurn()
    let assigned = table.assignments.count
    let reloads = table.reloads
    let token = proxy.answer(named: shouldEnd, retention: .strong) {
      (_: String, _: String) -> Bool in false
    }
    turns.endTurn()
    #expect(proxy.errors.isEmpty, "declared: not refused")
    #expect(table.send(shouldEnd, ["field", "editor"]) as? Bool == false)
    #expect(Array(table.assignments.dropFirst(assigned)) == [.delegate])
    #expect(table.reloads == reloads, "the table never reloaded")
    withExtendedLifetime((screen, model, token)) {}
  }

  @Test(
    "it: an observer of a method NSOutlineViewDelegate inherits sees it, and only the delegate is re-assigned"
  )
  func outlineDelegate() {
    let outline = ModelTableView(.appKitOutline)
    let screen = Recorder([])
    let model = Recorder([])
    let proxy = ModelOutlineProxy.attach(to: outline, view: screen, viewModel: model, turns: turns)
    turns.endTurn()
    let assigned = outline.assignments.count
    let reloads = outline.reloads
    var seen: [[String]] = []
    let observation = proxy.routing.observe(
      MessageEvent(named: didEnd), beforeHandler: false, isolation: nil
    ) {
      (arguments: [Any]) in seen.append(arguments.map { "\($0)" })
    }
    turns.endTurn()
    #expect(proxy.routing.errors.isEmpty, "declared: not refused")
    outline.send(didEnd, ["notification"])
    #expect(seen == [["notification"]])
    #expect(Array(outline.assignments.dropFirst(assigned)) == [.delegate])
    #expect(outline.reloads == reloads, "the outline never reloaded")
    observation.cancel()
    withExtendedLifetime((screen, model)) {}
  }
}
