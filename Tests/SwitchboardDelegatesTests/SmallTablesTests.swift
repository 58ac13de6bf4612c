import Testing

@testable import Switchboard

/// The small tables a proxy keeps in place of dictionaries answer as a dictionary would, under
/// seeded random reads, writes and removals, past the sixteen entries a short table scans.
@Suite struct SmallTablesTests {
  /// A tiny linear congruential generator: these tests need repeatable keys, nothing more.
  struct Keys {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test("a short table reads, sets and removes as a dictionary does", arguments: [1, 7, 42])
  func shortTable(seed: UInt64) {
    var keys = Keys(state: seed)
    var table = ShortTable<String, Int>()
    var model: [String: Int] = [:]
    for step in 0..<3_000 {
      let key = "selector\(keys.next(40)):"
      switch keys.next(4) {
      case 0:
        table[key] = nil
        model[key] = nil
      case 1 where model[key] == nil:
        table.remember(step, for: key)
        model[key] = step
      default:
        table[key] = step
        model[key] = step
      }
      #expect(table[key] == model[key])
      #expect(table.isEmpty == model.isEmpty)
      #expect(table.count == model.count)
    }
    #expect(Set(table.keys) == Set(model.keys))
    #expect(Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value) }) == model)
  }

  @Test("a parent's registry keeps its proxies by property, the first in place")
  func attachedProxies() {
    final class Proxy {}
    var keys = Keys(state: 9)
    let registry = AttachedProxies<Proxy>()
    var model: [DelegatePropertyKey: Proxy] = [:]
    let properties = (0..<5).map { DelegatePropertyKey.objectiveC("property\($0)") }
    for _ in 0..<500 {
      let key = properties[keys.next(properties.count)]
      if keys.next(3) == 0 {
        registry[key] = nil
        model[key] = nil
      } else {
        let proxy = Proxy()
        registry[key] = proxy
        model[key] = proxy
      }
      for property in properties { #expect(registry[property] === model[property]) }
    }
  }
}
