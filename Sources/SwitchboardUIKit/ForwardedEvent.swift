#if canImport(UIKit)
import Switchboard
import SwitchboardLists
import UIKit

/// A UIKit delegate method that Switchboard does not model, as observers see it.
///
/// It is the method's selector and the type of its arguments: what RxCocoa's
/// `methodInvoked(_:)` gives, typed where it can be.
///
/// Any method of the view's protocols that returns nothing can be observed, with its arguments
/// as the Objective-C runtime boxes them; the scroll view's most used ones come typed:
///
/// ```swift
/// let observation = proxy.observe(.didScroll) { scrollView in
///   header.alpha = min(1, scrollView.contentOffset.y / 80)
/// }
/// let zooms = proxy.observe(ForwardedEvent(#selector(UIScrollViewDelegate.scrollViewDidZoom(_:)))) {
///   arguments in print("zoomed", arguments)
/// }
/// ```
///
/// Observing never changes what UIKit was told the proxy implements, so it never makes the view
/// reload; a method whose presence changes the view (a primary action, say) is shown to
/// observers only while a handler implements it.
public struct ForwardedEvent<Arguments>: Hashable, Sendable {
  /// The core event, by selector name.
  public let event: MessageEvent<ListMessage, Arguments>

  /// The selector, such as `"scrollViewDidZoom:"`.
  public var selector: String { event.name }

  init(named name: String) {
    event = MessageEvent(named: name)
  }
}

extension ForwardedEvent where Arguments == [Any] {
  /// The event of `selector`, with its arguments boxed: objects as they are (`NSNull` for
  /// `nil`), numbers and booleans as `NSNumber`, structures as `NSValue`.
  public init(_ selector: Selector) {
    self.init(named: NSStringFromSelector(selector))
  }
}

extension ForwardedEvent where Arguments == UIScrollView {
  /// `scrollViewDidScroll(_:)`.
  public static var didScroll: Self { Self(named: "scrollViewDidScroll:") }
  /// `scrollViewWillBeginDragging(_:)`.
  public static var willBeginDragging: Self { Self(named: "scrollViewWillBeginDragging:") }
  /// `scrollViewDidEndDecelerating(_:)`.
  public static var didEndDecelerating: Self { Self(named: "scrollViewDidEndDecelerating:") }
}

extension ForwardedEvent where Arguments == (scrollView: UIScrollView, willDecelerate: Bool) {
  /// `scrollViewDidEndDragging(_:willDecelerate:)`.
  public static var didEndDragging: Self {
    Self(named: "scrollViewDidEndDragging:willDecelerate:")
  }
}

/// The scroll-view methods the proxies implement themselves, so that they come typed.
let typedScrollSelectors: Set<String> = [
  "scrollViewDidScroll:", "scrollViewWillBeginDragging:", "scrollViewDidEndDecelerating:",
  "scrollViewDidEndDragging:willDecelerate:",
]

extension SelectorRouting {
  /// Delivers one of the typed scroll-view methods to its handlers, showing it to observers.
  func forwardScroll<Arguments>(
    _ event: ForwardedEvent<Arguments>, _ arguments: @autoclosure () -> Arguments,
    _ deliver: (any UIScrollViewDelegate) -> Void
  ) {
    // A handler that implements the method without adopting the protocol (an Objective-C class
    // can) cannot be called from Swift: reported rather than stopped.
    router.broadcast(event.event, arguments(), as: AnyObject.self) { target in
      if let delegate = target as? any UIScrollViewDelegate {
        deliver(delegate)
      } else {
        report(
          ListViewProxyError.unansweredMessage(
            selector: event.selector,
            handlers: ["\(type(of: target)) implements it but does not adopt UIScrollViewDelegate"])
        )
      }
    }
  }

  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    forwardScroll(.didScroll, scrollView) { $0.scrollViewDidScroll?(scrollView) }
  }

  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    forwardScroll(.willBeginDragging, scrollView) { $0.scrollViewWillBeginDragging?(scrollView) }
  }

  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    forwardScroll(.didEndDragging, (scrollView, decelerate)) {
      $0.scrollViewDidEndDragging?(scrollView, willDecelerate: decelerate)
    }
  }

  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    forwardScroll(.didEndDecelerating, scrollView) { $0.scrollViewDidEndDecelerating?(scrollView) }
  }
}
#endif
