import Foundation
import TestSupport
import Testing

@testable import SwitchboardLists

// A strict model of how AppKit's view-based `NSTableView` applies row changes between
// `beginUpdates()` and `endUpdates()`, from the macOS 13.3 SDK's NSTableView.h:
//
// - "Calling this method multiple times within the same beginUpdates/endUpdates block is allowed,
//   and changes are processed incrementally": each call counts on the rows the previous call left.
// - `removeRowsAtIndexes:` "is similar to NSMutableArray's -removeObjectsAtIndexes:", its indexes
//   "with respect to the current state displayed"; `insertRowsAtIndexes:` inserts "at the final
//   positions passed to by 'indexes'", "similar to NSMutableArray's -insertObjects:atIndexes:";
//   `moveRowAtIndex:toIndex:` "is similar to removing a row at 'oldIndex' and inserting it back at
//   'newIndex', except the same view is used".
// - A row index past the rows raises ("NSTableView error inserting/removing/moving row …").
//
// The model keeps the shown rows in a real `NSMutableArray` (Foundation's, on Linux too) and
// calls the two methods the header names, so the index rules are Foundation's, not ours; it
// checks the bounds first and records the exception AppKit would raise. A kept row keeps its
// view, so its content is stale unless its item is the data source's at that row at the end;
// `reloadData(forRowIndexes:columnIndexes:)` makes a row's view again.

/// A shown row: an item's identity and the version of it the row's view shows.
private struct ShownRow: Hashable, CustomStringConvertible {
  let id: Int
  let version: Int
  var description: String { "\(id)v\(version)" }
}

/// `NSTableView`'s rows toward a batch of changes.
private final class AppKitTableModel {
  /// The rows the table shows.
  let rows: NSMutableArray
  /// Exceptions AppKit would raise.
  private(set) var exceptions: [String] = []

  init(showing items: [ShownRow]) { rows = NSMutableArray(array: items) }

  var shown: [ShownRow] { rows.compactMap { $0 as? ShownRow } }

  func removeRows(at indexes: [Int]) {
    guard let bad = indexes.first(where: { $0 < 0 || $0 >= rows.count }) else {
      return rows.removeObjects(at: IndexSet(indexes))
    }
    exceptions.append("NSTableView error removing row \(bad) (numberOfRows: \(rows.count))")
  }

  /// Inserts rows; their views come from the data source (`items`) at their final rows.
  func insertRows(at indexes: [Int], from items: [ShownRow]) {
    let sorted = indexes.sorted()
    for (offset, index) in sorted.enumerated() where index < 0 || index > rows.count + offset {
      return exceptions.append(
        "NSTableView error inserting row \(index) (numberOfRows: \(rows.count + offset))")
    }
    let made = sorted.map { $0 < items.count ? items[$0] : ShownRow(id: -1, version: 0) }
    rows.insert(made, at: IndexSet(sorted))
  }

  func moveRow(at from: Int, to destination: Int) {
    guard from >= 0, from < rows.count, destination >= 0, destination < rows.count else {
      return exceptions.append(
        "NSTableView error moving row \(from) to \(destination) (numberOfRows: \(rows.count))")
    }
    let row = rows[from]
    rows.removeObject(at: from)
    rows.insert(row, at: destination)
  }

  /// Makes the views of `indexes` again, from the data source.
  func reloadRows(_ indexes: [Int], from items: [ShownRow]) {
    for index in indexes where index < rows.count && index < items.count {
      rows[index] = items[index]
    }
  }

  /// Applies AppKit's changes in order, as a table view proxy does.
  func apply(_ changes: [SequentialRowChange], dataSource items: [ShownRow]) {
    for change in changes {
      switch change {
      case .remove(let indexes): removeRows(at: indexes)
      case .insert(let indexes): insertRows(at: indexes, from: items)
      case .move(let from, let to): moveRow(at: from, to: to)
      case .reload(let indexes): reloadRows(indexes, from: items)
      }
    }
  }
}

/// An item with a changeable version, for the diff.
private struct VersionedItem: Identifiable, Equatable {
  let id: Int
  var version: Int
  var shown: ShownRow { ShownRow(id: id, version: version) }
}

/// Random old and new lists: items deleted, inserted, moved and changed.
private func randomLists(seed: UInt64) -> (old: [VersionedItem], new: [VersionedItem]) {
  var random = SeededGenerator(seed: seed)
  let old = (0..<Int.random(in: 0...20, using: &random)).map { VersionedItem(id: $0, version: 0) }
  var new = old.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
  var nextID = old.count
  for _ in 0..<Int.random(in: 0...6, using: &random) {
    new.insert(
      VersionedItem(id: nextID, version: 0), at: Int.random(in: 0...new.count, using: &random))
    nextID += 1
  }
  for _ in 0..<Int.random(in: 0...6, using: &random) where new.count > 1 {
    let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
    new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
  }
  for index in new.indices where Int.random(in: 0..<5, using: &random) == 0 {
    new[index].version += 1
  }
  return (old, new)
}

