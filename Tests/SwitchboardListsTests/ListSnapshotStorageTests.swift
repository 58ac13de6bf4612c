import Foundation
import SwitchboardLists
import TestSupport
import Testing

/// A snapshot against a plain model of it (an array of sections, each an array of items) under
/// seeded random edits by identifier, with sections of up to a few thousand items, so that the
/// chunks a section keeps its items in split and empty many times, and with a copy kept now and
/// then, so that edits go to the snapshot's own changes over the table it shares with the copy:
/// every read agrees, and the copy keeps what it held.
@Suite("ListSnapshot's storage against a plain model")
struct ListSnapshotStorageTests {
  /// The plain model: section identifiers and their items, in order.
  private struct Model {
    var sections: [(id: Int, items: [Int])] = []

    func location(of item: Int) -> (section: Int, row: Int)? {
      for (index, section) in sections.enumerated() {
        if let row = section.items.firstIndex(of: item) { return (index, row) }
      }
      return nil
    }

    mutating func remove(_ item: Int) {
      guard let place = location(of: item) else { return }
      sections[place.section].items.remove(at: place.row)
    }

    mutating func insert(_ items: [Int], next anchor: Int, after: Bool) {
      guard let place = location(of: anchor) else { return }
      sections[place.section].items.insert(contentsOf: items, at: place.row + (after ? 1 : 0))
    }
  }

  @Test("seeded random edits: items, rows, index paths and counts agree", arguments: 0..<6)
  func randomEdits(seed: UInt64) {
    var random = SeededGenerator(seed: seed &+ 59)
    var snapshot = ListSnapshot<Int, Int>()
    var model = Model()
    var nextItem = 0
    var nextSection = 0
    func newItems(_ count: Int) -> [Int] {
      defer { nextItem += count }
      return Array(nextItem..<nextItem + count)
    }
    // A copy kept for a while, as a view model keeps the snapshot it applied: the edits that
    // follow go to the edited snapshot's own changes, never to the copy.
    var kept: (snapshot: ListSnapshot<Int, Int>, items: [Int])?
    for step in 0..<1_500 {
      if step % 300 == 0 {
        kept = (snapshot, model.sections.flatMap(\.items))
      } else if step % 300 == 200 {
        kept = nil
      }
      let all = model.sections.flatMap(\.items)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<4 where model.sections.count < 6:
        snapshot.appendSections([nextSection])
        model.sections.append((nextSection, []))
        nextSection += 1
      case 4..<12 where !model.sections.isEmpty:
        let section = model.sections.randomElement(using: &random)!.id
        let items = newItems(Int.random(in: 1...400, using: &random))
        snapshot.appendItems(items, toSection: section)
        model.sections[model.sections.firstIndex { $0.id == section }!].items += items
      case 12..<45 where !all.isEmpty:
        let anchor = all.randomElement(using: &random)!
        let after = Bool.random(using: &random)
        let items = newItems(Int.random(in: 1...3, using: &random))
        if after {
          snapshot.insertItems(items, afterItem: anchor)
        } else {
          snapshot.insertItems(items, beforeItem: anchor)
        }
        model.insert(items, next: anchor, after: after)
      case 45..<65 where all.count > 1:
        let item = all.randomElement(using: &random)!
        let anchor = all.randomElement(using: &random)!
        guard item != anchor else { continue }
        let after = Bool.random(using: &random)
        if after {
          snapshot.moveItem(item, afterItem: anchor)
        } else {
          snapshot.moveItem(item, beforeItem: anchor)
        }
        model.remove(item)
        model.insert([item], next: anchor, after: after)
      case 65..<90 where !all.isEmpty:
        let doomed = Array(
          Set(
            (0..<Int.random(in: 1...20, using: &random)).map { _ in
              all.randomElement(using: &random)!
            }))
        snapshot.deleteItems(doomed)
        for item in doomed { model.remove(item) }
      case 90..<94 where model.sections.count > 1:
        let section = model.sections.randomElement(using: &random)!.id
        let other = model.sections.randomElement(using: &random)!.id
        guard section != other else { continue }
        snapshot.moveSection(section, afterSection: other)
        let moved = model.sections.remove(at: model.sections.firstIndex { $0.id == section }!)
        model.sections.insert(moved, at: model.sections.firstIndex { $0.id == other }! + 1)
      case 94..<96 where model.sections.count > 2:
        let section = model.sections.randomElement(using: &random)!.id
        snapshot.deleteSections([section])
        model.sections.removeAll { $0.id == section }
      default:
        continue
      }
      guard step % 25 == 0 || step == 1_499 else { continue }
      if let kept {
        #expect(kept.snapshot.itemIdentifiers == kept.items, "seed \(seed), step \(step): copy")
        #expect(kept.snapshot.numberOfItems == kept.items.count)
        if let item = kept.items.last {
          #expect(kept.snapshot.sectionIdentifier(containingItem: item) != nil)
        }
      }
      let expected = model.sections.flatMap(\.items)
      #expect(snapshot.itemIdentifiers == expected, "seed \(seed), step \(step)")
      #expect(snapshot.numberOfItems == expected.count, "seed \(seed), step \(step)")
      #expect(snapshot.sectionIdentifiers == model.sections.map(\.id), "seed \(seed)")
      for (index, section) in model.sections.enumerated() {
        #expect(snapshot.numberOfItems(inSection: section.id) == section.items.count)
        for row in stride(from: 0, to: section.items.count, by: 37) {
          let item = section.items[row]
          #expect(
            snapshot.indexPath(of: item) == IndexPath(row: row, section: index),
            "seed \(seed), step \(step), item \(item)")
          #expect(snapshot.itemIdentifier(at: IndexPath(row: row, section: index)) == item)
          #expect(snapshot.sectionIdentifier(containingItem: item) == section.id)
        }
      }
      if let gone = (0..<nextItem).first(where: { model.location(of: $0) == nil }) {
        #expect(snapshot.indexPath(of: gone) == nil, "a deleted item is not found")
      }
    }
  }

  @Test("a snapshot built by inserting each item after the last equals one built by appending")
  func anchoredBuild() {
    var anchored = ListSnapshot<Int, Int>()
    anchored.appendSections([0])
    anchored.appendItems([0])
    for item in 1..<3_000 { anchored.insertItems([item], afterItem: item - 1) }
    var appended = ListSnapshot<Int, Int>()
    appended.appendSections([0])
    appended.appendItems(Array(0..<3_000))
    #expect(anchored == appended)
    #expect(anchored.indexPath(of: 2_999) == IndexPath(row: 2_999, section: 0))
    #expect(anchored.indexOfItem(1_234) == 1_234)
  }
}
