extension DelegatePreset {
  /// `UIGestureRecognizerDelegate`: a recognizer begins, and receives every touch, press and
  /// event, unless the delegate says otherwise; the other questions (simultaneous recognition,
  /// failure requirements) default to `false`, which is zero.
  static let gestureRecognizer = DelegatePreset(
    "UIGestureRecognizerDelegate",
    answeringTrue: [
      "gestureRecognizerShouldBegin:", "gestureRecognizer:shouldReceiveTouch:",
      "gestureRecognizer:shouldReceivePress:", "gestureRecognizer:shouldReceiveEvent:",
    ])
}
