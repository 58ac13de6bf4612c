import Foundation
import Switchboard
import SwitchboardLists

/// A list host written only against Switchboard's public API.
///
/// It is written the way a team writes one for its own view (an AppKit table, a custom grid):
/// it keeps a `ListProxy`, caches which messages it answers, sends each message in one line with `proxy.send`, lays rows out from `heightForRow`,
/// and shows a window of rows with reused cells. One section, no titles.
@MainActor
public final class PublicList: ListHost {
  /// The cell this host shows.
  public final class Cell {
    public var text = ""
    init() {}
  }

  public let proxy: ListProxy<PublicList>
  public let viewportHeight: Double
  /// Row tops; the last entry is the content height.
  private var tops: [Double] = [0]
  private var shown: Range<Int> = 0..<0
  private var cells: [Int: Cell] = [:]
  private var pool: [Cell] = []
  private var answersHeights = false
  private var answersDisplayEnds = false

  public init(proxy: ListProxy<PublicList>, viewportHeight: Double) {
    self.proxy = proxy
    self.viewportHeight = viewportHeight
  }

  public var maximumContentOffset: Double { max(0, tops[tops.count - 1] - viewportHeight) }
  public var needsMoreContent: Bool { tops[tops.count - 1] < viewportHeight }

  public func dequeueCell(of cellType: Cell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> Cell
  {
    pool.popLast() ?? Cell()
  }

  public func apply(_ update: ListUpdate) throws(ListViewError) { try reloadData() }

  /// Reads the counts and every row's height, then shows the window at the top.
  public func reloadData() throws(ListViewError) {
    answersHeights = proxy.responds(to: .heightForRow)
    answersDisplayEnds = proxy.responds(to: .didEndDisplayingRow)
    let rows = proxy.send(.numberOfRows, 0, in: self)
    var tops = [0.0]
    tops.reserveCapacity(rows + 1)
    for row in 0..<rows {
      let height = answersHeights ? proxy.send(.heightForRow, [0, row], in: self) ?? 44 : 44
      tops.append(tops[row] + height)
    }
    self.tops = tops
    hide(shown)
    shown = 0..<0
    try scroll(to: 0)
  }

  /// Shows the rows between `offset` and `offset + viewportHeight`.
  public func scroll(to offset: Double) throws(ListViewError) {
    let first = row(at: offset)
    let end = min(tops.count - 1, row(at: offset + viewportHeight) + 1)
    let wanted = first..<max(first, end)
    hide(shown.filter { !wanted.contains($0) })
    for row in wanted where !shown.contains(row) {
      let path: IndexPath = [0, row]
      let made: Cell?
      do {
        made = try proxy.send(.cellForRow, path, in: self)
      } catch {
        throw .cellProviderFailed(path, "\(error)")
      }
      guard let cell = made else {
        throw .requiredMessageUnhandled(.cellForRow, handlers: [])
      }
      cells[row] = cell
      proxy.send(.willDisplayRow, (cell, path), in: self)
    }
    shown = wanted
  }

  private func hide(_ rows: some Sequence<Int>) {
    for row in rows {
      guard let cell = cells.removeValue(forKey: row) else { continue }
      if answersDisplayEnds { proxy.send(.didEndDisplayingRow, (cell, [0, row]), in: self) }
      pool.append(cell)
    }
  }

  /// The row whose span holds `y` (binary search over the row tops).
  private func row(at y: Double) -> Int {
    var low = 0
    var high = tops.count - 1
    while low < high {
      let mid = (low + high) / 2
      if tops[mid + 1] <= y { low = mid + 1 } else { high = mid }
    }
    return low
  }
}

/// The view half of a `PublicList` screen: cells and display counts.
@MainActor
public final class PublicScreen: ListCellProviding, ListWillDisplayObserving {
  public private(set) var displayed = 0

  public init() {}

  @inline(never)
  public func cellForRow(at indexPath: IndexPath, in list: PublicList) throws -> PublicList.Cell {
    try list.dequeueCell(PublicList.Cell.self, for: indexPath)
  }

  @inline(never)
  public func willDisplay(
    _ cell: PublicList.Cell, forRowAt indexPath: IndexPath, in list: PublicList
  ) {
    displayed &+= 1
  }
}

/// The data half of a `PublicList` screen: counts and heights.
@MainActor
public final class PublicRows: ListRowCounting, ListRowHeightProviding {
  public let rowCount: Int

  public init(rowCount: Int) { self.rowCount = rowCount }

  @inline(never)
  public func numberOfRows(inSection section: Int) -> Int { rowCount }

  @inline(never)
  public func heightForRow(at indexPath: IndexPath, in list: PublicList) -> Double { 44 }
}
