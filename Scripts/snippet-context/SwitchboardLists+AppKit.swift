// Hidden context of the symbol documentation of the AppKit proxies (Sources/SwitchboardLists/ViewProxies/AppKit)
// (Scripts/symbol_snippets.py): the names its examples use, as a reader's Mac app declares
// them. A block that declares one of these names itself replaces it; the .grid overlay shows a
// collection view.
import AppKit
import SwitchboardAppKit
import SwitchboardLists

struct Todo { var title: String }
final class TodoCellView: NSTableCellView {}
final class PhotoItem: NSCollectionViewItem {}

final class TodoModel: ListRowCounting {
  var items: [Todo] = []
  func numberOfRows(inSection section: Int) -> Int { items.count }
}

final class FoldersModel: NSObject, NSOutlineViewDataSource {}

/// A screen of the app: a view controller that makes the table's cells.
class SnippetScreen: NSViewController, ListCellProviding, NSOutlineViewDelegate {
  let tableView = NSTableView()
  let outlineView = NSOutlineView()
  let model = TodoModel()
  let folders = FoldersModel()
  func cellForRow(at indexPath: IndexPath, in tableView: NSTableView) throws -> NSView {
    try tableView.dequeueCell(TodoCellView.self, for: indexPath)
  }
}
