import Foundation

/// A source of items that arrive a page at a time.
///
/// Adopt it with your items, page size and fetch; the library owns the state machine (idle,
/// loading, failed, exhausted), starts fetches when rows near the end are about to appear,
/// appends pages, and inserts exactly the new rows into every host showing the view model. The
/// view model names no host, and no view passes `willDisplay` along:
///
/// ```swift
/// final class FeedModel: Paginating, ListRowCounting, ListChangeAnnouncing {
///   let changes = ListChanges()
///   var items: [Post] = []
///   let pageSize = 20
///   var totalCount: Int?
///   var pagination = PaginationState(prefetchDistance: 5)
///
///   func fetchPage(offset: Int, limit: Int) async throws -> [Post] {
///     try await api.posts(offset: offset, limit: limit)
///   }
///   func numberOfRows(inSection section: Int) -> Int { items.count }
/// }
///
/// feed.paginate(proxy)      // each list proxy showing it: ListProxy, TableViewProxy, …
/// feed.startIfNeeded()
/// ```
///
/// An object that is both the view and the paginated source can load into its host instead:
/// ``willDisplay(row:in:)`` from its own `willDisplay`, ``startIfNeeded(in:)``.
///
/// Guarantees:
/// - one fetch at a time: a load claims the next page the moment it starts (when `willDisplay`
///   or ``startIfNeeded(in:)`` is called, not when its task first runs), so however many trigger
///   rows display in one layout pass, and even when `fetchPage` answers without suspending (a
///   cache, a local store), each page is fetched once;
/// - ``refresh(in:)``, ``reset()`` and ``cancel()`` bump a generation, so a page requested before
///   is dropped when it lands;
/// - a failed page stays failed until ``retry(in:)``;
/// - a page shorter than ``pageSize``, or reaching ``totalCount``, ends pagination;
/// - while the host ``ListHost/needsMoreContent``, pages keep loading until the window is
///   full or the end is reached;
/// - the first page may arrive before the list ever loaded: ``ListView`` then loads itself
///   instead of applying the insertion, so calling ``startIfNeeded(in:)`` right after wiring the
///   list up just works;
/// - overlapping pages (a server whose offsets shifted because items were inserted meanwhile)
///   can be de-duplicated by identity: see ``itemsToAppend(from:)``.
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

  /// The items of a fetched page to append, in order.
  ///
  /// By default every item of the page. Items left out still count toward the next page's
  /// offset (``PaginationState/skippedCount``), so pagination keeps moving through the server's
  /// list, and a full page still means more may come.
  ///
  /// For identifiable items, drop the ones already loaded when pages can overlap (a feed whose
  /// newest items push older ones to later offsets while the user scrolls):
  ///
  /// ```swift
  /// extension FeedModel {
  ///   func itemsToAppend(from page: [Post]) -> [Post] { itemsNotLoadedYet(in: page) }
  /// }
  /// ```
  func itemsToAppend(from page: [Item]) -> [Item]
}

extension Paginating {
  /// Every item of the page.
  public func itemsToAppend(from page: [Item]) -> [Item] { page }
}

extension Paginating where Item: Identifiable {
  /// The items of `page` whose identity is neither among ``items`` nor earlier in `page`, in
  /// order.
  ///
  /// Return it from ``itemsToAppend(from:)`` to de-duplicate overlapping pages by identity.
  ///
  /// - Complexity: O(*n* + *p*) for *n* loaded items and a page of *p*.
  public func itemsNotLoadedYet(in page: [Item]) -> [Item] {
    var seen = Set<Item.ID>(minimumCapacity: items.count + page.count)
    for item in items { seen.insert(item.id) }
    return page.filter { seen.insert($0.id).inserted }
  }
}

/// A page that a load has claimed: no other load starts until it lands, fails or is dropped.
struct PageClaim {
  let offset: Int
  let generation: Int
}

