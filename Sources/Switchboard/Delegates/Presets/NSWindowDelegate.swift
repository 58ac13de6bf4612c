extension DelegatePreset {
  /// `NSWindowDelegate`'s documented answers, from the macOS 13.3 SDK's `NSWindow.h`.
  ///
  /// - `window:shouldPopUpDocumentPathMenu:` (line 779): "the window will by default show a path
  ///   popup menu".
  /// - `window:willPositionSheet:usingRect:` (line 775): "gives the delegate a chance to customize
  ///   the location of the sheet": the rectangle proposed.
  ///
  /// The header states no default for `windowShouldClose:` or the resize questions: answered
  /// zero, a window whose handler is gone would not close, so declare the answer you want:
  /// `fallbacks: [#selector(NSWindowDelegate.windowShouldClose(_:)): .value(true)]`.
  static let appKitWindow = DelegatePreset(
    "NSWindowDelegate", answeringTrue: ["window:shouldPopUpDocumentPathMenu:"],
    proposedArgument: ["window:willPositionSheet:usingRect:": 2])
}
