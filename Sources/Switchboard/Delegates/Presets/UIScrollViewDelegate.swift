extension DelegatePreset {
  /// `UIScrollViewDelegate`: a tap on the status bar scrolls to the top; the every-frame
  /// notifications are methods of every proxy's class (`RoutingProxy`).
  static let scrollView = DelegatePreset(
    "UIScrollViewDelegate", answeringTrue: ["scrollViewShouldScrollToTop:"],
    typedNotifications: ["scrollViewDidScroll:", "scrollViewDidZoom:"])
}
