import Benchmark
import BenchmarkSupport
import Foundation
@_spi(Benchmarks) import Switchboard

// What a delegate proxy costs to attach and to keep, for a list whose every row's text field
// gets one: n text fields, each given a proxy over two handlers (the row's view, and the
// screen's analytics, with a broadcast rule for textFieldDidEndEditing:), asked whether it
// implements textFieldDidEndEditing: and sent it once (the first message); the turn ends, and
// every proxy is detached. Against a hand-written delegate in the same run: allocated, assigned,
// sent the same message (it calls both handlers), and unassigned. The parents and handlers
// stand for Objective-C objects made before the list, and have their side tables from the start
// (`makeSideTable(of:)`): the runtime keeps an Objective-C object's weak references apart from
// the memory the proxies use.
//
// This is the Swift half, the engine DelegateProxy attaches with (delegateAttachPaths says
// what it runs). What it leaves out, all Objective-C runtime work: the adopting class and the
// first message's method (measured on the GNU runtime by Benchmarks/objc-attach-cost.sh), the
// protocol walk (class_copyProtocolList, protocol_copyMethodDescriptionList: the declarations
// are built from the same type encodings without it), the key path's Objective-C name, the
// associated object (a property of the parent here) and the parent's class bundles.
//
// Memory: the resident memory (/proc/self/statm) and the malloc'd bytes (mallinfo2) that n
// live proxies add to the same n parents and handlers, per proxy: package-benchmark's
// peakMemoryResident is sampled by a thread every few milliseconds and counts the whole
// process, while a difference read on either side of the attach counts the proxies alone.
// Freed pages are given back first (malloc_trim), so the proxies' own show as resident.

/// n text fields with their rows' views, and the screen's analytics.
@MainActor
final class AttachFixture {
  let parents: [AttachParent]
  let views: [AttachHandler]
  let analytics = AttachHandler.analytics()
  let paths = delegateAttachPaths(
    delegate: \AttachParent.delegate, proxies: \AttachParent.owned,
    implements: { selector, handler in
      AttachHandler.reading(handler) { $0.methods.contains(selector) } == true
    },
    methods: { handler in AttachHandler.reading(handler) { $0.methodList } ?? [] },
    deliver: { handler in AttachHandler.reading(handler) { $0.textFieldDidEndEditing() } })
  /// The proxies attached, to detach them.
  var proxies: [AnyObject] = []

  init(count: Int) {
    parents = (0..<count).map { _ in AttachParent() }
    views = (0..<count).map { _ in AttachHandler.view() }
    proxies.reserveCapacity(count)
  }

  /// Attaches a proxy to every text field, as a list's rows appear in one turn, and sends
  /// each its first message; then the turn ends.
  func attachAll() {
    for (parent, view) in zip(parents, views) {
      let proxy = paths.attach(parent, view, analytics)
      paths.firstMessage(proxy)
      proxies.append(proxy)
    }
    paths.endTurn()
  }

  /// Every text field asks its proxy whether it implements each method of the protocol.
  func askAll() {
    for proxy in proxies { paths.asked(proxy) }
  }

  /// Detaches every proxy; each parent lets go of what it kept them in.
  func detachAll() {
    for (proxy, parent) in zip(proxies, parents) {
      paths.detach(proxy)
      parent.owned = nil
    }
    proxies.removeAll(keepingCapacity: true)
  }

  /// Gives every text field a hand-written delegate and sends it the same first message.
  func assignAll() {
    for (parent, view) in zip(parents, views) {
      let glue = EditingGlue(view: view, analytics: analytics)
      parent.owned = glue
      parent.typedDelegate = glue
      parent.endEditing()
    }
  }

  func unassignAll() {
    for parent in parents {
      parent.typedDelegate = nil
      parent.owned = nil
    }
  }

  /// Runs both once and checks that every first message reached both handlers.
  func check() {
    attachAll()
    detachAll()
    assignAll()
    unassignAll()
    precondition(
      views.allSatisfy { $0.ended == 2 } && analytics.ended == 2 * views.count,
      "ProxyAttach: a first message did not reach both handlers")
  }
}

let attachSizes = [1_000, 10_000]

@MainActor var attachFixtures: [Int: AttachFixture] = [:]

@MainActor func attachFixture(_ count: Int) -> AttachFixture {
  if let fixture = attachFixtures[count] { return fixture }
  let fixture = AttachFixture(count: count)
  fixture.check()
  attachFixtures[count] = fixture
  return fixture
}

/// Bytes per live proxy (or hand-written delegate), as custom metrics.
let residentPerObject = BenchmarkMetric.custom("resident bytes per object", useScalingFactor: false)
let heapPerObject = BenchmarkMetric.custom("heap bytes per object", useScalingFactor: false)
/// The same once the parent asked about every method of the protocol (a UIKit view that caches
/// its delegate's answers asks when given one): what each remembered answer adds.
let heapPerAskedObject = BenchmarkMetric.custom(
  "heap bytes per object asked about every method", useScalingFactor: false)

/// Registers a benchmark that measures the memory `attach` adds to the fixture of `count`
/// parents, per object, until `detach` takes it away; and, given `ask`, the memory once it ran.
func memoryBenchmark(
  _ name: String, count: Int, attach: @escaping @MainActor (AttachFixture) -> Void,
  ask: (@MainActor (AttachFixture) -> Void)? = nil,
  detach: @escaping @MainActor (AttachFixture) -> Void
) {
  let configuration = Benchmark.Configuration(
    metrics: [residentPerObject, heapPerObject] + (ask == nil ? [] : [heapPerAskedObject]),
    warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)
  Benchmark(name, configuration: configuration) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let fixture = attachFixture(count)
      returnFreePages()
      let resident = residentBytes()
      let heap = heapBytesInUse()
      attach(fixture)
      let residentGrowth = residentBytes() - resident
      let heapGrowth = heapBytesInUse() - heap
      if let ask {
        ask(fixture)
        benchmark.measurement(heapPerAskedObject, (heapBytesInUse() - heap) / count)
      }
      detach(fixture)
      // The resident set can shrink meanwhile (pages of earlier iterations given back), and a
      // negative measurement is dropped: no growth reads as none.
      benchmark.measurement(residentPerObject, max(0, residentGrowth) / count)
      benchmark.measurement(heapPerObject, heapGrowth / count)
    }
  }
}

let benchmarks: @Sendable () -> Void = {
  let timed = Benchmark.Configuration(
    metrics: [.wallClock], warmupIterations: 2, maxDuration: .seconds(4), maxIterations: 200)
  for count in attachSizes {
    Benchmark.onMainActor("attach cycle \(count) proxies", configuration: timed) {
      let fixture = attachFixture(count)
      fixture.attachAll()
      fixture.detachAll()
      return fixture.parents.count
    }
    Benchmark.onMainActor("hand-written cycle \(count) delegates", configuration: timed) {
      let fixture = attachFixture(count)
      fixture.assignAll()
      fixture.unassignAll()
      return fixture.parents.count
    }
    memoryBenchmark(
      "memory \(count) proxies", count: count, attach: { $0.attachAll() },
      ask: { $0.askAll() }, detach: { $0.detachAll() })
    memoryBenchmark(
      "memory \(count) hand-written delegates", count: count, attach: { $0.assignAll() },
      detach: { $0.unassignAll() })
  }
}
