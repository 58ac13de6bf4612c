import Foundation
import SwitchboardLists

struct FetchFailed: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// A paginated feed whose fetches wait until the test resolves them.
final class ControlledFeed: Paginating, ListRowCounting, ListCellProviding, ListWillDisplayObserving
{
  var items: [String] = []
  let pageSize: Int
  var totalCount: Int?
  var pagination: PaginationState
  private(set) var requests: [Int] = []
  private var pending: [CheckedContinuation<[String], any Error>] = []
  private(set) var displayTasks: [Task<PageOutcome, Never>] = []

  init(pageSize: Int = 3, prefetchDistance: Int = 1, section: Int = 0) {
    self.pageSize = pageSize
    pagination = PaginationState(prefetchDistance: prefetchDistance, section: section)
  }

  func fetchPage(offset: Int, limit: Int) async throws -> [String] {
    requests.append(offset)
    return try await withCheckedThrowingContinuation { pending.append($0) }
  }

  /// Waits, without sleeping, until a fetch is waiting to be resolved.
  func waitForFetch() async throws {
    for _ in 0..<10_000 where pending.isEmpty { await Task.yield() }
    guard !pending.isEmpty else { throw FetchFailed() }
  }

  /// Resolves the oldest waiting fetch with `count` items named after their offset.
  func deliver(_ count: Int, from offset: Int? = nil) async throws {
    try await waitForFetch()
    let start = offset ?? requests[requests.count - pending.count]
    pending.removeFirst().resume(returning: (start..<start + count).map { "item \($0)" })
  }

  func fail() async throws {
    try await waitForFetch()
    pending.removeFirst().resume(throwing: FetchFailed())
  }

  var waitingFetches: Int { pending.count }

  func numberOfRows(inSection section: Int) -> Int {
    section == pagination.section ? items.count : 0
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = ListCell(reuseIdentifier: nil)
    cell.text = items[indexPath.row]
    return cell
  }
  func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    if let task = willDisplay(row: indexPath.row, in: list) { displayTasks.append(task) }
  }
}
