extension DelegatePreset {
  /// `NSTableViewDelegate`'s documented answers, from the macOS 13.3 SDK's `NSTableView.h`.
  ///
  /// - `tableView:heightOfRow:` (line 662): "Returning a height of -1 will default to the
  ///   rowHeight of the tableView": a released handler's row keeps the table's height, not 0.
  /// - `tableView:shouldReorderColumn:toColumn:` (line 693): "If this method is not implemented,
  ///   all columns are considered reorderable."
  /// - `selectionShouldChangeInTableView:` (line 644): "Return NO to prevent the selection from
  ///   being changed at that time."
  /// - `tableView:selectionIndexesForProposedSelection:` (line 652): "you can return the existing
  ///   selection to avoid changing the selection": the proposed indexes let it change.
  /// - `tableView:shouldSelectRow:` (line 648): "Return YES if 'row' should be selected", the
  ///   per-row form of the proposed selection above.
  /// - `tableView:nextTypeSelectMatchFromRow:toRow:forString:` (line 673): "Return -1 when there
  ///   is no match", not row 0.
  /// - `tableView:shouldTypeSelectForEvent:withCurrentSearchString:` (line 677) and
  ///   `tableView:shouldShowCellExpansionForTableColumn:row:` (line 625): implemented to
  ///   "prevent" type select and expansion tooltips, so `YES` lets them happen.
  /// - `tableView:toolTipForCell:rect:tableColumn:row:mouseLocation:` (line 619): "If you don't
  ///   want a tooltip at that location, return an empty string."
  /// - `tableView:rowActionsForRow:edge:` (line 699): "Return an empty array to not show any
  ///   actions on a given edge."
  ///
  /// Implementing `tableView:heightOfRow:` makes the table ask each row's height ("Implement
  /// this method to support a table with varying row heights"), and
  /// `tableView:selectionIndexesForProposedSelection:` "will be called instead of
  /// tableView:shouldSelectRow:" (line 652). The header states no other default: the other
  /// methods are answered zero (`NO`, `nil`).
  static let appKitTableView = DelegatePreset(
    "NSTableViewDelegate",
    answeringTrue: [
      "tableView:shouldReorderColumn:toColumn:", "selectionShouldChangeInTableView:",
      "tableView:shouldSelectRow:", "tableView:shouldTypeSelectForEvent:withCurrentSearchString:",
      "tableView:shouldShowCellExpansionForTableColumn:row:",
    ],
    proposedArgument: ["tableView:selectionIndexesForProposedSelection:": 1],
    values: [
      "tableView:heightOfRow:": .value(-1.0),
      "tableView:nextTypeSelectMatchFromRow:toRow:forString:": .value(-1),
      "tableView:toolTipForCell:rect:tableColumn:row:mouseLocation:": .value(""),
      "tableView:rowActionsForRow:edge:": .value([Any]()),
    ],
    presenceEffects: [
      "tableView:heightOfRow:": "the table asks every row's height (NSTableView.h, line 662)",
      "tableView:selectionIndexesForProposedSelection:":
        "the table asks it instead of tableView:shouldSelectRow: (NSTableView.h, line 652)",
    ])
}
