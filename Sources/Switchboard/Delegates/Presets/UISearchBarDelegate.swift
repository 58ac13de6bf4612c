extension DelegatePreset {
  /// `UISearchBarDelegate`: its "should" questions default to `true`.
  static let searchBar = DelegatePreset(
    "UISearchBarDelegate",
    answeringTrue: [
      "searchBarShouldBeginEditing:", "searchBarShouldEndEditing:",
      "searchBar:shouldChangeTextInRange:replacementText:",
    ])
}
