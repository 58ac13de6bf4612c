#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import SwitchboardLists
import SwitchboardUIKit
import UIKit

/// The view half of the to-do table in SwiftUI: it makes cells and handles taps, as
/// ``TodoViewController`` does in UIKit; the rows, the edits and the announcements are the
/// shared ``TodoListModel``'s.
@MainActor
final class TodoRows: NSObject, ListCellProviding, ListDidSelectHandling {
  typealias Host = UITableView
  let model: TodoListModel

  init(model: TodoListModel) { self.model = model }

  func cellForRow(at indexPath: IndexPath, in tableView: UITableView) throws -> UITableViewCell {
    let cell = try tableView.dequeueCell(TodoCell.self, for: indexPath)
    cell.configure(with: model.todos[indexPath.row])
    return cell
  }

  func didSelectRow(at indexPath: IndexPath, in tableView: UITableView) {
    tableView.deselectRow(at: indexPath, animated: true)
    model.toggle(at: indexPath.row)
  }
}

/// A `UITableView` in SwiftUI driven by a Switchboard view model through `TableViewProxy`: the
/// table owns the proxy, which holds the rows and the model weakly; SwiftUI's state keeps them.
struct TodoTable: UIViewRepresentable {
  let rows: TodoRows

  func makeUIView(context: Context) -> UITableView {
    let table = UITableView(frame: .zero, style: .insetGrouped)
    TableViewProxy.attach(to: table, view: rows, viewModel: rows.model)
    return table
  }

  // The model announces its changes to the table itself (ListChanges): nothing to do here.
  func updateUIView(_ table: UITableView, context: Context) {}
}

/// The to-do screen in SwiftUI.
public struct TodoScreen: View {
  @State private var rows: TodoRows

  public init(model: TodoListModel = TodoListModel()) {
    _rows = State(initialValue: TodoRows(model: model))
  }

  public var body: some View {
    TodoTable(rows: rows)
  }
}
#endif
