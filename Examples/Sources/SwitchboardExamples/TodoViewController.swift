#if canImport(UIKit)
import SwitchboardLists
import SwitchboardUIKit
import UIKit

/// A to-do's row.
final class TodoCell: UITableViewCell {
  func configure(with todo: Todo) {
    var content = defaultContentConfiguration()
    content.text = todo.title
    content.textProperties.color = todo.isDone ? .secondaryLabel : .label
    contentConfiguration = content
    accessoryType = todo.isDone ? .checkmark : .none
  }
}

/// The to-do screen: the view half.
///
/// It makes cells and handles taps with Switchboard's
/// capabilities for `UITableView`, and implements UIKit's own swipe-actions and scrolling
/// methods, which `TableViewProxy` forwards to it. It writes no method that only passes a call
/// to the model.
public final class TodoViewController: UIViewController, ListCellProviding,
  ListDidSelectHandling, UITableViewDelegate
{
  public typealias Host = UITableView

  let model: TodoListModel
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)

  /// A table of `model`'s to-dos; give ``TodoGridViewController`` the same model to show it
  /// twice, each screen following the other's edits.
  public init(model: TodoListModel = TodoListModel()) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("TodoViewController is made in code") }

  override public func viewDidLoad() {
    super.viewDidLoad()
    title = "To do"
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.keyboardDismissMode = .onDrag
    view.addSubview(tableView)
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.addTodo() })

    // The whole setup: the table view owns the proxy; the proxy holds self and model weakly.
    TableViewProxy.attach(to: tableView, view: self, viewModel: model)
  }

  // Switchboard's capabilities, typed for UITableView.

  public func cellForRow(at indexPath: IndexPath, in tableView: UITableView) throws
    -> UITableViewCell
  {
    let cell = try tableView.dequeueCell(TodoCell.self, for: indexPath)
    cell.configure(with: model.todos[indexPath.row])
    return cell
  }

  public func didSelectRow(at indexPath: IndexPath, in tableView: UITableView) {
    tableView.deselectRow(at: indexPath, animated: true)
    model.toggle(at: indexPath.row)  // announced: this table and the grid update
  }

  // UIKit's own delegate methods, which Switchboard does not model: forwarded here.

  public func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? {
    let delete = UIContextualAction(style: .destructive, title: "Delete") {
      [weak self] _, _, done in
      guard let self else { return done(false) }
      self.model.delete(at: indexPath.row)
      done(true)
    }
    return UISwipeActionsConfiguration(actions: [delete])
  }

  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    view.endEditing(true)
  }

  // Actions.

  private func addTodo() {
    let alert = UIAlertController(title: "New to-do", message: nil, preferredStyle: .alert)
    alert.addTextField()
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Add", style: .default) { [weak self, weak alert] _ in
        guard let self, let title = alert?.textFields?.first?.text else { return }
        self.model.add(title)
      })
    present(alert, animated: true)
  }
}
#endif
