import Benchmark
import BenchmarkSupport
import Foundation
import SwitchboardLists

// Diffing identified items, on six workloads: ModelListDataSource<ListView>'s batch update, against the
// diff it had before this round (frozen in BenchmarkSupport) and Swift's `difference(from:)` with
// moves inferred, on the same data. "peak memory no diff" builds the same fixture and diffs
// nothing: the baseline of the diff's peak memory growth.

/// One workload's data source and new sections.
@MainActor
final class ModelUpdateFixture {
  let data: ModelUpdateData
  let source: ModelListDataSource<ListView>
  let oldSections: [ModelSection]
  let newSections: [ModelSection]

  init(_ workload: ModelUpdateData.Workload) {
    data = ModelUpdateData(workload)
    do {
      source = try ModelListDataSource<ListView>(sections: [
        ModelSection(id: "items", items: data.old)
      ])
    } catch {
      fatalError("ModelUpdate: \(error)")
    }
    oldSections = source.sections
    newSections = [ModelSection(id: "items", items: data.new)]
  }

  @inline(never)
  func diff() -> Int {
    do {
      return Self.size(of: try source.changes(to: newSections))
    } catch {
      fatalError("ModelUpdate: \(error)")
    }
  }

  @inline(never)
  func frozenDiff() -> Int {
    do {
      return Self.size(of: try FrozenModelDiff.update(from: oldSections, to: newSections))
    } catch {
      fatalError("ModelUpdate: \(error)")
    }
  }

  static func size(of update: ListUpdate) -> Int {
    update.insertedRows.count + update.deletedRows.count + update.movedRows.count
      + update.reloadedRows.count
  }
}

/// The scattered workload for `difference(from:)`, built once, outside the measurement.
let scatteredData = ModelUpdateData(.scattered100k)

@MainActor var fixtures: [ModelUpdateData.Workload: ModelUpdateFixture] = [:]

@MainActor func fixture(_ workload: ModelUpdateData.Workload) -> ModelUpdateFixture {
  if let fixture = fixtures[workload] { return fixture }
  let fixture = ModelUpdateFixture(workload)
  fixtures[workload] = fixture
  return fixture
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .milliseconds, warmupIterations: 3, maxDuration: .seconds(10), maxIterations: 100)
  // The round-1 diff takes about half a second at 100,000 items: fewer iterations.
  let slow = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 1,
    maxDuration: .seconds(10), maxIterations: 5)
  let frozenSmall = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 3,
    maxDuration: .seconds(10), maxIterations: 100)

  for workload in ModelUpdateData.Workload.allCases {
    Benchmark.onMainActor("diff \(workload.rawValue)") { fixture(workload).diff() }
    Benchmark.onMainActor(
      "frozen diff \(workload.rawValue)",
      configuration: workload == .blocks5k || workload == .differenceKit5k ? frozenSmall : slow
    ) {
      fixture(workload).frozenDiff()
    }
  }
  // Peak memory is sampled by a thread that allocates as it goes, so it is measured apart from
  // the allocation counts: with the diff, and with the same fixture and no diff.
  let memory = Benchmark.Configuration(
    metrics: [.peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(10),
    maxIterations: 20)
  Benchmark.onMainActor("peak memory diff scattered 100k", configuration: memory) {
    fixture(.scattered100k).diff()
  }
  Benchmark.onMainActor("peak memory no diff scattered 100k", configuration: memory) {
    fixture(.scattered100k).newSections.count
  }
  Benchmark("CollectionDifference", configuration: slow) { _ in
    let data = scatteredData
    let difference = data.new.difference(from: data.old).inferringMoves()
    blackHole(difference.insertions.count + difference.removals.count)
  }
  snapshotBenchmarks()
  snapshotEditBenchmarks()
  randomSnapshotEditBenchmarks()
}

// Snapshots: a view model applies a snapshot of 100,000 items with 1% changed to one headless
// host, and to four; against the diff of the same two snapshots alone. Each iteration goes
// the other way (old → new, new → old), so every one is a 1% change. The floor: the diff of
// 100,000 ids with 10% changed, against one hash-table pass over the same ids.

/// A view model whose data is a snapshot of item numbers.
@MainActor
final class SnapshotBoard: ListSnapshotDataSource {
  let changes = ListChanges()
  var snapshot = ListSnapshot<Int, Int>()
}

