import Foundation

/// A source of items that arrive a page at a time.
///
/// Adopt it with your items, page size and fetch; the library owns the state machine (idle,
/// loading, failed, exhausted), starts fetches when rows near the end are displayed, appends
/// pages, and inserts exactly the new rows into any ``BatchUpdatingHost`` such as ``ListView``:
///
/// ```swift
/// final class Feed: Paginating, ListRowCounting, ListCellProviding, ListWillDisplayObserving {
///   var items: [Post] = []
///   let pageSize = 20
///   var totalCount: Int?
///   var pagination = PaginationState(prefetchDistance: 5)
///
///   func fetchPage(offset: Int, limit: Int) async throws -> [Post] {
///     try await api.posts(offset: offset, limit: limit)
///   }
///   func list(_ list: ListView, willDisplay cell: ListCell, forRowAt indexPath: IndexPath) {
///     willDisplay(row: indexPath.row, in: list)
///   }
///   // numberOfRows: items.count; cellForRow: ...
/// }
/// ```
///
/// Guarantees:
/// - no second fetch starts while one is in flight, however often rows are displayed;
/// - ``refresh(in:)``, ``reset()`` and ``cancel()`` bump a generation, so a page requested before
///   is dropped when it lands;
/// - a failed page stays failed until ``retry(in:)``;
/// - a page shorter than ``pageSize``, or reaching ``totalCount``, ends pagination;
/// - while the host ``BatchUpdatingHost/needsMoreContent``, pages keep loading until the window is
///   full or the end is reached.
@MainActor
public protocol Paginating: AnyObject {
  /// The item type.
  associatedtype Item

  /// The items loaded so far, in order. The library appends to it.
  var items: [Item] { get set }
  /// How many items one fetch asks for.
  var pageSize: Int { get }
  /// The total number of items, when the server says; `nil` when unknown.
  var totalCount: Int? { get }
  /// The library's state; store it as `var pagination = PaginationState()`.
  var pagination: PaginationState { get set }

  /// Fetches up to `limit` items starting at `offset`.
  func fetchPage(offset: Int, limit: Int) async throws -> [Item]
}

extension Paginating {
  /// Call from the list's `willDisplay`: starts loading the next page when `row` is within
  /// ``PaginationState/prefetchDistance`` rows of the end.
  ///
  /// - Returns: The task loading the page, or `nil` when no load started (not near the end, a
  ///   fetch in flight, failed, or exhausted). Await its value in tests.
  @discardableResult
  public func willDisplay(row: Int, in host: some BatchUpdatingHost) -> Task<PageOutcome, Never>? {
    guard row >= items.count - 1 - pagination.prefetchDistance, pagination.phase == .idle else {
      return nil
    }
    return Task { await self.loadNextPage(into: host) }
  }

  /// Loads the first page when there are no items yet: call it when the empty list appears.
  @discardableResult
  public func startIfNeeded(in host: some BatchUpdatingHost) -> Task<PageOutcome, Never>? {
    guard items.isEmpty, pagination.phase == .idle else { return nil }
    return Task { await self.loadNextPage(into: host) }
  }

  /// Fetches the next page, appends it and inserts its rows; then keeps loading while the host
  /// needs more content.
  ///
  /// - Returns: What happened to the last page fetched.
  @discardableResult
  public func loadNextPage(into host: some BatchUpdatingHost) async -> PageOutcome {
    var outcome = await loadOnePage(into: host)
    while case .loaded = outcome, pagination.phase == .idle, host.needsMoreContent {
      outcome = await loadOnePage(into: host)
    }
    return outcome
  }

  /// Fetches the page that failed again.
  @discardableResult
  public func retry(in host: some BatchUpdatingHost) async -> PageOutcome {
    guard case .failed = pagination.phase else {
      return pagination.phase == .exhausted ? .exhausted : await loadNextPage(into: host)
    }
    pagination.phase = .idle
    return await loadNextPage(into: host)
  }

  /// Drops every item and loads from the first page again; a page still in flight is dropped
  /// when it lands.
  ///
  /// - Returns: What happened to the first page. The host's rows are deleted and the new ones
  ///   inserted, each in a batch of its own.
  @discardableResult
  public func refresh(in host: some BatchUpdatingHost) async -> PageOutcome {
    let removed = items.indices.map { IndexPath(row: $0, section: pagination.section) }
    reset()
    if !removed.isEmpty {
      var update = ListUpdate()
      update.deleteRows(at: removed)
      do {
        try host.apply(update)
      } catch {
        return .rejected(error)
      }
    }
    return await loadNextPage(into: host)
  }

  /// Drops every item without telling any host, and returns to idle.
  ///
  /// Reload the list after it.
  public func reset() {
    items.removeAll()
    pagination.generation += 1
    pagination.phase = .idle
  }

  /// Stops waiting for the page in flight: it is dropped when it lands, and pagination is idle.
  public func cancel() {
    pagination.generation += 1
    if case .loading = pagination.phase { pagination.phase = .idle }
  }

  private func loadOnePage(into host: some BatchUpdatingHost) async -> PageOutcome {
    switch pagination.phase {
    case .loading: return .alreadyLoading
    case .exhausted: return .exhausted
    case .failed: return .awaitingRetry
    case .idle: break
    }
    if let total = totalCount, items.count >= total {
      pagination.phase = .exhausted
      return .exhausted
    }
    let offset = items.count
    let generation = pagination.generation
    pagination.phase = .loading(offset: offset)
    let page: [Item]
    do {
      page = try await fetchPage(offset: offset, limit: pageSize)
    } catch {
      guard generation == pagination.generation else { return .dropped }
      pagination.phase = .failed(offset: offset, message: "\(error)")
      return .failed("\(error)")
    }
    guard generation == pagination.generation else { return .dropped }

    let accepted = Array(page.prefix(pageSize))
    let paths = (offset..<offset + accepted.count).map {
      IndexPath(row: $0, section: pagination.section)
    }
    items.append(contentsOf: accepted)
    // Settle the phase before inserting: a trigger row displayed by the insertion itself can
    // then start the next fetch.
    let reachedTotal = totalCount.map { items.count >= $0 } ?? false
    pagination.phase = accepted.count < pageSize || reachedTotal ? .exhausted : .idle
    if !paths.isEmpty {
      do {
        try host.insertRows(at: paths)
      } catch {
        items.removeLast(accepted.count)
        pagination.phase = .failed(offset: offset, message: "\(error)")
        return .rejected(error)
      }
    }
    return .loaded(paths)
  }
}
