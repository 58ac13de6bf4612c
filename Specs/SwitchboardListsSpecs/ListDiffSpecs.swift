import Foundation
import SwitchboardLists
import TestSupport
import Testing

/// An item for the diff specs: an identity and a value that can change.
struct DiffItem: CellModel, Hashable {
  let id: Int
  var value: Int
  func configure(_ cell: DiffItemCell) { cell.text = "\(id):\(value)" }
}

final class DiffItemCell: ListCell {}

/// A section of diff items.
struct DiffSection: Identifiable, Equatable {
  let id: String
  var items: [DiffItem]
}

/// Random old and new sections: sections dropped, added and reordered; items deleted, inserted,
/// moved within and between sections, and changed.
func randomSections(seed: UInt64) -> (old: [DiffSection], new: [DiffSection]) {
  var random = SeededGenerator(seed: seed)
  var nextID = 0
  func item() -> DiffItem {
    defer { nextID += 1 }
    return DiffItem(id: nextID, value: 0)
  }
  let old = (0..<Int.random(in: 1...5, using: &random)).map { section in
    DiffSection(
      id: "s\(section)", items: (0..<Int.random(in: 0...12, using: &random)).map { _ in item() })
  }
  var new = old.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
  for added in 0..<Int.random(in: 0...2, using: &random) {
    new.insert(
      DiffSection(
        id: "added\(added)", items: (0..<Int.random(in: 0...4, using: &random)).map { _ in item() }),
      at: Int.random(in: 0...new.count, using: &random))
  }
  if new.count > 1, Bool.random(using: &random) { new.swapAt(0, new.count - 1) }
  guard !new.isEmpty else { return (old, new) }
  for _ in 0..<Int.random(in: 0...10, using: &random) {
    let from = Int.random(in: 0..<new.count, using: &random)
    guard !new[from].items.isEmpty else { continue }
    let moved = new[from].items.remove(
      at: Int.random(in: 0..<new[from].items.count, using: &random))
    let to = Int.random(in: 0..<new.count, using: &random)
    switch Int.random(in: 0..<4, using: &random) {
    case 0: continue  // deleted
    case 1:
      new[to].items.insert(item(), at: Int.random(in: 0...new[to].items.count, using: &random))
    default: break
    }
    new[to].items.insert(moved, at: Int.random(in: 0...new[to].items.count, using: &random))
  }
  for section in new.indices {
    for index in new[section].items.indices where Int.random(in: 0..<6, using: &random) == 0 {
      new[section].items[index].value += 1
    }
  }
  return (old, new)
}

/// What a list shows after `update` is applied to `old` under UIKit's batch rules.
///
/// Deletions and reloads name old index paths, insertions and move destinations new ones. Rows
/// that are inserted or reloaded show the new content; every other row keeps its old content.
///
/// - Returns: The sections as shown, or `nil` when the update does not fit the two lists.
func shown(
  after update: ListUpdate, from old: [DiffSection], to new: [DiffSection]
) -> [[DiffItem]]? {
  // Sections: moved ones go where they are sent; the others that remain keep their order and
  // fill the places nothing was inserted or moved to.
  let deletedSections = Set(update.deletedSections)
  let movedTo = Dictionary(
    update.movedSections.map { ($0.source, $0.destination) }, uniquingKeysWith: { $1 })
  let taken = Set(update.insertedSections).union(movedTo.values)
  let restOld = old.indices.filter { !deletedSections.contains($0) && movedTo[$0] == nil }
  let freeNew = new.indices.filter { !taken.contains($0) }
  guard restOld.count == freeNew.count else { return nil }
  var sectionMap = movedTo
  for (oldSection, newSection) in zip(restOld, freeNew) { sectionMap[oldSection] = newSection }
  var result = new.map { [DiffItem?](repeating: nil, count: $0.items.count) }
  for section in update.insertedSections { result[section] = new[section].items }
  for section in update.reloadedSections {
    guard let newSection = sectionMap.removeValue(forKey: section) else { return nil }
    result[newSection] = new[newSection].items
  }
  let reloaded = Set(update.reloadedRows)
  let deleted = Set(update.deletedRows)
  let movedFrom = Set(update.movedRows.map(\.source))
  for path in update.insertedRows {
    guard result[path.section][path.row] == nil else { return nil }
    result[path.section][path.row] = new[path.section].items[path.row]
  }
  for move in update.movedRows {
    guard result[move.destination.section][move.destination.row] == nil else { return nil }
    result[move.destination.section][move.destination.row] =
      old[move.source.section].items[move.source.row]
  }
  for (oldSection, newSection) in sectionMap.sorted(by: { $0.key < $1.key }) {
    var free = result[newSection].indices.filter { result[newSection][$0] == nil }[...]
    for row in old[oldSection].items.indices {
      let path = IndexPath(row: row, section: oldSection)
      guard !deleted.contains(path), !movedFrom.contains(path) else { continue }
      guard let slot = free.popFirst() else { return nil }
      result[newSection][slot] =
        reloaded.contains(path)
        ? new[newSection].items[slot] : old[oldSection].items[row]
    }
    guard free.isEmpty else { return nil }
  }
  // After the batch: a reconfigured row keeps its item (same id) and shows the new content.
  for path in update.reconfiguredRows {
    guard result.indices.contains(path.section), result[path.section].indices.contains(path.row),
      result[path.section][path.row]?.id == new[path.section].items[path.row].id
    else { return nil }
    result[path.section][path.row] = new[path.section].items[path.row]
  }
  return result.map { $0.compactMap { $0 } }
}

