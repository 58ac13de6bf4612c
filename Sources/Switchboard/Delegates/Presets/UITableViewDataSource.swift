extension DelegatePreset {
  /// `UITableViewDataSource`'s documented answers, from the iOS 18.6 SDK's `UITableView.h`.
  ///
  /// - `numberOfSectionsInTableView:` (line 552): "Default is 1 if not implemented".
  /// - `tableView:canEditRowAtIndexPath:` (line 559): "If not implemented, all rows are assumed
  ///   to be editable."
  static let tableViewDataSource = DelegatePreset(
    "UITableViewDataSource", answeringTrue: ["tableView:canEditRowAtIndexPath:"],
    values: ["numberOfSectionsInTableView:": .value(1)])
}