/// A screen that shows a board in a headless list.
@MainActor
final class SnapshotScreen: ListCellProviding {
  let list = ListView(viewportHeight: 440)
  lazy var proxy = ListProxy(view: self, viewModel: board)
  let board: SnapshotBoard
  init(_ board: SnapshotBoard) {
    self.board = board
    list.dataSource = proxy
    do { try list.reloadData() } catch { fatalError("ModelUpdate: \(error)") }
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    try list.dequeueCell(ListCell.self, for: indexPath)
  }
}

/// Two snapshots of `count` items, the second with `percent`% of the items changed: a fifth
/// deleted, a fifth inserted, a fifth moved, and two fifths reconfigured when `marks` (moved
/// otherwise, for a diff of identifiers alone).
func snapshotPair(count: Int, percent: Int, marks: Bool = true) -> (
  ListSnapshot<Int, Int>, ListSnapshot<Int, Int>
) {
  var old = ListSnapshot<Int, Int>()
  old.appendSections([0])
  old.appendItems(Array(0..<count))
  var new = old
  let changes = count * percent / 100 / 5
  var random = SplitMix(seed: 29)
  let ids = Array(0..<count).shuffled(using: &random)
  new.deleteItems(Array(ids[0..<changes]))
  for (offset, id) in ids[changes..<2 * changes].enumerated() {
    new.insertItems([count + offset], afterItem: id)
  }
  for (id, anchor) in zip(ids[2 * changes..<3 * changes], ids[3 * changes..<4 * changes]) {
    new.moveItem(id, afterItem: anchor)
  }
  if marks {
    new.reconfigureItems(Array(ids[4 * changes..<6 * changes]))
  } else {
    for (id, anchor) in zip(ids[4 * changes..<6 * changes], ids[6 * changes..<8 * changes]) {
      new.moveItem(id, beforeItem: anchor)
    }
  }
  return (old, new)
}

/// A small deterministic generator, so every run measures the same snapshots.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The boards and snapshots of the snapshot benchmarks, built once.
@MainActor
final class SnapshotFixture {
  let pair = snapshotPair(count: 100_000, percent: 1)
  let floorPair = snapshotPair(count: 100_000, percent: 10, marks: false)
  let oneHost = SnapshotBoard()
  let fourHosts = SnapshotBoard()
  var screens: [SnapshotScreen] = []

  init() {
    oneHost.apply(pair.0, animatingDifferences: false)
    fourHosts.apply(pair.0, animatingDifferences: false)
    screens = [SnapshotScreen(oneHost)] + (0..<4).map { _ in SnapshotScreen(fourHosts) }
  }

  // Every iteration goes there and back (the way back has no marks, so it costs less): with one
  // direction per iteration, the median falls on either direction's cost from run to run.

  @inline(never)
  func diff() -> Int {
    ModelUpdateFixture.size(of: ListUpdate(from: pair.0, to: pair.1))
      + ModelUpdateFixture.size(of: ListUpdate(from: pair.1, to: pair.0))
  }

  @inline(never)
  func apply(_ board: SnapshotBoard) -> Int {
    board.apply(pair.1)
    board.apply(pair.0)
    return board.snapshot.numberOfItems
  }

  @inline(never)
  func floorDiff() -> Int {
    ModelUpdateFixture.size(of: ListUpdate(from: floorPair.0, to: floorPair.1))
  }

  /// One pass of a hash table over the same ids: insert the new ones, look up the old ones.
  @inline(never)
  func hashPass() -> Int {
    let old = floorPair.0.itemIdentifiers
    let new = floorPair.1.itemIdentifiers
    var table = Set<Int>(minimumCapacity: new.count)
    for id in new { table.insert(id) }
    var found = 0
    for id in old where table.contains(id) { found &+= 1 }
    return found
  }
}

@MainActor let snapshotFixture = SnapshotFixture()

// Single snapshot edits at 100,000 items in one section, against the same edit on a plain
// `[Int]` found by `firstIndex(of:)` (what a user writes without a snapshot). Each iteration
// edits and undoes, so the data stays the same from one iteration to the next.

/// A snapshot of 100,000 items and the same items as a plain array.
@MainActor
final class SnapshotEditFixture {
  static let count = 100_000
  var snapshot = ListSnapshot<Int, Int>()
  var plain = Array(0..<count)
  /// An item near the end: a lookup scans nearly the whole section.
  let anchor = count - 10

