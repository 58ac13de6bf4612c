import Benchmark
import BenchmarkSupport
import DifferenceKit
import Foundation
import SwitchboardLists

// Small lists, where most screens are, side by side with DifferenceKit's `StagedChangeset` in
// one process: 50 items as one section, and as 5 sections of 10 where a section moves, about a
// fifth of the items changed (deletes, inserts, moves within and across sections). Each
// iteration diffs each of 9 seeded workloads 100 times, from prebuilt inputs: a snapshot for
// `ListUpdate(from:to:)`, an array of `ArraySection`s for DifferenceKit.
//
// Built only when SWITCHBOARD_DIFFERENCEKIT names a DifferenceKit checkout (Package.swift): the
// library never depends on it, and CI builds the package without it.

extension Int: @retroactive Differentiable {}

/// `sections` sections of `perSection` numbered items, and the same edited: a twentieth of the
/// items deleted, as many inserted, a tenth moved (within and across sections), and with
/// `movingSection` the first section moved to the end.
func workload(sections: Int, perSection: Int, movingSection: Bool, seed: UInt64)
  -> (old: [[Int]], new: [[Int]])
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
  return (old, new)
}

/// The workloads of one shape, as both libraries take them.
final class SmallDiffFixture {
  var snapshots: [(ListSnapshot<Int, Int>, ListSnapshot<Int, Int>)] = []
  var sections: [([ArraySection<Int, Int>], [ArraySection<Int, Int>])] = []

  init(sections count: Int, perSection: Int, movingSection: Bool) {
    for seed in 0..<9 as Range<UInt64> {
      let (old, new) = workload(
        sections: count, perSection: perSection, movingSection: movingSection, seed: seed + 7)
      snapshots.append((Self.snapshot(old), Self.snapshot(new)))
      sections.append((Self.arraySections(old), Self.arraySections(new)))
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

  static func arraySections(_ sections: [[Int]]) -> [ArraySection<Int, Int>] {
    sections.enumerated().map { ArraySection(model: $0.offset, elements: $0.element) }
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

@MainActor let flat = SmallDiffFixture(sections: 1, perSection: 50, movingSection: false)
@MainActor let sectioned = SmallDiffFixture(sections: 5, perSection: 10, movingSection: true)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 5,
    maxDuration: .seconds(3), maxIterations: 500)
  Benchmark.onMainActor("small diff 1x50 Switchboard") { flat.ours() }
  Benchmark.onMainActor("small diff 1x50 DifferenceKit") { flat.differenceKit() }
  Benchmark.onMainActor("small diff 5x10 section moved Switchboard") { sectioned.ours() }
  Benchmark.onMainActor("small diff 5x10 section moved DifferenceKit") {
    sectioned.differenceKit()
  }
}
