import Foundation
import SwitchboardLists
import SwitchboardTesting
import Testing

/// A paginated view model that names no host and has no display method: it only counts rows,
/// fetches pages and announces changes.
private final class FeedModel: Paginating, ListRowCounting, ListChangeAnnouncing {
  let changes = ListChanges()
  var items: [Int] = []
  let pageSize = 20
  var totalCount: Int?
  var pagination = PaginationState(prefetchDistance: 5)
  var failNext = false
  private(set) var requests: [Int] = []

  init(totalCount: Int? = nil) { self.totalCount = totalCount }

  func fetchPage(offset: Int, limit: Int) async throws -> [Int] {
    requests.append(offset)
    await Task.yield()
    if failNext {
      failNext = false
      throw URLError(.notConnectedToInternet)
    }
    return Array(offset..<min(offset + limit, totalCount ?? 1000))
  }

  func numberOfRows(inSection section: Int) -> Int { items.count }
}

/// A table screen that only makes cells: no `willDisplay`, nothing passed along.
private final class FeedTable: ListCellProviding {
  let model: FeedModel
  let list = ListView(viewportHeight: 440)  // 10 rows of 44
  lazy var proxy = ListProxy(view: self, viewModel: model)
  init(_ model: FeedModel) {
    self.model = model
    list.dataSource = proxy
    list.delegate = proxy
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueCell(ListCell.self, for: indexPath)
    cell.text = "post \(model.items[indexPath.row])"
    return cell
  }
}

/// A grid screen showing the same view model.
private final class FeedGrid: ListCellProviding {
  let model: FeedModel
  let grid = CollectionView(columns: 2, viewportHeight: 200)
  lazy var proxy = ListProxy(view: self, viewModel: model)
  init(_ model: FeedModel) {
    self.model = model
    grid.dataSource = proxy
    grid.delegate = proxy
  }
  func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
    let cell = try grid.dequeueCell(ListCell.self, for: indexPath)
    cell.text = "post \(model.items[indexPath.item])"
    return cell
  }
}

@MainActor
@Suite("Pagination from a view model that knows no host")
struct HostFreePaginationSpecs {
  @Suite("when the view model paginates through its proxies")
  @MainActor
  struct ThroughProxies {
    /// One view model behind a table and a grid, paginating through both proxies, both loaded.
    private func paginatedOnBothHosts() throws -> (FeedModel, FeedTable, FeedGrid) {
      let model = FeedModel()
      let table = FeedTable(model)
      let grid = FeedGrid(model)
      model.paginate(table.proxy)
      model.paginate(grid.proxy)
      try table.list.reloadData()
      try grid.grid.reloadData()
      return (model, table, grid)
    }

    @Test("the first page shows on every host, with no display method anywhere")
    func firstPageOnEveryHost() async throws {
      let (model, table, grid) = try paginatedOnBothHosts()

      let outcome = await model.startIfNeeded()?.value

      #expect(outcome == .loaded((0..<20).map { IndexPath(row: $0, section: 0) }))
      #expect(table.list.numberOfRows(inSection: 0) == 20)
      #expect(grid.grid.numberOfItems(inSection: 0) == 20)
      #expect(table.list.visibleTexts.first == "post 0")
      #expect(table.list.diagnostics.isEmpty && grid.grid.diagnostics.isEmpty)
    }

    @Test("a scroll near the end starts the next page, and a test awaits that page")
    func scrollStartsThePage() async throws {
      let (model, table, grid) = try paginatedOnBothHosts()
      _ = await model.startIfNeeded()?.value
      #expect(model.requests == [0])

      try table.list.scrollToRow(at: IndexPath(row: 19, section: 0), at: .bottom)
      let page = model.pagination.lastLoad
      let outcome = await page?.value

      #expect(outcome == .loaded((20..<40).map { IndexPath(row: $0, section: 0) }))
      #expect(model.requests == [0, 20], "one fetch for the page, however many rows appeared")
      #expect(table.list.numberOfRows(inSection: 0) == 40)
      #expect(grid.grid.numberOfItems(inSection: 0) == 40, "the grid shows the page too")
      #expect(table.list.diagnostics.isEmpty && grid.grid.diagnostics.isEmpty)
    }

    @Test("rows far from the end start nothing")
    func farFromTheEnd() async throws {
      let model = FeedModel()
      let table = FeedTable(model)
      model.paginate(table.proxy)
      try table.list.reloadData()
      _ = await model.startIfNeeded()?.value
      let first = model.pagination.lastLoad

      try table.list.scrollToRow(at: IndexPath(row: 3, section: 0))

      #expect(model.pagination.lastLoad == first)
      #expect(model.requests == [0])
    }

    @Test("the view model is released with its observations: the proxy keeps nothing of it")
    func releasedWithItsObservations() async throws {
      weak var released: FeedModel?
      let view = ListSpy(implementing: [.cellForRow])
      let proxy: ListProxy<ListView>
      do {
        let model = FeedModel()
        released = model
        proxy = ListProxy(view: view, viewModel: model)
        model.paginate(proxy)
        #expect(proxy.responds(to: .willDisplayRow), "observed, so the host sends it")
      }
      #expect(released == nil)
      #expect(!proxy.responds(to: .willDisplayRow), "the observation ended with the model")
    }
  }

  @Suite("when a page fails, is refreshed or runs out")
  @MainActor
  struct Lifecycle {
    @Test("a failed page waits for retry(), which announces the rows")
    func retryAnnounces() async throws {
      let model = FeedModel()
      let table = FeedTable(model)
      model.paginate(table.proxy)
      try table.list.reloadData()
      model.failNext = true

      #expect(await model.loadNextPage() == .failed("\(URLError(.notConnectedToInternet))"))
      #expect(model.startIfNeeded() == nil, "a failed page is not fetched again by itself")
      let outcome = await model.retry()

      #expect(outcome == .loaded((0..<20).map { IndexPath(row: $0, section: 0) }))
      #expect(table.list.numberOfRows(inSection: 0) == 20)
    }

    @Test("refresh() replaces the rows on every host")
    func refreshReplaces() async throws {
      let model = FeedModel()
      let table = FeedTable(model)
      let grid = FeedGrid(model)
      try table.list.reloadData()
      try grid.grid.reloadData()
      _ = await model.loadNextPage()
      _ = await model.loadNextPage()
      #expect(table.list.numberOfRows(inSection: 0) == 40)

      let outcome = await model.refresh()

      #expect(outcome == .loaded((0..<20).map { IndexPath(row: $0, section: 0) }))
      #expect(table.list.numberOfRows(inSection: 0) == 20)
      #expect(grid.grid.numberOfItems(inSection: 0) == 20)
      #expect(model.requests == [0, 20, 0])
      #expect(table.list.diagnostics.isEmpty && grid.grid.diagnostics.isEmpty)
    }

    @Test("the total count ends pagination")
    func totalCountEnds() async throws {
      let model = FeedModel(totalCount: 25)
      let table = FeedTable(model)
      model.paginate(table.proxy)
      try table.list.reloadData()
      _ = await model.startIfNeeded()?.value
      try table.list.scrollToRow(at: IndexPath(row: 19, section: 0), at: .bottom)
      _ = await model.pagination.lastLoad?.value

      #expect(table.list.numberOfRows(inSection: 0) == 25)
      #expect(model.pagination.phase == .exhausted)
      #expect(await model.loadNextPage() == .exhausted)
    }
  }
}
