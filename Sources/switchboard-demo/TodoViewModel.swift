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

/// The input row: shows the draft that tapping it adds.
///
/// One section, one object (seed 000).
@MainActor
final class InputSection: ListSection {
  typealias Host = ListView
  var draft = ""
  var numberOfRows: Int { 1 }
  var headerTitle: String? { "New" }

  func cell(forRow row: Int, in context: ListSectionContext<ListView>) throws -> ListCell {
    let cell = try context.dequeueCell(ListCell.self, forRow: row)
    cell.text = draft.isEmpty ? "+ (type with: add <text>)" : "+ Add \"\(draft)\""
    return cell
  }
}

/// The to-dos, with their count in the footer; rows can be swiped away.
@MainActor
final class ItemsSection: ListSection {
  typealias Host = ListView
  var items: [TodoItem]
  init(_ items: [TodoItem]) { self.items = items }

  var numberOfRows: Int { items.count }
  var headerTitle: String? { "To do" }
  var footerTitle: String? { "\(items.count) items, \(items.count { $0.isDone }) done" }

  func cell(forRow row: Int, in context: ListSectionContext<ListView>) throws -> ListCell {
    let cell = try context.dequeueCell(ListCell.self, forRow: row)
    cell.text = "\(items[row].isDone ? "✓" : "○") \(items[row].title)"
    return cell
  }

  func canEditRow(_ row: Int) -> Bool { true }

  func commitEdit(_ style: ListEditingStyle, forRow row: Int, at indexPath: IndexPath)
    -> ListUpdate
  {
    guard style == .delete else { return ListUpdate() }
    items.remove(at: row)
    // The list checks the deletion against the counts it reads back from this section.
    return ListUpdate(deletingRowsAt: [indexPath])
  }
}

/// The data half of the to-do screen: a composite of section objects.
///
/// It makes the cells (each section makes its own), counts, titles and deletions; taps are the
/// view's.
@MainActor
final class TodoViewModel {
  let input = InputSection()
  let itemsSection: ItemsSection
  /// The list's data source: the sections in display order.
  ///
  /// Reordering them changes no other code.
  let sections: SectionedDataSource<ListView>

  /// The section index of the to-dos.
  let itemsSectionIndex = 1

  /// Creates a view model with some to-dos.
  init(items: [TodoItem]) {
    itemsSection = ItemsSection(items)
    sections = SectionedDataSource(sections: [input, itemsSection])
  }

  /// The to-dos, in order.
  var items: [TodoItem] { itemsSection.items }

  /// The text the input row would add.
  var draft: String {
    get { input.draft }
    set { input.draft = newValue }
  }

  /// Appends the draft as a new item and clears it; returns the new row, or `nil` without a draft.
  func commitDraft() -> Int? {
    guard !input.draft.isEmpty else { return nil }
    itemsSection.items.append(TodoItem(input.draft))
    input.draft = ""
    return itemsSection.items.count - 1
  }

  func toggle(row: Int) {
    itemsSection.items[row].isDone.toggle()
  }
}
