// Hidden context of the symbol documentation of the list proxies (Sources/SwitchboardLists/ViewProxies, Scripts/symbol_snippets.py): the
// names its examples use, as a reader's app declares them. A block that declares one of these
// names itself replaces it. SwitchboardLists+ViewProxies.grid.swift has the same for a collection view.
import SwitchboardUIKit
import SwitchboardLists
import UIKit

struct Todo: Identifiable { let id: Int; var title: String }
struct Photo { var name: String }

final class TodoCell: UITableViewCell { func configure(with todo: Todo) {} }
final class PhotoCell: UICollectionViewCell { func configure(with photo: Photo) {} }

final class TodoModel: ListSnapshotDataSource {
  let changes = ListChanges()
  var snapshot = ListSnapshot<String, Int>()
  var items: [Todo] = []
  var photos: [Photo] = []
}

final class FeedModel: Paginating, ListRowCounting, ListChangeAnnouncing {
  let changes = ListChanges()
  var items: [String] = []
  let pageSize = 20
  var totalCount: Int?
  var pagination = PaginationState(prefetchDistance: 5)
  func fetchPage(offset: Int, limit: Int) async throws -> [String] { [] }
  func numberOfRows(inSection section: Int) -> Int { items.count }
}

/// A screen of the app: a view controller that makes the table's cells.
class SnippetScreen: UIViewController, ListCellProviding {
  let tableView = UITableView()
  let model = TodoModel()
  func cellForRow(at indexPath: IndexPath, in tableView: UITableView) throws -> UITableViewCell {
    try tableView.dequeueCell(TodoCell.self, for: indexPath)
  }
}

let screen = SnippetScreen()
let tableView = UITableView()
let model = TodoModel()
let proxy = TableViewProxy.attach(to: tableView, view: screen, viewModel: model)
let feed = FeedModel()
let header = UIView()
let edited = Todo(id: 1, title: "Buy milk")
func open(_ indexPath: IndexPath) {}