extension Paginating {
  /// Call from the list's `willDisplay`: starts loading the next page when `row` is within
  /// ``PaginationState/prefetchDistance`` rows of the end.
  ///
  /// The page is claimed before this returns, so the other trigger rows of the same layout
  /// pass start nothing.
  ///
  /// - Returns: The task loading the page, or `nil` when no load started (not near the end, a
  ///   fetch in flight, failed, or exhausted). Await its value in tests.
  @discardableResult
  public func willDisplay(row: Int, in host: some ListHost) -> Task<PageOutcome, Never>? {
    willDisplay(row: row, into: .host(host, of: self))
  }

  /// Loads the first page when there are no items yet: call it when the empty list appears.
  ///
  /// It may come before the list ever loaded its data; ``ListView`` then loads itself when the
  /// page arrives. Calling it again while the first page is in flight starts nothing.
  @discardableResult
  public func startIfNeeded(in host: some ListHost) -> Task<PageOutcome, Never>? {
    startIfNeeded(into: .host(host, of: self))
  }

  /// Fetches the next page, appends it and inserts its rows; then keeps loading while the host
  /// needs more content.
  ///
  /// - Returns: What happened to the last page fetched.
  @discardableResult
  public func loadNextPage(into host: some ListHost) async -> PageOutcome {
    await loadNextPage(into: .host(host, of: self))
  }

  /// Fetches the page that failed again.
  @discardableResult
  public func retry(in host: some ListHost) async -> PageOutcome {
    await retry(into: .host(host, of: self))
  }

  /// Drops every item and loads from the first page again; a page still in flight is dropped
  /// when it lands.
  ///
  /// - Returns: What happened to the first page. The host's rows are deleted and the new ones
  ///   inserted, each in a batch of its own.
  @discardableResult
  public func refresh(in host: some ListHost) async -> PageOutcome {
    await refresh(into: .host(host, of: self))
  }

  /// Drops every item without telling any host, and returns to idle.
  ///
  /// Reload the list after it.
  public func reset() {
    items.removeAll()
    pagination.generation += 1
    pagination.skippedCount = 0
    pagination.phase = .idle
  }

  /// Stops waiting for the page in flight: it is dropped when it lands, and pagination is idle.
  public func cancel() {
    pagination.generation += 1
    if case .loading = pagination.phase { pagination.phase = .idle }
  }

  // The steps of each entry point, for either destination: one host, or every host through
  // announcements.

  func willDisplay(row: Int, into destination: PageDestination) -> Task<PageOutcome, Never>? {
    guard row >= items.count - 1 - pagination.prefetchDistance else { return nil }
    return startLoading(into: destination)
  }

  func startIfNeeded(into destination: PageDestination) -> Task<PageOutcome, Never>? {
    guard items.isEmpty else { return nil }
    return startLoading(into: destination)
  }

  func loadNextPage(into destination: PageDestination) async -> PageOutcome {
    switch claimNextPage() {
    case .success(let claim): return await load(claim, andMoreInto: destination)
    case .failure(let refusal): return refusal.outcome
    }
  }

  func retry(into destination: PageDestination) async -> PageOutcome {
    guard case .failed = pagination.phase else {
      return pagination.phase == .exhausted ? .exhausted : await loadNextPage(into: destination)
    }
    pagination.phase = .idle
    return await loadNextPage(into: destination)
  }

  func refresh(into destination: PageDestination) async -> PageOutcome {
    let removed = items.indices.map { IndexPath(row: $0, section: pagination.section) }
    reset()
    if !removed.isEmpty {
      do {
        try destination.apply(ListUpdate(deletingRowsAt: removed))
      } catch {
        return .rejected(error)
      }
    }
    return await loadNextPage(into: destination)
  }

  /// Claims the next page now, and loads it (and more, while the host needs content) in a task.
  func startLoading(into destination: PageDestination) -> Task<PageOutcome, Never>? {
    guard case .success(let claim) = claimNextPage() else { return nil }
    let task = Task { await self.load(claim, andMoreInto: destination) }
    pagination.lastLoad = task
    return task
  }

