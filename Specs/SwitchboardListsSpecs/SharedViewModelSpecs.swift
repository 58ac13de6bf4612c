import Foundation
import Switchboard
import SwitchboardLists
import Testing

/// A to-do view model shown by several screens; it announces every change it makes.
@MainActor
private class SharedTodos: ListRowCounting, ListEditCommitting, ListChangeAnnouncing {
  let changes = ListChanges()
  var items: [String]
  init(_ items: [String]) { self.items = items }

  func numberOfRows(inSection section: Int) -> Int { items.count }
  func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    items.remove(at: indexPath.row)
    return ListUpdate(deletingRowsAt: [indexPath])
  }
  /// A page that nobody asked for (a push, a timer): changed, then announced.
  func pageArrived(_ page: [String]) {
    let rows = items.count..<items.count + page.count
    items += page
    changes.announce(ListUpdate(insertingRowsAt: rows.map { IndexPath(row: $0, section: 0) }))
  }
}

/// A paged feed shown by several screens.
@MainActor
private final class SharedFeed: SharedTodos, Paginating {
  var pageSize: Int { 2 }
  var totalCount: Int? { 4 }
  var pagination = PaginationState()
  func fetchPage(offset: Int, limit: Int) async throws -> [String] {
    (offset..<min(offset + limit, 4)).map { "post \($0)" }
  }
}

@MainActor
private final class TableScreen: ListCellProviding {
  let model: SharedTodos
  let list = ListView(viewportHeight: 10_000)
  lazy var proxy = ListProxy(view: self, viewModel: model)
  init(_ model: SharedTodos) throws {
    self.model = model
    list.dataSource = proxy
    list.delegate = proxy
    try list.reloadData()
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueCell(ListCell.self, for: indexPath)
    cell.text = model.items[indexPath.row]
    return cell
  }
  /// The rows shown, in order.
  var shown: [String] { list.visibleTexts }
}

@MainActor
private final class GridScreen: ListCellProviding {
  let model: SharedTodos
  let grid = CollectionView(columns: 2, itemHeight: 10, viewportHeight: 10_000)
  lazy var proxy = ListProxy(view: self, viewModel: model)
  init(_ model: SharedTodos) throws {
    self.model = model
    grid.dataSource = proxy
    grid.delegate = proxy
    try grid.reloadData()
  }
  func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
    let cell = try grid.dequeueCell(ListCell.self, for: indexPath)
    cell.text = model.items[indexPath.row]
    return cell
  }
  var shown: [String] { grid.visibleTexts }
}

@MainActor
@Suite("describe: one view model shown by several screens")
struct SharedViewModelSpecs {
  @Test("it: a delete on one screen updates the other, each by a batch")
  func deleteReachesBoth() throws {
    let model = SharedTodos(["milk", "eggs", "tea"])
    let table = try TableScreen(model)
    let grid = try GridScreen(model)
    try table.list.commitEdit(.delete, forRowAt: IndexPath(row: 1, section: 0))
    #expect(model.items == ["milk", "tea"])
    #expect(table.shown == ["milk", "tea"])
    #expect(grid.shown == ["milk", "tea"])
    #expect(grid.grid.numberOfItems(inSection: 0) == 2)
    #expect(table.list.diagnostics.isEmpty)
    #expect(grid.grid.diagnostics.isEmpty, "the grid applied the batch; it did not reload")
  }

  @Test("it: a change the view model makes on its own updates every host")
  func modelInitiatedChange() throws {
    let model = SharedTodos(["milk"])
    let table = try TableScreen(model)
    let grid = try GridScreen(model)
    let second = try TableScreen(model)
    model.pageArrived(["eggs", "tea"])
    for shown in [table.shown, grid.shown, second.shown] {
      #expect(shown == ["milk", "eggs", "tea"])
    }
    #expect(model.changes.hostCount == 3)
  }

  @Test("it: a host that attaches later starts from the current data")
  func lateHost() throws {
    let model = SharedTodos(["milk"])
    let table = try TableScreen(model)
    model.pageArrived(["eggs"])
    let grid = try GridScreen(model)
    model.pageArrived(["tea"])
    #expect(table.shown == ["milk", "eggs", "tea"])
    #expect(grid.shown == ["milk", "eggs", "tea"])
  }

  @Test("it: holds no host, and skips a host that went away")
  func releasedHostSkipped() throws {
    let model = SharedTodos(["milk"])
    let table = try TableScreen(model)
    weak var goneGrid: CollectionView?
    do {
      let grid = try GridScreen(model)
      goneGrid = grid.grid
      #expect(model.changes.hostCount == 2)
    }
    #expect(goneGrid == nil, "announcing does not keep a host alive")
    model.pageArrived(["eggs"])
    #expect(table.shown == ["milk", "eggs"])
    #expect(model.changes.hostCount == 1)
  }

  @Test("it: reloads a host whose counts do not fit the update, and records why")
  func mismatchReloads() throws {
    let model = SharedTodos(["milk"])
    let table = try TableScreen(model)
    // Changed without an announcement, then announced with an update that does not add up.
    model.items += ["eggs", "tea"]
    model.changes.announce(ListUpdate(insertingRowsAt: [IndexPath(row: 1, section: 0)]))
    #expect(table.shown == ["milk", "eggs", "tea"], "the host shows the data, not a bad batch")
    guard case .rowCountMismatch? = table.list.diagnostics.first else {
      Issue.record("expected a row count mismatch, got \(table.list.diagnostics)")
      return
    }
  }

  @Test("it: shows a page loaded for one screen on the others")
  func paginationReachesBoth() async throws {
    let feed = SharedFeed([])
    let table = try TableScreen(feed)
    let grid = try GridScreen(feed)
    let outcome = await feed.loadNextPage(into: table.list)
    guard case .loaded = outcome else {
      Issue.record("expected a page, got \(outcome)")
      return
    }
    // The tall table needs more content, so pages keep coming until the feed ends.
    let all = ["post 0", "post 1", "post 2", "post 3"]
    #expect(table.shown == all)
    #expect(grid.shown == all)
    _ = await feed.refresh(in: grid.grid)
    #expect(table.shown == all)
    #expect(grid.shown == all)
    #expect(grid.grid.diagnostics.isEmpty && table.list.diagnostics.isEmpty)
  }

  @Test("it: stops announcing to a host whose data source is replaced")
  func replacedDataSource() throws {
    let model = SharedTodos(["milk"])
    let other = SharedTodos(["bread"])
    let table = try TableScreen(model)
    let otherProxy = ListProxy<ListView>(view: table, viewModel: other)
    table.list.dataSource = otherProxy
    #expect(model.changes.hostCount == 0)
    #expect(other.changes.hostCount == 1)
  }
}
