/// A row's view in a ``ListView``: a reuse identifier, text content, and a selection state.
///
/// Subclass it for your own cells; ``ListView`` creates registered cell types with
/// ``init(reuseIdentifier:)`` and calls ``prepareForReuse()`` before handing a cell out again.
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

  /// Whether the cell's row is selected.
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
