import Foundation
import SwitchboardLists

/// The data half of the shelf screen: shelves of books, with titles.
///
/// It names no host, so the same class could feed a table; here it feeds a collection.
@MainActor
final class ShelfViewModel: ListSectionCounting, ListRowCounting, ListHeaderTitling {
  /// The shelves, each a name and its books.
  private(set) var shelves: [(name: String, books: [String])]

  /// Creates a view model with some shelves.
  init(shelves: [(name: String, books: [String])]) { self.shelves = shelves }

  /// The number of shelves.
  func numberOfSections() -> Int { shelves.count }
  /// The number of books on a shelf.
  func numberOfRows(inSection section: Int) -> Int { shelves[section].books.count }
  /// The shelf's name.
  func titleForHeader(inSection section: Int) -> String? { shelves[section].name }

  /// The book at `indexPath`.
  func book(at indexPath: IndexPath) -> String {
    shelves[indexPath.section].books[indexPath.item]
  }

  /// Moves a book to the front of its shelf and answers the update that shows it.
  func moveToFront(_ indexPath: IndexPath) -> ListUpdate {
    let book = shelves[indexPath.section].books.remove(at: indexPath.item)
    shelves[indexPath.section].books.insert(book, at: 0)
    var update = ListUpdate()
    update.moveRow(at: indexPath, to: IndexPath(item: 0, section: indexPath.section))
    return update
  }
}

/// The view half of the shelf screen, on the headless collection host: book cells, shelf
/// headers, and taps that move a book to the front of its shelf.
@MainActor
final class ShelfScreen: ListCellProviding, ListSupplementaryViewProviding,
  ListDidSelectHandling
{
  final class BookCell: ListCell {}

  /// The view model.
  let viewModel: ShelfViewModel
  /// The headless collection, three books per line.
  let grid = CollectionView(columns: 3, itemHeight: 24, viewportHeight: 120)
  /// Routes the collection's messages to this screen or its view model.
  private(set) lazy var proxy = ListProxy(view: self, viewModel: viewModel)
  /// Errors the collection reported while this screen handled a tap.
  private(set) var errors: [ListViewError] = []

  /// Creates the screen and loads its collection.
  init(viewModel: ShelfViewModel) throws {
    self.viewModel = viewModel
    grid.headerHeight = 24
    grid.columnWidth = 22
    grid.dataSource = proxy
    grid.delegate = proxy
    try grid.reloadData()
  }

  /// A book's cell.
  func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws
    -> ListCell
  {
    let cell = try grid.dequeueCell(BookCell.self, for: indexPath)
    cell.text = viewModel.book(at: indexPath)
    return cell
  }

  /// A shelf's header, titled by the view model.
  func supplementaryView(
    ofKind kind: SupplementaryKind, at indexPath: IndexPath, in grid: CollectionView
  ) throws -> ListCell {
    let view = try grid.dequeueSupplementaryView(
      ListCell.self, ofKind: kind, for: indexPath)
    view.text = viewModel.titleForHeader(inSection: indexPath.section) ?? ""
    return view
  }

  /// Moves the tapped book to the front of its shelf.
  func didSelectRow(at indexPath: IndexPath, in grid: CollectionView) {
    do throws(ListViewError) {
      try grid.apply(viewModel.moveToFront(indexPath))
      try grid.deselectItem(at: IndexPath(item: 0, section: indexPath.section))
    } catch {
      errors.append(error)
    }
  }
}
