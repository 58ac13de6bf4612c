import Foundation

/// The state of a ``Paginating`` source.
///
/// The library drives it; store one in your type with `var pagination = PaginationState()` and read
/// ``phase`` to show a spinner or an error row.
public struct PaginationState: Sendable {
  /// Where pagination stands.
  public enum Phase: Equatable, Sendable {
    /// Ready to load the next page.
    case idle
    /// A page at `offset` is being fetched; no other fetch starts meanwhile.
    case loading(offset: Int)
    /// The page at `offset` failed with `message`; ``Paginating/retry(in:)`` fetches it again.
    case failed(offset: Int, message: String)
    /// Every item is loaded: a page came back shorter than the page size, or the total count
    /// was reached.
    case exhausted
  }

  /// Where pagination stands.
  public internal(set) var phase: Phase = .idle
  /// How many rows from the end displaying a row starts the next fetch.
  ///
  /// 5 by default.
  public var prefetchDistance: Int
  /// The list section the items are shown in.
  ///
  /// 0 by default.
  public var section: Int
  /// Bumped by refresh, reset and cancel, so a page requested before is dropped when it lands.
  public internal(set) var generation = 0
  /// How many fetched items ``Paginating/itemsToAppend(from:)`` left out (duplicates, say).
  ///
  /// They were fetched, so the next page starts after them: its offset is `items.count +
  /// skippedCount`. ``Paginating/reset()`` and ``Paginating/refresh(in:)`` set it back to 0.
  public internal(set) var skippedCount = 0

  /// The task of the last page load started by a row near the end or by `startIfNeeded`,
  /// finished or not; await it to see the page a scroll started.
  ///
  /// ```swift
  /// try list.scrollToRow(at: IndexPath(row: 19, section: 0))
  /// let outcome = await feed.pagination.lastLoad?.value   // .loaded(rows 20..<40)
  /// ```
  public internal(set) var lastLoad: Task<PageOutcome, Never>?

  /// Creates an idle state.
  public init(prefetchDistance: Int = 5, section: Int = 0) {
    precondition(
      prefetchDistance >= 0,
      "PaginationState: prefetchDistance must be 0 or more, got \(prefetchDistance).")
    self.prefetchDistance = prefetchDistance
    self.section = section
  }
}

/// What one call to ``Paginating/loadNextPage(into:)`` did.
public enum PageOutcome: Equatable, Sendable {
  /// The page arrived and its rows were inserted at these index paths.
  case loaded([IndexPath])
  /// Nothing was fetched: a fetch is already in flight.
  case alreadyLoading
  /// Nothing was fetched: everything is loaded.
  case exhausted
  /// Nothing was fetched: the last page failed; call ``Paginating/retry(in:)``.
  case awaitingRetry
  /// The page arrived after a refresh, reset or cancel, and was dropped.
  case dropped
  /// The fetch failed with this message.
  case failed(String)
  /// The host rejected the insertion; the items were not kept.
  case rejected(ListViewError)
}