  init() {
    snapshot.appendSections([0])
    snapshot.appendItems(plain)
  }

  @inline(never)
  func snapshotInsert() -> Int {
    snapshot.insertItems([-1], afterItem: anchor)
    snapshot.deleteItems([-1])
    return snapshot.numberOfItems
  }

  @inline(never)
  func plainInsert() -> Int {
    plain.insert(-1, at: position(of: anchor, in: plain) + 1)
    plain.remove(at: position(of: -1, in: plain))
    return plain.count
  }

  @inline(never)
  func snapshotMove() -> Int {
    snapshot.moveItem(anchor, afterItem: 5)
    snapshot.moveItem(anchor, afterItem: anchor - 1)
    return snapshot.numberOfItems
  }

  @inline(never)
  func plainMove() -> Int {
    plain.remove(at: position(of: anchor, in: plain))
    plain.insert(anchor, at: position(of: 5, in: plain) + 1)
    plain.remove(at: position(of: anchor, in: plain))
    plain.insert(anchor, at: position(of: anchor - 1, in: plain) + 1)
    return plain.count
  }

  @inline(never)
  func snapshotDelete() -> Int {
    snapshot.deleteItems([anchor])
    snapshot.insertItems([anchor], beforeItem: anchor + 1)
    return snapshot.numberOfItems
  }

  @inline(never)
  func plainDelete() -> Int {
    plain.remove(at: position(of: anchor, in: plain))
    plain.insert(anchor, at: position(of: anchor + 1, in: plain))
    return plain.count
  }

  @inline(never)
  func snapshotReconfigure() -> Int {
    var marked = snapshot
    marked.reconfigureItems([anchor])
    return marked.reconfiguredItemIdentifiers.count
  }

  @inline(never)
  func plainFind() -> Int { position(of: anchor, in: plain) }

  /// Builds `count` items one after another by inserting after the last: each insert finds
  /// its anchor at the end of the section.
  @inline(never)
  static func snapshotBuild() -> Int {
    var built = ListSnapshot<Int, Int>()
    built.appendSections([0])
    built.appendItems([0])
    for item in 1..<count { built.insertItems([item], afterItem: item - 1) }
    return built.numberOfItems
  }

  @inline(never)
  static func plainBuild() -> Int {
    var built = [0]
    for item in 1..<count { built.insert(item, at: position(of: item - 1, in: built) + 1) }
    return built.count
  }
}

@MainActor let snapshotEditFixture = SnapshotEditFixture()

/// A thousand edits by identifier at a time in one section of `count` items, near its end (where
/// a linear search would look longest) and near its start: 2,000 items edited per call (each
/// edit undone), so a row's time over 2,000 is one edit's.
final class SnapshotEditsFixture {
  let count: Int
  var snapshot = ListSnapshot<Int, Int>()
  /// The items edited: the 1,000 before the last 10.
  let edited: [Int]

  init(count: Int) {
    self.count = count
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<count))
    edited = Array((count - 1_010)..<(count - 10))
  }

  /// 1,000 look-ups of an item's index path, twice over.
  @inline(never)
  func find() -> Int {
    var rows = 0
    for _ in 0..<2 {
      for item in edited { rows &+= snapshot.indexPath(of: item)?.row ?? 0 }
    }
    return rows
  }

  /// 1,000 inserts, each after an item, then their 1,000 deletes.
  @inline(never)
  func insertAfter() -> Int {
    for item in edited { snapshot.insertItems([-1 - item], afterItem: item) }
    for item in edited { snapshot.deleteItems([-1 - item]) }
    return snapshot.numberOfItems
  }

  /// 1,000 moves to near the start, then 1,000 moves back.
  @inline(never)
  func move() -> Int {
    for item in edited { snapshot.moveItem(item, afterItem: 5) }
    for item in edited.reversed() { snapshot.moveItem(item, afterItem: item - 1) }
    return snapshot.numberOfItems
  }

  /// 1,000 deletes, then 1,000 inserts that put the items back.
  @inline(never)
  func delete() -> Int {
    for item in edited { snapshot.deleteItems([item]) }
    for item in edited.reversed() { snapshot.insertItems([item], beforeItem: item + 1) }
    return snapshot.numberOfItems
  }

  /// Builds `count` items by appending each to the section.
  @inline(never)
  static func buildByAppending(_ count: Int) -> Int {
    var built = ListSnapshot<Int, Int>()
    built.appendSections([0])
    for item in 0..<count { built.appendItems([item]) }
    return built.numberOfItems
  }
}

