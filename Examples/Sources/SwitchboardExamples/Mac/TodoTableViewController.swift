#if os(macOS)
import AppKit
import SwitchboardAppKit

/// A to-do's cell view in an `NSTableView`.
final class TodoCellView: NSTableCellView {
  override init(frame: NSRect) {
    super.init(frame: frame)
    let label = NSTextField(labelWithString: "")
    label.translatesAutoresizingMaskIntoConstraints = false
    addSubview(label)
    textField = label
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 4),
      label.centerYAnchor.constraint(equalTo: centerYAnchor),
    ])
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("TodoCellView is made in code") }
}

/// Whether a to-do is done, in its own column: a plain `NSTableCellView`, whose text field
/// `dequeueCell` makes.
final class DoneCellView: NSTableCellView {}

/// The to-do list on the Mac: the same ``TodoListModel`` as the iOS screens, in an
/// `NSTableView`, through the Mac's `TableViewProxy`.
///
/// The model counts the rows and takes the edits; this controller makes the cell views of both
/// columns, the title and whether it is done, and toggles a to-do when its row is selected.
/// Nothing passes a call along.
public final class TodoTableViewController: NSViewController, ListColumnCellProviding,
  NSTableViewDelegate
{
  public typealias Host = NSTableView
  let model: TodoListModel
  private let tableView = NSTableView()

  public init(model: TodoListModel = TodoListModel()) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("TodoTableViewController is made in code") }

  override public func loadView() {
    for (identifier, title) in [("title", "To do"), ("done", "Done")] {
      let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier(identifier))
      column.title = title
      tableView.addTableColumn(column)
    }
    let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 320, height: 480))
    scrollView.documentView = tableView
    view = scrollView
  }

  override public func viewDidLoad() {
    super.viewDidLoad()
    // The table owns the proxy; the proxy holds self and the model weakly. The model's
    // announced changes reach this table one after another, as AppKit applies them.
    TableViewProxy.attach(to: tableView, view: self, viewModel: model)
  }

  /// Each column's cell view; a column this controller does not know is left to the table.
  public func cellForRow(at indexPath: IndexPath, column: ListColumn, in tableView: NSTableView)
    throws -> NSView?
  {
    let todo = model.todos[indexPath.row]
    switch column.identifier {
    case "title":
      let cell = try tableView.dequeueCell(TodoCellView.self, for: indexPath)
      cell.textField?.stringValue = todo.title
      return cell
    case "done":
      let cell = try tableView.dequeueCell(DoneCellView.self, for: indexPath)
      cell.textField?.stringValue = todo.isDone ? "✓" : ""
      return cell
    default:
      return nil
    }
  }

  /// AppKit's own notification, which the proxy sends to this controller.
  public func tableViewSelectionDidChange(_ notification: Notification) {
    guard tableView.selectedRow >= 0 else { return }
    model.toggle(at: tableView.selectedRow)
  }
}
#endif
