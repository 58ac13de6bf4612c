extension DelegatePreset {
  /// `UITableViewDelegate`: rows highlight, indent and spring-load; a selection goes to the row
  /// proposed; an editable row without an editing-style answer shows the delete style (1).
  static let tableView = DelegatePreset(
    "UITableViewDelegate",
    answeringTrue: [
      "tableView:shouldHighlightRowAtIndexPath:",
      "tableView:shouldIndentWhileEditingRowAtIndexPath:",
      "tableView:shouldSpringLoadRowAtIndexPath:withContext:",
    ],
    proposedArgument: [
      "tableView:willSelectRowAtIndexPath:": 1, "tableView:willDeselectRowAtIndexPath:": 1,
      "tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath:": 2,
    ],
    values: ["tableView:editingStyleForRowAtIndexPath:": .value(1)])
}
