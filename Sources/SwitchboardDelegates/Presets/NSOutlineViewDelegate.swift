extension DelegatePreset {
  /// `NSOutlineViewDelegate`'s documented answers, from the macOS 13.3 SDK's `NSOutlineView.h`.
  ///
  /// - `outlineView:heightOfRowByItem:` (line 292): "Returning a height of -1 will default to
  ///   the rowHeight of the tableView".
  /// - `outlineView:shouldReorderColumn:toColumn:` (line 362): "If this method is not
  ///   implemented, all columns are considered reorderable."
  ///
  /// `outlineView:selectionIndexesForProposedSelection:` "will be called instead of
  /// outlineView:shouldSelectItem:" (line 277). The header states no other default: the other
  /// methods are answered zero.
  static let appKitOutlineView = DelegatePreset(
    "NSOutlineViewDelegate", answeringTrue: ["outlineView:shouldReorderColumn:toColumn:"],
    values: ["outlineView:heightOfRowByItem:": .value(-1.0)],
    presenceEffects: [
      "outlineView:heightOfRowByItem:":
        "the outline asks every row's height (NSOutlineView.h, line 292)",
      "outlineView:selectionIndexesForProposedSelection:":
        "the outline asks it instead of outlineView:shouldSelectItem: (NSOutlineView.h, line 277)",
    ])
}
