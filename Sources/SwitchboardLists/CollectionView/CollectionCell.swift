/// A view a ``CollectionView`` shows and reuses: the base of its cells and of its supplementary
/// views (section headers and footers), as `UICollectionReusableView` is in UIKit.
///
/// ```swift
/// final class SectionTitleView: CollectionReusableView {}
/// let view = try grid.dequeueSupplementaryView(SectionTitleView.self, ofKind: .header, for: indexPath)
/// view.text = "Fruit"
/// ```
@MainActor
open class CollectionReusableView {
  /// The identifier the view was dequeued with (its type's name); `nil` for views made by hand,
  /// which are never reused.
  public let reuseIdentifier: String?

  /// The text the collection renders for this view.
  open var text: String = ""

  /// Creates a view; ``CollectionView`` calls this for the types it dequeues.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Resets the view before the collection hands it out again; call `super` when you override it.
  open func prepareForReuse() {
    text = ""
  }
}

/// An item's cell in a ``CollectionView``, as `UICollectionViewCell` is in UIKit.
///
/// ```swift
/// final class PhotoCell: CollectionCell {
///   func show(_ photo: Photo) { text = photo.caption }
/// }
/// ```
@MainActor
open class CollectionCell: CollectionReusableView {
  /// Whether the cell's item is selected.
  public internal(set) var isSelected = false

  /// Clears ``CollectionReusableView/text`` and ``isSelected``; call `super` when you override it.
  open override func prepareForReuse() {
    super.prepareForReuse()
    isSelected = false
  }
}
