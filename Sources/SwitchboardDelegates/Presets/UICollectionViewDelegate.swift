extension DelegatePreset {
  /// `UICollectionViewDelegate` (and its flow layout's): items highlight, select, deselect and
  /// spring-load; a move goes to the index path proposed, scrolling to the offset proposed.
  static let collectionView = DelegatePreset(
    "UICollectionViewDelegate",
    answeringTrue: [
      "collectionView:shouldHighlightItemAtIndexPath:",
      "collectionView:shouldSelectItemAtIndexPath:",
      "collectionView:shouldDeselectItemAtIndexPath:",
      "collectionView:shouldSpringLoadItemAtIndexPath:withContext:",
    ],
    proposedArgument: [
      "collectionView:targetIndexPathForMoveFromItemAtIndexPath:toProposedIndexPath:": 2,
      "collectionView:targetIndexPathForMoveOfItemFromOriginalIndexPath:"
        + "atCurrentIndexPath:toProposedIndexPath:": 3,
      "collectionView:targetContentOffsetForProposedContentOffset:": 1,
    ])
}
