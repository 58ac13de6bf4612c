import Foundation
import SwitchboardLists
import Testing

@MainActor
struct ListViewViewportTests {
  @Test func uniformRowsFillTheWindow() throws {
    let fixture = makeList([rows(10)], viewport: 100)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    #expect(list.contentHeight == 440)
    #expect(list.maximumContentOffset == 340)
    #expect(list.indexPathsForVisibleRows == [at(0, 0), at(0, 1), at(0, 2)])
    try list.scroll(to: 50)
    #expect(list.indexPathsForVisibleRows == [at(0, 1), at(0, 2), at(0, 3)])
    try list.scroll(to: 88)
    #expect(list.indexPathsForVisibleRows == [at(0, 2), at(0, 3), at(0, 4)])
  }

  @Test func scrollingIsClampedToTheContent() throws {
    let fixture = makeList([rows(10)], viewport: 100)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    try list.scroll(to: 10_000)
    #expect(list.contentOffset == 340)
    #expect(list.indexPathsForVisibleRows == [at(0, 7), at(0, 8), at(0, 9)])
    try list.scroll(by: -10_000)
    #expect(list.contentOffset == 0)
  }

  @Test func contentShorterThanTheWindowShowsEverything() throws {
    let fixture = makeList([rows(2)], viewport: 500)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    #expect(list.maximumContentOffset == 0)
    #expect(list.indexPathsForVisibleRows == [at(0, 0), at(0, 1)])
  }

  @Test func headersAndFootersTakeSpace() throws {
    let fixture = makeList([rows(2), rows(2, section: 1)], viewport: 1000)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    let source = fixture.source
    source.headers = ["First", nil]
    source.footers = [nil, "End"]
    try list.reloadData()
    // 28 header + 2 × 44 + 2 × 44 + 28 footer
    #expect(list.contentHeight == 232)
    #expect(
      list.renderText() == """
        == First ==
          [0.0] 0.0
          [0.1] 0.1
          [1.0] 1.0
          [1.1] 1.1
        -- End --
        """)
    try list.resize(viewportHeight: 60)
    #expect(list.indexPathsForVisibleRows == [at(0, 0)])
    #expect(list.renderText() == "== First ==\n  [0.0] 0.0")
    try list.scroll(to: 190)
    #expect(list.renderText() == "  [1.1] 1.1\n-- End --")
  }

  @Test func variableHeightsComeFromTheDelegate() throws {
    final class Heights: ListRowHeightProviding {
      func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
        Double(10 * (indexPath.row + 1))
      }
    }
    let heights = Heights()
    let fixture = makeList([rows(5)], viewport: 35)
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    list.delegate = heights
    try list.reloadData()
    #expect(list.contentHeight == 150)  // 10 + 20 + 30 + 40 + 50
    #expect(list.indexPathsForVisibleRows == [at(0, 0), at(0, 1), at(0, 2)])
    try list.scroll(to: 30)
    #expect(list.indexPathsForVisibleRows == [at(0, 2), at(0, 3)])
    try list.scrollToRow(at: at(0, 3))
    #expect(list.contentOffset == 60)  // 10 + 20 + 30
    #expect(list.indexPathsForVisibleRows == [at(0, 3)])
    try list.scrollToRow(at: at(0, 4))
    #expect(list.contentOffset == 100)
    try list.scroll(to: 500)
    #expect(list.contentOffset == 115)  // clamped: 150 − 35
    #expect(list.indexPathsForVisibleRows == [at(0, 4)])
  }

  @Test func scrollToRowHonoursEachPosition() throws {
    let fixture = makeList([rows(20)], viewport: 132)  // rows of 44, three visible
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    try list.scrollToRow(at: at(0, 10), at: .bottom)
    #expect(list.contentOffset == 11 * 44 - 132)
    try list.scrollToRow(at: at(0, 10), at: .middle)
    #expect(list.contentOffset == 10 * 44 + 22 - 66)
    try list.scrollToRow(at: at(0, 9), at: .none)
    #expect(list.contentOffset == 10 * 44 + 22 - 66, "row 9 is already visible")
    try list.scrollToRow(at: at(0, 2), at: .none)
    #expect(list.contentOffset == 2 * 44, "scrolled up just enough")
    try list.scrollToRow(at: at(0, 7), at: .none)
    #expect(list.contentOffset == 8 * 44 - 132, "scrolled down just enough")
  }

  @Test func estimatedHeightsAreUsedWithoutExactOnes() throws {
    final class Estimates: ListEstimatedRowHeightProviding {
      func estimatedHeightForRow(at indexPath: IndexPath, in list: ListView) -> Double { 30 }
    }
    let estimates = Estimates()
    let fixture = makeList([rows(4)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    list.delegate = estimates
    try list.reloadData()
    #expect(list.contentHeight == 120)
  }

  @Test func zeroHeightRowsAreNeverVisible() throws {
    final class Heights: ListRowHeightProviding {
      func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
        indexPath.row == 1 ? 0 : 44
      }
    }
    let heights = Heights()
    let fixture = makeList([rows(3)])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    list.delegate = heights
    try list.reloadData()
    #expect(list.indexPathsForVisibleRows == [at(0, 0), at(0, 2)])
  }

  @Test func aListWithoutDataSourceIsEmpty() throws {
    let list = ListView()
    try list.reloadData()
    #expect(list.numberOfSections == 0)
    #expect(list.renderText() == "")
    #expect(list.numberOfRows(inSection: 3) == 0)
    #expect(list.headerTitle(forSection: 3) == nil)
    #expect(list.footerTitle(forSection: 3) == nil)
  }

  @Test func emptySectionsTakeNoSpace() throws {
    let fixture = makeList([[], rows(1, section: 1), []])
    defer { withExtendedLifetime(fixture) {} }
    let list = fixture.list
    try list.reloadData()
    #expect(list.indexPathsForVisibleRows == [at(1, 0)])
    #expect(list.contentHeight == 44)
  }

  @Test func sectionIndexTitlesAreReadOnReload() throws {
    final class Indexed: ListRowCounting, ListCellProviding, ListSectionIndexing {
      func numberOfRows(inSection section: Int) -> Int { 0 }
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        ListCell(reuseIdentifier: nil)
      }
      func sectionIndexTitles() -> [String]? { ["A", "B"] }
    }
    let source = Indexed()
    let list = ListView()
    list.dataSource = source
    try list.reloadData()
    #expect(list.sectionIndexTitles == ["A", "B"])
  }
}
