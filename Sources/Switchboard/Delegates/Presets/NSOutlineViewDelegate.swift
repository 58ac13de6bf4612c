extension DelegatePreset {
  /// `NSOutlineViewDelegate`'s documented answers, from the macOS 13.3 SDK's `NSOutlineView.h`.
  ///
  /// - `outlineView:heightOfRowByItem:` (line 292): "Returning a height of -1 will default to
  ///   the rowHeight of the tableView".
  /// - `outlineView:shouldReorderColumn:toColumn:` (line 362): "If this method is not
  ///   implemented, all columns are considered reorderable."
  /// - `selectionShouldChangeInOutlineView:` (line 267): one of the "NSOutlineView replacements
  ///   for NSTableView delegate methods", whose `selectionShouldChangeInTableView:` says "Return
  ///   NO to prevent the selection from being changed" (`NSTableView.h`, line 644).
  /// - `outlineView:selectionIndexesForProposedSelection:` (line 277): "you can return the
  ///   existing selection to avoid changing the selection": the proposed indexes let it change.
  /// - `outlineView:shouldSelectItem:` (line 273): "Return YES if 'item' should be selected", the
  ///   per-item form of the proposed selection above.
  /// - `outlineView:shouldExpandItem:` and `outlineView:shouldCollapseItem:` (lines 341, 346):
  ///   "If NO is returned, 'item' will not be expanded" ("will not be collapsed").
  /// - `outlineView:shouldShowOutlineCellForItem:` (line 367): "If 'NO' is returned, … causing
  ///   the outline cell to be hidden."
  /// - `outlineView:shouldTypeSelectForEvent:withCurrentSearchString:` (line 313) and
  ///   `outlineView:shouldShowCellExpansionForTableColumn:item:` (line 318): implemented to
  ///   "prevent" type select and expansion tooltips, so `YES` lets them happen.
  /// - `outlineView:toolTipForCell:rect:tableColumn:item:mouseLocation:` (line 288): "If you
  ///   don't want a tooltip at that location, return an empty string."
  ///
  /// `outlineView:selectionIndexesForProposedSelection:` "will be called instead of
  /// outlineView:shouldSelectItem:" (line 277). The header states no other default: the other
  /// methods are answered zero.
  static let appKitOutlineView = DelegatePreset(
    "NSOutlineViewDelegate",
    answeringTrue: [
      "outlineView:shouldReorderColumn:toColumn:", "selectionShouldChangeInOutlineView:",
      "outlineView:shouldSelectItem:", "outlineView:shouldExpandItem:",
      "outlineView:shouldCollapseItem:", "outlineView:shouldShowOutlineCellForItem:",
      "outlineView:shouldTypeSelectForEvent:withCurrentSearchString:",
      "outlineView:shouldShowCellExpansionForTableColumn:item:",
    ],
    proposedArgument: ["outlineView:selectionIndexesForProposedSelection:": 1],
    values: [
      "outlineView:heightOfRowByItem:": .value(-1.0),
      "outlineView:toolTipForCell:rect:tableColumn:item:mouseLocation:": .value(""),
    ],
    presenceEffects: [
      "outlineView:heightOfRowByItem:":
        "the outline asks every row's height (NSOutlineView.h, line 292)",
      "outlineView:selectionIndexesForProposedSelection:":
        "the outline asks it instead of outlineView:shouldSelectItem: (NSOutlineView.h, line 277)",
    ])
}
