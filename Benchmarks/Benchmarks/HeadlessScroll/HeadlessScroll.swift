import Benchmark
import BenchmarkSupport
import Foundation
import Switchboard
import SwitchboardLists

// Reload, then scroll a headless ListView from the top to the bottom, one screen at a time:
// every row is measured (heightForRow), dequeued with reuse (cellForRow) and shown
// (willDisplay) exactly once. The same list runs behind hand-written glue and behind ListProxy;
// a 100,000-row run shows whether peak memory grows with the row count. A host written only
// against the public API (PublicList) scrolls the same rows with the same messages.

@MainActor
final class ScrollFixture {
  let list = ListView(viewportHeight: 880, rowHeight: 44)
  let screen = BenchScreen()
  let rows: BenchRows
  let source: AnyObject

  init(rowCount: Int, throughProxy: Bool) {
    rows = BenchRows(rowCount: rowCount)
    list.register(ListCell.self, forCellReuseIdentifier: "row")
    if throughProxy {
      let proxy = ListProxy<ListView>(view: screen, viewModel: rows)
      list.dataSource = proxy
      list.delegate = proxy
      source = proxy
    } else {
      let glue = WeakGlue(screen: screen, rows: rows)
      list.dataSource = glue
      list.delegate = glue
      source = glue
    }
  }

  @inline(never)
  func scrollToBottom() -> Int {
    scrollPageByPage(list)
    return screen.displayed
  }
}

/// The same scroll on `PublicList`, which reaches its handlers only through public API.
@MainActor
final class PublicScrollFixture {
  let screen = PublicScreen()
  let rows: PublicRows
  let proxy: ListProxy<PublicList>
  let list: PublicList

  init(rowCount: Int) {
    rows = PublicRows(rowCount: rowCount)
    proxy = ListProxy<PublicList>(view: screen, viewModel: rows)
    list = PublicList(proxy: proxy, viewportHeight: 880)
  }

  @inline(never)
  func scrollToBottom() -> Int {
    scrollPageByPage(list)
    return screen.displayed
  }
}

/// A list the scroll benchmarks page through: `ListView` and `PublicList`.
@MainActor
protocol PagedList {
  var viewportHeight: Double { get }
  var maximumContentOffset: Double { get }
  func reloadData() throws(ListViewError)
  func scroll(to offset: Double) throws(ListViewError)
}

extension ListView: PagedList {}
extension PublicList: PagedList {}

/// Reloads `list`, scrolls it one page at a time to the bottom, then back to the top.
@MainActor
func scrollPageByPage(_ list: some PagedList) {
  do {
    try list.reloadData()
    var offset = 0.0
    while offset < list.maximumContentOffset {
      offset = min(offset + list.viewportHeight, list.maximumContentOffset)
      try list.scroll(to: offset)
    }
    try list.scroll(to: 0)
  } catch {
    fatalError("HeadlessScroll: \(error)")
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)

  // Each fixture is built inside its benchmark, so a run that skips it never allocates it.
  func scroll(_ name: String, rows: Int, throughProxy: Bool) {
    nonisolated(unsafe) var fixture: ScrollFixture?
    Benchmark.onMainActor(name) {
      if fixture == nil { fixture = ScrollFixture(rowCount: rows, throughProxy: throughProxy) }
      return fixture?.scrollToBottom() ?? 0
    }
  }
  scroll("scroll 1M rows glue", rows: 1_000_000, throughProxy: false)
  scroll("scroll 1M rows ListProxy", rows: 1_000_000, throughProxy: true)
  scroll("scroll 100k rows ListProxy", rows: 100_000, throughProxy: true)
  nonisolated(unsafe) var publicFixture: PublicScrollFixture?
  Benchmark.onMainActor("scroll 1M rows public-API host") {
    if publicFixture == nil { publicFixture = PublicScrollFixture(rowCount: 1_000_000) }
    return publicFixture?.scrollToBottom() ?? 0
  }
}
