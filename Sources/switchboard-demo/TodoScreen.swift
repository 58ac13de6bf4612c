import Foundation
import SwitchboardLists

/// The view half of the to-do screen: it makes the cells and handles taps, and owns the list
/// and the proxy.
///
/// It writes no method that only passes a call to the view model, and keeps the default rules:
/// `cellForRow` goes to the view, `didSelectRow` only to the view, every other message to the
/// first of view and view model that implements it. Both implement `titleForHeader`, so the
/// view's title wins until a rule says otherwise.
@MainActor
final class TodoScreen: ListCellProviding, ListDidSelectHandling, ListHeaderTitling {
  /// The view model.
  let viewModel: TodoViewModel
  /// The headless list.
  let list: ListView
  /// Routes the list's messages to this screen or its view model.
  private(set) lazy var proxy = ListProxy(view: self, viewModel: viewModel)
  /// Errors the list reported while this screen handled a message; handlers cannot throw them.
  private(set) var errors: [ListViewError] = []

  /// Creates the screen and loads its list.
  init(viewModel: TodoViewModel, viewportHeight: Double = 144) throws {
    self.viewModel = viewModel
    list = ListView(viewportHeight: viewportHeight, rowHeight: 24)
    list.sectionHeaderHeight = 24
    list.sectionFooterHeight = 24
    list.dataSource = proxy
    list.delegate = proxy
    try list.reloadData()
  }

  // MARK: Actions

  /// Types `text` into the input row and taps it, which adds a to-do, then scrolls as little as
  /// needed to show the new to-do, as a to-do app does.
  func add(_ text: String) throws {
    viewModel.draft = text
    try list.reloadRows(at: [IndexPath(row: 0, section: 0)])
    try list.scrollToRow(at: IndexPath(row: 0, section: 0), at: .none)
    try list.tapRow(at: IndexPath(row: 0, section: 0))
    let added = list.numberOfRows(inSection: viewModel.itemsSection) - 1
    if added >= 0 {
      try list.scrollToRow(at: IndexPath(row: added, section: viewModel.itemsSection), at: .none)
    }
  }

  /// Scrolls the to-do at `row` into view, as a user must, and taps it, which toggles it.
  func select(row: Int) throws {
    let indexPath = IndexPath(row: row, section: viewModel.itemsSection)
    try list.scrollToRow(at: indexPath, at: .none)
    try list.tapRow(at: indexPath)
  }

  /// Scrolls the to-do at `row` into view and swipes it away.
  func delete(row: Int) throws {
    let indexPath = IndexPath(row: row, section: viewModel.itemsSection)
    try list.scrollToRow(at: indexPath, at: .none)
    try list.commitEdit(.delete, forRowAt: indexPath)
  }

  /// Scrolls by `rows` rows.
  func scroll(rows: Int) throws {
    try list.scroll(by: Double(rows) * list.rowHeight)
  }

  // MARK: List messages (routed here by the proxy)

  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueCell(ListCell.self, for: indexPath)
    if indexPath.section == viewModel.itemsSection {
      let item = viewModel.items[indexPath.row]
      cell.text = "\(item.isDone ? "✓" : "○") \(item.title)"
    } else {
      let draft = viewModel.draft
      cell.text = draft.isEmpty ? "+ (type with: add <text>)" : "+ Add \"\(draft)\""
    }
    return cell
  }

  /// The view's header titles: it offers a hint where the view model offers a plain title.
  func titleForHeader(inSection section: Int) -> String? {
    section == viewModel.itemsSection ? "To do · tap to toggle" : "New"
  }

  /// Adds the draft when the input row is tapped; toggles a to-do otherwise.
  func didSelectRow(at indexPath: IndexPath, in list: ListView) {
    do throws(ListViewError) {
      if indexPath.section == viewModel.itemsSection {
        viewModel.toggle(row: indexPath.row)
        try list.reloadRows(at: [indexPath])
      } else if let row = viewModel.commitDraft() {
        try list.performBatchUpdates {
          $0.reloadRows(at: [indexPath])
          $0.insertRows(at: [IndexPath(row: row, section: viewModel.itemsSection)])
        }
      }
      try list.deselectRow(at: indexPath)
    } catch {
      errors.append(error)
    }
  }
}
