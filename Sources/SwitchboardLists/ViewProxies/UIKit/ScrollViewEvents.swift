#if canImport(UIKit)
import Switchboard
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

/// The typed scroll-view events: their arguments, read from the runtime's boxed ones.
let typedScrollEvents: [String: TypedEvent] = [
  "scrollViewDidScroll:": scrollViewEvent,
  "scrollViewWillBeginDragging:": scrollViewEvent,
  "scrollViewDidEndDecelerating:": scrollViewEvent,
  "scrollViewDidEndDragging:willDecelerate:": TypedEvent(
    (scrollView: UIScrollView, willDecelerate: Bool).self,
    decode: { arguments in
      guard arguments.count == 2, let scrollView = arguments[0] as? UIScrollView,
        let decelerates = arguments[1] as? Bool
      else { return nil }
      return (scrollView, decelerates)
    }),
]

/// An event whose one argument is the scroll view.
private let scrollViewEvent = TypedEvent(UIScrollView.self) { $0.first as? UIScrollView }
#endif
