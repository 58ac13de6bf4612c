import Foundation
import SwitchboardLists

/// One to-do.
struct TodoItem: Equatable, Sendable {
  /// What to do.
  var title: String
  /// Whether it is done.
  var isDone = false

  /// Creates an item.
  init(_ title: String, isDone: Bool = false) {
    self.title = title
    self.isDone = isDone
  }
}

/// The data half of the to-do screen: counts, titles and deletions, with no view in sight.
///
/// Section 0 is the input row (the draft that tapping it adds); section 1 holds the to-dos.
@MainActor
final class TodoViewModel: ListSectionCounting, ListRowCounting, ListHeaderTitling,
  ListFooterTitling, ListRowEditability, ListEditCommitting
{
  /// The to-dos, in order.
  private(set) var items: [TodoItem]
  /// The text the input row would add.
  var draft = ""
  /// The section index of the to-dos.
  let itemsSection = 1

  /// Creates a view model with some to-dos.
  init(items: [TodoItem]) { self.items = items }

  /// Appends the draft as a new item and clears it; returns the new row, or `nil` without a draft.
  func commitDraft() -> Int? {
    guard !draft.isEmpty else { return nil }
    items.append(TodoItem(draft))
    draft = ""
    return items.count - 1
  }

  /// Marks the to-do at `row` done, or not done.
  func toggle(row: Int) {
    items[row].isDone.toggle()
  }

  // MARK: List messages (routed here by the proxy)

  func numberOfSections() -> Int { 2 }

  func numberOfRows(inSection section: Int) -> Int { section == itemsSection ? items.count : 1 }

  func titleForHeader(inSection section: Int) -> String? {
    section == itemsSection ? "To do" : "New"
  }

  func titleForFooter(inSection section: Int) -> String? {
    guard section == itemsSection else { return nil }
    let count = items.count == 1 ? "1 item" : "\(items.count) items"
    return "\(count), \(items.count { $0.isDone }) done"
  }

  func canEditRow(at indexPath: IndexPath) -> Bool { indexPath.section == itemsSection }

  func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    guard style == .delete, indexPath.section == itemsSection else { return ListUpdate() }
    items.remove(at: indexPath.row)
    // The list checks the deletion against the counts it reads back from this view model.
    return ListUpdate(deletingRowsAt: [indexPath])
  }
}
