extension DelegatePreset {
  /// `UICollectionViewDelegate` (and its flow layout's): items highlight, select, deselect and
  /// spring-load; a move goes to the index path proposed, scrolling to the offset proposed.
  ///
  /// `collectionView:canEditItemAtIndexPath:` (iOS 18.6 SDK `UICollectionView.h`, line 199):
  /// "Defaults to `YES`."
  static let collectionView = DelegatePreset(
    "UICollectionViewDelegate",
    answeringTrue: [
      "collectionView:shouldHighlightItemAtIndexPath:",
      "collectionView:shouldSelectItemAtIndexPath:",
      "collectionView:shouldDeselectItemAtIndexPath:",
      "collectionView:shouldSpringLoadItemAtIndexPath:withContext:",
      "collectionView:canEditItemAtIndexPath:",
    ],
    proposedArgument: [
      "collectionView:targetIndexPathForMoveFromItemAtIndexPath:toProposedIndexPath:": 2,
      "collectionView:targetIndexPathForMoveOfItemFromOriginalIndexPath:"
        + "atCurrentIndexPath:toProposedIndexPath:": 3,
      "collectionView:targetContentOffsetForProposedContentOffset:": 1,
    ])
}
