// An overlay of SwitchboardLists+ViewProxies.swift: the screen shows a collection view.
final class PhotoModel: ListRowCounting {
  var photos: [Photo] = []
  func numberOfRows(inSection section: Int) -> Int { photos.count }
}

/// A screen of the app: a view controller that makes the collection view's cells.
class SnippetScreen: UIViewController, ListCellProviding {
  let collectionView = UICollectionView(
    frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
  let model = PhotoModel()
  func cellForRow(at indexPath: IndexPath, in collectionView: UICollectionView) throws
    -> UICollectionViewCell
  {
    try collectionView.dequeueCell(PhotoCell.self, for: indexPath)
  }
}
