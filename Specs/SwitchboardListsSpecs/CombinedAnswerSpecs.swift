import Foundation
import Switchboard
import SwitchboardLists
import Testing

/// A screen and a view model both have a say in whether a row may be edited: the screen locks
/// the row being typed in, the view model the rows already sent.
@MainActor
@Suite("describe: a list message answered by two handlers together")
struct CombinedAnswerSpecs {
  final class EditingScreen: TodoScreen, ListRowEditability {
    var lockedRow = 0
    func canEditRow(at indexPath: IndexPath) -> Bool { indexPath.row != lockedRow }
  }

  final class OutboxModel: TodoViewModel, ListRowEditability, ListEditCommitting {
    var sentRows: Set<Int> = [2]
    var asked: [Int] = []
    func canEditRow(at indexPath: IndexPath) -> Bool {
      asked.append(indexPath.row)
      return !sentRows.contains(indexPath.row)
    }
    func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
      sections[indexPath.section].remove(at: indexPath.row)
      return ListUpdate(deletingRowsAt: [indexPath])
    }
  }

  @Test("it: lets the user edit a row only when the screen and the view model both allow it")
  func bothMustAllow() throws {
    let model = OutboxModel()
    let stack = TodoStack(model: model, screen: { EditingScreen(model: $0) })
    stack.proxy.rules[.canEditRow] = .allMustAllow
    try stack.list.reloadData()
    #expect(
      stack.proxy.explain(.canEditRow).description
        == "canEditRow → view (EditingScreen), viewModel (OutboxModel), by rule 'all must allow'")

    // Locked by the screen: the view model is not asked.
    #expect(throws: ListViewError.self) {
      try stack.list.commitEdit(.delete, forRowAt: IndexPath(row: 0, section: 0))
    }
    #expect(model.asked.isEmpty)
    // Sent: the screen allows, the view model refuses.
    #expect(throws: ListViewError.self) {
      try stack.list.commitEdit(.delete, forRowAt: IndexPath(row: 2, section: 0))
    }
    #expect(model.asked == [2])
    // Allowed by both.
    try stack.list.commitEdit(.delete, forRowAt: IndexPath(row: 1, section: 0))
    #expect(model.sections == [["Buy milk", "Call mum"]])
  }

  @Test("it: without the rule, the first implementer alone decides, as before")
  func firstImplementerAlone() throws {
    let model = OutboxModel()
    let stack = TodoStack(model: model, screen: { EditingScreen(model: $0) })
    try stack.list.reloadData()
    try stack.list.commitEdit(.delete, forRowAt: IndexPath(row: 2, section: 0))
    #expect(model.asked.isEmpty)
    #expect(model.sections == [["Buy milk", "Walk the dog"]])
  }

  @Test("it: refuses the first non-nil rule on the row count, which answers Int")
  func refusedOnACount() {
    let stack = TodoStack()
    stack.proxy.rules[.numberOfRows] = .firstNonNil
    #expect(
      stack.proxy.routingErrors.map(\.kind) == [
        .answerTypeMismatch(expected: "an optional", actual: "Int")
      ])
  }
}
