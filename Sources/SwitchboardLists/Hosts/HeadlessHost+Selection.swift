import Foundation

// Selecting, as UIKit does for a user's tap and for selection changed from code, and showing
// cells again in place (reconfiguring) or ending their display.

extension HeadlessHost {
  /// A user's tap: `willSelect` (which may redirect or cancel), then, without multiple
  /// selection, `didDeselect` for every other selected row, then `didSelect`; with multiple
  /// selection, a tap on a selected row deselects it.
  func tap(_ indexPath: IndexPath) throws(ListViewError) {
    try checkExists(indexPath)
    if allowsMultipleSelection, state.selected.contains(indexPath) {
      userDeselect(indexPath)
      return
    }
    var target = indexPath
    if connection.cachedResponse(to: .willSelectRow) {
      let redirected = connection.send(.willSelectRow, indexPath, in: self)
      guard let redirected else { return }
      try checkExists(redirected)
      target = redirected
    }
    if !allowsMultipleSelection {
      for other in state.selected.sorted() where other != target { userDeselect(other) }
    }
    markSelected(target)
    connection.send(.didSelectRow, target, in: self)
  }

  /// A selection from code: no delegate message; without multiple selection every other row is
  /// deselected, silently too.
  func selectSilently(_ indexPath: IndexPath) throws(ListViewError) {
    try checkExists(indexPath)
    if !allowsMultipleSelection {
      for other in state.selected where other != indexPath { markDeselected(other) }
    }
    markSelected(indexPath)
  }

  /// A deselection from code: no delegate message.
  func deselectSilently(_ indexPath: IndexPath) throws(ListViewError) {
    try checkExists(indexPath)
    markDeselected(indexPath)
  }

  /// Configures the visible cells of `paths` again in place, as UIKit's `reconfigureRows(at:)`.
  ///
  /// The cell provider's dequeue hands back the same cell, without `prepareForReuse()`, and
  /// nothing ends or starts displaying. A provider that returns another cell replaces the old
  /// one, which ends displaying.
  func reconfigure(_ paths: Set<IndexPath>) throws(ListViewError) {
    // Only visible cells are configured again: sort those, not every row the update names.
    for path in state.visibleCells.keys.filter(paths.contains).sorted() {
      guard let old = state.visibleCells[path] else { continue }
      state.reconfiguring = old
      defer { state.reconfiguring = nil }
      let cell = try connection.makeCell(at: path, in: self)
      guard cell !== old else { continue }
      state.visibleCells[path] = cell
      cell.isSelected = state.selected.contains(path)
      endDisplaying(old, at: path)
      connection.send(.willDisplayRow, (cell, path), in: self)
    }
  }

  /// Tells the delegate that the cell of `path` left the screen, and pools it.
  func endDisplaying(_ cell: ListCell, at path: IndexPath) {
    connection.send(.didEndDisplayingRow, (cell, path), in: self)
    enqueue(cell)
  }

  private func userDeselect(_ indexPath: IndexPath) {
    guard markDeselected(indexPath) else { return }
    connection.send(.didDeselectRow, indexPath, in: self)
  }

  private func markSelected(_ indexPath: IndexPath) {
    state.selected.insert(indexPath)
    state.visibleCells[indexPath]?.isSelected = true
  }

  /// - Returns: Whether the row was selected.
  @discardableResult
  private func markDeselected(_ indexPath: IndexPath) -> Bool {
    guard state.selected.remove(indexPath) != nil else { return false }
    state.visibleCells[indexPath]?.isSelected = false
    return true
  }

  /// Throws when `path` names no row the host shows.
  func checkExists(_ path: IndexPath) throws(ListViewError) {
    guard shownCounts.indices.contains(path.section) else {
      throw .indexPathOutOfRange(path, sections: shownCounts.count, rowsInSection: nil)
    }
    guard path.row >= 0, path.row < shownCounts[path.section] else {
      throw .indexPathOutOfRange(
        path, sections: shownCounts.count, rowsInSection: shownCounts[path.section])
    }
  }
}
