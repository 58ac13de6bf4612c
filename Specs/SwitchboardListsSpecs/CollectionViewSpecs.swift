import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

private func item(_ item: Int, _ section: Int) -> IndexPath {
  IndexPath(item: item, section: section)
}

/// A grid shown through a proxy of two spies, kept alive by the caller.
@MainActor
private struct SpyGrid {
  let view: ListSpy<CollectionView>
  let model: ListSpy<CollectionView>
  let proxy: ListProxy<CollectionView>
  let grid: CollectionView

  init(rows: [[String]], columns: Int = 3, viewportHeight: Double = 400) throws {
    view = ListSpy<CollectionView>(
      implementing: [
        .cellForRow, .supplementaryView, .willDisplayRow, .didEndDisplayingRow, .willSelectRow,
        .didSelectRow, .didDeselectRow,
      ], rows: rows)
    view.reusesCells = true
    model = ListSpy<CollectionView>(
      implementing: [.numberOfSections, .numberOfRows, .prefetchRows], rows: rows)
    proxy = ListProxy<CollectionView>(view: view, viewModel: model)
    grid = CollectionView(columns: columns, itemHeight: 40, viewportHeight: viewportHeight)
    grid.dataSource = proxy
    grid.delegate = proxy
    try grid.reloadData()
  }
}

/// Headers and footers of one class, dequeued from the grid; remembers which view it handed
/// out for which kind.
@MainActor
private final class SharedClassHeaders: ListCellProviding, ListSupplementaryViewProviding {
  private(set) var handedOut: [(view: ObjectIdentifier, kind: SupplementaryKind)] = []

  func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
    try grid.dequeueCell(ListCell.self, for: indexPath)
  }

  func supplementaryView(
    ofKind kind: SupplementaryKind, at indexPath: IndexPath, in grid: CollectionView
  ) throws -> ListCell {
    let view = try grid.dequeueSupplementaryView(
      ListCell.self, ofKind: kind, for: indexPath)
    handedOut.append((ObjectIdentifier(view), kind))
    return view
  }
}

@MainActor
@Suite("CollectionView")
struct CollectionViewSpecs {
  @MainActor
  @Suite("when it loads")
  struct Loading {
    @Test("it asks for sections, items per section and a cell per visible item, as a grid")
    func loadsAGrid() throws {
      let stack = try SpyGrid(rows: [["a", "b", "c", "d"], ["e"]])
      expectRendered(
        stack.grid,
        """
          [0.0] a           [0.1] b           [0.2] c
          [0.3] d
          [1.0] e
        """)
      #expect(stack.model.messages.prefix(3) == [.numberOfSections, .numberOfRows, .numberOfRows])
      #expect(stack.view.messages.filter { $0 == .cellForRow }.count == 5)
      #expect(stack.grid.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3, 0])
    }

    @Test("with header and footer heights it asks for each visible section's views by kind")
    func supplementaryViews() throws {
      let stack = try SpyGrid(rows: [["a", "b"], ["c"]])
      stack.grid.headerHeight = 20
      stack.grid.footerHeight = 20
      try stack.grid.reloadData()
      expectRendered(
        stack.grid,
        """
        == header 0 ==
          [0.0] a           [0.1] b
        -- footer 0 --
        == header 1 ==
          [1.0] c
        -- footer 1 --
        """)
      #expect(stack.grid.supplementaryView(ofKind: .header, inSection: 1)?.text == "header 1")
    }

    @Test("supplementary views nobody provides are a typed error, as UIKit's crash would be")
    func missingSupplementaryViews() throws {
      let model = ListSpy<CollectionView>(
        implementing: [.numberOfRows, .cellForRow], rows: [["a"]])
      let grid = CollectionView()
      grid.headerHeight = 20
      grid.dataSource = model
      #expect(
        throws: ListViewError.requiredMessageUnhandled(
          .supplementaryView, handlers: ["ListSpy<CollectionView> ✗"])
      ) { try grid.reloadData() }
    }

