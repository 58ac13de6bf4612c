extension DelegatePreset {
  /// `UITextViewDelegate`: its "should" questions default to `true`.
  static let textView = DelegatePreset(
    "UITextViewDelegate",
    answeringTrue: [
      "textViewShouldBeginEditing:", "textViewShouldEndEditing:",
      "textView:shouldChangeTextInRange:replacementText:",
      "textView:shouldInteractWithURL:inRange:interaction:",
      "textView:shouldInteractWithTextAttachment:inRange:interaction:",
      "textView:shouldInteractWithURL:inRange:",
      "textView:shouldInteractWithTextAttachment:inRange:",
    ])
}
