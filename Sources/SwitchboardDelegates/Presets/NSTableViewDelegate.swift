extension DelegatePreset {
  /// `NSTableViewDelegate`'s documented answers, from the macOS 13.3 SDK's `NSTableView.h`.
  ///
  /// - `tableView:heightOfRow:` (line 662): "Returning a height of -1 will default to the
  ///   rowHeight of the tableView": a released handler's row keeps the table's height, not 0.
  /// - `tableView:shouldReorderColumn:toColumn:` (line 693): "If this method is not implemented,
  ///   all columns are considered reorderable."
  ///
  /// Implementing `tableView:heightOfRow:` makes the table ask each row's height ("Implement
  /// this method to support a table with varying row heights"), and
  /// `tableView:selectionIndexesForProposedSelection:` "will be called instead of
  /// tableView:shouldSelectRow:" (line 652). The header states no other default: the other
  /// methods are answered zero (`NO`, `nil`).
  static let appKitTableView = DelegatePreset(
    "NSTableViewDelegate", answeringTrue: ["tableView:shouldReorderColumn:toColumn:"],
    values: ["tableView:heightOfRow:": .value(-1.0)],
    presenceEffects: [
      "tableView:heightOfRow:": "the table asks every row's height (NSTableView.h, line 662)",
      "tableView:selectionIndexesForProposedSelection:":
        "the table asks it instead of tableView:shouldSelectRow: (NSTableView.h, line 652)",
    ])
}
