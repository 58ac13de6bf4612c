import Foundation
import SwitchboardLists
import SwitchboardTesting
import Testing

// The README's view/view-model example, compiled and run here so it cannot rot.

/// The README's types, in a namespace of their own.
enum Readme {
  struct Contact: CellModel {
    let id: Int
    var name: String
    func configure(_ cell: ContactCell) { cell.text = name }
  }
  final class ContactCell: ListCell {}

  final class TodoModel: ListRowCounting, ListHeaderTitling {
    var items = ["Buy milk", "Walk the dog"]
    func numberOfRows(inSection section: Int) -> Int { items.count }
    func titleForHeader(inSection section: Int) -> String? { "To do" }
  }

  final class TodoScreen: ListCellProviding, ListDidSelectHandling {
    let model = TodoModel()
    let list = ListView()
    lazy var proxy = ListProxy<ListView>(view: self, viewModel: model)
    var tapped: [Int] = []

    func load() throws {
      list.register(ListCell.self, forCellReuseIdentifier: "todo")
      list.dataSource = proxy
      list.delegate = proxy
      try list.reloadData()
    }
    func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
      let cell = try list.dequeueReusableCell(withIdentifier: "todo", for: indexPath)
      cell.text = model.items[indexPath.row]
      return cell
    }
    func didSelectRow(at indexPath: IndexPath, in list: ListView) {
      tapped.append(indexPath.row)
    }
  }
}

@MainActor
@Suite("The README's view/view-model example")
struct ReadmeExampleSpecs {
  @Test("it renders the model's rows through the view's cells")
  func rendersRows() throws {
    let screen = Readme.TodoScreen()
    try screen.load()
    expectRendered(screen.list, "== To do ==\n  [0.0] Buy milk\n  [0.1] Walk the dog")
    try screen.list.tapRow(withText: "Walk the dog")
    #expect(screen.tapped == [1])
  }

  @Test("when the screen goes away, nothing keeps it alive")
  func screenIsReleased() throws {
    expectReleased {
      let screen = Readme.TodoScreen()
      try? screen.load()
      return screen
    }
  }

  @Test("the model-driven cells example inserts exactly one row")
  func modelDrivenCells() throws {
    let list = ListView()
    var people = ModelSection(
      id: "people", sortOrder: 1, header: "People", items: [Readme.Contact(id: 1, name: "Ada")])
    let source = try ModelListDataSource<ListView>(sections: [people])
    list.dataSource = source
    try list.reloadData()

    people.items.insert(Readme.Contact(id: 2, name: "Grace"), at: 0)
    let update = try source.update(to: [people], in: list)
    #expect(update.insertedRows == [IndexPath(row: 0, section: 0)])
    #expect(update.deletedRows.isEmpty && update.movedRows.isEmpty && update.reloadedRows.isEmpty)
    #expect(list.visibleTexts == ["Grace", "Ada"])
  }
}
