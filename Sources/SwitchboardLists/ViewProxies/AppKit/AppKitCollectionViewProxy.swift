#if os(macOS)
import AppKit

/// An `NSCollectionView` data source, prefetching data source and delegate that routes every
/// message to a view controller or a view model: the same proxy, members and meaning as the
/// iOS `CollectionViewProxy`.
///
/// ```swift
/// CollectionViewProxy.attach(to: collectionView, view: self, viewModel: model)
/// ```
///
/// ## What differs from iOS
/// - Cells are `NSCollectionViewItem`s (view controllers); one made without a nib overrides
///   `loadView()`.
/// - Selection, which AppKit sends as sets of index paths
///   (`collectionView(_:didSelectItemsAt:)`), goes by selector to whichever object implements
///   it.
@MainActor
public final class CollectionViewProxy: ListViewProxy<NSCollectionView>, NSCollectionViewDelegate {
  /// The collection view this proxy is attached to.
  public var collectionView: NSCollectionView? { host }
}
#endif
