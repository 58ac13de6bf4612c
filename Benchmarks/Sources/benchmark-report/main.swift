// Reads package-benchmark's Influx CSV export and prints, per target, each ratio with its
// verdict. (The Influx export keeps raw values: nanoseconds, bytes, counts. The JMH export
// drops any benchmark slower than one iteration per second.)
//
//   swift run -c release benchmark-report <results.influx.csv>
//
// Every time ratio divides two benchmarks' fastest iterations (p0) measured in the same run. On
// a shared VM the neighbours' load adds to whichever benchmark runs through it: the same 100k
// diff measured in five processes one after another had medians of 9.8 to 16.2 ms and fastest
// iterations of 8.3 to 8.8 ms. The fastest iteration is the code's own cost; a median is that
// cost plus the load of its seconds, which differs between the two sides of a ratio. The
// report also says how many targets medians would miss; SmallListDiff's rows, whose target
// issue 70 sets by the median as well, check both. Given several exports (run.sh measures
// ProxyDispatch, RouteRebuild, ModelUpdate, SmallListDiff and ProxyAttach in three processes
// each), a benchmark's value is the median of its runs' values.
// Exit status 1 when a target fails or a benchmark is missing.

import Foundation

/// Fastest iterations (p0), medians (p50), 99th percentiles and maxima (p100) of one
/// benchmark's metrics, by metric name.
struct Measurement {
  var fastest: [String: Double] = [:]
  var median: [String: Double] = [:]
  var p99: [String: Double] = [:]
  var maximum: [String: Double] = [:]
}

/// Wall-clock time in nanoseconds.
let wallClock = "Time(wallclock)"
/// Heap allocations.
let mallocs = "Malloc(total)"
/// Peak resident memory in bytes.
let peakMemory = "Memory(residentpeak)"

/// Results by "<Target>/<benchmark name>".
func load(_ path: String) throws -> [String: Measurement] {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var results: [String: Measurement] = [:]
  var rows = 0
  // measurement,hostName,processoryType,processors,memory,kernelVersion,metric,unit,test,
  // percentile,value,...
  for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard fields.count >= 11, fields[0] != "measurement",
      let percentile = Double(fields[9]), let value = Double(fields[10])
    else { continue }
    let key = "\(fields[0])/\(fields[8])"
    rows += 1
    if percentile == 0 { results[key, default: Measurement()].fastest[fields[6]] = value }
    if percentile == 50 { results[key, default: Measurement()].median[fields[6]] = value }
    if percentile == 99 { results[key, default: Measurement()].p99[fields[6]] = value }
    if percentile == 100 { results[key, default: Measurement()].maximum[fields[6]] = value }
  }
  guard rows > 0 else { throw ReportError.unreadable(path) }
  return results
}

/// One set of results from several runs: a benchmark measured in more than one run (in separate
/// processes) gets the median of its runs' fastest iterations and of their medians, and the
/// largest of their 99th percentiles and of their maxima.
///
/// On a shared VM one benchmark process in a few can run a code path much slower than the
/// others (address placement); the median of three processes is not moved by one of them.
func combine(_ runs: [[String: Measurement]]) -> [String: Measurement] {
  var combined: [String: Measurement] = [:]
  func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  for name in Set(runs.flatMap(\.keys)) {
    let measurements = runs.compactMap { $0[name] }
    func merged(
      _ values: KeyPath<Measurement, [String: Double]>, _ pick: ([Double]) -> Double
    ) -> [String: Double] {
      let metrics = Set(measurements.flatMap { $0[keyPath: values].keys })
      return Dictionary(
        uniqueKeysWithValues: metrics.map { metric in
          (metric, pick(measurements.compactMap { $0[keyPath: values][metric] }))
        })
    }
    combined[name] = Measurement(
      fastest: merged(\.fastest, middle), median: merged(\.median, middle),
      p99: merged(\.p99) { $0.max() ?? 0 }, maximum: merged(\.maximum) { $0.max() ?? 0 })
  }
  return combined
}

enum ReportError: Error, CustomStringConvertible {
  case unreadable(String)
  case missing(String, metric: String)

  var description: String {
    switch self {
    case .unreadable(let path): "\(path) is not an Influx CSV export of package-benchmark."
    case .missing(let name, let metric):
      "No \(metric) result for '\(name)'; run every benchmark target before the report."
    }
  }
}

struct Report {
  /// Which iteration of a benchmark stands for its time.
  enum Statistic {
    /// The fastest (p0): what the report's verdicts use.
    case fastest
    /// The median (p50): counted for comparison.
    case median
  }

  let results: [String: Measurement]
  let statistic: Statistic
  var failures = 0
  var lines: [String] = []

  /// The benchmark's wall-clock time, by the report's statistic.
  func time(_ name: String) throws -> Double {
    let times = statistic == .fastest ? results[name]?.fastest : results[name]?.median
    guard let value = times?[wallClock] else {
      throw ReportError.missing(name, metric: wallClock)
    }
    return value
  }

  func median(_ name: String, _ metric: String) throws -> Double {
    guard let value = results[name]?.median[metric] else {
      throw ReportError.missing(name, metric: metric)
    }
    return value
  }

  /// The allocations of the 99th-percentile iteration.
  ///
  /// An allocation the measured code makes recurs in every iteration (each makes 10,000 calls).
  /// The benchmark process's other threads allocate now and then while an iteration runs, and
  /// the malloc counter counts every thread: hand-written glue that calls no Switchboard code
  /// showed 1 malloc in 1 of 3,927 iterations. So allocation checks read the 99th percentile,
  /// which one such stray in a hundred iterations does not move.
  func allocations(_ name: String) throws -> Double {
    guard let value = results[name]?.p99[mallocs] else {
      throw ReportError.missing(name, metric: mallocs + " p99")
    }
    return value
  }

