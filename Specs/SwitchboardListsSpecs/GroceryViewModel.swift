// This file imports only SwitchboardLists (and Foundation for IndexPath): the view model it
// defines knows no host, and the specs show it serving a ListView and a CollectionView unchanged.
import Foundation
import SwitchboardLists

/// The data half of a grocery screen: sections of items, titles, deletion, moves, prefetching.
@MainActor
final class GroceryViewModel: ListSectionCounting, ListRowCounting, ListHeaderTitling,
  ListFooterTitling, ListEditCommitting, ListRowMoving, ListPrefetching
{
  var aisles: [(name: String, items: [String])]
  private(set) var prefetched: [IndexPath] = []

  init(_ aisles: [(name: String, items: [String])]) { self.aisles = aisles }

  func numberOfSections() -> Int { aisles.count }
  func numberOfRows(inSection section: Int) -> Int { aisles[section].items.count }
  func titleForHeader(inSection section: Int) -> String? { aisles[section].name }
  func titleForFooter(inSection section: Int) -> String? { "\(aisles[section].items.count) items" }

  func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    guard style == .delete else { return ListUpdate() }
    aisles[indexPath.section].items.remove(at: indexPath.row)
    return ListUpdate(deletingRowsAt: [indexPath])
  }

  func moveRow(from source: IndexPath, to destination: IndexPath) {
    let item = aisles[source.section].items.remove(at: source.row)
    aisles[destination.section].items.insert(item, at: destination.row)
  }

  func prefetchRows(at indexPaths: [IndexPath]) { prefetched += indexPaths }

  func item(at indexPath: IndexPath) -> String { aisles[indexPath.section].items[indexPath.row] }

  /// Removes an item, as a user's action elsewhere would, and answers the update to show it.
  func remove(at indexPath: IndexPath) -> ListUpdate {
    aisles[indexPath.section].items.remove(at: indexPath.row)
    return ListUpdate(deletingRowsAt: [indexPath])
  }
}
