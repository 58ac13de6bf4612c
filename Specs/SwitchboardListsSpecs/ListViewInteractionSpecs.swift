import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

/// A data source and delegate that keeps its rows in an array and records every notification.
@MainActor
final class ShrinkingSource: ListRowCounting, ListCellProviding, ListWillDisplayObserving,
  ListDidEndDisplayingObserving, ListDidSelectHandling, ListDidDeselectHandling,
  ListWillSelectHandling, ListRowMoving
{
  var items: [String]
  var log: [String] = []
  var onWillDisplay: ((ListView, IndexPath) -> Void)?
  /// Rows for which a cell was asked that did not exist in `items` at that moment.
  var cellsAskedForMissingRows: [IndexPath] = []
  var movesItems = true
  /// The list showing the rows, to see what it shows when a row is moved.
  weak var list: ListView?

  init(_ count: Int) { items = (0..<count).map { "row \($0)" } }

  func numberOfRows(inSection section: Int) -> Int { items.count }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    if !items.indices.contains(indexPath.row) { cellsAskedForMissingRows.append(indexPath) }
    let cell = try list.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.text = items.indices.contains(indexPath.row) ? items[indexPath.row] : "?"
    return cell
  }
  func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    log.append("willDisplay \(cell.text)")
    onWillDisplay?(list, indexPath)
  }
  func didEndDisplaying(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    log.append("didEndDisplaying \(cell.text)")
  }
  func willSelectRow(at indexPath: IndexPath, in list: ListView) -> IndexPath? {
    log.append("willSelect \(indexPath.row)")
    return indexPath
  }
  func didSelectRow(at indexPath: IndexPath, in list: ListView) {
    log.append("didSelect \(indexPath.row)")
  }
  func didDeselectRow(at indexPath: IndexPath, in list: ListView) {
    log.append("didDeselect \(indexPath.row)")
  }
  func moveRow(from source: IndexPath, to destination: IndexPath) {
    log.append(
      "moveRow \(source.row) → \(destination.row), list shows \(list?.cellForRow(at: destination)?.text ?? "nothing") there"
    )
    guard movesItems else { return }
    items.insert(items.remove(at: source.row), at: destination.row)
  }

  /// The list showing this source, loaded.
  func makeList(viewportHeight: Double = 440) throws -> ListView {
    let list = ListView(viewportHeight: viewportHeight)
    list.register(ListCell.self, forCellReuseIdentifier: "cell")
    list.dataSource = self
    list.delegate = self
    self.list = list
    try list.reloadData()
    return list
  }

  /// How many times each cell text displayed minus how many times it ended displaying.
  var displayBalance: [String: Int] {
    var balance: [String: Int] = [:]
    for line in log {
      if line.hasPrefix("willDisplay ") {
        balance[String(line.dropFirst("willDisplay ".count)), default: 0] += 1
      } else if line.hasPrefix("didEndDisplaying ") {
        balance[String(line.dropFirst("didEndDisplaying ".count)), default: 0] -= 1
      }
    }
    return balance.filter { $0.value != 0 }
  }
}

@MainActor
@Suite("ListView, interaction as UIKit does it")
struct ListViewInteractionSpecs {

  @MainActor
  @Suite("when the delegate changes the list while rows are being displayed")
  struct NestedUpdates {
    @Test("a reload from willDisplay that shrinks the data asks for no row that is gone")
    func reloadFromWillDisplay() throws {
      let source = ShrinkingSource(10)
      let list = ListView(viewportHeight: 440)
      list.register(ListCell.self, forCellReuseIdentifier: "cell")
      list.dataSource = source
      list.delegate = source
      source.onWillDisplay = { [unowned source] list, indexPath in
        guard indexPath.row == 3, source.items.count == 10 else { return }
        source.items = Array(source.items.prefix(2))
        try? list.reloadData()
      }
      try list.reloadData()
      #expect(source.cellsAskedForMissingRows.isEmpty)
      #expect(list.visibleTexts == ["row 0", "row 1"])
      #expect(list.indexPathsForVisibleRows.count == 2)
      let stillShown = Dictionary(uniqueKeysWithValues: list.visibleTexts.map { ($0, 1) })
      #expect(source.displayBalance == stillShown, "every willDisplay is paired once it ends")
    }

    @Test("deleting rows from willDisplay keeps willDisplay and didEndDisplaying paired")
    func deleteFromWillDisplay() throws {
      let source = ShrinkingSource(10)
      let list = try source.makeList(viewportHeight: 132)
      source.onWillDisplay = { [unowned source] list, indexPath in
        guard indexPath.row == 4, source.items.count == 10 else { return }
        source.items.removeSubrange(0..<3)
        try? list.deleteRows(at: (0..<3).map { IndexPath(row: $0, section: 0) })
      }
      try list.scroll(to: 88)  // rows 2, 3, 4
      #expect(source.cellsAskedForMissingRows.isEmpty)
      let stillShown = Dictionary(uniqueKeysWithValues: list.visibleTexts.map { ($0, 1) })
      #expect(source.displayBalance == stillShown)
      #expect(list.numberOfRows(inSection: 0) == 7)
    }
  }

