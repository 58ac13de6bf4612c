import Foundation
import SwitchboardLists

/// An identified item for the model-update benchmark.
public struct BenchItem: CellModel, Hashable, Sendable {
  public typealias Cell = BenchItemCell
  public let id: Int
  public let label: String
}

/// The cell that shows a ``BenchItem``.
public final class BenchItemCell: ListCell, ConfigurableCell {
  public func configure(with model: BenchItem) { text = model.label }
}

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
