import Benchmark
import BenchmarkSupport
import DifferenceKit
import Foundation
import SwitchboardLists

// Small lists, where most screens are, side by side with DifferenceKit's `StagedChangeset` in
// one process (issue 70: at most 0.4x its time, by the fastest iteration and by the median).
// Four shapes of 50 items:
// - DifferenceKit shape: DifferenceKit's own benchmark scaled to 50 items: items 20..<30
//   deleted, 10 new ones inserted at 30..<40, and the first 2 shuffled (4%, as at 5,000).
// - scattered moves: 2 items deleted, 2 inserted and 4 moved, at random places.
// - changed contents: the scattered moves, and 5 kept items whose content changed. For
//   DifferenceKit an element carries a version, and `isContentEqual` compares it; for a
//   snapshot, which holds identifiers only, a changed item is marked with `reloadItems`. Both
//   come out as reloads (DifferenceKit's `elementUpdated` is what its UIKit extension reloads)
//   or, for a moved item, as a move (and, ours, a reconfigure).
// - 5x10 section moved: 5 sections of 10, 2 items deleted, 2 inserted, 4 moved within and
//   across sections, and the first section moved to the end.
// Each iteration diffs each of 9 seeded workloads 100 times, from prebuilt inputs: a snapshot
// for `ListUpdate(from:to:)`, an array of `ArraySection`s for DifferenceKit.
//
// Built only when SWITCHBOARD_DIFFERENCEKIT names a DifferenceKit checkout (Package.swift): the
// library never depends on it, and CI builds the package without it.

extension Int: @retroactive Differentiable {}

/// An item as DifferenceKit sees a changed one: the same identifier, another version.
struct VersionedItem: Differentiable {
  var id: Int
  var version: Int
  var differenceIdentifier: Int { id }
  func isContentEqual(to source: VersionedItem) -> Bool { version == source.version }
}

/// One workload: the item identifiers of each section before and after, and the identifiers
/// of the kept items whose content changed.
struct SmallWorkload {
  var old: [[Int]]
  var new: [[Int]]
  var changed: Set<Int> = []
}

/// `sections` sections of `perSection` numbered items, and the same edited: a twentieth of the
/// items deleted, as many inserted, a tenth moved (within and across sections), and with
/// `movingSection` the first section moved to the end.
func scattered(sections: Int, perSection: Int, movingSection: Bool, seed: UInt64)
  -> SmallWorkload
{
  var random = SplitMix64(seed: seed)
  var next = 0
  let old: [[Int]] = (0..<sections).map { _ in
    defer { next += perSection }
    return Array(next..<next + perSection)
  }
  var new = old
  let edits = max(1, sections * perSection / 20)
  for _ in 0..<edits {
    let section = Int.random(in: 0..<sections, using: &random)
    if !new[section].isEmpty {
      new[section].remove(at: Int.random(in: 0..<new[section].count, using: &random))
    }
  }
  for _ in 0..<edits {
    let section = Int.random(in: 0..<sections, using: &random)
    new[section].insert(next, at: Int.random(in: 0...new[section].count, using: &random))
    next += 1
  }
  for _ in 0..<(edits * 2) {
    let from = Int.random(in: 0..<sections, using: &random)
    guard !new[from].isEmpty else { continue }
    let item = new[from].remove(at: Int.random(in: 0..<new[from].count, using: &random))
    let to = Int.random(in: 0..<sections, using: &random)
    new[to].insert(item, at: Int.random(in: 0...new[to].count, using: &random))
  }
  if movingSection && sections > 1 { new.append(new.removeFirst()) }
  return SmallWorkload(old: old, new: new)
}

/// The scattered edits at 50 items in one section.
func flatScattered(seed: UInt64) -> SmallWorkload {
  scattered(sections: 1, perSection: 50, movingSection: false, seed: seed)
}

/// The scattered edits at 5 sections of 10, and the first section moved to the end.
func sectionedScattered(seed: UInt64) -> SmallWorkload {
  scattered(sections: 5, perSection: 10, movingSection: true, seed: seed)
}

