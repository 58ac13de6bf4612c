// An overlay of SwitchboardLists+AppKit.swift: the screen shows a collection view.
final class PhotoModel: ListRowCounting {
  func numberOfRows(inSection section: Int) -> Int { 0 }
}

/// A screen of the app: a view controller that makes the collection view's items.
class SnippetScreen: NSViewController, ListCellProviding {
  let collectionView = NSCollectionView()
  let model = PhotoModel()
  func cellForRow(at indexPath: IndexPath, in grid: NSCollectionView) throws
    -> NSCollectionViewItem
  {
    try grid.dequeueCell(PhotoItem.self, for: indexPath)
  }
}
