import Foundation

/// A list host that applies batch updates, such as ``ListView``.
///
/// ``Paginating`` inserts its new rows through it, so any such host gets pagination for free.
@MainActor
public protocol BatchUpdatingHost: AnyObject {
  /// Applies `update` after the data source changed; throws when it does not add up.
  func apply(_ update: ListUpdate) throws(ListViewError)
  /// Whether the content is shorter than the visible window, so more rows should be loaded.
  var needsMoreContent: Bool { get }
}

extension BatchUpdatingHost {
  /// Inserts rows (index paths after the change) in a batch of their own.
  public func insertRows(at indexPaths: [IndexPath]) throws(ListViewError) {
    var update = ListUpdate()
    update.insertRows(at: indexPaths)
    try apply(update)
  }
}

extension ListView: BatchUpdatingHost {
  /// Whether the content is shorter than the viewport.
  public var needsMoreContent: Bool { contentHeight < viewportHeight }
}