@MainActor
@Suite("ListUpdate(from:to:), the diff behind every batch update")
struct ListDiffSpecs {
  @Suite("with seeded random sections")
  @MainActor
  struct RandomSections {
    @Test(
      "the batch turns old into new under UIKit's rules, and every changed item is refreshed",
      arguments: 0..<300)
    func turnsOldIntoNew(seed: UInt64) throws {
      let (old, new) = randomSections(seed: seed)
      let update = try ListUpdate(from: old, to: new, items: \.items)
      let result = try #require(shown(after: update, from: old, to: new), "seed \(seed)")
      #expect(result == new.map(\.items), "seed \(seed): \(update)")
      // The model data source computes the same batch, and the headless list, which checks
      // batches the way UIKit does, accepts it.
      let source = try ModelListDataSource<ListView>(
        sections: old.enumerated().map {
          ModelSection(id: $1.id, sortOrder: $0, items: $1.items)
        })
      let list = ListView(viewportHeight: 100_000)  // every row visible
      list.dataSource = source
      try list.reloadData()
      let applied = try source.update(
        to: new.enumerated().map { ModelSection(id: $1.id, sortOrder: $0, items: $1.items) },
        in: list)
      #expect(applied == update, "seed \(seed)")
      #expect(list.visibleTexts == result.flatMap { $0.map { "\($0.id):\($0.value)" } })
    }
  }

  @Suite("moves")
  struct Moves {
    @Test("are the fewest: one item taken to the front is one move, not a shift of the rest")
    func fewest() throws {
      let old = (0..<100).map { DiffItem(id: $0, value: 0) }
      let new = [old[99]] + old[0..<99]
      let update = try ListUpdate(from: old, to: new)
      #expect(
        update.movedRows == [
          ListUpdate.Move(from: IndexPath(row: 99, section: 0), to: IndexPath(row: 0, section: 0))
        ])
      #expect(update.insertedRows.isEmpty && update.deletedRows.isEmpty)
    }

    @Test("of a changed item are a move and then a reconfiguration where it lands")
    func changedAndMoved() throws {
      let old = [DiffItem(id: 1, value: 0), DiffItem(id: 2, value: 0)]
      let new = [DiffItem(id: 2, value: 1), DiffItem(id: 1, value: 0)]
      let update = try ListUpdate(from: old, to: new, inSection: 3)
      #expect(
        update.movedRows == [
          ListUpdate.Move(from: IndexPath(row: 1, section: 3), to: IndexPath(row: 0, section: 3))
        ])
      #expect(update.reconfiguredRows == [IndexPath(row: 0, section: 3)])
      #expect(update.deletedRows.isEmpty && update.insertedRows.isEmpty)
      #expect(update.reloadedRows.isEmpty)
    }

    @Test("of a section that keeps its items are one section move, its rows untouched")
    func sectionMove() throws {
      let a = DiffSection(id: "a", items: [DiffItem(id: 1, value: 0)])
      let b = DiffSection(id: "b", items: [DiffItem(id: 2, value: 0), DiffItem(id: 3, value: 0)])
      let update = try ListUpdate(from: [a, b], to: [b, a], items: \.items)
      #expect(update.movedSections.count == 1)
      #expect(update.movedRows.isEmpty && update.deletedSections.isEmpty)
      #expect(update.insertedSections.isEmpty && update.insertedRows.isEmpty)
    }
  }

  @Suite("when ids repeat")
  struct Repeats {
    @Test("a typed error names every repeated id of the new items")
    func repeatedNew() {
      let old = [DiffItem(id: 1, value: 0)]
      let new = [DiffItem(id: 1, value: 0), DiffItem(id: 2, value: 0), DiffItem(id: 1, value: 1)]
      #expect(throws: ListViewError.duplicateItemIDs(["DiffItem 1"])) {
        try ListUpdate(from: old, to: new)
      }
    }

    @Test("a typed error names repeated section ids")
    func repeatedSections() {
      let sections = [DiffSection(id: "a", items: []), DiffSection(id: "a", items: [])]
      #expect(throws: ListViewError.duplicateSectionIDs(["a"])) {
        try ListUpdate(from: [], to: sections, items: \.items)
      }
    }
  }
}
