#if canImport(UIKit)
import UIKit

extension ListHost where Self: UIScrollView {
  /// Whether the content, insets included, is shorter than the visible area: a table, a
  /// collection or a scroll-view host of your own needs more rows to fill it.
  ///
  /// ```swift
  /// if tableView.needsMoreContent { feed.startIfNeeded(in: tableView) }
  /// ```
  public var needsMoreContent: Bool {
    contentSize.height + adjustedContentInset.top + adjustedContentInset.bottom < bounds.height
  }
}
#endif
