#if canImport(UIKit)
import Switchboard
import SwitchboardLists
import UIKit

/// The scroll-view messages a UIKit list proxy lets you observe, like RxCocoa's
/// `rx.didScroll`, typed:
///
/// ```swift
/// let observation = proxy.observe(.didScroll) { scrollView in
///   header.alpha = min(1, scrollView.contentOffset.y / 80)
/// }
/// for await (scrollView, willDecelerate) in proxy.events(.didEndDragging) { … }
/// ```
///
/// The proxies implement these methods themselves, pass each to the handler its forwarded route
/// chooses (first implementer, or `forwardingRules`), and show it to observers before and
/// after. They respond to one while a handler implements it or something observes it.
extension ForwardedEvent where Arguments == UIScrollView {
  /// `scrollViewDidScroll(_:)`.
  public static var didScroll: Self { Self("scrollViewDidScroll:") }
  /// `scrollViewWillBeginDragging(_:)`.
  public static var willBeginDragging: Self { Self("scrollViewWillBeginDragging:") }
  /// `scrollViewDidEndDecelerating(_:)`.
  public static var didEndDecelerating: Self { Self("scrollViewDidEndDecelerating:") }
}

extension ForwardedEvent where Arguments == (scrollView: UIScrollView, willDecelerate: Bool) {
  /// `scrollViewDidEndDragging(_:willDecelerate:)`.
  public static var didEndDragging: Self { Self("scrollViewDidEndDragging:willDecelerate:") }
}

/// The selectors of the observable scroll-view messages.
let observableScrollSelectors: Set<String> = [
  ForwardedEvent.didScroll.name, ForwardedEvent.willBeginDragging.name,
  ForwardedEvent.didEndDecelerating.name, ForwardedEvent.didEndDragging.name,
]

extension SelectorRouting {
  /// The scroll-view methods both proxies implement, forwarded and observed.
  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    forward(.didScroll, scrollView) { (delegate: any UIScrollViewDelegate) in
      delegate.scrollViewDidScroll?(scrollView)
    }
  }

  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    forward(.willBeginDragging, scrollView) { (delegate: any UIScrollViewDelegate) in
      delegate.scrollViewWillBeginDragging?(scrollView)
    }
  }

  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    forward(.didEndDragging, (scrollView, decelerate)) { (delegate: any UIScrollViewDelegate) in
      delegate.scrollViewDidEndDragging?(scrollView, willDecelerate: decelerate)
    }
  }

  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    forward(.didEndDecelerating, scrollView) { (delegate: any UIScrollViewDelegate) in
      delegate.scrollViewDidEndDecelerating?(scrollView)
    }
  }
}
#endif