  /// Loads the claimed page, then further pages while the host needs more content.
  func load(
    _ claim: PageClaim, andMoreInto destination: PageDestination
  ) async -> PageOutcome {
    var outcome = await load(claim, into: destination)
    while case .loaded = outcome, pagination.phase == .idle, destination.needsMoreContent() {
      guard case .success(let next) = claimNextPage() else { break }
      outcome = await load(next, into: destination)
    }
    return outcome
  }

  /// Moves from idle to loading the next page, synchronously, or says why not.
  func claimNextPage() -> Result<PageClaim, ClaimRefusal> {
    switch pagination.phase {
    case .loading: return .failure(.alreadyLoading)
    case .exhausted: return .failure(.exhausted)
    case .failed: return .failure(.awaitingRetry)
    case .idle: break
    }
    let offset = items.count + pagination.skippedCount
    if let total = totalCount, offset >= total {
      pagination.phase = .exhausted
      return .failure(.exhausted)
    }
    pagination.phase = .loading(offset: offset)
    return .success(PageClaim(offset: offset, generation: pagination.generation))
  }

  /// Fetches a claimed page, appends it and inserts its rows.
  private func load(_ claim: PageClaim, into destination: PageDestination) async -> PageOutcome {
    // Cancelled, reset or refreshed before the task even ran: fetch nothing.
    guard claim.generation == pagination.generation else { return .dropped }
    let page: [Item]
    do {
      page = try await fetchPage(offset: claim.offset, limit: pageSize)
    } catch {
      guard claim.generation == pagination.generation else { return .dropped }
      pagination.phase = .failed(offset: claim.offset, message: "\(error)")
      return .failed("\(error)")
    }
    guard claim.generation == pagination.generation else { return .dropped }

    let fetched = Array(page.prefix(pageSize))
    let accepted = itemsToAppend(from: fetched)
    let firstRow = items.count
    let paths = (firstRow..<firstRow + accepted.count).map {
      IndexPath(row: $0, section: pagination.section)
    }
    items.append(contentsOf: accepted)
    let skipped = fetched.count - accepted.count
    pagination.skippedCount += skipped
    // Settle the phase before inserting: a trigger row displayed by the insertion itself can
    // then start the next fetch.
    let reachedTotal = totalCount.map { items.count + pagination.skippedCount >= $0 } ?? false
    pagination.phase = fetched.count < pageSize || reachedTotal ? .exhausted : .idle
    if !paths.isEmpty {
      do {
        try destination.apply(ListUpdate(insertingRowsAt: paths))
      } catch {
        items.removeLast(accepted.count)
        pagination.skippedCount -= skipped
        pagination.phase = .failed(offset: claim.offset, message: "\(error)")
        return .rejected(error)
      }
    }
    return .loaded(paths)
  }
}

/// Where a loaded page's rows go: one host (and, through announcements, the other hosts showing
/// the view model), or, for a view model that knows no host, every host through its
/// announcements.
@MainActor
struct PageDestination {
  /// Shows a change of rows; throws when the host it was applied to rejects it.
  let apply: (ListUpdate) throws(ListViewError) -> Void
  /// Whether the list's window has room for more rows.
  let needsMoreContent: () -> Bool

  /// `host`, then the other hosts `model` announces to.
  static func host(_ host: some ListHost, of model: AnyObject) -> Self {
    PageDestination(
      apply: { update throws(ListViewError) in
        try host.apply(update)
        (model as? any ListChangeAnnouncing)?.changes.announce(update, except: host)
      },
      needsMoreContent: { host.needsMoreContent })
  }

  /// Every host `changes` reaches.
  ///
  /// Rows inserted there that near the end start the next page themselves, through
  /// `paginate(_:)`, so no host is asked for more content.
  static func announcements(of changes: ListChanges) -> Self {
    PageDestination(apply: { update in changes.announce(update) }, needsMoreContent: { false })
  }
}

