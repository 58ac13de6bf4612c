import Foundation
import SwitchboardLists
import SwitchboardTesting
import Testing

/// A post with an identity, served by a server whose list can grow at the front.
struct Post: Identifiable, Equatable {
  let id: Int
}

/// A feed whose fetch answers from memory, without ever suspending, like a cache or local store.
final class InstantFeed: Paginating, ListRowCounting, ListCellProviding, ListWillDisplayObserving {
  var items: [Post] = []
  let pageSize: Int
  var totalCount: Int?
  var pagination: PaginationState
  /// The server's list, newest first.
  var server: [Post]
  var deduplicates = false
  private(set) var requests: [Int] = []
  private(set) var tasks: [Task<PageOutcome, Never>] = []

  init(serverCount: Int, pageSize: Int = 20, prefetchDistance: Int = 5) {
    server = (0..<serverCount).map { Post(id: $0) }
    self.pageSize = pageSize
    pagination = PaginationState(prefetchDistance: prefetchDistance)
  }

  func fetchPage(offset: Int, limit: Int) async throws -> [Post] {
    requests.append(offset)
    return Array(server.dropFirst(offset).prefix(limit))
  }

  func itemsToAppend(from page: [Post]) -> [Post] {
    deduplicates ? itemsNotLoadedYet(in: page) : page
  }

  func numberOfRows(inSection section: Int) -> Int { items.count }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueReusableCell(withIdentifier: "post", for: indexPath)
    cell.text = "post \(items[indexPath.row].id)"
    return cell
  }
  func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    if let task = willDisplay(row: indexPath.row, in: list) { tasks.append(task) }
  }

  /// Waits for every load started so far, including those started while waiting.
  func settle() async {
    var index = 0
    while index < tasks.count {
      _ = await tasks[index].value
      index += 1
    }
  }

  /// A list wired to this feed, not loaded yet.
  func makeList(viewportHeight: Double) -> ListView {
    let list = ListView(viewportHeight: viewportHeight)
    list.register(ListCell.self, forCellReuseIdentifier: "post")
    list.dataSource = self
    list.delegate = self
    return list
  }
}

@MainActor
@Suite("Paginating, edge cases")
struct PaginationEdgeSpecs {

  @MainActor
  @Suite("when the fetch answers without suspending")
  struct InstantFetch {
    @Test("one layout pass that displays six trigger rows fetches one page")
    func sixTriggerRowsOnePage() async throws {
      let feed = InstantFeed(serverCount: 200)
      let list = feed.makeList(viewportHeight: 44 * 10)
      let first = try #require(feed.startIfNeeded(in: list))
      #expect(await first.value == .loaded((0..<20).map { IndexPath(row: $0, section: 0) }))
      await feed.settle()
      #expect(feed.requests == [0])
      try list.scroll(to: 44 * 14)  // rows 14...23: rows 14 to 19 are all trigger rows
      await feed.settle()
      #expect(feed.requests == [0, 20])
      #expect(feed.items.count == 40)
    }

    @Test("calling startIfNeeded twice loads one page")
    func startTwice() async throws {
      let feed = InstantFeed(serverCount: 200)
      let list = feed.makeList(viewportHeight: 44 * 5)
      let first = feed.startIfNeeded(in: list)
      let second = feed.startIfNeeded(in: list)
      #expect(first != nil)
      #expect(second == nil, "the first call already claimed the page")
      _ = await first?.value
      await feed.settle()
      #expect(feed.requests == [0])
    }
  }

  @MainActor
  @Suite("when the first page arrives before the list ever loaded")
  struct BeforeTheFirstLoad {
    @Test("the README's order works: wire the list up, then start")
    func readmeOrder() async throws {
      let feed = InstantFeed(serverCount: 30)
      let list = feed.makeList(viewportHeight: 44 * 3)
      #expect(!list.hasLoadedData)
      let outcome = await feed.startIfNeeded(in: list)?.value
      #expect(outcome == .loaded((0..<20).map { IndexPath(row: $0, section: 0) }))
      #expect(feed.pagination.phase == .idle)
      #expect(list.hasLoadedData)
      #expect(list.visibleTexts == ["post 0", "post 1", "post 2"])
    }
  }

  @MainActor
  @Suite("when pages overlap because the server's list grew meanwhile")
  struct OverlappingPages {
    /// Loads the first page, then puts `count` new posts at the front of the server's list.
    func firstPageThenNewPosts(_ feed: InstantFeed, count: Int) async throws -> ListView {
      let list = feed.makeList(viewportHeight: 44 * 3)
      _ = await feed.startIfNeeded(in: list)?.value
      feed.server.insert(contentsOf: (1000..<1000 + count).map { Post(id: $0) }, at: 0)
      return list
    }

    @Test("without de-duplication the shifted items are appended twice")
    func duplicatesByDefault() async throws {
      let feed = InstantFeed(serverCount: 60)
      let list = try await firstPageThenNewPosts(feed, count: 3)
      _ = await feed.loadNextPage(into: list)
      #expect(feed.items.map(\.id).filter { $0 == 17 }.count == 2)
    }

    @Test("itemsNotLoadedYet drops items already loaded, and the next page starts after them")
    func deduplicatedByIdentity() async throws {
      let feed = InstantFeed(serverCount: 60)
      feed.deduplicates = true
      let list = try await firstPageThenNewPosts(feed, count: 3)
      let outcome = await feed.loadNextPage(into: list)
      #expect(outcome == .loaded((20..<37).map { IndexPath(row: $0, section: 0) }))
      #expect(feed.items.map(\.id) == Array(0..<37))
      #expect(feed.pagination.skippedCount == 3)
      #expect(list.numberOfRows(inSection: 0) == 37)
      _ = await feed.loadNextPage(into: list)
      #expect(feed.requests.suffix(2) == [20, 40], "the skipped items count toward the offset")
      #expect(feed.items.map(\.id) == Array(0..<57))
    }

    @Test("a full page of duplicates still moves on to the next page")
    func pageOfDuplicates() async throws {
      let feed = InstantFeed(serverCount: 60, pageSize: 10)
      feed.deduplicates = true
      let list = try await firstPageThenNewPosts(feed, count: 10)
      #expect(await feed.loadNextPage(into: list) == .loaded([]))
      #expect(feed.pagination.phase == .idle, "a full page means more may come")
      _ = await feed.loadNextPage(into: list)
      #expect(feed.items.map(\.id) == Array(0..<20))
    }
  }
}