    @Test(
      "a list proxy made for another host is named as such, with the fix, not as a message nobody answers"
    )
    func proxyForAnotherHost() throws {
      let view = ListSpy<ListView>(implementing: [.cellForRow], rows: [["a"]])
      let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a"]])
      let tableProxy = ListProxy(view: view, viewModel: model)
      let grid = CollectionView()
      grid.dataSource = tableProxy
      #expect(
        throws: ListViewError.proxyForAnotherHost(
          proxy: "ListProxy<ListView>", host: "CollectionView")
      ) { try grid.reloadData() }
      #expect(
        ListViewError.proxyForAnotherHost(proxy: "ListProxy<ListView>", host: "CollectionView")
          .description.contains("Fix: make it a ListProxy<CollectionView>(view:viewModel:)"))
    }

    @Test("it holds its data source weakly")
    func weakDataSource() throws {
      let grid = CollectionView()
      expectReleased {
        let model = ListSpy<CollectionView>(rows: [["a"]])
        grid.dataSource = model
        return model
      }
      #expect(grid.dataSource == nil)
    }
  }

  @MainActor
  @Suite("when it scrolls")
  struct Scrolling {
    @Test("items that leave end displaying, items that enter display, and the next are prefetched")
    func displayAndPrefetch() throws {
      let rows = (0..<12).map { "item \($0)" }
      let stack = try SpyGrid(rows: [rows], columns: 2, viewportHeight: 80)
      #expect(stack.grid.visibleTexts == ["item 0", "item 1", "item 2", "item 3"])
      #expect(
        stack.model.records.filter { $0.hasPrefix("prefetchRows") }
          == (4..<10).map { "prefetchRows 0.\($0)" })
      stack.view.drain()
      try stack.grid.scroll(by: 80)
      #expect(stack.grid.visibleTexts == ["item 4", "item 5", "item 6", "item 7"])
      let records = stack.view.drain()
      #expect(
        records.filter { $0.hasPrefix("didEndDisplayingRow") }
          == (0..<4).map { "didEndDisplayingRow 0.\($0)" })
      #expect(
        records.filter { $0.hasPrefix("willDisplayRow") }
          == (4..<8).map { "willDisplayRow 0.\($0)" })
      #expect(stack.grid.pooledViewCount == 0, "the four cells that left were reused")
    }

    @Test("a header view is reused only as a header, even when footers share its class")
    func supplementaryReusePerKind() throws {
      let screen = SharedClassHeaders()
      let model = ListSpy<CollectionView>(
        implementing: [.numberOfRows], rows: [["a", "b", "c", "d", "e", "f"]])
      let proxy = ListProxy<CollectionView>(view: screen, viewModel: model)
      let grid = CollectionView(columns: 3, itemHeight: 40, viewportHeight: 30)
      grid.headerHeight = 20
      grid.footerHeight = 20
      grid.dataSource = proxy
      try grid.reloadData()
      try grid.scroll(to: 90)
      try grid.scroll(to: 0)
      #expect(screen.handedOut.count == 3, "a header, a footer, then the header again")
      let kindsPerView = Dictionary(grouping: screen.handedOut, by: \.view).mapValues {
        Set($0.map(\.kind))
      }
      #expect(kindsPerView.values.allSatisfy { $0.count == 1 }, "\(screen.handedOut)")
    }
  }

  @MainActor
  @Suite("when the user taps")
  struct Tapping {
    @Test("willSelect then didSelect, and the previous item is deselected")
    func selection() throws {
      let stack = try SpyGrid(rows: [["a", "b", "c"]])
      try stack.grid.tapItem(at: item(0, 0))
      stack.view.drain()
      try stack.grid.tapItem(withText: "c")
      #expect(
        stack.view.drain()
          == ["willSelectRow 0.2", "didDeselectRow 0.0", "didSelectRow 0.2"])
      #expect(stack.grid.indexPathsForSelectedItems == [item(2, 0)])
      #expect(stack.grid.cellForItem(at: item(2, 0))?.isSelected == true)
      #expect(stack.grid.cellForItem(at: item(0, 0))?.isSelected == false)
    }

    @Test("a willSelect that answers nil cancels the selection")
    func cancel() throws {
      let stack = try SpyGrid(rows: [["a", "b"]])
      stack.view.willSelect = { _ in nil }
      try stack.grid.tapItem(at: item(1, 0))
      #expect(stack.grid.indexPathsForSelectedItems.isEmpty)
      #expect(!stack.view.messages.contains(.didSelectRow))
    }
  }

  @MainActor
  @Suite("when a batch update arrives")
  struct BatchUpdates {
    @Test("a consistent update moves cells with their items and shows the new ones")
    func consistentUpdate() throws {
      let stack = try SpyGrid(rows: [["a", "b", "c"]])
      stack.model.rows = [["new", "a", "b", "c"]]
      stack.view.rows = stack.model.rows
      let cellOfA = stack.grid.cellForItem(at: item(0, 0))
      try stack.grid.insertItems(at: [item(0, 0)])
      #expect(stack.grid.visibleTexts == ["new", "a", "b", "c"])
      #expect(stack.grid.cellForItem(at: item(1, 0)) === cellOfA)
    }

    @Test("an update that does not add up is a typed error and changes nothing")
    func rejectedUpdate() throws {
      let stack = try SpyGrid(rows: [["a", "b", "c"]])
      try stack.grid.tapItem(at: item(1, 0))
      let before = stack.grid.renderText()
      stack.model.rows = [["a", "b"]]
      #expect(
        throws: ListViewError.rowCountMismatch(
          section: 0, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0, after: 2)
      ) { try stack.grid.insertItems(at: [item(0, 0)]) }
      #expect(stack.grid.renderText() == before)
      #expect(stack.grid.numberOfItems(inSection: 0) == 3)
      #expect(stack.grid.indexPathsForSelectedItems == [item(1, 0)])
    }
  }

  @MainActor
  @Suite("when its proxy's routes change")
  struct RouteChanges {
    @Test("it refreshes the responses it cached at assignment")
    func recaches() throws {
      let stack = try SpyGrid(rows: [["a"]])
      #expect(stack.grid.cachedResponse(to: .didSelectRow))
      stack.proxy.rules[.didSelectRow] = .blocked
      #expect(!stack.grid.cachedResponse(to: .didSelectRow))
      try stack.grid.tapItem(at: item(0, 0))
      #expect(!stack.view.messages.contains(.didSelectRow))
    }
  }
}

