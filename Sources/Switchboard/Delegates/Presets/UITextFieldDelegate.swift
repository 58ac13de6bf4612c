extension DelegatePreset {
  /// `UITextFieldDelegate`: its "should" questions default to `true`.
  static let textField = DelegatePreset(
    "UITextFieldDelegate",
    answeringTrue: [
      "textFieldShouldBeginEditing:", "textFieldShouldEndEditing:",
      "textField:shouldChangeCharactersInRange:replacementString:", "textFieldShouldClear:",
      "textFieldShouldReturn:",
    ])
}
