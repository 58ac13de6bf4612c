import Benchmark
import Foundation
import SwitchboardLists

// Snapshot edits at random positions, as a view model makes them: it copies the snapshot it
// applied (`var next = board.snapshot`) and edits the copy by identifier. Each iteration copies
// a snapshot of one section of `count` items and makes 2,000 edits of one kind at seeded random
// items, so the copy's first write, which a hashed snapshot must not make cost O(n), is timed
// with them. The same edits at 10,000, 50,000 and 100,000 items: a row at 100,000 should cost
// about what it costs at 10,000.

/// One size's snapshot and the seeded random items its edits name, built once.
final class RandomSnapshotEdits {
  static let edits = 2_000
  let count: Int
  var snapshot = ListSnapshot<Int, Int>()
  /// Sets of seeded random edits; each iteration takes the next set, so that an iteration does
  /// not find the items the previous one edited in the processor's caches.
  let sets: [EditSet]
  var next = 0

  /// The items one iteration edits.
  struct EditSet {
    /// Items edited, one per edit (repeats allowed).
    let items: [Int]
    /// Anchors for moves and inserts, one per edit, each different from its item.
    let anchors: [Int]
    /// 2,000 different items, for deletes.
    let distinct: [Int]
    /// Rows to read, one per edit.
    let rows: [Int]
  }

  init(count: Int) {
    self.count = count
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<count))
    var random = SplitMix(seed: UInt64(count))
    sets = (0..<16).map { _ in
      let items = (0..<Self.edits).map { _ in Int.random(in: 0..<count, using: &random) }
      return EditSet(
        items: items,
        anchors: items.map { item in (item + Int.random(in: 1..<count, using: &random)) % count },
        distinct: Array(Array(0..<count).shuffled(using: &random).prefix(Self.edits)),
        rows: (0..<Self.edits).map { _ in Int.random(in: 0..<count, using: &random) })
    }
  }

  /// The next iteration's edits.
  func nextSet() -> EditSet {
    defer { next = (next + 1) % sets.count }
    return sets[next]
  }

  @inline(never)
  func move() -> Int {
    let edits = nextSet()
    var copy = snapshot
    for (item, anchor) in zip(edits.items, edits.anchors) { copy.moveItem(item, afterItem: anchor) }
    return copy.numberOfItems
  }

  /// 2,000 new items, each inserted after (or before) a random item.
  @inline(never)
  func insert(after: Bool) -> Int {
    let edits = nextSet()
    var copy = snapshot
    for (offset, anchor) in edits.items.enumerated() {
      if after {
        copy.insertItems([count + offset], afterItem: anchor)
      } else {
        copy.insertItems([count + offset], beforeItem: anchor)
      }
    }
    return copy.numberOfItems
  }

  @inline(never)
  func delete() -> Int {
    let edits = nextSet()
    var copy = snapshot
    for item in edits.distinct { copy.deleteItems([item]) }
    return copy.numberOfItems
  }

  @inline(never)
  func reconfigure() -> Int {
    let edits = nextSet()
    var copy = snapshot
    for item in edits.items { copy.reconfigureItems([item]) }
    return copy.reconfiguredItemIdentifiers.count
  }

  @inline(never)
  func indexPaths() -> Int {
    var sum = 0
    for item in nextSet().items { sum &+= snapshot.indexPath(of: item)?.row ?? 0 }
    return sum
  }

  @inline(never)
  func itemsAtRows() -> Int {
    var sum = 0
    for row in nextSet().rows {
      sum &+= snapshot.itemIdentifier(at: IndexPath(row: row, section: 0)) ?? 0
    }
    return sum
  }
}

/// The edits, by their name in a benchmark's.
let randomSnapshotEditKinds: [(name: String, run: @Sendable (RandomSnapshotEdits) -> Int)] =
  [
    ("moves after item", { $0.move() }),
    ("inserts after item", { $0.insert(after: true) }),
    ("inserts before item", { $0.insert(after: false) }),
    ("deletes", { $0.delete() }),
    ("reconfigures", { $0.reconfigure() }),
    ("index paths of items", { $0.indexPaths() }),
    ("items at rows", { $0.itemsAtRows() }),
  ]

@MainActor let randomSnapshotEdits = [
  "10k": RandomSnapshotEdits(count: 10_000), "50k": RandomSnapshotEdits(count: 50_000),
  "100k": RandomSnapshotEdits(count: 100_000),
]

let randomSnapshotEditBenchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 3,
    maxDuration: .seconds(2), maxIterations: 200)
  for size in ["10k", "50k", "100k"] {
    for kind in randomSnapshotEditKinds {
      Benchmark.onMainActor(
        "snapshot copy and 2000 random \(kind.name) \(size)", configuration: configuration
      ) {
        guard let fixture = randomSnapshotEdits[size] else { fatalError("no fixture \(size)") }
        return kind.run(fixture)
      }
    }
  }
}
