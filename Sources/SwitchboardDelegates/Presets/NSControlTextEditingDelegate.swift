extension DelegatePreset {
  /// `NSControlTextEditingDelegate` and `NSTextFieldDelegate`, which refines it: the macOS 13.3
  /// SDK's `NSControl.h` and `NSTextField.h` document no answer for a method the delegate does
  /// not implement, so each is answered zero; their three notifications
  /// (`controlTextDidBeginEditing:`, `controlTextDidEndEditing:`, `controlTextDidChange:`)
  /// return nothing.
  ///
  /// `NSText.h` (line 179) says of the field editor's own `textShouldBeginEditing:` and
  /// `textShouldEndEditing:`: "YES means do it"; a delegate that should let editing go on with
  /// its handler gone declares it: `fallbacks: [#selector(NSControlTextEditingDelegate
  /// .control(_:textShouldEndEditing:)): .value(true)]`.
  static let appKitControlTextEditing = DelegatePreset("NSControlTextEditingDelegate")
}
