import Foundation
import SwitchboardLists
import Testing

@MainActor
struct ListViewUpdateTests {
  @Test func deletingRowsEndsTheirDisplayAndShiftsTheRest() throws {
    let fixture = makeList([rows(5)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    let delegate = fixture.delegate
    try list.reloadData()
    let survivor = list.cellForRow(at: at(0, 2))
    _ = delegate.take()
    source.sections[0].remove(at: 0)
    try list.deleteRows(at: [at(0, 0)])
    #expect(delegate.take() == ["didEnd 0.0", "willDisplay 0.2 0.3"])
    #expect(list.cellForRow(at: at(0, 1)) === survivor, "the cell moves with its row")
    #expect(list.renderText() == "  [0.0] 0.1\n  [0.1] 0.2\n  [0.2] 0.3")
  }

  @Test func insertingRowsAboveKeepsCellsWithTheirRows() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    let delegate = fixture.delegate
    try list.reloadData()
    let first = list.cellForRow(at: at(0, 0))
    _ = delegate.take()
    source.sections[0].insert("new", at: 0)
    try list.insertRows(at: [at(0, 0)])
    #expect(delegate.take() == ["didEnd 0.3", "willDisplay 0.0 new"])
    #expect(list.cellForRow(at: at(0, 1)) === first)
  }

  @Test func movingARowCarriesItsCell() throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    try list.reloadData()
    let moving = list.cellForRow(at: at(0, 0))
    source.sections[0] = ["0.1", "0.2", "0.0"]
    try list.moveRow(at: at(0, 0), to: at(0, 2))
    #expect(list.cellForRow(at: at(0, 2)) === moving)
    #expect(list.renderText() == "  [0.0] 0.1\n  [0.1] 0.2\n  [0.2] 0.0")
  }

  @Test func movingARowBetweenSections() throws {
    let fixture = makeList([rows(2), rows(1, section: 1)], viewport: 1000)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    try list.reloadData()
    source.sections = [["0.1"], ["0.0", "1.0"]]
    try list.moveRow(at: at(0, 0), to: at(1, 0))
    #expect(list.numberOfRows(inSection: 0) == 1)
    #expect(list.numberOfRows(inSection: 1) == 2)
    #expect(list.renderText() == "  [0.0] 0.1\n  [1.0] 0.0\n  [1.1] 1.0")
  }

