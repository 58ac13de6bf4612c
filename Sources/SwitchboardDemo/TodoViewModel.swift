import Foundation
import SwitchboardLists

/// One to-do.
public struct TodoItem: Equatable, Sendable {
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var isDone = false

  /// Creates an item.
  public init(_ title: String, isDone: Bool = false) {
    self.title = title
    self.isDone = isDone
  }
}

/// One section of the to-do screen as its own small object (seed 000): the view model forwards
/// each call to the section at `indexPath.section`, with section-local rows.
@MainActor
protocol TodoSection: AnyObject {
  var title: String { get }
  var footer: String? { get }
  var rowCount: Int { get }
  func text(forRow row: Int) -> String
  var isEditable: Bool { get }
}

/// The input row: shows the draft that selecting it adds.
@MainActor
final class InputSection: TodoSection {
  var draft = ""
  let title = "New"
  var footer: String? { nil }
  var rowCount: Int { 1 }
  func text(forRow row: Int) -> String { draft.isEmpty ? "+ (type with: add <text>)" : "+ Add \"\(draft)\"" }
  let isEditable = false
}

/// The to-dos.
@MainActor
final class ItemsSection: TodoSection {
  var items: [TodoItem]
  init(_ items: [TodoItem]) { self.items = items }
  let title = "To do"
  var footer: String? {
    "\(items.count) items, \(items.count { $0.isDone }) done"
  }
  var rowCount: Int { items.count }
  func text(forRow row: Int) -> String { "\(items[row].isDone ? "✓" : "○") \(items[row].title)" }
  let isEditable = true
}

/// The data half of the to-do screen. It implements counts, titles and deletion, and nothing
/// about cells or taps: those are the view's.
@MainActor
public final class TodoViewModel: ListSectionCounting, ListRowCounting, ListHeaderTitling,
  ListFooterTitling, ListRowEditability, ListEditCommitting
{
  let input = InputSection()
  let itemsSection: ItemsSection
  /// Sections in display order. Reordering them changes no other code.
  var sections: [any TodoSection]

  /// The section index of the to-dos.
  public let itemsSectionIndex = 1
  /// Errors the list reported while this view model handled a message.
  public private(set) var errors: [ListViewError] = []

  /// Creates a view model with some to-dos.
  public init(items: [TodoItem]) {
    itemsSection = ItemsSection(items)
    sections = [input, itemsSection]
  }

  /// The to-dos, in order.
  public var items: [TodoItem] { itemsSection.items }

  /// The text the input row would add.
  public var draft: String {
    get { input.draft }
    set { input.draft = newValue }
  }

  func text(at indexPath: IndexPath) -> String {
    sections[indexPath.section].text(forRow: indexPath.row)
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

  // MARK: List messages (routed here by the proxy)

  /// The number of section objects.
  public func numberOfSections(in list: ListView) -> Int { sections.count }

  /// The row count of the section object.
  public func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int {
    sections[section].rowCount
  }

  /// The section object's title.
  public func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? {
    sections[section].title
  }

  /// The section object's footer.
  public func list(_ list: ListView, titleForFooterInSection section: Int) -> String? {
    sections[section].footer
  }

  /// Only to-dos can be deleted.
  public func list(_ list: ListView, canEditRowAt indexPath: IndexPath) -> Bool {
    sections[indexPath.section].isEditable
  }

  /// Deletes the to-do and tells the list.
  public func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath) {
    guard style == .delete, indexPath.section == itemsSectionIndex else { return }
    itemsSection.items.remove(at: indexPath.row)
    // The list validates the deletion against the counts it reads back from this object.
    do throws(ListViewError) {
      try list.deleteRows(at: [indexPath])
    } catch {
      errors.append(error)
    }
  }
}
