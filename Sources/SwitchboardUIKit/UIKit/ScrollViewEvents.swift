#if canImport(UIKit)
import Switchboard
import SwitchboardDelegates
import SwitchboardLists
import UIKit

/// UIKit delegate methods Switchboard does not model, as observers see them: the event of the
/// method's selector, with the type of its arguments (what RxCocoa's `methodInvoked(_:)` gives,
/// typed where it can be).
///
/// The scroll view's most used methods come typed; any other method of the view's protocols
/// that returns nothing can be observed with its arguments as the Objective-C runtime boxes
/// them:
///
/// ```swift
/// let observation = proxy.observe(.didScroll) { scrollView in
///   header.alpha = min(1, scrollView.contentOffset.y / 80)
/// }
/// let zooms = proxy.observe(MessageEvent(#selector(UIScrollViewDelegate.scrollViewDidZoom(_:)))) {
///   arguments in print("zoomed", arguments)
/// }
/// ```
///
/// Observing a method that nobody implements, a typed scroll event included, makes the proxy
/// answer it, and re-assigns the delegate (never the data source) after the turn; a method
/// whose presence changes the view (a primary action, say) is shown to observers only while a
/// handler implements it.
extension MessageEvent where Message == ListMessage, Arguments == UIScrollView {
  /// `scrollViewDidScroll(_:)`.
  public static var didScroll: Self { Self(named: "scrollViewDidScroll:") }
  /// `scrollViewWillBeginDragging(_:)`.
  public static var willBeginDragging: Self { Self(named: "scrollViewWillBeginDragging:") }
  /// `scrollViewDidEndDecelerating(_:)`.
  public static var didEndDecelerating: Self { Self(named: "scrollViewDidEndDecelerating:") }
}

extension MessageEvent
where Message == ListMessage, Arguments == (scrollView: UIScrollView, willDecelerate: Bool) {
  /// `scrollViewDidEndDragging(_:willDecelerate:)`.
  public static var didEndDragging: Self {
    Self(named: "scrollViewDidEndDragging:willDecelerate:")
  }
}

extension MessageEvent where Message == ListMessage, Arguments == [Any] {
  /// The event of `selector`, a method of the view's protocols that returns nothing, with its
  /// arguments boxed: objects as they are (`NSNull` for `nil`), numbers and booleans as
  /// `NSNumber`, structures as `NSValue`.
  ///
  /// ```swift
  /// proxy.observe(MessageEvent(#selector(UIScrollViewDelegate.scrollViewDidZoom(_:)))) { _ in }
  /// ```
  public init(_ selector: Selector) {
    self.init(named: NSStringFromSelector(selector))
  }
}

/// The scroll-view methods the proxies implement themselves, so that they come typed.
let typedScrollSelectors: [String: Any.Type] = [
  "scrollViewDidScroll:": UIScrollView.self, "scrollViewWillBeginDragging:": UIScrollView.self,
  "scrollViewDidEndDecelerating:": UIScrollView.self,
  "scrollViewDidEndDragging:willDecelerate:": (scrollView: UIScrollView, willDecelerate: Bool).self,
]

extension ListRouting {
  /// Delivers one of the typed scroll-view methods to its handlers, showing it to observers.
  func forwardScroll<Arguments>(
    _ event: MessageEvent<ListMessage, Arguments>, _ arguments: @autoclosure () -> Arguments,
    _ deliver: (any UIScrollViewDelegate) -> Void
  ) {
    // A handler that implements the method without adopting the protocol (an Objective-C class
    // can) cannot be called from Swift: reported rather than stopped.
    router.broadcast(event, arguments(), as: AnyObject.self) { target in
      if let delegate = target as? any UIScrollViewDelegate {
        deliver(delegate)
      } else {
        routing.report(
          DelegateProxyError(
            .unansweredMessage(
              selector: event.name,
              handlers: [
                "\(type(of: target)) implements it but does not adopt UIScrollViewDelegate"
              ])))
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