/// Why no page was claimed.
enum ClaimRefusal: Error {
  case alreadyLoading, exhausted, awaitingRetry

  var outcome: PageOutcome {
    switch self {
    case .alreadyLoading: .alreadyLoading
    case .exhausted: .exhausted
    case .awaitingRetry: .awaitingRetry
    }
  }
}

// MARK: - A view model that knows no host

extension Paginating where Self: ListChangeAnnouncing {
  /// Loads the next page whenever a row near the end is about to appear in a list `proxy`
  /// serves, and announces each page's rows to every host showing this view model: no
  /// `willDisplay` method in the view, and one view model paginates on every host.
  ///
  /// The view model keeps the observation for as long as it lives; call it once per proxy.
  ///
  /// ```swift
  /// // FeedModel: Paginating, ListRowCounting, ListChangeAnnouncing; it knows no host.
  /// let proxy = ListProxy(view: screen, viewModel: feed)
  /// feed.paginate(proxy)
  /// feed.startIfNeeded()
  /// ```
  public func paginate<Host>(_ proxy: ListProxy<Host>) { paginate(through: proxy) }

  #if canImport(UIKit) || os(macOS)
  /// Loads the next page whenever a row near the end is about to appear in the table or
  /// collection view `proxy` serves, as the `ListProxy` form does for a headless host.
  ///
  /// <!-- snippet-uikit -->
  /// ```swift
  /// let proxy = TableViewProxy.attach(to: tableView, view: self, viewModel: feed)
  /// feed.paginate(proxy)
  /// ```
  public func paginate<Host>(_ proxy: ListViewProxy<Host>) { paginate(through: proxy) }
  #endif

  /// One implementation for every list proxy.
  private func paginate<Proxy: ListRoutingProxy>(through proxy: Proxy) {
    let observation = proxy.observe(
      ListCall<Proxy.Host, _, _, _, _>.willDisplayRow, beforeHandler: false
    ) { [weak self] arguments in
      guard let self, arguments.indexPath.section == self.pagination.section else { return }
      self.willDisplay(row: arguments.indexPath.row)
    }
    changes.keep(observation)
  }

  /// Starts loading the next page when `row` is within ``PaginationState/prefetchDistance``
  /// rows of the end; `paginate(_:)` calls it for you.
  ///
  /// - Returns: The task loading the page, or `nil` when no load started.
  @discardableResult
  public func willDisplay(row: Int) -> Task<PageOutcome, Never>? {
    willDisplay(row: row, into: .announcements(of: changes))
  }

  /// Loads the first page when there are no items yet, and announces its rows to every host
  /// showing this view model.
  ///
  /// ```swift
  /// let firstPage = feed.startIfNeeded()
  /// _ = await firstPage?.value
  /// ```
  @discardableResult
  public func startIfNeeded() -> Task<PageOutcome, Never>? {
    startIfNeeded(into: .announcements(of: changes))
  }

  /// Fetches the next page, appends it and announces its rows to every host showing this view
  /// model.
  ///
  /// ```swift
  /// let outcome = await feed.loadNextPage()   // .loaded(the new rows)
  /// ```
  @discardableResult
  public func loadNextPage() async -> PageOutcome {
    await loadNextPage(into: .announcements(of: changes))
  }

  /// Fetches the page that failed again, announcing its rows.
  ///
  /// ```swift
  /// if case .failed = feed.pagination.phase { await feed.retry() }
  /// ```
  @discardableResult
  public func retry() async -> PageOutcome {
    await retry(into: .announcements(of: changes))
  }

  /// Drops every item and loads from the first page again; every host showing this view model
  /// deletes the old rows and inserts the new ones.
  ///
  /// ```swift
  /// await feed.refresh()   // pull to refresh
  /// ```
  @discardableResult
  public func refresh() async -> PageOutcome {
    await refresh(into: .announcements(of: changes))
  }
}
