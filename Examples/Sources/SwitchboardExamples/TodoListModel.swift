import Foundation
import SwitchboardLists

/// One to-do.
public struct Todo: Identifiable, Equatable, Sendable {
  /// Identity that survives edits.
  public let id: UUID
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool

  /// A new, open to-do.
  public init(_ title: String, isDone: Bool = false) {
    id = UUID()
    self.title = title
    self.isDone = isDone
  }
}

/// The data half of the to-do screen.
///
/// It imports no UIKit and names no host: the same class
/// serves a `UITableView` on iOS and a headless `ListView` in tests.
///
/// It answers counts, the header title, and deletions. It is shown by two screens at once
/// (the table and the grid): each change it makes is announced once through ``changes``, and
/// every screen showing it applies the batch; a swipe-to-delete is applied by the table where
/// it happened and announced to the others by the proxy.
@MainActor
public final class TodoListModel: ListRowCounting, ListHeaderTitling, ListRowEditability,
  ListEditCommitting, ListChangeAnnouncing
{
  /// The to-dos, in display order.
  public private(set) var todos: [Todo]
  /// Where the model announces its changes to every screen showing it.
  public let changes = ListChanges()

  /// A model with `todos`.
  public init(todos: [Todo] = [Todo("Buy milk"), Todo("Walk the dog"), Todo("Call mum")]) {
    self.todos = todos
  }

  public func numberOfRows(inSection section: Int) -> Int { todos.count }

  public func titleForHeader(inSection section: Int) -> String? {
    "To do · \(todos.count { !$0.isDone }) open"
  }

  public func canEditRow(at indexPath: IndexPath) -> Bool { true }

  public func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    guard style == .delete else { return ListUpdate() }
    return removing(at: indexPath.row)
  }

  /// Adds a to-do at the end, and tells every screen; ignores blank titles.
  public func add(_ title: String) {
    let trimmed = title.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return }
    todos.append(Todo(trimmed))
    changes.announce(ListUpdate(insertingRowsAt: [IndexPath(item: todos.count - 1, section: 0)]))
  }

  /// Marks the to-do at `row` done, or open again, and tells every screen.
  public func toggle(at row: Int) {
    todos[row].isDone.toggle()
    var update = ListUpdate()
    update.reconfigureRows(at: [IndexPath(item: row, section: 0)])
    changes.announce(update)
  }

  /// Deletes the to-do at `row`, and tells every screen.
  public func delete(at row: Int) {
    changes.announce(removing(at: row))
  }

  /// Removes the to-do at `row` and answers the update, without announcing it: for
  /// `commitEdit`, whose host applies it and announces it to the others.
  private func removing(at row: Int) -> ListUpdate {
    todos.remove(at: row)
    return ListUpdate(deletingRowsAt: [IndexPath(item: row, section: 0)])
  }
}
