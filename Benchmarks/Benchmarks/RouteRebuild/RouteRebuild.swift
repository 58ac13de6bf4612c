import Benchmark
import BenchmarkSupport
import Foundation
import Switchboard
import SwitchboardLists

// The cost of rebuilding every route after a handler change, for n handlers. Each change moves
// the last handler to the front, which rebuilds the routes of all 18 list messages and tells the
// observers. The report divides by messages × handlers: a constant marginal cost per pair means
// the rebuild grows linearly. Up to 1,024 handlers, so that the per-pair cost, not the fixed cost
// of a rebuild (a few microseconds), decides the marginal figures. The broadcast fixtures route
// didDeselectRow to every handler (each bystander implements it), the case that was quadratic.

let changes = 100

@MainActor
final class RebuildFixture {
  let handlers: [AnyObject]
  let proxy: ListProxy<ListView>

  init(handlerCount: Int, broadcast: Bool = false) {
    let screen = BenchScreen()
    let rows = BenchRows(rowCount: 10)
    handlers = [screen, rows] + (2..<max(2, handlerCount)).map { _ in BenchBystander() }
    proxy = ListProxy<ListView>(
      view: screen, viewModel: rows, rules: broadcast ? [.didDeselectRow: .broadcast] : [:])
    for handler in handlers.dropFirst(2) { proxy.router.add(handler) }
    precondition(proxy.router.handlerCount == handlerCount)
  }

  @inline(never)
  func rebuild() -> Int {
    for _ in 0..<changes {
      guard let last = handlers.last(where: { proxy.router.contains($0) }) else { break }
      proxy.router.move(last, to: 0)
    }
    return proxy.router.targets(for: .numberOfRows).count
  }
}

/// Adds 1,000 handlers one by one to a fresh proxy, each add rebuilding every route.
@MainActor
final class GrowthFixture {
  let bystanders = (0..<1_000).map { _ in BenchBystander() }
  let screen = BenchScreen()
  let rows = BenchRows(rowCount: 10)

  @inline(never)
  func addOneByOne(broadcast: Bool) -> Int {
    let proxy = ListProxy<ListView>(
      view: screen, viewModel: rows, rules: broadcast ? [.didDeselectRow: .broadcast] : [:])
    for bystander in bystanders { proxy.router.add(bystander) }
    return proxy.router.handlerCount
  }
}

@MainActor let growth = GrowthFixture()

@MainActor let fixtures = Dictionary(
  uniqueKeysWithValues: [2, 64, 256, 1024].map { ($0, RebuildFixture(handlerCount: $0)) })
@MainActor let broadcastFixtures = Dictionary(
  uniqueKeysWithValues: [2, 64, 256, 1024].map {
    ($0, RebuildFixture(handlerCount: $0, broadcast: true))
  })

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds,
    warmupIterations: 5, maxDuration: .seconds(2), maxIterations: 1_000)

  for count in [2, 64, 256, 1024] {
    Benchmark.onMainActor("rebuild \(count) handlers") {
      fixtures[count]?.rebuild() ?? 0
    }
    Benchmark.onMainActor("rebuild \(count) handlers broadcast") {
      broadcastFixtures[count]?.rebuild() ?? 0
    }
  }
  Benchmark.onMainActor("add 1000 handlers one by one") { growth.addOneByOne(broadcast: false) }
  Benchmark.onMainActor("add 1000 handlers one by one broadcast") {
    growth.addOneByOne(broadcast: true)
  }
}
