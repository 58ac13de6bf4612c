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
}
