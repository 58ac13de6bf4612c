import Foundation
import Switchboard
import SwitchboardLists

/// The view half of the to-do screen: it handles taps, and owns the list and the proxy.
///
/// It writes no method that only passes a call to the view model.
///
/// The cells come from the view model's section objects, so this screen changes one default
/// rule: `cellForRow` goes to the view model.
@MainActor
final class TodoScreen: ListDidSelectHandling {
  /// The view model.
  let viewModel: TodoViewModel
  /// The headless list.
  let list: ListView
  /// Routes the list's messages to this screen or its view model.
  private(set) lazy var proxy = ListProxy<ListView>(
    view: self, viewModel: viewModel.sections, rules: [.cellForRow: .always(.viewModel)])
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
    try list.tapRow(at: IndexPath(row: 0, section: 0))
    let section = viewModel.itemsSectionIndex
    let added = list.numberOfRows(inSection: section) - 1
    if added >= 0 {
      try list.scrollToRow(at: IndexPath(row: added, section: section), at: .none)
    }
  }

  /// Taps the to-do at `row`, which toggles it.
  func select(row: Int) throws {
    try list.tapRow(at: IndexPath(row: row, section: viewModel.itemsSectionIndex))
  }

  /// Swipes the to-do at `row` away.
  func delete(row: Int) throws {
    try list.commitEdit(
      .delete, forRowAt: IndexPath(row: row, section: viewModel.itemsSectionIndex))
  }

  /// Scrolls by `rows` rows.
  func scroll(rows: Int) throws {
    try list.scroll(by: Double(rows) * list.rowHeight)
  }

  // MARK: List messages (routed here by the proxy)

  /// Adds the draft when the input row is tapped; toggles a to-do otherwise.
  func didSelectRow(at indexPath: IndexPath, in list: ListView) {
    do throws(ListViewError) {
      if indexPath.section == viewModel.itemsSectionIndex {
        viewModel.toggle(row: indexPath.row)
        try list.reloadRows(at: [indexPath])
      } else if let row = viewModel.commitDraft() {
        try list.performBatchUpdates {
          $0.reloadRows(at: [indexPath])
          $0.insertRows(at: [IndexPath(row: row, section: viewModel.itemsSectionIndex)])
        }
      }
      try list.deselectRow(at: indexPath)
    } catch {
      errors.append(error)
    }
  }
}
