// Hidden context of the symbol documentation of SwitchboardLists (Scripts/symbol_snippets.py):
// the names its examples use, as a reader's app declares them. A block that declares one of
// these names itself replaces it.
import Foundation
import Switchboard
import SwitchboardLists

struct Todo: Identifiable { let id: Int; var title: String }
struct Mail { var subject: String; var isPinned: Bool }
struct Folder { var name: String }
struct Post: Identifiable { let id: Int; static let sample = Post(id: 0) }
struct Photo { static let sample = Photo() }
struct Ad { static let sample = Ad() }
struct Song: Identifiable, Equatable { let id: Int; var title: String }

final class ContactCell: ListCell {}
final class TodoCell: ListCell {}
final class TitleView: ListCell {}
final class PostCell: ListCell { func show(_ post: Post) {} }
final class PhotoCell: ListCell { func show(_ photo: Photo) {} }
final class AdCell: ListCell { func show(_ ad: Ad) {} }
final class MyGridCell { required init() {} }

struct Contact: CellModel {
  let id: Int
  var name: String
  var phone: String
  func configure(_ cell: ContactCell) { cell.text = name }
}

enum FeedRow: VisitableRow {
  case post(Post), photo(Photo), ad(Ad)
  static var kindSamples: [FeedRow] { [.post(.sample), .photo(.sample), .ad(.sample)] }
  var kindName: String {
    switch self { case .post: "post"; case .photo: "photo"; case .ad: "ad" }
  }
}

struct FeedCells: RowVisitor {
  func visit(_ row: FeedRow) -> AnyObject.Type? {
    switch row { case .post: PostCell.self; case .photo: PhotoCell.self; case .ad: AdCell.self }
  }
}

struct FeedHeights: RowVisitor {
  func visit(_ row: FeedRow) -> RowHeight { 64 }
}

struct FeedConfiguration: RowVisitor {
  func visit(_ row: FeedRow) -> RowConfiguration {
    .configure(PostCell.self) { _ in }
  }
}

final class Posts { func posts(offset: Int, limit: Int) async throws -> [Post] { [] } }
let api = Posts()

final class FeedModel: Paginating, ListRowCounting, ListChangeAnnouncing {
  let changes = ListChanges()
  var items: [Post] = []
  let pageSize = 20
  var totalCount: Int?
  var pagination = PaginationState(prefetchDistance: 5)
  func fetchPage(offset: Int, limit: Int) async throws -> [Post] { [] }
  func numberOfRows(inSection section: Int) -> Int { items.count }
}

/// A view model that keeps a snapshot.
final class TodoModel: ListSnapshotDataSource {
  let changes = ListChanges()
  var snapshot = ListSnapshot<String, Int>()
  var items: [String] = []
  var folders: [Folder] = []
  var mails: [Mail] = []
  var count: Int { mails.count }
  func subject(at row: Int) -> String { mails[row].subject }
  func title(ofSection section: Int) -> String { folders[section].name }
  func loadMore() {}
  func isEnabled(_ row: Int) -> Bool { true }
  func mail(at indexPath: IndexPath) -> Mail { mails[indexPath.row] }
}

/// A view model whose capabilities the examples add.
final class InboxModel {
  var folders: [Folder] = []
  var mails: [Mail] = []
}

final class TodoSection: ListSection {
  var items: [String]
  init(items: [String]) { self.items = items }
  var numberOfRows: Int { items.count }
  func cell(forRow row: Int, at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    try list.dequeueCell(ListCell.self, for: indexPath)
  }
}

final class InputSection: ListSection {
  var numberOfRows: Int { 1 }
  func cell(forRow row: Int, at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    try list.dequeueCell(ListCell.self, for: indexPath)
  }
}

final class ImageLoader {
  func load(_ rows: [Int]) {}
  func cancel(_ indexPath: IndexPath) {}
}

final class MyGrid {
  func reusedCell(for indexPath: IndexPath) -> MyGridCell? { nil }
  func animate(_ update: ListUpdate) {}
  func redraw() {}
  var contentHeight = 0.0
  var visibleHeight = 0.0
}

final class Logger {
  func info(_ text: String) {}
  func error(_ text: String) {}
}

@MainActor final class InboxScreen { let model = TodoModel() }

/// A screen of the app: a view handler, with the state its methods read.
@MainActor class SnippetScreen: ListCellProviding {
  var items: [String] = []
  var folders: [Folder] = []
  var mails: [Mail] = []
  var letters: [String] = []
  let images = ImageLoader()
  let model = TodoModel()
  var preview: Mail?
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    try list.dequeueCell(ListCell.self, for: indexPath)
  }
}

let screen = SnippetScreen()
let model = TodoModel()
let list = ListView()
let grid = CollectionView()
let proxy = ListProxy(view: screen, viewModel: model)
let feed = FeedModel()
let changes = ListChanges()
var contacts = ModelSection(id: "contacts", items: [Contact(id: 1, name: "Ada", phone: "…")])
var items = ["Buy milk", "Walk the dog", "Call Ada"]
var update = ListUpdate()
let analytics = SnippetScreen()
let overlay = SnippetScreen()
let logger = Logger()
let images = ImageLoader()
let indexPath = IndexPath(row: 0, section: 0)
let newRow = IndexPath(row: 3, section: 0)
let section = 0
let shown = 3
let rows = [0, 1]
let done = Todo(id: 1, title: "Buy milk")
let edited = Todo(id: 2, title: "Walk the dog")
let openTodos = [Todo(id: 3, title: "Call Ada")]
let doneTodos = [Todo(id: 1, title: "Buy milk")]
let oldAlbums: [Album] = []
let newAlbums: [Album] = []
let next = ListSnapshot<String, Int>()
struct Album: Identifiable { let id: String; var songs: [Song] }
func log(_ problem: Any) {}
func open(_ item: Any) {}
let column = ListColumn(identifier: "name", index: 0)