// MARK: - Every pattern on the collection host

final class TileCell: ListCell {}

struct Tile: CellModel {
  let id: Int
  var name: String
  func configure(_ cell: TileCell) { cell.text = "▦ \(name)" }
}

/// A section object for a collection: its rows are tiles.
final class TileSection: ListSection {
  var names: [String]
  private(set) var selected: [String] = []
  init(_ names: [String]) { self.names = names }
  var numberOfRows: Int { names.count }
  func cell(forRow row: Int, at indexPath: IndexPath, in grid: CollectionView) throws
    -> ListCell
  {
    let cell = try grid.dequeueCell(TileCell.self, for: indexPath)
    cell.text = names[row]
    return cell
  }
  func didSelectRow(_ row: Int, at indexPath: IndexPath, in grid: CollectionView) {
    selected.append(names[row])
  }
}

enum Shape: VisitableRow, Equatable {
  case square(String)
  case circle(String)
  static var kindSamples: [Shape] { [.square(""), .circle("")] }
  var kindName: String {
    switch self {
    case .square: "square"
    case .circle: "circle"
    }
  }
}

final class SquareCell: ListCell {}
final class CircleCell: ListCell {}

struct ShapeCells: RowVisitor {
  func visit(_ row: Shape) -> AnyObject.Type? {
    switch row {
    case .square: SquareCell.self
    case .circle: CircleCell.self
    }
  }
}

struct ShapeHeights: RowVisitor {
  func visit(_ row: Shape) -> RowHeight { .automatic }
}

struct ShapeConfiguration: RowVisitor {
  func visit(_ row: Shape) -> RowConfiguration {
    switch row {
    case .square(let name): .configure(SquareCell.self) { $0.text = "■ \(name)" }
    case .circle(let name): .configure(CircleCell.self) { $0.text = "● \(name)" }
    }
  }
}

/// Pages tiles into whatever host it is given; it triggers on the host-free prefetch message.
@MainActor
final class TilePager: Paginating, ListRowCounting, ListPrefetching {
  var items: [String] = []
  let pageSize = 4
  var totalCount: Int? { 10 }
  var pagination = PaginationState(prefetchDistance: 1)
  weak var host: CollectionView?
  private(set) var loads: [Task<PageOutcome, Never>] = []

  func fetchPage(offset: Int, limit: Int) async throws -> [String] {
    (offset..<min(offset + limit, 10)).map { "tile \($0)" }
  }
  func numberOfRows(inSection section: Int) -> Int { items.count }
  func prefetchRows(at indexPaths: [IndexPath]) {
    guard let host, let last = indexPaths.last else { return }
    if let load = willDisplay(row: last.item, in: host) { loads.append(load) }
  }
}

@MainActor
final class TileScreen: ListCellProviding {
  let pager: TilePager
  init(pager: TilePager) { self.pager = pager }
  func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
    let cell = try grid.dequeueCell(TileCell.self, for: indexPath)
    cell.text = pager.items[indexPath.item]
    return cell
  }
}

@MainActor
@Suite("The list patterns on a CollectionView")
struct CollectionPatternSpecs {
  @Test("sections: each section object makes its own cells and hears its own taps")
  func sections() throws {
    let first = TileSection(["a", "b"])
    let second = TileSection(["c"])
    let source = SectionedDataSource<CollectionView>(sections: [first, second])
    let grid = CollectionView(columns: 2)
    grid.dataSource = source
    grid.delegate = source
    try grid.reloadData()
    expectRendered(
      grid,
      """
        [0.0] a           [0.1] b
        [1.0] c
      """)
    try grid.tapItem(withText: "c")
    #expect(second.selected == ["c"])
    #expect(first.selected.isEmpty)
    try grid.apply(source.moveSection(from: 1, to: 0))
    #expect(grid.visibleTexts == ["c", "a", "b"])
  }

