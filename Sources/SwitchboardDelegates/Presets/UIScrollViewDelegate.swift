#if canImport(UIKit) && canImport(SwitchboardObjC)
import UIKit
#endif

extension DelegatePreset {
  /// `UIScrollViewDelegate`: a tap on the status bar scrolls to the top; the every-frame
  /// notifications are methods of `DelegateProxy` itself.
  static let scrollView = DelegatePreset(
    "UIScrollViewDelegate", answeringTrue: ["scrollViewShouldScrollToTop:"],
    typedNotifications: ["scrollViewDidScroll:", "scrollViewDidZoom:"])
}

#if canImport(UIKit) && canImport(SwitchboardObjC)
/// The scroll view's every-frame notifications, implemented by the proxy class so that one
/// sent to several handlers or observed takes no `NSInvocation` (a plain message instead of
/// about 5 µs per frame); each is answered yes only while a handler implements it or something
/// observes it.
extension DelegateProxy {
  @objc public func scrollViewDidScroll(_ scrollView: UIScrollView) {
    routing.deliver("scrollViewDidScroll:", [scrollView]) { handler in
      // A plain message, as the runtime would send it: the handler need not adopt the protocol.
      _ = (handler as? NSObjectProtocol)?.perform(
        #selector(UIScrollViewDelegate.scrollViewDidScroll(_:)), with: scrollView)
    }
  }

  @objc public func scrollViewDidZoom(_ scrollView: UIScrollView) {
    routing.deliver("scrollViewDidZoom:", [scrollView]) { handler in
      _ = (handler as? NSObjectProtocol)?.perform(
        #selector(UIScrollViewDelegate.scrollViewDidZoom(_:)), with: scrollView)
    }
  }
}
#endif
