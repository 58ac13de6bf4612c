import Foundation
import SwitchboardLists

/// An identified item for the model-update benchmark.
public struct BenchItem: CellModel, Hashable, Sendable {
  public let id: Int
  public let label: String
  public func configure(_ cell: BenchItemCell) { cell.text = label }
}

/// The cell that shows a ``BenchItem``.
public final class BenchItemCell: ListCell {}

/// SplitMix64, so every run diffs the same data.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// An old and a new list of `count` identified items: 10% of the old ones deleted, 10% new ones
/// inserted at random places, and 2% moved.
public struct ModelUpdateData: Sendable {
  public let old: [BenchItem]
  public let new: [BenchItem]

  public init(count: Int, seed: UInt64 = 42) {
    var random = SplitMix64(seed: seed)
    let old = (0..<count).map { BenchItem(id: $0, label: "item \($0)") }
    var new = old
    for _ in 0..<(count / 10) { new.remove(at: Int.random(in: 0..<new.count, using: &random)) }
    for _ in 0..<(count / 50) {
      let item = new.remove(at: Int.random(in: 0..<new.count, using: &random))
      new.insert(item, at: Int.random(in: 0...new.count, using: &random))
    }
    for id in count..<(count + count / 10) {
      new.insert(
        BenchItem(id: id, label: "item \(id)"), at: Int.random(in: 0...new.count, using: &random))
    }
    self.old = old
    self.new = new
  }
}

extension ModelUpdateData {
  /// The workloads of the diff benchmarks, each the same on every run.
  public enum Workload: String, CaseIterable, Sendable {
    /// 100,000 items: 10% deleted, 10% inserted, 2% moved.
    case scattered100k = "scattered 100k"
    /// The same, and 1,000 of the kept items changed.
    case scatteredChanged100k = "scattered changed 100k"
    /// 5,000 items: a random block of 20% deleted, a random block of 20% inserted, and 200
    /// items at random places permuted among themselves (scattered moves).
    case blocks5k = "blocks and scattered moves 5k"
    /// The same at 100,000 items, with 4,000 scattered.
    case blocks100k = "blocks and scattered moves 100k"
    /// DifferenceKit's own benchmark shape: 5,000 items, 2,000..<3,000 deleted, 1,000 new
    /// inserted at 3,000..<4,000, and the first 200 shuffled.
    case differenceKit5k = "DifferenceKit shape 5k"
    /// The same shape at 100,000 items: 10% deleted, 10% inserted, the first 2,000 shuffled.
    case differenceKit100k = "DifferenceKit shape 100k"
  }

  /// The data of `workload`.
  public init(_ workload: Workload) {
    switch workload {
    case .scattered100k: self.init(count: 100_000)
    case .scatteredChanged100k:
      let base = ModelUpdateData(count: 100_000)
      var random = SplitMix64(seed: 7)
      var new = base.new
      for _ in 0..<1_000 {
        let index = Int.random(in: 0..<new.count, using: &random)
        if new[index].id < 100_000 {
          new[index] = BenchItem(id: new[index].id, label: new[index].label + " changed")
        }
      }
      self.init(old: base.old, new: new)
    case .blocks5k: self.init(blocksOf: 5_000, shuffled: 200)
    case .blocks100k: self.init(blocksOf: 100_000, shuffled: 4_000)
    case .differenceKit5k:
      self.init(count: 5_000, deleting: 2_000..<3_000, insertingAt: 3_000..<4_000, shuffled: 200)
    case .differenceKit100k:
      self.init(
        count: 100_000, deleting: 40_000..<50_000, insertingAt: 50_000..<60_000, shuffled: 2_000)
    }
  }

  /// `count` items; `deleted` (old positions) removed, as many new items as `inserted` has
  /// placed there (new positions), and the first `shuffled` items permuted among themselves.
  init(
    count: Int, deleting deleted: Range<Int>, insertingAt inserted: Range<Int>, shuffled: Int,
    seed: UInt64 = 42
  ) {
    var random = SplitMix64(seed: seed)
    let old = (0..<count).map { BenchItem(id: $0, label: "item \($0)") }
    var new = old
    new.removeSubrange(deleted)
    new.insert(
      contentsOf: (count..<(count + inserted.count)).map { BenchItem(id: $0, label: "item \($0)") },
      at: inserted.lowerBound)
    new[0..<shuffled].shuffle(using: &random)
    self.init(old: old, new: new)
  }

  init(old: [BenchItem], new: [BenchItem]) {
    self.old = old
    self.new = new
  }

  /// `count` items; a contiguous fifth deleted, a contiguous fifth of new ones inserted, and
  /// `shuffled` items at random places permuted among themselves.
  init(blocksOf count: Int, shuffled: Int, seed: UInt64 = 42) {
    var random = SplitMix64(seed: seed)
    let old = (0..<count).map { BenchItem(id: $0, label: "item \($0)") }
    var new = old
    let block = count / 5
    let deleteAt = Int.random(in: 0...(new.count - block), using: &random)
    new.removeSubrange(deleteAt..<(deleteAt + block))
    let insertAt = Int.random(in: 0...new.count, using: &random)
    new.insert(
      contentsOf: (count..<(count + block)).map { BenchItem(id: $0, label: "item \($0)") },
      at: insertAt)
    var places = Array(new.indices)
    places.shuffle(using: &random)
    let chosen = Array(places.prefix(shuffled))
    var permuted = chosen
    permuted.shuffle(using: &random)
    let items = chosen.map { new[$0] }
    for (place, item) in zip(permuted, items) { new[place] = item }
    self.init(old: old, new: new)
  }
}
