import Benchmark

extension Benchmark {
  /// Registers a benchmark whose measured work runs on the main actor.
  ///
  /// package-benchmark calls benchmarks from a task off the main thread, and Switchboard's types
  /// are main-actor isolated (Swift checks that at run time too). So each iteration hops to the
  /// main actor first and measures only `body`: the hop is outside the measurement.
  ///
  /// - Returns: The benchmark, or `nil` when the filter skips it.
  @discardableResult
  public static func onMainActor(
    _ name: String, configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    _ body: @escaping @MainActor @Sendable () -> Int
  ) -> Benchmark? {
    Benchmark(name, configuration: configuration) { benchmark async in
      nonisolated(unsafe) let benchmark = benchmark
      await MainActor.run {
        benchmark.startMeasurement()
        blackHole(body())
        benchmark.stopMeasurement()
      }
    }
  }
}