  @Test("model cells: items make their own collection cells and updates are diffed")
  func modelCells() throws {
    let source = try ModelListDataSource<CollectionView>(sections: [
      ModelSection(id: "tiles", items: [Tile(id: 1, name: "one"), Tile(id: 2, name: "two")])
    ])
    let grid = CollectionView(columns: 2)
    grid.dataSource = source
    try grid.reloadData()
    #expect(grid.visibleTexts == ["▦ one", "▦ two"])
    let update = try source.update(
      to: [
        ModelSection(
          id: "tiles",
          items: [Tile(id: 3, name: "three"), Tile(id: 1, name: "one"), Tile(id: 2, name: "two")])
      ], in: grid)
    #expect(update.insertedRows == [item(0, 0)])
    #expect(grid.visibleTexts == ["▦ three", "▦ one", "▦ two"])
  }

  @Test("model cells: a model written for ListView shows here too, in the same cell class")
  func modelCellOfTheOtherHeadlessHost() throws {
    let source = try ModelListDataSource<CollectionView>(sections: [
      ModelSection(id: "people", items: [Person(id: 1, name: "Ada")])
    ])
    let grid = CollectionView()
    grid.dataSource = source
    try grid.reloadData()
    #expect(grid.visibleTexts == ["👤 Ada"])
    #expect(grid.cellForItem(at: item(0, 0)) is PersonCell)
  }

  @Test("model cells: a model whose cell is not a ListCell is a typed error naming both")
  func modelCellOfAnotherHost() throws {
    let source = try ModelListDataSource<CollectionView>(sections: [
      ModelSection(id: "badges", items: [Badge(id: 1)])
    ])
    let grid = CollectionView()
    grid.dataSource = source
    #expect(
      throws: ListViewError.cellTypeNotForHost(
        cell: "BadgeView", host: "CollectionView", hostCell: "ListCell")
    ) { try grid.reloadData() }
  }

  @Test("visitor rows: each kind gets its collection cell, configured by its visitor")
  func visitorRows() throws {
    let source = try VisitorDataSource<CollectionView, Shape>(
      rows: [.square("s"), .circle("c")], cellKinds: ShapeCells(), heights: ShapeHeights(),
      configuration: ShapeConfiguration())
    let grid = CollectionView()
    grid.dataSource = source
    try grid.reloadData()
    #expect(grid.visibleTexts == ["■ s", "● c"])
    #expect(grid.cellForItem(at: item(0, 0)) is SquareCell)
    #expect(grid.cellForItem(at: item(1, 0)) is CircleCell)
  }

  @Test("pagination: pages insert exactly their new items, triggered by prefetching")
  func pagination() async throws {
    let pager = TilePager()
    let screen = TileScreen(pager: pager)
    let proxy = ListProxy<CollectionView>(view: screen, viewModel: pager)
    let grid = CollectionView(columns: 2, itemHeight: 40, viewportHeight: 40)
    grid.dataSource = proxy
    pager.host = grid
    let first = await pager.loadNextPage(into: grid)
    #expect(first == .loaded((0..<4).map { item($0, 0) }))
    #expect(grid.visibleTexts == ["tile 0", "tile 1"], "one line of two is visible")
    // Showing the first page prefetched items 2 and 3; item 3 is the last, so the next page
    // started.
    #expect(pager.loads.count == 1)
    #expect(await pager.loads[0].value == .loaded((4..<8).map { item($0, 0) }))
    // The second page's items 4 to 7 are prefetched in turn, which loads the last page.
    #expect(pager.loads.count == 2)
    #expect(await pager.loads[1].value == .loaded((8..<10).map { item($0, 0) }))
    #expect(grid.numberOfItems(inSection: 0) == 10)
    #expect(pager.items == (0..<10).map { "tile \($0)" })
    try grid.scrollToBottom()
    #expect(grid.visibleTexts == ["tile 8", "tile 9"])
    #expect(pager.loads.count == 2, "nothing more to load")
  }
}

/// A view that is not a `ListCell`, as a UIKit cell or another host's cell would be.
@MainActor
private final class BadgeView {
  var text = ""
}

/// A model whose cell no headless host can make.
private struct Badge: CellModel {
  let id: Int
  func configure(_ cell: BadgeView) { cell.text = "\(id)" }
}