  @MainActor
  @Suite("when the user drags a row")
  struct MovingRows {
    @Test("an invalid destination is rejected before the data source hears anything")
    func invalidDestination() throws {
      let source = ShrinkingSource(3)
      let list = try source.makeList()
      source.log.removeAll()
      #expect(
        throws: ListViewError.indexPathOutOfRange(
          IndexPath(row: 9, section: 0), sections: 1, rowsInSection: 3)
      ) {
        try list.moveRowInteractively(
          from: IndexPath(row: 0, section: 0), to: IndexPath(row: 9, section: 0))
      }
      #expect(source.log.isEmpty)
      #expect(source.items == ["row 0", "row 1", "row 2"])
      #expect(list.visibleTexts == ["row 0", "row 1", "row 2"])
    }

    @Test("within its section a row can go to the last row, not past it")
    func pastTheEnd() throws {
      let source = ShrinkingSource(3)
      let list = try source.makeList()
      #expect(throws: ListViewError.self) {
        try list.moveRowInteractively(
          from: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
      }
      try list.moveRowInteractively(
        from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
      #expect(list.visibleTexts == ["row 1", "row 2", "row 0"])
    }

    @Test("dropping a row where it was still tells the data source, and changes nothing")
    func dropInPlace() throws {
      let source = ShrinkingSource(3)
      let list = try source.makeList()
      source.log.removeAll()
      try list.moveRowInteractively(
        from: IndexPath(row: 1, section: 0), to: IndexPath(row: 1, section: 0))
      #expect(source.log == ["moveRow 1 → 1, list shows row 1 there"])
      #expect(list.visibleTexts == ["row 0", "row 1", "row 2"])
    }

    @Test("the data source is told after the row has moved in the list")
    func toldAfterTheMove() throws {
      let source = ShrinkingSource(3)
      let list = try source.makeList()
      source.log.removeAll()
      try list.moveRowInteractively(
        from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
      #expect(source.log == ["moveRow 0 → 2, list shows row 0 there"])
      #expect(source.items == ["row 1", "row 2", "row 0"])
    }
  }

  @MainActor
  @Suite("selection")
  struct Selection {
    @Test("with multiple selection, tapping a selected row deselects it with didDeselect")
    func tapDeselectsInMultipleSelection() throws {
      let source = ShrinkingSource(3)
      let list = try source.makeList()
      list.allowsMultipleSelection = true
      try list.tapRow(at: IndexPath(row: 1, section: 0))
      source.log.removeAll()
      try list.tapRow(at: IndexPath(row: 1, section: 0))
      #expect(source.log == ["didDeselect 1"])
      #expect(list.indexPathsForSelectedRows.isEmpty)
      #expect(list.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == false)
    }

    @Test("with single selection, tapping the selected row selects it again")
    func tapReselectsInSingleSelection() throws {
      let source = ShrinkingSource(3)
      let list = try source.makeList()
      try list.tapRow(at: IndexPath(row: 1, section: 0))
      source.log.removeAll()
      try list.tapRow(at: IndexPath(row: 1, section: 0))
      #expect(source.log == ["willSelect 1", "didSelect 1"])
      #expect(list.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    }

    @Test("selecting and deselecting from code sends no delegate message, as in UIKit")
    func programmaticSelectionIsSilent() throws {
      let source = ShrinkingSource(3)
      let list = try source.makeList()
      source.log.removeAll()
      try list.selectRow(at: IndexPath(row: 0, section: 0), animated: false)
      try list.selectRow(at: IndexPath(row: 2, section: 0), animated: false)
      #expect(list.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
      try list.deselectRow(at: IndexPath(row: 2, section: 0))
      #expect(list.indexPathsForSelectedRows.isEmpty)
      #expect(source.log.isEmpty)
    }
  }

  @MainActor
  @Suite("diagnostics")
  struct Diagnostics {
    final class BlockingScreen: ListDidSelectHandling, ListCellProviding {
      weak var proxy: ListProxy<ListView>?
      var selections = 0
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        try list.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
      func didSelectRow(at indexPath: IndexPath, in list: ListView) {
        selections += 1
        proxy?.rules[.didSelectRow] = .blocked
      }
    }

    @Test("a handler that changes its own route during its call is not reported as released")
    func ruleChangeDuringCallIsNoFault() throws {
      let screen = BlockingScreen()
      let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a", "b"]])
      let proxy = ListProxy<ListView>(view: screen, viewModel: model)
      screen.proxy = proxy
      let list = ListView()
      list.register(ListCell.self, forCellReuseIdentifier: "cell")
      list.dataSource = proxy
      list.delegate = proxy
      try list.reloadData()
      try list.tapRow(at: IndexPath(row: 0, section: 0))
      #expect(screen.selections == 1)
      #expect(list.diagnostics.isEmpty)
      #expect(!list.cachedResponse(to: .didSelectRow), "the list follows the new rule")
    }
  }
}
