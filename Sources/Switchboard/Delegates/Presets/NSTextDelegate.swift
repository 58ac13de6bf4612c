extension DelegatePreset {
  /// `NSTextDelegate`'s documented answers, from the macOS 13.3 SDK's `NSText.h`.
  ///
  /// Of `textShouldBeginEditing:` and `textShouldEndEditing:` (lines 179-180), "YES means do
  /// it": a text view or field editor whose handler is gone still begins and ends editing.
  /// `NSTextViewDelegate` refines this protocol.
  static let appKitText = DelegatePreset(
    "NSTextDelegate", answeringTrue: ["textShouldBeginEditing:", "textShouldEndEditing:"])
}