@MainActor let snapshotEdits100k = SnapshotEditsFixture(count: 100_000)
@MainActor let snapshotEdits10k = SnapshotEditsFixture(count: 10_000)

/// Where `item` is in `array`, found as a user finds it without a snapshot.
@inline(__always)
func position(of item: Int, in array: [Int]) -> Int {
  guard let index = array.firstIndex(of: item) else {
    preconditionFailure("position(of:in:): \(item) is not in the array")
  }
  return index
}

let snapshotEditBenchmarks: @Sendable () -> Void = {
  let edits = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 3,
    maxDuration: .seconds(5), maxIterations: 200)
  let builds = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0,
    maxDuration: .seconds(20), maxIterations: 3)
  Benchmark.onMainActor("snapshot insert after item 100k", configuration: edits) {
    snapshotEditFixture.snapshotInsert()
  }
  Benchmark.onMainActor("array insert after item 100k", configuration: edits) {
    snapshotEditFixture.plainInsert()
  }
  Benchmark.onMainActor("snapshot move item 100k", configuration: edits) {
    snapshotEditFixture.snapshotMove()
  }
  Benchmark.onMainActor("array move item 100k", configuration: edits) {
    snapshotEditFixture.plainMove()
  }
  Benchmark.onMainActor("snapshot delete item 100k", configuration: edits) {
    snapshotEditFixture.snapshotDelete()
  }
  Benchmark.onMainActor("array delete item 100k", configuration: edits) {
    snapshotEditFixture.plainDelete()
  }
  Benchmark.onMainActor("snapshot reconfigure item 100k", configuration: edits) {
    snapshotEditFixture.snapshotReconfigure()
  }
  Benchmark.onMainActor("array find item 100k", configuration: edits) {
    snapshotEditFixture.plainFind()
  }
  Benchmark.onMainActor("snapshot build 100k by insert after", configuration: builds) {
    SnapshotEditFixture.snapshotBuild()
  }
  Benchmark.onMainActor("array build 100k by insert after", configuration: builds) {
    SnapshotEditFixture.plainBuild()
  }
  Benchmark.onMainActor("snapshot build 100k by append", configuration: builds) {
    SnapshotEditsFixture.buildByAppending(SnapshotEditFixture.count)
  }
  let thousands = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 3,
    maxDuration: .seconds(3), maxIterations: 300)
  for size in ["100k", "10k"] {
    @MainActor func fixture() -> SnapshotEditsFixture {
      size == "100k" ? snapshotEdits100k : snapshotEdits10k
    }
    Benchmark.onMainActor("snapshot 2000 finds \(size)", configuration: thousands) {
      fixture().find()
    }
    Benchmark.onMainActor(
      "snapshot 2000 inserts after and deletes \(size)", configuration: thousands
    ) {
      fixture().insertAfter()
    }
    Benchmark.onMainActor("snapshot 2000 moves \(size)", configuration: thousands) {
      fixture().move()
    }
    Benchmark.onMainActor(
      "snapshot 2000 deletes and inserts before \(size)", configuration: thousands
    ) {
      fixture().delete()
    }
  }
}

let snapshotBenchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 3,
    maxDuration: .seconds(10), maxIterations: 100)
  Benchmark.onMainActor("snapshot diff 100k 1%", configuration: configuration) {
    snapshotFixture.diff()
  }
  Benchmark.onMainActor("snapshot apply 100k 1% one host", configuration: configuration) {
    snapshotFixture.apply(snapshotFixture.oneHost)
  }
  Benchmark.onMainActor("snapshot apply 100k 1% four hosts", configuration: configuration) {
    snapshotFixture.apply(snapshotFixture.fourHosts)
  }
  Benchmark.onMainActor("snapshot diff 100k 10%", configuration: configuration) {
    snapshotFixture.floorDiff()
  }
  Benchmark.onMainActor("hash-table pass 100k", configuration: configuration) {
    snapshotFixture.hashPass()
  }
}