/// DifferenceKit's benchmark shape at 50 items: 20..<30 deleted, 10 new items inserted at
/// 30..<40, the first 2 shuffled.
func differenceKitShape(seed: UInt64) -> SmallWorkload {
  var random = SplitMix64(seed: seed)
  let old = Array(0..<50)
  var new = old
  new.removeSubrange(20..<30)
  new.insert(contentsOf: 50..<60, at: 30)
  new[0..<2].shuffle(using: &random)
  return SmallWorkload(old: [old], new: [new])
}

/// The scattered moves at 50 items, and 5 kept items changed.
func changedContents(seed: UInt64) -> SmallWorkload {
  var workload = scattered(sections: 1, perSection: 50, movingSection: false, seed: seed)
  var random = SplitMix64(seed: seed &+ 1_000)
  let kept = workload.new[0].filter { $0 < 50 }
  while workload.changed.count < 5 {
    workload.changed.insert(kept[Int.random(in: 0..<kept.count, using: &random)])
  }
  return workload
}

/// The workloads of one shape, as both libraries take them.
final class SmallDiffFixture<Element: Differentiable> {
  var snapshots: [(ListSnapshot<Int, Int>, ListSnapshot<Int, Int>)] = []
  var sections: [([ArraySection<Int, Element>], [ArraySection<Int, Element>])] = []

  /// - Parameters:
  ///   - make: The workload of a seed.
  ///   - element: DifferenceKit's element for an item and whether it changed.
  init(_ make: (UInt64) -> SmallWorkload, element: (Int, Bool) -> Element) {
    for seed in 0..<9 as Range<UInt64> {
      let workload = make(seed + 7)
      var new = Self.snapshot(workload.new)
      if !workload.changed.isEmpty { new.reloadItems(workload.changed.sorted()) }
      snapshots.append((Self.snapshot(workload.old), new))
      sections.append(
        (
          Self.arraySections(workload.old) { element($0, false) },
          Self.arraySections(workload.new) { element($0, workload.changed.contains($0)) }
        ))
    }
  }

  static func snapshot(_ sections: [[Int]]) -> ListSnapshot<Int, Int> {
    var snapshot = ListSnapshot<Int, Int>()
    snapshot.appendSections(Array(sections.indices))
    for (index, items) in sections.enumerated() where !items.isEmpty {
      snapshot.appendItems(items, toSection: index)
    }
    return snapshot
  }

  static func arraySections(_ sections: [[Int]], element: (Int) -> Element)
    -> [ArraySection<Int, Element>]
  {
    sections.enumerated().map { ArraySection(model: $0.offset, elements: $0.element.map(element)) }
  }

  /// 900 diffs with `ListUpdate(from:to:)`.
  @inline(never)
  func ours() -> Int {
    var changes = 0
    for _ in 0..<100 {
      for (old, new) in snapshots { changes &+= ListUpdate(from: old, to: new).movedRows.count }
    }
    return changes
  }

  /// 900 diffs with DifferenceKit's `StagedChangeset`.
  @inline(never)
  func differenceKit() -> Int {
    var changes = 0
    for _ in 0..<100 {
      for (old, new) in sections { changes &+= StagedChangeset(source: old, target: new).count }
    }
    return changes
  }
}

@MainActor let differenceKitShaped = SmallDiffFixture(differenceKitShape) { id, _ in id }
@MainActor let scatteredMoves = SmallDiffFixture(flatScattered) { id, _ in id }
@MainActor let changed = SmallDiffFixture(changedContents) { id, changed in
  VersionedItem(id: id, version: changed ? 1 : 0)
}
@MainActor let sectioned = SmallDiffFixture(sectionedScattered) { id, _ in id }

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 5,
    maxDuration: .seconds(3), maxIterations: 500)
  let shapes: [(String, @MainActor @Sendable () -> Int, @MainActor @Sendable () -> Int)] = [
    (
      "1x50 DifferenceKit shape", { differenceKitShaped.ours() },
      { differenceKitShaped.differenceKit() }
    ),
    ("1x50 scattered moves", { scatteredMoves.ours() }, { scatteredMoves.differenceKit() }),
    ("1x50 changed contents", { changed.ours() }, { changed.differenceKit() }),
    ("5x10 section moved", { sectioned.ours() }, { sectioned.differenceKit() }),
  ]
  for (shape, ours, theirs) in shapes {
    Benchmark.onMainActor("small diff \(shape) Switchboard", ours)
    Benchmark.onMainActor("small diff \(shape) DifferenceKit", theirs)
  }
}
