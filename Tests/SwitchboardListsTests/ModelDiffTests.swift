import Foundation
import SwitchboardTesting
import TestSupport
import Testing

@testable import SwitchboardLists

struct Tag: CellModel {
  let id: Int
  var label: String
  func configure(_ cell: TagCell) { cell.text = "\(id):\(label)" }
}

final class TagCell: ListCell {}

@MainActor
struct ModelDiffTests {
  private func section(_ id: String, _ tags: [(Int, String)], order: Int = 0) -> ModelSection {
    ModelSection(id: id, sortOrder: order, items: tags.map { Tag(id: $0.0, label: $0.1) })
  }

  @Test func longestIncreasingSubsequenceFindsOneOfMaximalLength() {
    #expect(longestIncreasingSubsequence([]) == [])
    #expect(longestIncreasingSubsequence([3, 1, 2]) == [1, 2])
    let values = [5, 1, 6, 2, 7, 3, 8]
    let positions = longestIncreasingSubsequence(values)
    #expect(positions.count == 4)
    #expect(zip(positions, positions.dropFirst()).allSatisfy { values[$0] < values[$1] })
  }

  @Test func longestIncreasingRunSkipsAbsentValuesAndMatchesABruteForceLength() {
    var random = SystemRandomNumberGenerator()
    var longest = LongestIncreasingRun()
    for _ in 0..<300 {
      // Mostly ordered values with some out of place and some absent, as a diff gives them.
      let count = Int.random(in: 0..<40, using: &random)
      let values: [Int?] = (0..<count).map { position in
        switch Int.random(in: 0..<6, using: &random) {
        case 0: nil
        case 1: Int.random(in: 0..<count, using: &random)
        default: position
        }
      }
      longest.mark(count: count) { values[$0] }
      let run = (0..<count).filter(longest.isMarked)
      let runValues = run.compactMap { values[$0] }
      #expect(runValues.count == run.count, "a position without a value is never on the run")
      #expect(zip(runValues, runValues.dropFirst()).allSatisfy { $0 < $1 })
      // The longest strictly increasing run ending at each position, by brute force.
      var best = [Int](repeating: 0, count: count)
      for position in 0..<count {
        guard let value = values[position] else { continue }
        best[position] =
          1
          + (0..<position).reduce(0) { longest, earlier in
            guard let other = values[earlier], other < value else { return longest }
            return max(longest, best[earlier])
          }
      }
      #expect(run.count == (best.max() ?? 0), "values: \(values)")
    }
  }

  @Test func itemMovingToAnotherSectionIsAMove() throws {
    let diff = try ModelDiff(
      old: [section("a", [(1, "x"), (2, "y")]), section("b", [])],
      new: [section("a", [(2, "y")]), section("b", [(1, "x")])])
    #expect(
      diff.update.movedRows == [
        .init(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
      ])
    #expect(diff.update.insertedRows.isEmpty && diff.update.deletedRows.isEmpty)
  }

  @Test func changedItemThatMovesIsMovedThenReconfigured() throws {
    // 2 and 3 keep their order, so 1 is the one that moves; it changed, so after the batch its
    // cell is configured again where it landed (a moved row cannot reload in the batch).
    let diff = try ModelDiff(
      old: [section("a", [(1, "x"), (2, "y"), (3, "z")])],
      new: [section("a", [(2, "y"), (3, "z"), (1, "x!")])])
    #expect(
      diff.update.movedRows == [
        ListUpdate.Move(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
      ])
    #expect(diff.update.reconfiguredRows == [IndexPath(row: 2, section: 0)])
    #expect(diff.update.reloadedRows.isEmpty)
    #expect(diff.update.deletedRows.isEmpty && diff.update.insertedRows.isEmpty)
  }

  @Test func reorderedSectionsWithTheSameItemsMove() throws {
    // b and c keep their order, so a is the section that moves.
    let diff = try ModelDiff(
      old: [section("a", [(1, "x")]), section("b", [(2, "y")]), section("c", [(3, "z")])],
      new: [section("b", [(2, "y")]), section("c", [(3, "z")]), section("a", [(1, "x!")])])
    #expect(diff.update.movedSections == [ListUpdate.Move(from: 0, to: 2)])
    #expect(diff.update.deletedSections.isEmpty && diff.update.insertedSections.isEmpty)
    // The changed item of the moved section is refreshed after the batch, where it landed.
    #expect(diff.update.reconfiguredRows == [IndexPath(row: 0, section: 2)])
    #expect(diff.update.reloadedRows.isEmpty)
  }

