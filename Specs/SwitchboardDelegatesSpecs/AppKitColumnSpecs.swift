import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// A view-based NSTableView asks its delegate for one view per column of each row, and for a
// group row's one view with no column (NSTableView.h, tableView:viewForTableColumn:row:). Driven
// through the model of AppKit's table (AppKitProtocols.swift), as TableViewProxy serves it.

private let cellView = "tableView:viewForTableColumn:row:"

/// Makes the cells of the columns it names, and leaves the others.
@MainActor
private final class ColumnMaker: ListColumnCellProviding {
  let columns: Set<String>
  private(set) var asked: [ListColumn] = []
  init(_ columns: Set<String>) { self.columns = columns }

  func cellForRow(at indexPath: IndexPath, column: ListColumn, in host: ModelHost) throws
    -> ModelCell?
  {
    asked.append(column)
    guard let identifier = column.identifier, columns.contains(identifier) else { return nil }
    let cell = ModelCell(dequeued: true)
    cell.text = "\(identifier) \(indexPath.row)"
    return cell
  }
}

@MainActor
@Suite("describe: a cell per column of an NSTableView")
struct AppKitColumnSpecs {
  let table = ModelTableView(.appKitTable)
  let turns = ModelTurns()
  let name = ModelColumn("name", at: 0)
  let size = ModelColumn("size", at: 1)
  let date = ModelColumn("date", at: 2)

  private func text(_ column: Any, row: Int) -> String? {
    (table.send(cellView, [column, row]) as? ModelCell)?.text
  }

  @Test(
    "it: each column goes to the handler that makes it, a column nobody makes to the table's own view"
  )
  func columnsSplit() {
    let screen = ColumnMaker(["name"])
    let model = ColumnMaker(["size"])
    ModelProxy.attach(to: table, view: screen, viewModel: model, turns: turns)
    #expect(text(name, row: 2) == "name 2")
    #expect(text(size, row: 2) == "size 2", "the view leaves it; the view model makes it")
    #expect(text(date, row: 2) == "the table's own date")
    #expect(
      screen.asked == [
        ListColumn(identifier: "name", index: 0),
        ListColumn(identifier: "size", index: 1), ListColumn(identifier: "date", index: 2),
      ])
    #expect(table.crashes.isEmpty)
  }

  @Test("it: a group row reaches a column provider as the group row, with no column")
  func groupRow() {
    let screen = ColumnMaker([])
    ModelProxy.attach(to: table, view: screen, viewModel: CountingModel(), turns: turns)
    #expect(text(NSNull(), row: 0) == "the table's own group row")
    #expect(screen.asked == [.groupRow])
    #expect(screen.asked.first?.isGroupRow == true)
  }

  @Test(
    "it: a provider of one cell per row makes the first column's and a group row's, not the other columns'"
  )
  func oneCellPerRow() {
    let maker = CellMaker("cell")
    ModelProxy.attach(to: table, view: maker, viewModel: CountingModel(), turns: turns)
    #expect(text(name, row: 1) == "cell 1")
    #expect(text(size, row: 1) == "the table's own size")
    #expect(text(NSNull(), row: 1) == "cell 1")
    #expect(maker.made == 2)
  }
}
