import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("SectionedDataSource<ListView>")
struct SectionedDataSourceSpecs {
  let first = LoggingSection("First", rows: ["a", "b"])
  let second = LoggingSection("Second", rows: ["c", "d", "e"])
  let source: SectionedDataSource<ListView>
  let list = ListView(viewportHeight: 1000)

  init() throws {
    source = SectionedDataSource<ListView>(sections: [first, second])
    list.register(ListCell.self, forCellReuseIdentifier: "row")
    list.dataSource = source
    list.delegate = source
    try list.reloadData()
  }

  @Test("each section sees its own, section-local rows")
  func sectionsSeeLocalRows() throws {
    #expect(first.askedRows == [0, 1])
    #expect(second.askedRows == [0, 1, 2])
    try list.tapRow(at: IndexPath(row: 2, section: 1))
    #expect(second.selectedRows == [2])
    #expect(first.selectedRows.isEmpty)
  }

  @Test("when sections are reordered, no controller code changes and the list follows")
  func reorderingSections() throws {
    try list.apply(source.moveSection(from: 1, to: 0))
    expectRendered(
      list,
      """
      == Second ==
        [0.0] c
        [0.1] d
        [0.2] e
      == First ==
        [1.0] a
        [1.1] b
      """)
    second.askedRows.removeAll()
    try list.tapRow(at: IndexPath(row: 1, section: 0))
    #expect(second.selectedRows == [1], "the moved section still gets local rows")
  }

  @Test("when a section is inserted or removed, the update says exactly that")
  func insertingAndRemoving() throws {
    let third = LoggingSection("Third", rows: ["f"])
    let insertion = source.insertSection(third, at: 1)
    #expect(insertion.insertedSections == [1])
    try list.apply(insertion)
    #expect(list.numberOfSections == 3)
    #expect(list.headerTitle(forSection: 1) == "Third")
    try list.apply(source.removeSection(at: 0))
    #expect(list.headerTitle(forSection: 0) == "Third")
  }

  @Test("when the view model is a composite of sections, the view can still own the cells")
  func composesWithListProxy() throws {
    final class Screen: ListCellProviding {
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        let cell = try list.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = "view's cell \(indexPath.section).\(indexPath.row)"
        return cell
      }
    }
    let screen = Screen()
    let proxy = ListProxy<ListView>(view: screen, viewModel: source)
    list.dataSource = proxy
    list.delegate = proxy
    try list.reloadData()
    expectRoute(.cellForRow, in: proxy, to: .view)
    expectRoute(.numberOfRows, in: proxy, to: .viewModel)
    expectRoute(.titleForHeader, in: proxy, to: .viewModel)
    #expect(list.visibleTexts.first == "view's cell 0.0")
    #expect(list.headerTitle(forSection: 1) == "Second")
  }
}
