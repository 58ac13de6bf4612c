import Foundation
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("VisitorDataSource")
struct VisitorDataSourceSpecs {
  let rows: [FeedRow] = [
    .post(author: "Ada", text: "Hello"), .photo(caption: "Sunset"), .ad(sponsor: "Tea Co"),
  ]

  private func makeList() throws -> (ListView, VisitorDataSource<ListView, FeedRow>) {
    let source = try VisitorDataSource<ListView, _>(
      rows: rows, cellKinds: FeedCells(), heights: FeedHeights(), configuration: FeedConfiguration()
    )
    let list = ListView(viewportHeight: 1000)
    list.dataSource = source
    list.delegate = source
    try list.reloadData()
    return (list, source)
  }

  @Test("each row kind gets the cell type its visitor names, registered on first use")
  func cellKinds() throws {
    let (list, source) = try makeList()
    #expect(list.cellForRow(at: IndexPath(row: 0, section: 0)) is PostCell)
    #expect(list.cellForRow(at: IndexPath(row: 1, section: 0)) is PhotoCell)
    #expect(list.cellForRow(at: IndexPath(row: 2, section: 0)) is AdCell)
    #expect(
      list.registeredCellType(forReuseIdentifier: String(reflecting: PostCell.self))
        == PostCell.self)
    _ = source
  }

  @Test("each row kind gets the height its visitor gives, or the list's for automatic")
  func heights() throws {
    let (list, source) = try makeList()
    #expect(list.contentHeight == 60 + 200 + 44)
    _ = source
  }

  @Test("each row kind's cell is configured through its own type")
  func configuration() throws {
    let (list, source) = try makeList()
    #expect(list.visibleTexts == ["Ada: Hello", "[photo] Sunset", "Sponsored by Tea Co"])
    #expect((list.cellForRow(at: IndexPath(row: 0, section: 0)) as? PostCell)?.author == "Ada")
    _ = source
  }

  @Test("when an operation does not handle a row kind, setup fails listing every gap")
  func missingCaseIsRejected() {
    struct LazyHeights: RowVisitor {
      func visit(_ row: FeedRow) -> RowHeight {
        if case .post = row { return 60 }
        return .unhandled
      }
    }
    #expect(
      throws: ListViewError.unhandledRowKinds(["LazyHeights": ["photo", "ad"]])
    ) {
      try VisitorDataSource<ListView, _>(
        rows: rows, cellKinds: FeedCells(), heights: LazyHeights(),
        configuration: FeedConfiguration())
    }
  }

  @Test("when a configuration targets another cell type, setup fails naming both")
  func mismatchedConfigurationIsRejected() {
    struct CopyPasted: RowVisitor {
      func visit(_ row: FeedRow) -> RowConfiguration {
        // A copy-paste slip: the photo case configures a post cell. Here it cannot pass setup.
        switch row {
        case .post, .photo: .configure(PostCell.self) { $0.text = "?" }
        case .ad: .configure(AdCell.self) { $0.text = "?" }
        }
      }
    }
    #expect(
      throws: ListViewError.rowConfigurationMismatch(
        kind: "photo", cell: "PhotoCell", configures: "PostCell")
    ) {
      try VisitorDataSource<ListView, _>(
        rows: rows, cellKinds: FeedCells(), heights: FeedHeights(), configuration: CopyPasted())
    }
  }
}