  func maximum(_ name: String, _ metric: String) throws -> Double {
    guard let value = results[name]?.maximum[metric] else {
      throw ReportError.missing(name, metric: metric)
    }
    return value
  }

  enum Bound {
    case atMost(Double)
    case atLeast(Double)
    /// Above the first limit and at most the second.
    case between(Double, Double)
    case none

    func holds(for value: Double) -> Bool {
      switch self {
      case .atMost(let limit): value <= limit
      case .atLeast(let limit): value >= limit
      case .between(let low, let high): value > low && value <= high
      case .none: true
      }
    }

    var text: String {
      switch self {
      case .atMost(let limit): "target ≤ \(format(limit))x"
      case .atLeast(let limit): "target ≥ \(format(limit))x"
      case .between(_, let high): "target ≤ \(format(high))x"
      case .none: "reported"
      }
    }
  }

  mutating func ratio(
    _ target: String, _ what: String, _ value: Double, _ bound: Bound, detail: String
  ) {
    let passed = bound.holds(for: value)
    let verdict =
      switch bound {
      case .none: "info"
      default: passed ? "pass" : "FAIL"
      }
    row(target, what, passed, format(value) + "x", bound.text, verdict, detail)
  }

  /// The ratio of two dispatch benchmarks' times (10,000 calls an iteration), with the time
  /// of one call of each as the detail.
  mutating func perCallRatio(
    _ target: String, _ what: String, _ measured: String, over baseline: String, _ bound: Bound
  ) throws {
    let value = try time(measured)
    let base = try time(baseline)
    ratio(target, what, value / base, bound, detail: "\(perCall(value)) vs \(perCall(base))")
  }

  /// Checks that no iteration of 10,000 `calls` in any of `benchmarks` allocated.
  mutating func noAllocations(
    _ target: String, _ what: String, in benchmarks: [String], calls: String
  ) throws {
    let most = try benchmarks.map { try allocations($0) }.max() ?? 0
    check(
      target, what, passed: most == 0, value: format(most / 10_000), rule: "target 0",
      detail: "mallocs in the 99th-percentile iteration of 10,000 \(calls): \(format(most))")
  }

  /// A row that was not measured, and why; no verdict.
  mutating func note(_ target: String, _ what: String, _ why: String) {
    row(target, what, true, "-", "-", "skipped", why)
  }

  mutating func check(
    _ target: String, _ what: String, passed: Bool, value: String, rule: String, detail: String
  ) {
    row(target, what, passed, value, rule, passed ? "pass" : "FAIL", detail)
  }

  /// Appends one aligned line and counts a failure.
  mutating func row(
    _ target: String, _ what: String, _ passed: Bool, _ value: String, _ rule: String,
    _ verdict: String, _ detail: String
  ) {
    if !passed { failures += 1 }
    lines.append(
      "\(pad(target, 15)) \(pad(what, 36)) \(pad(value, 9)) \(pad(rule, 16)) \(verdict)  \(detail)")
  }
}

func format(_ value: Double) -> String {
  value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Nanoseconds per call for a dispatch benchmark (10,000 calls per iteration).
func perCall(_ nanoseconds: Double) -> String { "\(format(nanoseconds / 10_000)) ns" }

/// Checks every target, appending a line per check to `report`.
///
/// Only the targets whose benchmarks ran: one that did not (`bash Benchmarks/run.sh
/// ProxyDispatch` runs one) is listed as not run.
func evaluate(_ report: inout Report) throws {
  let targets: [(name: String, evaluate: (inout Report) throws -> Void)] = [
    ("ProxyDispatch", evaluateProxyDispatch), ("RouteRebuild", evaluateRouteRebuild),
    ("HeadlessScroll", evaluateHeadlessScroll), ("ModelUpdate", evaluateModelUpdate),
    ("SmallListDiff", evaluateSmallListDiff), ("ProxyAttach", evaluateProxyAttach),
  ]
  for target in targets {
    guard report.results.keys.contains(where: { $0.hasPrefix(target.name + "/") }) else {
      let how =
        target.name == "SmallListDiff"
        ? "SWITCHBOARD_DIFFERENCEKIT=<DifferenceKit checkout> bash Benchmarks/run.sh runs it"
        : "bash Benchmarks/run.sh runs it"
      report.note(target.name, "every target", "not run: \(how)")
      continue
    }
    try target.evaluate(&report)
  }
}

func run(_ paths: [String]) throws -> Int32 {
  let results = combine(try paths.map(load))
  var report = Report(results: results, statistic: .fastest)
  try evaluate(&report)
  var byMedians = Report(results: results, statistic: .median)
  try evaluate(&byMedians)
  print(report.lines.joined(separator: "\n"))
  print(
    "Times are each benchmark's fastest iteration; by median iterations, "
      + "\(byMedians.failures) target(s) would be missed"
      + (byMedians.failures == 0 ? "." : ":"))
  for line in byMedians.lines where line.contains(" FAIL ") { print("  by medians: \(line)") }
  print(report.failures == 0 ? "all targets met" : "\(report.failures) target(s) missed")
  return report.failures == 0 ? 0 : 1
}

let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
  print("usage: benchmark-report <results.influx.csv>...")
  exit(2)
}
do {
  exit(try run(paths))
} catch {
  print("benchmark-report: \(error)")
  exit(2)
}
