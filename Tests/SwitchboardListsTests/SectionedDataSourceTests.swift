import Foundation
import SwitchboardLists
import Testing

/// A section with only the required members: everything else is the host's default.
final class PlainSection: ListSection {
  var rows: [String]
  init(_ rows: [String]) { self.rows = rows }
  var numberOfRows: Int { rows.count }
  func cell(forRow row: Int, at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = ListCell(reuseIdentifier: nil)
    cell.text = rows[row]
    return cell
  }
}

/// A section that sets heights and handles edits.
final class EditableSection: ListSection {
  var rows: [String]
  var displayed: [Int] = []
  init(_ rows: [String]) { self.rows = rows }
  var numberOfRows: Int { rows.count }
  var footerTitle: String? { "\(rows.count) rows" }
  func cell(forRow row: Int, at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = ListCell(reuseIdentifier: nil)
    cell.text = rows[row]
    return cell
  }
  func height(forRow row: Int, at indexPath: IndexPath, in list: ListView) -> Double? { 10 }
  func willDisplayRow(_ row: Int, cell: ListCell, at indexPath: IndexPath, in list: ListView) {
    displayed.append(row)
  }
  func canEditRow(_ row: Int) -> Bool { true }
  func commitEdit(_ style: ListEditingStyle, forRow row: Int, at indexPath: IndexPath)
    -> ListUpdate
  {
    rows.remove(at: row)
    return ListUpdate(deletingRowsAt: [indexPath])
  }
}

@MainActor
struct SectionedDataSourceTests {
  @Test func optionalMembersFallBackToTheHost() throws {
    let plain = PlainSection(["a"])
    let source = SectionedDataSource<ListView>(sections: [plain])
    let list = ListView()
    list.dataSource = source
    list.delegate = source
    try list.reloadData()
    #expect(list.headerTitle(forSection: 0) == nil)
    #expect(list.footerTitle(forSection: 0) == nil)
    #expect(source.heightForRow(at: IndexPath(row: 0, section: 0), in: list) == list.rowHeight)
    #expect(!source.canEditRow(at: IndexPath(row: 0, section: 0)))
    #expect(throws: ListViewError.actionNotAllowed("editing", IndexPath(row: 0, section: 0))) {
      try list.commitEdit(.delete, forRowAt: IndexPath(row: 0, section: 0))
    }
  }

  @Test func sectionsSetHeightsAndHandleEditsWithLocalRows() throws {
    let plain = PlainSection(["a"])
    let editable = EditableSection(["x", "y", "z"])
    let source = SectionedDataSource<ListView>(sections: [plain, editable])
    let list = ListView(viewportHeight: 1000)
    list.dataSource = source
    list.delegate = source
    try list.reloadData()
    #expect(list.contentHeight == 44 + 30 + 28)  // plain row, three 10-point rows, footer
    #expect(editable.displayed == [0, 1, 2])
    try list.commitEdit(.delete, forRowAt: IndexPath(row: 1, section: 1))
    #expect(list.visibleTexts == ["a", "x", "z"])
    #expect(list.footerTitle(forSection: 1) == "2 rows")
  }

  @Test func replacingSectionsMatchesThemByIdentity() throws {
    let a = PlainSection(["a"])
    let b = PlainSection(["b"])
    let c = PlainSection(["c"])
    let d = PlainSection(["d"])
    let source = SectionedDataSource<ListView>(sections: [a, b, c])
    let list = ListView(viewportHeight: 1000)
    list.dataSource = source
    try list.reloadData()
    let update = source.replaceSections(with: [c, a, d])
    #expect(update.deletedSections.sorted() == [1, 2])
    #expect(update.insertedSections.sorted() == [0, 2])
    try list.apply(update)
    #expect(list.visibleTexts == ["c", "a", "d"])
  }

  @Test func movingASectionToItselfChangesNothing() {
    let source = SectionedDataSource<ListView>(sections: [PlainSection(["a"])])
    #expect(source.moveSection(from: 0, to: 0).isEmpty)
  }
}
