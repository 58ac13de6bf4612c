extension DelegatePreset {
  /// `NSSearchFieldDelegate`: its own two methods (`searchFieldDidStartSearching:`,
  /// `searchFieldDidEndSearching:`, macOS 13.3 SDK `NSSearchField.h`, lines 21-22) return
  /// nothing; what it inherits from `NSTextFieldDelegate` is that protocol's (answered zero).
  static let appKitSearchField = DelegatePreset("NSSearchFieldDelegate")
}