  @Test func aMovedSectionWhoseItemsChangeIsDeletedAndInserted() throws {
    let diff = try ModelDiff(
      old: [section("a", [(1, "x")]), section("b", [(2, "y")])],
      new: [section("b", [(2, "y"), (3, "z")]), section("a", [(1, "x")])])
    #expect(diff.update.movedSections.isEmpty)
    #expect(diff.update.deletedSections.count == 1 && diff.update.insertedSections.count == 1)
  }

  @Test func itemsLeavingADeletedSectionAreInsertedWhereTheyLand() throws {
    let diff = try ModelDiff(
      old: [section("a", [(1, "x")]), section("gone", [(2, "y")])],
      new: [section("a", [(1, "x"), (2, "y")])])
    #expect(diff.update.deletedSections == [1])
    #expect(diff.update.insertedRows == [IndexPath(row: 1, section: 0)])
  }

  /// Random old and new sections: applying the diff must render what a fresh reload renders.
  @Test(arguments: 0..<4)
  func randomUpdatesRenderLikeAFreshReload(batch: Int) throws {
    for iteration in 0..<100 {
      let seed = UInt64(batch * 100 + iteration)
      var random = SeededGenerator(seed: seed)
      let old = randomSections(&random)
      let new = try mutate(old, &random)
      let source = try ModelListDataSource<ListView>(sections: old)
      let list = ListView(viewportHeight: 100_000, rowHeight: 1)
      list.dataSource = source
      try list.reloadData()
      do {
        try source.update(to: new, in: list)
      } catch {
        Issue.record("seed \(seed): \(error)")
        return
      }
      let fresh = try ModelListDataSource<ListView>(sections: new)
      let reference = ListView(viewportHeight: 100_000, rowHeight: 1)
      reference.dataSource = fresh
      try reference.reloadData()
      #expect(list.renderText() == reference.renderText(), "seed \(seed)")
    }
  }

  private func randomSections(_ random: inout SeededGenerator) -> [ModelSection] {
    var nextID = 0
    return (0..<Int.random(in: 1...4, using: &random)).map { index in
      let items = (0..<Int.random(in: 0...8, using: &random)).map { _ -> (Int, String) in
        nextID += 1
        return (nextID, "v0")
      }
      return section("s\(index)", items, order: index)
    }
  }

  private func mutate(_ sections: [ModelSection], _ random: inout SeededGenerator) throws
    -> [ModelSection]
  {
    var result = try sections.map { section in
      (id: section.id, items: try section.items.map { try #require($0 as? Tag) })
    }
    var nextID = 1000
    for _ in 0..<Int.random(in: 0...10, using: &random) {
      let target = Int.random(in: 0..<result.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        nextID += 1
        let position = Int.random(in: 0...result[target].items.count, using: &random)
        result[target].items.insert(Tag(id: nextID, label: "new"), at: position)
      case 1 where !result[target].items.isEmpty:
        result[target].items.remove(
          at: Int.random(in: 0..<result[target].items.count, using: &random))
      case 2 where !result[target].items.isEmpty:
        let item = result[target].items.remove(
          at: Int.random(in: 0..<result[target].items.count, using: &random))
        let destination = Int.random(in: 0..<result.count, using: &random)
        let position = Int.random(in: 0...result[destination].items.count, using: &random)
        result[destination].items.insert(item, at: position)
      case 3 where !result[target].items.isEmpty:
        let position = Int.random(in: 0..<result[target].items.count, using: &random)
        result[target].items[position].label += "*"
      case 4:
        result.shuffle(using: &random)
      case 5 where result.count > 1:
        result.remove(at: target)
      default:
        result.append((id: "n\(nextID)", items: []))
        nextID += 1
      }
    }
    return result.enumerated().map { index, entry in
      ModelSection(id: entry.id, sortOrder: index, items: entry.items)
    }
  }
}