  @Test func reloadingARowMakesANewCell() throws {
    let fixture = makeList([rows(2)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    let delegate = fixture.delegate
    try list.reloadData()
    _ = delegate.take()
    source.sections[0][1] = "changed"
    try list.reloadRows(at: [at(0, 1)])
    #expect(delegate.take() == ["didEnd 0.1", "willDisplay 0.1 changed"])
    #expect(list.cellForRow(at: at(0, 1))?.text == "changed")
  }

  @Test func reconfiguringRowsConfiguresOnlyTheVisibleOnesInOrderKeepingTheirCells() throws {
    let source = AskedDataSource([rows(10)])
    let fixture = makeList(source: source)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    let first = list.cellForRow(at: at(0, 0))
    let third = list.cellForRow(at: at(0, 2))
    source.asked = []
    _ = delegate.take()
    source.sections[0][0] = "new 0"
    source.sections[0][2] = "new 2"
    source.sections[0][7] = "new 7"
    try list.reconfigureRows(at: [at(0, 7), at(0, 2), at(0, 0)])
    #expect(source.asked == [at(0, 0), at(0, 2)], "row 7 is not visible; the rest go in order")
    #expect(list.cellForRow(at: at(0, 0)) === first && first?.text == "new 0")
    #expect(list.cellForRow(at: at(0, 2)) === third && third?.text == "new 2")
    #expect(delegate.take() == [], "a reconfigured cell neither ends nor starts displaying")
    try list.scroll(to: 7 * 44)
    #expect(list.cellForRow(at: at(0, 7))?.text == "new 7", "made when it scrolls in")
  }

  @Test func insertingAndDeletingSections() throws {
    let fixture = makeList([rows(1), rows(1, section: 1)], viewport: 1000)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    try list.reloadData()
    source.sections.insert(["new"], at: 1)
    try list.insertSections([1])
    #expect(list.numberOfSections == 3)
    #expect(list.renderText() == "  [0.0] 0.0\n  [1.0] new\n  [2.0] 1.0")
    source.sections.remove(at: 0)
    try list.deleteSections([0])
    #expect(list.renderText() == "  [0.0] new\n  [1.0] 1.0")
  }

  @Test func combinedUpdateMapsEveryRow() throws {
    let fixture = makeList([["a", "b", "c", "d"]], viewport: 1000)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    try list.reloadData()
    let c = list.cellForRow(at: at(0, 2))
    source.sections[0] = ["x", "c", "d", "b"]
    try list.performBatchUpdates { update in
      update.deleteRows(at: [at(0, 0)])
      update.insertRows(at: [at(0, 0)])
      update.moveRow(at: at(0, 1), to: at(0, 3))
    }
    #expect(list.cellForRow(at: at(0, 1)) === c)
    #expect(list.renderText() == "  [0.0] x\n  [0.1] c\n  [0.2] d\n  [0.3] b")
  }

  @Test func selectionFollowsItsRowAndDeletedSelectionIsDropped() throws {
    let fixture = makeList([rows(4)], viewport: 1000)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    list.allowsMultipleSelection = true
    try list.reloadData()
    try list.tapRow(at: at(0, 1))
    try list.tapRow(at: at(0, 3))
    source.sections[0].remove(at: 1)
    source.sections[0].insert("new", at: 0)
    try list.performBatchUpdates {
      $0.deleteRows(at: [at(0, 1)])
      $0.insertRows(at: [at(0, 0)])
    }
    #expect(list.indexPathsForSelectedRows == [at(0, 3)])
    #expect(list.cellForRow(at: at(0, 3))?.isSelected == true)
  }

  @Test func anEmptyUpdateChangesNothing() throws {
    let fixture = makeList([rows(2)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    _ = delegate.take()
    try list.performBatchUpdates { _ in }
    #expect(delegate.take().isEmpty)
  }

  /// Builds an update in place, for parameterized cases.
  private nonisolated static func update(_ build: (inout ListUpdate) -> Void) -> ListUpdate {
    var update = ListUpdate()
    build(&update)
    return update
  }

  @Test(arguments: [
    (
      "section count", update { $0.insertSections([1]) },
      ListViewError.invalidUpdate("it inserts section 1, but there are 1 sections after the update")
    ),
    (
      "deleted row out of range", update { $0.deleteRows(at: [at(0, 7)]) },
      .invalidUpdate("it deletes row 7 of section 0, which did not exist before the update")
    ),
    (
      "row deleted twice", update { $0.deleteRows(at: [at(0, 1), at(0, 1)]) },
      .invalidUpdate("it deletes row 1 of section 0 twice")
    ),
    (
      "reload of a deleted row",
      update {
        $0.deleteRows(at: [at(0, 1)])
        $0.reloadRows(at: [at(0, 1)])
      },
      .invalidUpdate("it reloads row 1 of section 0, which it also deletes or moves")
    ),
    (
      "two rows moved to one place",
      update {
        $0.moveRow(at: at(0, 0), to: at(0, 2))
        $0.moveRow(at: at(0, 1), to: at(0, 2))
      },
      .invalidUpdate("it moves two rows to row 2 of section 0")
    ),
    (
      "insert where a row moves in",
      update {
        $0.moveRow(at: at(0, 0), to: at(0, 2))
        $0.insertRows(at: [at(0, 2)])
      },
      .invalidUpdate("it inserts or moves a row to row 2 of section 0 more than once")
    ),
    (
      "rows counted wrong", update { $0.deleteRows(at: [at(0, 0)]) },
      .rowCountMismatch(
        section: 0, before: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0, after: 3)
    ),
  ])
  func invalidUpdatesThrowAndChangeNothing(
    name: String, update: ListUpdate, expected: ListViewError
  ) throws {
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    let before = list.renderText()
    _ = delegate.take()
    #expect(throws: expected, "\(name)") { try list.apply(update) }
    #expect(list.renderText() == before)
    #expect(delegate.take().isEmpty)
  }

  @Test func sectionCountMismatchCarriesAllFourNumbers() throws {
    let fixture = makeList([rows(1), rows(1, section: 1)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    try list.reloadData()
    source.sections.append(["extra"])
    #expect(
      throws: ListViewError.sectionCountMismatch(before: 2, inserted: 0, deleted: 1, after: 3)
    ) {
      try list.deleteSections([0])
    }
  }

  @Test func rowsOfInsertedOrDeletedSectionsCannotBeNamedSeparately() throws {
    let fixture = makeList([rows(2)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    try list.reloadData()
    source.sections.append(["x"])
    #expect(
      throws: ListViewError.invalidUpdate(
        "it inserts row 0 of section 1 in section 1, which it also inserts; an inserted "
          + "section's rows come from the data source")
    ) {
      try list.performBatchUpdates {
        $0.insertSections([1])
        $0.insertRows(at: [at(1, 0)])
      }
    }
    source.sections = []
    #expect(
      throws: ListViewError.invalidUpdate(
        "it deletes row 0 of section 0 in section 0, which it also deletes")
    ) {
      try list.performBatchUpdates {
        $0.deleteSections([0])
        $0.deleteRows(at: [at(0, 0)])
      }
    }
  }

  @Test func aMovedSectionKeepsItsCellsAndASectionReloadMakesThemAgain() throws {
    let fixture = makeList([rows(1), rows(1, section: 1), rows(1, section: 2)], viewport: 1_000)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    try list.reloadData()
    let moving = try #require(list.cellForRow(at: at(0, 0)))
    source.sections = [rows(1, section: 1), rows(1, section: 2), rows(1)]
    try list.moveSection(0, toSection: 2)
    #expect(list.visibleTexts == ["1.0", "2.0", "0.0"])
    #expect(list.cellForRow(at: at(2, 0)) === moving)
    source.sections[0] = ["new"]
    try list.reloadSections([0])
    #expect(list.visibleTexts == ["new", "2.0", "0.0"])
  }

  @Test(arguments: [
    (
      "a row deleted from a moved section",
      update {
        $0.moveSection(0, toSection: 1)
        $0.deleteRows(at: [at(0, 0)])
      },
      ListViewError.invalidUpdate(
        "it deletes row 0 of section 0 in section 0, which it also moves; UIKit cannot change "
          + "a moved section's rows in the same batch: move the section in a batch of its own, "
          + "or delete and insert it")
    ),
    (
      "a section deleted and moved",
      update {
        $0.deleteSections([0])
        $0.moveSection(0, toSection: 1)
      },
      .invalidUpdate("it deletes and moves section 0 in one batch")
    ),
    (
      "two sections moved to one place",
      update {
        $0.moveSection(0, toSection: 1)
        $0.moveSection(1, toSection: 1)
      },
      .invalidUpdate("it moves a section to section 1 twice")
    ),
    (
      "a row inserted into a reloaded section",
      update {
        $0.reloadSections([1])
        $0.insertRows(at: [at(1, 0)])
      },
      .invalidUpdate(
        "it inserts row 0 of section 1 in section 1, which it also reloads; a reloaded "
          + "section's rows come from the data source")
    ),
    (
      "a reconfigured row that is also inserted",
      update {
        $0.deleteRows(at: [at(0, 0)])
        $0.insertRows(at: [at(0, 0)])
        $0.reconfigureRows(at: [at(0, 0)])
      },
      .invalidUpdate("it reconfigures row 0 of section 0, which it also inserts or reloads")
    ),
  ])
  func invalidSectionChangesThrowAndChangeNothing(
    name: String, update: ListUpdate, expected: ListViewError
  ) throws {
    let fixture = makeList([rows(2), rows(2, section: 1)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    let before = list.renderText()
    #expect(throws: expected, "\(name)") { try list.apply(update) }
    #expect(list.renderText() == before)
  }
}

/// A data source that records the rows whose cells it is asked for.
private final class AskedDataSource: ArrayDataSource {
  var asked: [IndexPath] = []

  override func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    asked.append(indexPath)
    return try super.cellForRow(at: indexPath, in: list)
  }
}
