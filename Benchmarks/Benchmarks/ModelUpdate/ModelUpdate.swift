import Benchmark
import BenchmarkSupport
import Foundation
import SwitchboardLists

// Diffing 100,000 identified items (10% deleted, 10% inserted, 2% moved): the batch update
// ModelListDataSource computes, against Swift's `difference(from:)` with moves inferred, on the
// same data.

let data = ModelUpdateData(count: 100_000)

@MainActor
final class ModelUpdateFixture {
  let source: ModelListDataSource
  let newSections: [ModelSection]

  init() {
    do {
      source = try ModelListDataSource(sections: [ModelSection(id: "items", items: data.old)])
    } catch {
      fatalError("ModelUpdate: \(error)")
    }
    newSections = [ModelSection(id: "items", items: data.new)]
  }

  @inline(never)
  func diff() -> Int {
    do {
      let update = try source.changes(to: newSections)
      return update.insertedRows.count + update.deletedRows.count + update.movedRows.count
    } catch {
      fatalError("ModelUpdate: \(error)")
    }
  }
}

@MainActor let fixture = ModelUpdateFixture()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .milliseconds,
    warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)

  Benchmark.onMainActor("ModelListDataSource changes") { fixture.diff() }
  Benchmark("CollectionDifference") { _ in
    let difference = data.new.difference(from: data.old).inferringMoves()
    blackHole(difference.insertions.count + difference.removals.count)
  }
}
