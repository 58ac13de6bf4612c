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
/// It answers counts, the header title, and deletions; every change returns the `ListUpdate`
/// the host applies.
@MainActor
public final class TodoListModel: ListRowCounting, ListHeaderTitling, ListRowEditability,
  ListEditCommitting
{
  /// The to-dos, in display order.
  public private(set) var todos: [Todo]

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
    return delete(at: indexPath.row)
  }

  /// Adds a to-do at the end; ignores blank titles.
  public func add(_ title: String) -> ListUpdate {
    let trimmed = title.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return ListUpdate() }
    todos.append(Todo(trimmed))
    return ListUpdate(insertingRowsAt: [IndexPath(item: todos.count - 1, section: 0)])
  }

  /// Marks the to-do at `row` done, or open again.
  public func toggle(at row: Int) -> ListUpdate {
    todos[row].isDone.toggle()
    return ListUpdate(reloadingRowsAt: [IndexPath(item: row, section: 0)])
  }

  /// Deletes the to-do at `row`.
  public func delete(at row: Int) -> ListUpdate {
    todos.remove(at: row)
    return ListUpdate(deletingRowsAt: [IndexPath(item: row, section: 0)])
  }
}
