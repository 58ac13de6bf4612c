import Foundation
import Switchboard
import SwitchboardLists

/// A row of the demo feed: three kinds, each handled by every visitor below.
enum FeedRow: VisitableRow, Equatable, Sendable {
  /// A text post.
  case post(author: String, text: String)
  /// A photo with a caption.
  case photo(caption: String)
  /// A sponsored row.
  case ad(sponsor: String)

  /// One row of each kind.
  static var kindSamples: [FeedRow] {
    [.post(author: "", text: ""), .photo(caption: ""), .ad(sponsor: "")]
  }

  /// `"post"`, `"photo"` or `"ad"`.
  var kindName: String {
    switch self {
    case .post: "post"
    case .photo: "photo"
    case .ad: "ad"
    }
  }
}

final class PostCell: ListCell {}
final class PhotoCell: ListCell {}
final class AdCell: ListCell {}

/// Which cell each kind uses.
struct FeedCellKinds: RowVisitor {
  func visit(_ row: FeedRow) -> AnyObject.Type? {
    switch row {
    case .post: PostCell.self
    case .photo: PhotoCell.self
    case .ad: AdCell.self
    }
  }
}

/// How tall each kind is.
struct FeedHeights: RowVisitor {
  func visit(_ row: FeedRow) -> RowHeight {
    switch row {
    case .post: 24
    case .photo: 48
    case .ad: .automatic
    }
  }
}

/// How each kind fills its own cell type.
struct FeedConfiguration: RowVisitor {
  func visit(_ row: FeedRow) -> RowConfiguration {
    switch row {
    case .post(let author, let text): .configure(PostCell.self) { $0.text = "✎ \(author): \(text)" }
    case .photo(let caption): .configure(PhotoCell.self) { $0.text = "▣ photo: \(caption)" }
    case .ad(let sponsor): .configure(AdCell.self) { $0.text = "★ sponsored by \(sponsor)" }
    }
  }
}

/// A pretend server with `total` rows, answering instantly and always the same way.
struct FeedServer: Sendable {
  let total: Int

  func rows(offset: Int, limit: Int) async -> [FeedRow] {
    (offset..<min(offset + limit, total)).map { index in
      switch index % 5 {
      case 2: .photo(caption: "view #\(index)")
      case 4: .ad(sponsor: "Sponsor \(index)")
      default: .post(author: ["Ada", "Grace", "Alan"][index % 3], text: "note #\(index)")
      }
    }
  }
}

/// The feed's view model: it pages rows in and nothing else.
///
/// It names no host and has no display method: ``FeedScreen`` asks it to paginate through its
/// proxy.
///
/// Cells and heights are the visitor data source's, which is the proxy's view handler.
@MainActor
final class FeedViewModel: Paginating, ListChangeAnnouncing {
  let changes = ListChanges()
  let rows: VisitorDataSource<ListView, FeedRow>
  let server: FeedServer
  /// Rows per page.
  let pageSize = 4
  /// The server's total, known up front here.
  var totalCount: Int? { server.total }
  /// The library's pagination state.
  var pagination = PaginationState(prefetchDistance: 1)

  init(rows: VisitorDataSource<ListView, FeedRow>, server: FeedServer) {
    self.rows = rows
    self.server = server
  }

  /// The loaded rows, kept by the visitor data source that shows them.
  var items: [FeedRow] {
    get { rows.rows }
    set { rows.rows = newValue }
  }

  func fetchPage(offset: Int, limit: Int) async throws -> [FeedRow] {
    await server.rows(offset: offset, limit: limit)
  }

  /// Waits for the page in flight, and for every page its rows started in turn.
  func settle() async {
    var awaited: Task<PageOutcome, Never>?
    while let load = pagination.lastLoad, load != awaited {
      awaited = load
      _ = await load.value
    }
  }
}

/// The feed screen: a list fed by a proxy whose view handler is the visitor data source and
/// whose view-model handler pages rows in.
@MainActor
final class FeedScreen {
  /// The headless list.
  let list = ListView(viewportHeight: 120, rowHeight: 24)
  /// The paging view model.
  let feed: FeedViewModel
  /// The proxy between them.
  let proxy: ListProxy<ListView>
  let rows: VisitorDataSource<ListView, FeedRow>

  /// Creates the screen over a server with `total` rows.
  init(total: Int = 10) throws {
    rows = try VisitorDataSource<ListView, FeedRow>(
      rows: [], cellKinds: FeedCellKinds(), heights: FeedHeights(),
      configuration: FeedConfiguration())
    feed = FeedViewModel(rows: rows, server: FeedServer(total: total))
    proxy = ListProxy(view: rows, viewModel: feed)
    list.dataSource = proxy
    list.delegate = proxy
    feed.paginate(proxy)
    try list.reloadData()
  }

  /// Loads the first page into the empty list, and whatever it triggers.
  func start() async {
    feed.startIfNeeded()
    await feed.settle()
  }

  /// Scrolls by `rows` rows (up when negative) and waits for the pages it triggers.
  func scroll(rows: Int) async throws {
    try list.scroll(by: Double(rows) * 24)
    await feed.settle()
  }

  /// Scrolls to the bottom and waits for the page it triggers.
  func scrollToBottom() async throws {
    try list.scroll(to: list.maximumContentOffset)
    await feed.settle()
  }
}
