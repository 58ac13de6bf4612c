import Foundation

// What a user does to a list, with UIKit's delegate and data source messages: tapping rows,
// swiping to edit and dragging to move; and selection changed from code, without messages.

extension ListView {
  // MARK: Selection

  /// The selected rows, in order.
  public var indexPathsForSelectedRows: [IndexPath] { state.selected.sorted() }

  /// Taps a row as a user does, with UIKit's delegate messages.
  ///
  /// - On a row that is not selected: `willSelect` (which may redirect or cancel), then, without
  ///   ``allowsMultipleSelection``, `didDeselect` for every other selected row, then `didSelect`.
  /// - On a selected row with ``allowsMultipleSelection``: the row is deselected, with
  ///   `didDeselect`.
  /// - On the selected row without ``allowsMultipleSelection``: `willSelect` and `didSelect`
  ///   again, as UIKit does.
  ///
  /// To change the selection from code without any delegate message, as UIKit's
  /// `selectRow(at:animated:scrollPosition:)` does, use ``selectRow(at:animated:)`` and ``deselectRow(at:)``.
  public func tapRow(at indexPath: IndexPath) throws(ListViewError) { try tap(indexPath) }

  /// Selects a row from code, sending no delegate message, like UIKit's
  /// `selectRow(at:animated:scrollPosition:)`.
  ///
  /// Without ``allowsMultipleSelection`` every other row is deselected, silently too. Use
  /// ``tapRow(at:)`` to act as a user, with `willSelect` and `didSelect`.
  ///
  /// `animated` is UIKit's parameter; a headless list has nothing to animate.
  public func selectRow(at indexPath: IndexPath, animated: Bool) throws(ListViewError) {
    try selectSilently(indexPath)
  }

  /// Deselects a row from code, sending no delegate message, like UIKit's
  /// `deselectRow(at:animated:)`.
  ///
  /// A user deselects by tapping a selected row with ``allowsMultipleSelection``: see
  /// ``tapRow(at:)``.
  public func deselectRow(at indexPath: IndexPath) throws(ListViewError) {
    try deselectSilently(indexPath)
  }

  // MARK: Editing by the user

  /// Commits an edit as a user's swipe does: checks `canEditRow` (by default, whether anyone
  /// commits edits), sends `commitEdit`, and applies the update it answers.
  ///
  /// The data source changes its data and answers the matching ``ListUpdate``; the list checks
  /// it against the new counts, as ``apply(_:)`` does.
  ///
  /// - Throws: ``ListViewError/actionNotAllowed(_:_:)`` when the row cannot be edited, and the
  ///   errors of ``apply(_:)`` when the answered update does not match the data.
  public func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath)
    throws(ListViewError)
  {
    try checkExists(indexPath)
    let canEdit =
      connection.send(.canEditRow, indexPath, in: self) ?? cachedResponse(to: .commitEdit)
    guard canEdit, cachedResponse(to: .commitEdit) else {
      throw .actionNotAllowed("editing", indexPath)
    }
    let update = connection.send(.commitEdit, (style, indexPath), in: self)
    try apply(update)
    connection.announceToOtherHosts(update)
  }

  /// Moves a row as a user's drag does, in UIKit's order.
  ///
  /// 1. Both index paths are checked first: `source` must be a row, and `destination` a place
  ///    the row can be dropped (a row of the same section, or up to one past the end of another
  ///    section). A rejected move throws and tells nobody anything.
  /// 2. `canMoveRow` is asked (by default, whether anyone moves rows).
  /// 3. The row moves in the list, as it has on screen when the user lets go.
  /// 4. The data source is told with `moveRow`, and moves its item.
  ///
  /// Afterwards the list compares its counts with the data source's: a data source that did not
  /// move its item between sections makes this throw ``ListViewError/staleRowCount(section:shown:dataSource:)``.
  public func moveRowInteractively(
    from source: IndexPath, to destination: IndexPath
  ) throws(ListViewError) {
    try checkExists(source)
    try checkDropTarget(destination, from: source)
    let canMove = connection.send(.canMoveRow, source, in: self) ?? cachedResponse(to: .moveRow)
    guard canMove, cachedResponse(to: .moveRow) else {
      throw .actionNotAllowed("moving", source)
    }
    var after = state.shown
    after.rows[source.section] -= 1
    after.rows[destination.section] += 1
    var update = ListUpdate()
    update.moveRow(at: source, to: destination)
    let plan = try ListUpdatePlan(update, before: shownCounts, after: after.rows)
    applyValidated(plan, shown: after)
    try updateVisibleContent()
    connection.send(.moveRow, (source, destination), in: self)
    try checkConsistency()
  }

  /// Checks that a row taken from `source` can be dropped at `destination`.
  private func checkDropTarget(_ destination: IndexPath, from source: IndexPath)
    throws(ListViewError)
  {
    guard shownCounts.indices.contains(destination.section) else {
      throw .indexPathOutOfRange(destination, sections: shownCounts.count, rowsInSection: nil)
    }
    // The row leaves its own section first, so there it can go to any row that remains; in
    // another section it can also go just past the last row.
    let slots = shownCounts[destination.section] + (destination.section == source.section ? 0 : 1)
    guard destination.row >= 0, destination.row < slots else {
      throw .indexPathOutOfRange(
        destination, sections: shownCounts.count, rowsInSection: shownCounts[destination.section])
    }
  }
}
