/// A view the headless hosts show and reuse: a reuse identifier, text content, and a selection
/// state.
///
/// It is the cell of ``ListView`` and ``CollectionView``, and a ``CollectionView``'s header and
/// footer views: UIKit's table cells, collection cells and reusable views are one class here,
/// since a headless host needs only these three properties. Subclass it for your own cells; the
/// hosts create cell types with ``init(reuseIdentifier:)`` and call ``prepareForReuse()`` before
/// handing a cell out again.
///
/// ```swift
/// final class TodoCell: ListCell {
///   var isDone = false
///   override func prepareForReuse() {
///     super.prepareForReuse()
///     isDone = false
///   }
/// }
/// list.register(TodoCell.self, forCellReuseIdentifier: "todo")
/// ```
@MainActor
open class ListCell {
  /// The identifier the cell was registered and dequeued with; `nil` for cells created by hand,
  /// which are never reused.
  public let reuseIdentifier: String?

  /// The text the list renders for this cell.
  open var text: String = ""

  /// Whether the cell's row (item) is selected; always `false` for a header or footer view.
  public internal(set) var isSelected = false

  /// Creates a cell.
  ///
  /// ``ListView`` calls this for registered cell types.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Resets the cell before the list hands it out for another row.
  ///
  /// Call `super` when you override it: the base implementation clears ``text`` and ``isSelected``.
  open func prepareForReuse() {
    text = ""
    isSelected = false
  }
}
