extension DelegatePreset {
  /// `NSMenuDelegate`, as the macOS 13.3 SDK's `NSMenu.h` documents it:
  /// `confinementRectForMenu:onScreen:` (line 192) answered `NSZeroRect` (zero) confines the
  /// menu as if the delegate did not implement it, so zero is its default.
  ///
  /// `numberOfItemsInMenu:` changes the menu by being implemented: "implement either the first
  /// one or the next two to populate the menu" (line 180): the menu then asks
  /// `menu:updateItem:atIndex:shouldCancel:` for each item.
  static let appKitMenu = DelegatePreset(
    "NSMenuDelegate",
    presenceEffects: [
      "numberOfItemsInMenu:":
        "the menu is populated item by item through menu:updateItem:atIndex:shouldCancel: "
        + "(NSMenu.h, line 180)"
    ])
}
