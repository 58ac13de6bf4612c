import Foundation
import SwitchboardLists
import Testing

/// A feed whose fetch answers at once from a script of pages.
final class ScriptedFeed: Paginating, ListSectionCounting, ListRowCounting, ListCellProviding {
  var items: [Int] = []
  let pageSize = 2
  var totalCount: Int?
  var pagination: PaginationState
  var pages: [[Int]]
  var reportsItems = true

  init(pages: [[Int]], section: Int = 0) {
    self.pages = pages
    pagination = PaginationState(prefetchDistance: 0, section: section)
  }

  func fetchPage(offset: Int, limit: Int) async throws -> [Int] {
    pages.isEmpty ? [] : pages.removeFirst()
  }

  func numberOfSections() -> Int { pagination.section + 1 }
  func numberOfRows(inSection section: Int) -> Int {
    section == pagination.section && reportsItems ? items.count : 0
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = ListCell(reuseIdentifier: nil)
    cell.text = "\(items[indexPath.row])"
    return cell
  }
}

@MainActor
struct PaginationTests {
  @Test func rowsGoToTheConfiguredSection() async {
    let feed = ScriptedFeed(pages: [[1, 2]], section: 1)
    let list = ListView(viewportHeight: 44)
    list.dataSource = feed
    #expect(throws: Never.self) { try list.reloadData() }
    let outcome = await feed.loadNextPage(into: list)
    #expect(outcome == .loaded([IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1)]))
    #expect(list.numberOfRows(inSection: 1) == 2)
  }

  @Test func aRejectedInsertionKeepsNoItems() async throws {
    let feed = ScriptedFeed(pages: [[1, 2]])
    feed.reportsItems = false
    let list = ListView(viewportHeight: 44)
    list.dataSource = feed
    try list.reloadData()
    let outcome = await feed.loadNextPage(into: list)
    let rejection = ListViewError.invalidUpdate(
      "it inserts row 0 of section 0, which does not exist after the update")
    #expect(outcome == .rejected(rejection))
    #expect(feed.items.isEmpty)
    #expect(feed.pagination.phase == .failed(offset: 0, message: "\(rejection)"))
  }

  @Test func anEmptyPageEndsPaginationWithoutInserting() async throws {
    let feed = ScriptedFeed(pages: [[]])
    let list = ListView()
    list.dataSource = feed
    try list.reloadData()
    #expect(await feed.loadNextPage(into: list) == .loaded([]))
    #expect(feed.pagination.phase == .exhausted)
    #expect(await feed.retry(in: list) == .exhausted)
  }

  @Test func resetDropsItemsAndReturnsToIdle() async throws {
    let feed = ScriptedFeed(pages: [[1, 2], [3, 4]])
    let list = ListView(viewportHeight: 44)
    list.dataSource = feed
    try list.reloadData()
    _ = await feed.loadNextPage(into: list)
    let generation = feed.pagination.generation
    feed.reset()
    #expect(feed.items.isEmpty)
    #expect(feed.pagination.generation == generation + 1)
    try list.reloadData()
    #expect(
      await feed.loadNextPage(into: list)
        == .loaded([IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)]))
    #expect(feed.items == [3, 4])
  }

  @Test func retryWhenNothingFailedJustLoadsTheNextPage() async throws {
    let feed = ScriptedFeed(pages: [[1, 2]])
    let list = ListView(viewportHeight: 44)
    list.dataSource = feed
    try list.reloadData()
    #expect(
      await feed.retry(in: list)
        == .loaded([IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)]))
  }
}

@MainActor
struct VisitorDataSourceTests {
  enum Row: VisitableRow {
    case one, two
    static var kindSamples: [Row] { [.one] }  // deliberately incomplete
    var kindName: String { self == .one ? "one" : "two" }
  }
  final class OneCell: ListCell {}
  final class TwoCell: ListCell {}
  struct Cells: RowVisitor {
    func visit(_ row: Row) -> AnyObject.Type? {
      row == .one ? OneCell.self : TwoCell.self
    }
  }
  struct Heights: RowVisitor {
    func visit(_ row: Row) -> RowHeight { 10.5 }
  }
  struct Configure: RowVisitor {
    func visit(_ row: Row) -> RowConfiguration { .configure(OneCell.self) { $0.text = "one" } }
  }

  @Test func aRowUnlikeItsSampleFailsWhenItsCellIsMade() throws {
    let source = try VisitorDataSource<ListView, _>(
      rows: [.one, .two], cellKinds: Cells(), heights: Heights(), configuration: Configure())
    let list = ListView()
    list.dataSource = source
    list.delegate = source
    #expect(throws: ListViewError.rowConfigurationFailed(kind: "two", cell: "TwoCell")) {
      try list.reloadData()
    }
    #expect(source.heightForRow(at: IndexPath(row: 0, section: 0), in: list) == 10.5)
  }

  @Test func errorDescriptionsNameWhatToFix() {
    #expect(
      ListViewError.unhandledRowKinds(["Heights": ["poll"], "Cells": ["ad", "poll"]]).description
        == "Every visitor must handle every row kind; unhandled: Cells: ad, poll; Heights: poll. "
        + "Add the missing cases to those visitors.")
  }
}
