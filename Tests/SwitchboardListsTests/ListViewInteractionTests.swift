import Foundation
import SwitchboardLists
import Testing

@MainActor
struct ListViewInteractionTests {
  @Test func selectingGoesThroughWillSelectThenDidSelect() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    _ = delegate.take()
    try list.tapRow(at: at(0, 1))
    #expect(delegate.take() == ["willSelect 0.1", "didSelect 0.1"])
    #expect(list.cellForRow(at: at(0, 1))?.isSelected == true)
    #expect(list.renderText().contains("* [0.1] 0.1"))
  }

  @Test func singleSelectionDeselectsThePreviousRow() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    try list.tapRow(at: at(0, 0))
    _ = delegate.take()
    try list.tapRow(at: at(0, 2))
    #expect(delegate.take() == ["willSelect 0.2", "didDeselect 0.0", "didSelect 0.2"])
    #expect(list.indexPathsForSelectedRows == [at(0, 2)])
    #expect(list.cellForRow(at: at(0, 0))?.isSelected == false)
  }

  @Test func multipleSelectionKeepsEveryRow() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    list.allowsMultipleSelection = true
    try list.reloadData()
    try list.tapRow(at: at(0, 2))
    try list.tapRow(at: at(0, 0))
    #expect(list.indexPathsForSelectedRows == [at(0, 0), at(0, 2)])
    try list.deselectRow(at: at(0, 2))
    #expect(list.indexPathsForSelectedRows == [at(0, 0)])
  }

  @Test func willSelectCanRedirectOrCancel() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    delegate.redirect = { $0.row == 0 ? nil : at(0, 2) }
    _ = delegate.take()
    try list.tapRow(at: at(0, 0))
    #expect(delegate.take() == ["willSelect 0.0"])
    #expect(list.indexPathsForSelectedRows.isEmpty)
    try list.tapRow(at: at(0, 1))
    #expect(delegate.take() == ["willSelect 0.1", "didSelect 0.2"])
    #expect(list.indexPathsForSelectedRows == [at(0, 2)])
  }

  @Test func deselectingAnUnselectedRowSendsNothing() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    _ = delegate.take()
    try list.deselectRow(at: at(0, 1))
    #expect(delegate.take().isEmpty)
  }

  @Test func selectingOutsideTheListThrows() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    #expect(throws: ListViewError.indexPathOutOfRange(at(0, 3), sections: 1, rowsInSection: 3)) {
      try list.tapRow(at: at(0, 3))
    }
    #expect(throws: ListViewError.indexPathOutOfRange(at(2, 0), sections: 1, rowsInSection: nil)) {
      try list.tapRow(at: at(2, 0))
    }
  }

  @Test func reloadClearsSelection() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    try list.tapRow(at: at(0, 1))
    try list.reloadData()
    #expect(list.indexPathsForSelectedRows.isEmpty)
  }

  final class EditableSource: ArrayDataSource, ListEditCommitting, ListRowMoving,
    ListRowEditability
  {
    var lockedRows: Set<Int> = []
    func canEditRow(at indexPath: IndexPath) -> Bool {
      !lockedRows.contains(indexPath.row)
    }
    func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
      guard style == .delete else { return ListUpdate() }
      sections[indexPath.section].remove(at: indexPath.row)
      return ListUpdate(deletingRowsAt: [indexPath])
    }
    func moveRow(from source: IndexPath, to destination: IndexPath) {
      let item = sections[source.section].remove(at: source.row)
      sections[destination.section].insert(item, at: destination.row)
    }
  }

  /// A list showing `source`, which the caller keeps alive.
  private func loadedList(over source: ArrayDataSource) throws -> ListView {
    let list = ListView()
    list.register(ListCell.self, forCellReuseIdentifier: "cell")
    list.dataSource = source
    try list.reloadData()
    return list
  }

  @Test func commitingADeleteRemovesTheRow() throws {
    let source = EditableSource([rows(3)])
    let list = try loadedList(over: source)
    try list.commitEdit(.delete, forRowAt: at(0, 0))
    #expect(list.renderText() == "  [0.0] 0.1\n  [0.1] 0.2")
    source.lockedRows = [0]
    #expect(throws: ListViewError.actionNotAllowed("editing", at(0, 0))) {
      try list.commitEdit(.delete, forRowAt: at(0, 0))
    }
  }

  @Test func interactiveMoveUpdatesDataSourceAndList() throws {
    let source = EditableSource([rows(3)])
    let list = try loadedList(over: source)
    try list.moveRowInteractively(from: at(0, 0), to: at(0, 2))
    #expect(source.sections == [["0.1", "0.2", "0.0"]])
    #expect(list.renderText() == "  [0.0] 0.1\n  [0.1] 0.2\n  [0.2] 0.0")
  }

  @Test func editingWithoutACommitterIsNotAllowed() throws {
    let fixture = makeList([rows(2)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    #expect(throws: ListViewError.actionNotAllowed("editing", at(0, 0))) {
      try list.commitEdit(.delete, forRowAt: at(0, 0))
    }
    #expect(throws: ListViewError.actionNotAllowed("moving", at(0, 0))) {
      try list.moveRowInteractively(from: at(0, 0), to: at(0, 1))
    }
  }
}
