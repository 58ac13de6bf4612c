extension DelegatePreset {
  /// `NSCollectionViewDataSource`'s documented answer, from the macOS 13.3 SDK's
  /// `NSCollectionView.h`.
  ///
  /// `numberOfSectionsInCollectionView:` (line 456): "If you do not implement this method, the
  /// collection view assumes it has only one section." `UICollectionViewDataSource` has the same
  /// selector, so a UIKit collection view's proxy answers it 1 too; the iOS 18.6 SDK's
  /// `UICollectionView.h` states no default for it.
  static let appKitCollectionViewDataSource = DelegatePreset(
    "NSCollectionViewDataSource", values: ["numberOfSectionsInCollectionView:": .value(1)])
}
