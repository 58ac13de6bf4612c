import Foundation

/// One change to a list of rows as AppKit's `NSTableView` and `NSOutlineView` take them between
/// `beginUpdates()` and `endUpdates()`: **each counts on the rows as the change before it left
/// them**, not on the rows before the batch as a ``ListUpdate`` does.
///
/// ```swift
/// // Rows a, b, c, d become d, a, c: "b" is deleted, "d" moves to the front.
/// var update = ListUpdate(deletingRowsAt: [IndexPath(row: 1, section: 0)])
/// update.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0))
/// try update.sequentialRowChanges(rowCountBefore: 4, after: 3)
/// // [.remove([1]), .move(from: 2, to: 0)]: after the removal, "d" is row 2
/// ```
enum SequentialRowChange: Hashable, Sendable {
  /// Removes the rows at these indices of the current rows, as `removeRows(at:withAnimation:)`
  /// and `NSMutableArray.removeObjects(at:)` do.
  case remove([Int])
  /// Inserts rows so that they end at these indices, as `insertRows(at:withAnimation:)` and
  /// `NSMutableArray.insert(_:at:)` do.
  case insert([Int])
  /// Moves the row at `from` so that it ends at `to`, as `moveRow(at:to:)` does: like removing
  /// it and inserting it back, keeping its view.
  case move(from: Int, to: Int)
  /// Makes the views of these rows (indices after every other change) again:
  /// `reloadData(forRowIndexes:columnIndexes:)`, after `endUpdates()`.
  case reload([Int])
}

extension ListUpdate {
  /// The update of a list without sections (section 0 only), as the changes AppKit applies one
  /// after another: the deleted rows removed, the others put in their new order with the fewest
  /// moves (the longest run already in order stays), the new rows inserted, and the reloaded and
  /// reconfigured rows made again where they end.
  ///
  /// <!-- snippet-appkit -->
  /// ```swift
  /// for change in try update.sequentialRowChanges(rowCountBefore: shown, after: rows.count) {
  ///   switch change {
  ///   case .remove(let rows): tableView.removeRows(at: IndexSet(rows), withAnimation: .effectFade)
  ///   case .insert(let rows): tableView.insertRows(at: IndexSet(rows), withAnimation: .effectFade)
  ///   case .move(let from, let to): tableView.moveRow(at: from, to: to)
  ///   case .reload(let rows): tableView.reloadData(forRowIndexes: IndexSet(rows), columnIndexes: [0])
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - before: The number of rows the view shows.
  ///   - after: The data source's number of rows, the update applied.
  /// - Returns: The changes, in the order AppKit applies them.
  /// - Throws: The ``ListViewError`` a ``validate(rowCountsBefore:after:)`` of the same counts
  ///   throws, and ``ListViewError/invalidUpdate(_:)`` for an update that changes sections.
  func sequentialRowChanges(rowCountBefore before: Int, after: Int)
    throws(ListViewError) -> [SequentialRowChange]
  {
    guard
      insertedSections.isEmpty, deletedSections.isEmpty, movedSections.isEmpty,
      reloadedSections.isEmpty
    else {
      throw .invalidUpdate(
        "it changes sections, and a list without sections (an NSTableView) has none: "
          + "reload it, or show the sections in an NSCollectionView or NSOutlineView")
    }
    let plan = try ListUpdatePlan(self, before: [before], after: [after])
    var changes: [SequentialRowChange] = []
    let deleted = Set(deletedRows.map(\.row))
    if !deleted.isEmpty { changes.append(.remove(deleted.sorted())) }

    // The rows that stay, in their current order, each named by its row after the update.
    var current = (0..<before).filter { !deleted.contains($0) }.map { row in
      plan.newIndexPath(for: IndexPath(row: row, section: 0))?.row ?? row
    }
    var longest = LongestIncreasingRun()
    longest.mark(current)
    var placed = Set(current.indices.filter(longest.isMarked).map { current[$0] })
    let misplaced = current.indices.filter { !longest.isMarked($0) }.map { current[$0] }.sorted()
    for row in misplaced {
      // Taken out, then put right after the placed row that comes before it, so the placed rows
      // stay in their final order.
      guard let from = current.firstIndex(of: row) else { continue }
      current.remove(at: from)
      let predecessor = current.lastIndex { placed.contains($0) && $0 < row }
      let to = predecessor.map { $0 + 1 } ?? 0
      current.insert(row, at: to)
      placed.insert(row)
      if from != to { changes.append(.move(from: from, to: to)) }
    }

    let inserted = insertedRows.map(\.row).sorted()
    if !inserted.isEmpty { changes.append(.insert(inserted)) }
    let remade = Set(
      plan.reloaded.compactMap { plan.newIndexPath(for: $0)?.row } + plan.reconfigured.map(\.row))
    if !remade.isEmpty { changes.append(.reload(remade.sorted())) }
    return changes
  }
}
