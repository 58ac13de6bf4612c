import Foundation
import SwitchboardLists
import Testing

@MainActor
struct ListViewDisplayTests {
  @Test func reloadDisplaysVisibleRowsInOrder() throws {
    let fixture = makeList([rows(10)], viewport: 100)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    #expect(
      delegate.take() == ["willDisplay 0.0 0.0", "willDisplay 0.1 0.1", "willDisplay 0.2 0.2"])
  }

  @Test func scrollingEndsLeavingRowsAndDisplaysEnteringOnes() throws {
    let fixture = makeList([rows(10)], viewport: 100)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let delegate = fixture.delegate
    try list.reloadData()
    _ = delegate.take()
    try list.scroll(to: 100)
    #expect(
      delegate.take() == [
        "didEnd 0.0", "didEnd 0.1", "willDisplay 0.3 0.3", "willDisplay 0.4 0.4",
      ])
    try list.scroll(to: 100)
    #expect(delegate.take().isEmpty, "no movement, no callbacks")
    try list.scroll(to: 0)
    #expect(
      delegate.take() == [
        "didEnd 0.3", "didEnd 0.4", "willDisplay 0.0 0.0", "willDisplay 0.1 0.1",
      ])
  }

  @Test func aReplacedPlainDelegateIsReachedInsteadOfTheOldOne() throws {
    // The list casts a plain delegate to each message's capability once; a new delegate, of the
    // same class or another, must be reached all the same.
    let fixture = makeList([rows(10)], viewport: 100)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    let second = RecordingDelegate()
    list.delegate = second
    try list.scroll(to: 100)
    #expect(
      second.take() == ["didEnd 0.0", "didEnd 0.1", "willDisplay 0.3 0.3", "willDisplay 0.4 0.4"])
    let third = DisplayCounter()
    list.delegate = third
    try list.scroll(to: 200)
    #expect(third.displayed == 2)
    #expect(second.take().isEmpty)
    #expect(fixture.delegate.take().count == 3, "only the first reload's rows")
  }

  @Test func reloadEndsEveryVisibleRowBeforeDisplayingAgain() throws {
    let fixture = makeList([rows(2)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    let delegate = fixture.delegate
    try list.reloadData()
    _ = delegate.take()
    source.sections = [["new"]]
    try list.reloadData()
    #expect(delegate.take() == ["didEnd 0.0", "didEnd 0.1", "willDisplay 0.0 new"])
    #expect(list.pooledCellCount(forReuseIdentifier: "cell") == 1)
  }

  @Test func cellsCreatedByHandAreNotPooled() throws {
    final class HandMade: ListRowCounting, ListCellProviding {
      func numberOfRows(inSection section: Int) -> Int { 1 }
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        ListCell(reuseIdentifier: nil)
      }
    }
    let source = HandMade()
    let list = ListView()
    list.dataSource = source
    try list.reloadData()
    try list.reloadData()
    #expect(list.indexPathsForVisibleRows == [at(0, 0)])
  }

  @Test func prefetchAnnouncesUpcomingRowsOnce() throws {
    final class Prefetcher: ArrayDataSource, ListPrefetching {
      var requests: [[IndexPath]] = []
      func prefetchRows(at indexPaths: [IndexPath]) {
        requests.append(indexPaths)
      }
    }
    let source = Prefetcher([rows(4), rows(3, section: 1)])
    let list = ListView(viewportHeight: 88)
    list.register(ListCell.self, forCellReuseIdentifier: "cell")
    list.prefetchDistance = 3
    list.dataSource = source
    try list.reloadData()
    #expect(source.requests == [[at(0, 2), at(0, 3), at(1, 0)]])
    try list.scroll(by: 44)
    #expect(source.requests.last == [at(1, 1)], "only rows not announced before")
    try list.scroll(by: 0)
    #expect(source.requests.count == 2)
  }

  @Test func aReleasedDataSourceIsReportedWhenCellsAreNeeded() throws {
    let list = ListView(viewportHeight: 44)
    list.register(ListCell.self, forCellReuseIdentifier: "cell")
    do {
      let source = ArrayDataSource([rows(5)])
      list.dataSource = source
      try list.reloadData()
    }
    #expect(throws: ListViewError.dataSourceReleased) { try list.scroll(by: 88) }
  }

  @Test func errorsFromTheCellProviderAreWrapped() throws {
    struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
    final class Failing: ListRowCounting, ListCellProviding {
      func numberOfRows(inSection section: Int) -> Int { 1 }
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        throw Broken()
      }
    }
    let source = Failing()
    let list = ListView()
    list.dataSource = source
    #expect(throws: ListViewError.cellProviderFailed(at(0, 0), "broken")) { try list.reloadData() }
  }

  @Test func negativeCountsAreRejected() throws {
    final class Negative: ListRowCounting, ListCellProviding {
      func numberOfRows(inSection section: Int) -> Int { -1 }
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        ListCell(reuseIdentifier: nil)
      }
    }
    let negative = Negative()
    let list = ListView()
    list.dataSource = negative
    #expect(throws: ListViewError.negativeCount(.numberOfRows, section: 0, count: -1)) {
      try list.reloadData()
    }
  }

  @Test func aPlainDataSourceWithoutCellsIsReportedByType() {
    final class CountsOnly: ListRowCounting {
      func numberOfRows(inSection section: Int) -> Int { 1 }
    }
    let source = CountsOnly()
    let list = ListView()
    list.dataSource = source
    #expect(throws: ListViewError.requiredMessageUnhandled(.cellForRow, handlers: ["CountsOnly ✗"]))
    {
      try list.reloadData()
    }
  }
}

/// Counts displayed rows; a delegate of another class than ``RecordingDelegate``.
final class DisplayCounter: ListWillDisplayObserving {
  var displayed = 0
  func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    displayed += 1
  }
}
