import Foundation
import SwitchboardLists

/// The data half of a to-do screen: counts and titles.
class TodoViewModel: ListRowCounting, ListSectionCounting {
  var sections: [[String]]
  init(_ sections: [[String]] = [["Buy milk", "Walk the dog", "Call mum"]]) {
    self.sections = sections
  }
  func numberOfSections() -> Int { sections.count }
  func numberOfRows(inSection section: Int) -> Int { sections[section].count }
}

/// The view half of a to-do screen: cells and selection.
class TodoScreen: ListCellProviding, ListDidSelectHandling {
  let model: TodoViewModel
  var selections: [IndexPath] = []
  init(model: TodoViewModel) { self.model = model }

  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueReusableCell(withIdentifier: "todo", for: indexPath)
    cell.text = model.sections[indexPath.section][indexPath.row]
    return cell
  }
  func didSelectRow(at indexPath: IndexPath, in list: ListView) { selections.append(indexPath) }
}

/// A view model that also (wrongly) tries to answer the view's messages.
final class GreedyViewModel: TodoViewModel, ListCellProviding, ListDidSelectHandling,
  ListHeaderTitling
{
  var selections: [IndexPath] = []
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = ListCell(reuseIdentifier: nil)
    cell.text = "from the view model"
    return cell
  }
  func didSelectRow(at indexPath: IndexPath, in list: ListView) { selections.append(indexPath) }
  func titleForHeader(inSection section: Int) -> String? { "Model's title" }
}

/// A view that titles its sections.
final class TitlingScreen: TodoScreen, ListHeaderTitling {
  func titleForHeader(inSection section: Int) -> String? { "Screen's title" }
}

/// A handler that only sets row heights.
final class HeightHandler: ListRowHeightProviding {
  func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double { 20 }
}

/// A list wired to a proxy the way a screen does it.
@MainActor
struct TodoStack {
  let model: TodoViewModel
  let screen: TodoScreen
  let proxy: ListProxy<ListView>
  let list: ListView

  init(
    model: TodoViewModel = TodoViewModel(), screen: ((TodoViewModel) -> TodoScreen)? = nil,
    viewportHeight: Double = 440
  ) {
    self.model = model
    self.screen = screen?(model) ?? TodoScreen(model: model)
    proxy = ListProxy<ListView>(view: self.screen, viewModel: model)
    list = ListView(viewportHeight: viewportHeight)
    list.register(ListCell.self, forCellReuseIdentifier: "todo")
    list.dataSource = proxy
    list.delegate = proxy
  }
}
