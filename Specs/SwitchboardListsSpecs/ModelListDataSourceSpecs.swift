import Foundation
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("ModelListDataSource")
struct ModelListDataSourceSpecs {
  let list = ListView(viewportHeight: 1000)

  private func people(_ names: [(Int, String)]) -> [any CellModel] {
    names.map { Person(id: $0.0, name: $0.1) }
  }

  @Test("heterogeneous cells are configured from their typed models, with no reuse id written")
  func heterogeneousCells() throws {
    let source = try ModelListDataSource<ListView>(sections: [
      ModelSection(id: "mixed", items: [Person(id: 1, name: "Ada"), Place(id: 1, city: "Paris")])
    ])
    list.dataSource = source
    try list.reloadData()
    #expect(list.visibleTexts == ["👤 Ada", "📍 Paris"])
    #expect(list.cellForRow(at: IndexPath(row: 0, section: 0)) is PersonCell)
    #expect(list.cellForRow(at: IndexPath(row: 1, section: 0)) is PlaceCell)
    #expect(
      list.registeredCellType(forReuseIdentifier: String(reflecting: PersonCell.self))
        == PersonCell.self)
  }

  @Test("sections appear by sort order, with their header and footer titles")
  func sortOrderAndTitles() throws {
    let source = try ModelListDataSource<ListView>(sections: [
      ModelSection(id: "later", sortOrder: 2, header: "Later", items: people([(1, "Bo")])),
      ModelSection(
        id: "first", sortOrder: 1, header: "First", footer: "1 person", items: people([(2, "Al")])),
    ])
    list.dataSource = source
    try list.reloadData()
    expectRendered(
      list,
      """
      == First ==
        [0.0] 👤 Al
      -- 1 person --
      == Later ==
        [1.0] 👤 Bo
      """)
  }

  @Test(
    "updating items yields exactly the inserted, deleted and moved rows, and the list shows them")
  func updatesAreExact() throws {
    let source = try ModelListDataSource<ListView>(sections: [
      ModelSection(id: "s", items: people([(1, "A"), (2, "B"), (3, "C"), (4, "D")]))
    ])
    list.dataSource = source
    try list.reloadData()
    let update = try source.update(
      to: [ModelSection(id: "s", items: people([(4, "D"), (1, "A"), (3, "C!"), (5, "E")]))],
      in: list)
    #expect(update.deletedRows == [IndexPath(row: 1, section: 0)])
    #expect(update.insertedRows == [IndexPath(row: 3, section: 0)])
    #expect(
      update.movedRows == [
        .init(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0))
      ])
    #expect(update.reloadedRows == [IndexPath(row: 2, section: 0)])
    #expect(list.visibleTexts == ["👤 D", "👤 A", "👤 C!", "👤 E"])
  }

  @Test("when ids repeat, a typed error names them and nothing is applied")
  func duplicateIDs() throws {
    let source = try ModelListDataSource<ListView>(sections: [
      ModelSection(id: "s", items: people([(1, "A")]))
    ])
    list.dataSource = source
    try list.reloadData()
    #expect(throws: ListViewError.duplicateItemIDs(["Person 1", "Person 2"])) {
      try source.update(
        to: [ModelSection(id: "s", items: people([(1, "A"), (2, "B"), (1, "A'"), (2, "B'")]))],
        in: list)
    }
    #expect(throws: ListViewError.duplicateSectionIDs(["s"])) {
      try source.update(
        to: [ModelSection(id: "s", items: []), ModelSection(id: "s", items: [])], in: list)
    }
    #expect(source.sections.map { $0.items.count } == [1])
    #expect(list.visibleTexts == ["👤 A"])
  }

  @Test("the same id in two model types is two different items")
  func idsArePerType() throws {
    let source = try ModelListDataSource<ListView>(sections: [
      ModelSection(id: "s", items: [Person(id: 1, name: "A"), Place(id: 1, city: "B")])
    ])
    #expect(source.sections[0].items.count == 2)
  }
}
