extension DelegatePreset {
  /// `NSControlTextEditingDelegate` and `NSTextFieldDelegate`, which refines it, from the macOS
  /// 13.3 SDK's `NSControl.h` and `NSTextField.h`.
  ///
  /// - `control:textShouldBeginEditing:` and `control:textShouldEndEditing:` (lines 106-107) are
  ///   "sent from NSControl subclasses that allow text editing such as NSTextField" (line 105),
  ///   passing on their field editor's `textShouldBeginEditing:` and `textShouldEndEditing:`,
  ///   which `NSTextField.h` (lines 34-35) implements and of which `NSText.h` (lines 179-180)
  ///   says "YES means do it": a field whose handler is gone can still be edited and left.
  ///
  /// The headers state no other default: `control:isValidObject:` and the `NSTextFieldDelegate`
  /// methods are answered zero; the three notifications (`controlTextDidBeginEditing:`,
  /// `controlTextDidEndEditing:`, `controlTextDidChange:`) return nothing.
  static let appKitControlTextEditing = DelegatePreset(
    "NSControlTextEditingDelegate",
    answeringTrue: ["control:textShouldBeginEditing:", "control:textShouldEndEditing:"])
}