@Suite("A batch update on AppKit's NSTableView")
struct AppKitUpdateSpecs {
  @Suite("the model of AppKit's rules")
  struct Model {
    @Test("removes and inserts exactly as NSMutableArray's methods the header names do")
    func matchesFoundation() {
      let rows = (0..<6).map { ShownRow(id: $0, version: 0) }
      let model = AppKitTableModel(showing: rows)
      model.removeRows(at: [4, 1])
      #expect(model.shown.map(\.id) == [0, 2, 3, 5])
      let added = (0..<7).map { ShownRow(id: 10 + $0, version: 0) }
      model.insertRows(at: [0, 5], from: added)
      // At their final rows, 0 and 5; the others keep their order around them.
      #expect(model.shown.map(\.id) == [10, 0, 2, 3, 5, 15])
      #expect(model.exceptions.isEmpty)
    }

    @Test("raises for a row past the rows it shows at that point of the batch")
    func raisesPastTheRows() {
      let model = AppKitTableModel(showing: (0..<3).map { ShownRow(id: $0, version: 0) })
      model.removeRows(at: [1])
      model.moveRow(at: 2, to: 0)
      #expect(model.exceptions == ["NSTableView error moving row 2 to 0 (numberOfRows: 2)"])
    }
  }

  @Test("a batch that is right for UIKit is wrong when AppKit replays it in order")
  func uiKitBatchReplayedInOrder() throws {
    // a, b, c, d → d, a, c: UIKit's batch deletes b and moves d (row 3, counted before the batch)
    // to the front.
    let old = [0, 1, 2, 3].map { VersionedItem(id: $0, version: 0) }
    let new = [3, 0, 2].map { VersionedItem(id: $0, version: 0) }
    let update = try ListUpdate(from: old, to: new)
    try update.validate(rowCountsBefore: [4], after: [3])

    // Replayed call by call with UIKit's index paths, as a naive adapter would:
    let naive = AppKitTableModel(showing: old.map(\.shown))
    naive.removeRows(at: update.deletedRows.map(\.row))
    for move in update.movedRows { naive.moveRow(at: move.source.row, to: move.destination.row) }
    naive.insertRows(at: update.insertedRows.map(\.row), from: new.map(\.shown))
    #expect(!naive.exceptions.isEmpty || naive.shown != new.map(\.shown))

    // In AppKit's form, each change counted after the one before it:
    let changes = try update.sequentialRowChanges(rowCountBefore: 4, after: 3)
    #expect(changes == [.remove([1]), .move(from: 2, to: 0)])
    let table = AppKitTableModel(showing: old.map(\.shown))
    table.apply(changes, dataSource: new.map(\.shown))
    #expect(table.exceptions.isEmpty)
    #expect(table.shown == new.map(\.shown))
  }

  @Test(
    "random edits, applied in AppKit's form, leave every row showing its item",
    arguments: 0..<300)
  func randomEdits(seed: UInt64) throws {
    let (old, new) = randomLists(seed: seed)
    let update = try ListUpdate(from: old, to: new)
    let changes = try update.sequentialRowChanges(rowCountBefore: old.count, after: new.count)
    let table = AppKitTableModel(showing: old.map(\.shown))
    table.apply(changes, dataSource: new.map(\.shown))
    #expect(table.exceptions.isEmpty, "seed \(seed): \(update)")
    #expect(table.shown == new.map(\.shown), "seed \(seed): \(update) → \(changes)")
    // Moves only what the batch moves: a row whose relative order holds is never moved.
    let moves = changes.filter { if case .move = $0 { true } else { false } }.count
    #expect(moves <= update.movedRows.count, "seed \(seed)")
  }

  @Test("an update that does not add up throws the error UIKit's check throws")
  func countsChecked() {
    let update = ListUpdate(insertingRowsAt: [IndexPath(row: 0, section: 0)])
    #expect(throws: ListViewError.self) {
      try update.sequentialRowChanges(rowCountBefore: 2, after: 2)
    }
  }

  @Test("an update that changes sections is refused with what to do instead")
  func sectionsRefused() {
    var update = ListUpdate()
    update.insertSections([1])
    #expect {
      try update.sequentialRowChanges(rowCountBefore: 2, after: 2)
    } throws: { error in
      guard case .invalidUpdate(let reason) = error as? ListViewError else { return false }
      return reason.contains("NSTableView") && reason.contains("NSOutlineView")
    }
  }
}
