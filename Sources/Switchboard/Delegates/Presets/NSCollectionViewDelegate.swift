extension DelegatePreset {
  /// `NSCollectionViewDelegate`'s documented answers, from the macOS 13.3 SDK's `NSCollectionView.h`.
  ///
  /// - `collectionView:canDragItemsAtIndexPaths:withEvent:` (line 498): "If the delegate does
  ///   not implement this method, the collection view will act as if it returned YES." Its "Old
  ///   Form (Single Section Only)", `collectionView:canDragItemsAtIndexes:withEvent:` (line 502),
  ///   likewise.
  /// - `collectionView:shouldChangeItemsAtIndexPaths:toHighlightState:`,
  ///   `collectionView:shouldSelectItemsAtIndexPaths:` and
  ///   `collectionView:shouldDeselectItemsAtIndexPaths:` (lines 576, 583, 587): "you can approve
  ///   it (by returning "indexPaths" as-is)": the proposed index paths.
  static let appKitCollectionView = DelegatePreset(
    "NSCollectionViewDelegate",
    answeringTrue: [
      "collectionView:canDragItemsAtIndexPaths:withEvent:",
      "collectionView:canDragItemsAtIndexes:withEvent:",
    ],
    proposedArgument: [
      "collectionView:shouldChangeItemsAtIndexPaths:toHighlightState:": 1,
      "collectionView:shouldSelectItemsAtIndexPaths:": 1,
      "collectionView:shouldDeselectItemsAtIndexPaths:": 1,
    ])
}
