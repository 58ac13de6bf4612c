import Foundation
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("Paginating")
struct PaginatingSpecs {
  let feed = ControlledFeed(pageSize: 3, prefetchDistance: 0)  // only the last row triggers
  let list = ListView(viewportHeight: 88)  // two rows: one page fills it

  init() throws {
    list.dataSource = feed
    list.delegate = feed
    try list.reloadData()
  }

  private func paths(_ rows: Range<Int>) -> [IndexPath] {
    rows.map { IndexPath(row: $0, section: 0) }
  }

  /// Loads the first page of three.
  private func loadFirstPage() async throws {
    let task = try #require(feed.startIfNeeded(in: list))
    try await feed.deliver(3)
    #expect(await task.value == .loaded(paths(0..<3)))
  }

  @Test("the first page loads when the empty list appears")
  func firstPageLoads() async throws {
    try await loadFirstPage()
    #expect(feed.requests == [0])
    #expect(list.numberOfRows(inSection: 0) == 3)
    #expect(list.visibleTexts == ["item 0", "item 1"])
  }

  @Test("the next page loads when the trigger row is displayed, with exact new index paths")
  func nextPageOnTriggerRow() async throws {
    try await loadFirstPage()
    #expect(feed.willDisplay(row: 1, in: list) == nil, "row 1 is not the last row")
    let task = try #require(feed.willDisplay(row: 2, in: list))
    try await feed.deliver(3)
    #expect(await task.value == .loaded(paths(3..<6)))
    #expect(feed.requests == [0, 3])
    #expect(list.numberOfRows(inSection: 0) == 6)
  }

  @Test("displaying rows during a fetch starts no second fetch")
  func noDoubleFetch() async throws {
    try await loadFirstPage()
    let task = try #require(feed.willDisplay(row: 2, in: list))
    try await feed.waitForFetch()
    #expect(feed.willDisplay(row: 2, in: list) == nil)
    #expect(feed.willDisplay(row: 2, in: list) == nil)
    #expect(await feed.loadNextPage(into: list) == .alreadyLoading)
    try await feed.deliver(3)
    _ = await task.value
    #expect(feed.requests == [0, 3])
    #expect(feed.items.count == 6)
  }

  @Test("after an error, a retry fetches the same page and succeeds")
  func errorThenRetry() async throws {
    try await loadFirstPage()
    let failing = try #require(feed.willDisplay(row: 2, in: list))
    try await feed.fail()
    #expect(await failing.value == .failed("offline"))
    #expect(feed.pagination.phase == .failed(offset: 3, message: "offline"))
    #expect(feed.willDisplay(row: 2, in: list) == nil, "a failed page waits for a retry")
    async let retried = feed.retry(in: list)
    try await feed.deliver(3)
    #expect(await retried == .loaded(paths(3..<6)))
    #expect(feed.requests == [0, 3, 3])
  }

  @Test("a stale page arriving after a refresh is dropped")
  func stalePageDropped() async throws {
    try await loadFirstPage()
    let stale = try #require(feed.willDisplay(row: 2, in: list))
    try await feed.waitForFetch()
    async let refreshed = feed.refresh(in: list)
    for _ in 0..<10_000 where feed.waitingFetches < 2 { await Task.yield() }
    try await feed.deliver(3, from: 99)  // the old request, for offset 3, lands late
    #expect(await stale.value == .dropped)
    try await feed.deliver(3, from: 0)
    #expect(await refreshed == .loaded(paths(0..<3)))
    #expect(feed.items == ["item 0", "item 1", "item 2"])
    #expect(list.numberOfRows(inSection: 0) == 3)
  }

  @Test("a page shorter than the page size ends pagination")
  func shortPageEnds() async throws {
    try await loadFirstPage()
    let task = try #require(feed.willDisplay(row: 2, in: list))
    try await feed.deliver(2)
    #expect(await task.value == .loaded(paths(3..<5)))
    #expect(feed.pagination.phase == .exhausted)
    #expect(feed.willDisplay(row: 4, in: list) == nil)
    #expect(await feed.loadNextPage(into: list) == .exhausted)
    #expect(feed.requests == [0, 3])
  }

  @Test("reaching the total count ends pagination without another request")
  func totalCountEnds() async throws {
    feed.totalCount = 6
    try await loadFirstPage()
    let task = try #require(feed.willDisplay(row: 2, in: list))
    try await feed.deliver(3)
    _ = await task.value
    #expect(feed.pagination.phase == .exhausted)
    #expect(feed.requests == [0, 3])
  }

  @Test("content shorter than the viewport keeps loading until it is full")
  func fillsTheViewport() async throws {
    try list.resize(viewportHeight: 44 * 7)  // seven rows
    let task = try #require(feed.startIfNeeded(in: list))
    try await feed.deliver(3)
    try await feed.deliver(3)
    try await feed.deliver(3)
    // The first page's rows display and claim the second page from willDisplay, so that task
    // carries on filling the window; together they load each page once.
    var outcomes = [await task.value]
    for display in feed.displayTasks { outcomes.append(await display.value) }
    #expect(outcomes.contains(.loaded(paths(6..<9))))
    #expect(feed.requests == [0, 3, 6])
    #expect(list.numberOfRows(inSection: 0) == 9)
    #expect(!list.needsMoreContent)
    #expect(feed.waitingFetches == 0, "the window is full, so loading stopped")
  }

  @Test("displaying the trigger row through the list loads the next page")
  func throughTheList() async throws {
    try await loadFirstPage()
    try list.scrollToBottom()
    let task = try #require(feed.displayTasks.last)
    try await feed.deliver(3)
    #expect(await task.value == .loaded(paths(3..<6)))
    #expect(list.numberOfRows(inSection: 0) == feed.items.count)
  }

  @Test("with a prefetch distance, a row that many from the end triggers the fetch")
  func prefetchDistanceTriggersEarly() async throws {
    let early = ControlledFeed(pageSize: 3, prefetchDistance: 2)
    list.dataSource = early
    list.delegate = early
    try list.reloadData()
    let first = try #require(early.startIfNeeded(in: list))
    try await early.deliver(3)
    _ = await first.value
    // Inserting rows 0 and 1 displayed row 0, two rows from the end: the next page is on its way.
    let prefetch = try #require(early.displayTasks.first)
    try await early.deliver(3)
    #expect(await prefetch.value == .loaded(paths(3..<6)))
    #expect(early.requests == [0, 3])
  }

  @Test("cancel drops the page in flight and returns to idle")
  func cancelDropsThePage() async throws {
    try await loadFirstPage()
    let task = try #require(feed.willDisplay(row: 2, in: list))
    try await feed.waitForFetch()
    feed.cancel()
    #expect(feed.pagination.phase == .idle)
    try await feed.deliver(3)
    #expect(await task.value == .dropped)
    #expect(feed.items.count == 3)
  }
}
