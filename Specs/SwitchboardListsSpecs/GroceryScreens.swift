import Foundation
import SwitchboardLists

/// The view half of the grocery screen on a table: cells and taps.
@MainActor
final class GroceryTableScreen: ListCellProviding, ListDidSelectHandling {
  let model: GroceryViewModel
  let list = ListView(viewportHeight: 440, rowHeight: 44)
  lazy var proxy = ListProxy<ListView>(view: self, viewModel: model)
  private(set) var selected: [String] = []

  init(model: GroceryViewModel) throws {
    self.model = model
    list.dataSource = proxy
    list.delegate = proxy
    try list.reloadData()
  }

  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueCell(ListCell.self, for: indexPath)
    cell.text = model.item(at: indexPath)
    return cell
  }

  func didSelectRow(at indexPath: IndexPath, in list: ListView) {
    selected.append(model.item(at: indexPath))
  }
}

/// The view half of the same screen on a collection: cells, section headers and taps.
@MainActor
final class GroceryGridScreen: ListCellProviding, ListSupplementaryViewProviding,
  ListDidSelectHandling
{
  final class ItemCell: ListCell {}

  let model: GroceryViewModel
  let grid = CollectionView(columns: 2, itemHeight: 40, viewportHeight: 400)
  lazy var proxy = ListProxy<CollectionView>(view: self, viewModel: model)
  private(set) var selected: [String] = []

  init(model: GroceryViewModel) throws {
    self.model = model
    grid.headerHeight = 20
    grid.dataSource = proxy
    grid.delegate = proxy
    try grid.reloadData()
  }

  func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
    let cell = try grid.dequeueCell(ItemCell.self, for: indexPath)
    cell.text = model.item(at: indexPath)
    return cell
  }

  func supplementaryView(
    ofKind kind: SupplementaryKind, at indexPath: IndexPath, in grid: CollectionView
  ) throws -> ListCell {
    let view = try grid.dequeueSupplementaryView(
      ListCell.self, ofKind: kind, for: indexPath)
    // The header shows the view model's title: the data half stays the view model's.
    view.text = model.titleForHeader(inSection: indexPath.section) ?? ""
    return view
  }

  func didSelectRow(at indexPath: IndexPath, in grid: CollectionView) {
    selected.append(model.item(at: indexPath))
  }
}
