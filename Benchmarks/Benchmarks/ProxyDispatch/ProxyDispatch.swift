import Benchmark
import BenchmarkSupport
import Foundation
@_spi(Benchmarks) import Switchboard
import SwitchboardLists

// Cached dispatch of one message (numberOfRows, which the view model implements and the view
// does not) through ListProxy, against the hand-written glue it replaces, held the same way.
// Each measured iteration makes `calls` calls: to glue through `any ListRowCounting`, and to a
// proxy through its router's `send`, as a host does (ListView's call site makes exactly this
// call when its data source is a ListProxy).

let calls = 10_000

/// Everything the dispatch benchmarks call, built once on the main actor.
@MainActor
final class DispatchFixture {
  let list = ListView()
  let screen = BenchScreen()
  let rows = BenchRows(rowCount: 7)
  let strongRows = BenchRows(rowCount: 7)
  /// Handlers that implement something else, to make 64 handlers in all.
  let bystanders = (0..<62).map { _ in BenchBystander() }

  lazy var weakGlue: any ListRowCounting = WeakGlue(screen: screen, rows: rows)
  lazy var strongGlue: any ListRowCounting = StrongGlue(rows: strongRows)
  lazy var strongVarGlue: any ListRowCounting = StrongVarGlue(rows: strongRows)
  lazy var weakProxy = ListProxy<ListView>(view: screen, viewModel: rows)
  lazy var strongProxy = ListProxy<ListView>(
    view: screen, viewModel: strongRows, viewModelRetention: .strong)
  lazy var proxy64: ListProxy<ListView> = {
    let proxy = ListProxy<ListView>(view: screen, viewModel: rows)
    for (offset, bystander) in bystanders.enumerated() {
      proxy.router.insert(bystander, at: 1 + offset)
    }
    precondition(proxy.router.handlerCount == 64)
    return proxy
  }()
  lazy var seed2: any ListRowCounting = SeedScanningProxy(handlers: [screen, rows])
  lazy var seed64: any ListRowCounting = SeedScanningProxy(
    handlers: [screen] + bystanders + [rows])
  lazy var router: PrioritizedProxy<ListMessage> = weakProxy.router
  lazy var strongRouter: PrioritizedProxy<ListMessage> = strongProxy.router
  /// Eight weakly held receivers of a broadcast notification, through the proxy and by hand.
  let receivers = (0..<8).map { _ in BenchBystander() }
  lazy var broadcastProxy: ListProxy<ListView> = {
    let proxy = ListProxy<ListView>(
      view: screen, viewModel: rows, rules: [.didDeselectRow: .broadcast])
    proxy.router.batch {
      for receiver in receivers { proxy.router.add(receiver) }
    }
    precondition(proxy.router.targets(for: .didDeselectRow).count == 8)
    return proxy
  }()
  lazy var broadcastGlue: any ListDidDeselectHandling<ListView> = BroadcastGlue(receivers)

  /// A notification (didDeselectRow) routed to one weakly held handler, sent three ways: as a
  /// plain message, as an observable event nobody observes, and as one a closure observes.
  let deselecting = BenchBystander()
  lazy var notifyProxy = ListProxy<ListView>(view: deselecting, viewModel: rows)
  lazy var observedProxy: ListProxy<ListView> = {
    let proxy = ListProxy<ListView>(view: deselecting, viewModel: rows)
    let counter = observed
    observation = proxy.observe(.didDeselectRow) { _ in counter.value &+= 1 }
    return proxy
  }()
  var observation: ObservationToken?
  let observed = Counter()

  /// The UIKit proxies' path, which runs on every platform: they send a list call to its
  /// handler through the handler's Switchboard capability (here one with a host type, as cell,
  /// height and display messages have) or else the platform's protocol, with the public
  /// `send(_:_:in:or:)`.
  lazy var routing = ListProxy<ListView>(view: screen, viewModel: rows)
  /// The one selector router's paths, as `DelegateProxy` runs them for the Objective-C runtime
  /// (the list proxies run the same router, without the lock): a selector one handler
  /// implements, and one whose handler is gone.
  lazy var delegateRouting = delegateRoutingPaths(
    handler: screen, implementing: "scrollViewDidZoom:")
  lazy var releasedDelegateRouting = delegateRoutingPaths(
    handler: nil, implementing: "textFieldShouldReturn:")
  /// A message of four arguments that returns a value and reaches `forwardInvocation:`, answered
  /// by a handler object's method, and by a closure (`DelegateProxy.answer`).
  lazy var methodHandlerRouting = delegateRoutingPaths(
    handler: screen, implementing: Self.fourArguments)
  lazy var closureHandlerRouting = delegateRoutingPaths(closureAnswering: Self.fourArguments)
  static let fourArguments = "mapView:shouldShowAnnotation:atScale:animated:"
  lazy var heightGlue: any ListRowHeightProviding<ListView> = WeakGlue(screen: screen, rows: rows)

  lazy var displayGlue: any ListWillDisplayObserving<ListView> = WeakGlue(
    screen: screen, rows: rows)
  let cell = ListCell(reuseIdentifier: "row")

  /// `calls` row heights through hand-written glue, as a table view asks its delegate.
  @inline(never)
  func measureHeights(_ glue: any ListRowHeightProviding<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    var total = 0.0
    for _ in 0..<calls { total += glue.heightForRow(at: path, in: list) }
    return Int(total)
  }

  /// The same as `TableViewProxy`'s `heightForRowAt` asks: the handler's capability, or else
  /// the platform's protocol.
  @inline(never)
  func measureHeights(_ routing: ListProxy<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    var total = 0.0
    for _ in 0..<calls {
      let height = routing.send(.heightForRow, path, in: list) {
        (_: any PlatformRowHeights) -> Double?? in nil
      }
      total += height ?? 0
    }
    return Int(total)
  }

  /// `calls` forwarding-target questions to a generic delegate proxy's routing, as the runtime
  /// asks before each message the proxy's class does not implement.
  @inline(never)
  func measureDelegateForwarding(_ routing: DelegateRoutingPaths) -> Int {
    var found = 0
    // The address stands for the selector's pointer, which an Apple platform's runtime passes.
    for _ in 0..<calls {
      if routing.forwardingTarget("scrollViewDidZoom:", 0x1000) != nil { found &+= 1 }
    }
    return found
  }

  /// `calls` messages whose handler is gone, through a generic delegate proxy's safety net (the
  /// Swift half of `forwardInvocation:`): the fallback answer, reported once.
  @inline(never)
  func measureDelegateSafetyNet(_ routing: DelegateRoutingPaths) -> Int {
    var answered = 0
    for _ in 0..<calls where routing.forwardValueMessage("textFieldShouldReturn:") {
      answered &+= 1
    }
    return answered
  }

  /// `calls` messages of four arguments through a generic delegate proxy's routing (the Swift
  /// half of `forwardInvocation:`), each answered by its handler: a method or a closure.
  @inline(never)
  func measureForwardedAnswers(_ routing: DelegateRoutingPaths) -> Int {
    var answered = 0
    for _ in 0..<calls where routing.forwardValueMessage(Self.fourArguments) { answered &+= 1 }
    return answered
  }

  /// Sends the four-argument message `calls` times on the direct path.
  ///
  /// Its arguments are where the runtime put them, its answer is stored in place, and every
  /// answer must be yes.
  @inline(never)
  func measureDirectAnswers(_ routing: DelegateRoutingPaths) -> Int {
    var answered = 0
    for _ in 0..<calls where routing.forwardDirectValueMessage(Self.fourArguments) {
      answered &+= 1
    }
    precondition(answered == calls, "a direct answer was not yes: \(answered) of \(calls)")
    return answered
  }

  /// Calls `numberOfRows` `calls` times on `source`.
  @inline(never)
  func measure(_ source: any ListRowCounting) -> Int {
    var total = 0
    for _ in 0..<calls { total &+= source.numberOfRows(inSection: 0) }
    return total
  }

  /// The same calls through a proxy, as a host makes them.
  @inline(never)
  func measure(_ proxy: ListProxy<ListView>) -> Int {
    var total = 0
    for _ in 0..<calls { total &+= proxy.send(.numberOfRows, 0, in: list) }
    return total
  }

  /// The same calls straight through the generic core's `send`, as any user protocol makes them.
  @inline(never)
  func measureGenericSend(_ router: PrioritizedProxy<ListMessage>) -> Int {
    var total = 0
    for _ in 0..<calls {
      total &+= router.send(.numberOfRows, as: (any ListRowCounting).self, default: 0) {
        $0.numberOfRows(inSection: 0)
      }
    }
    return total
  }

  /// `calls` broadcasts of `didDeselectRow` through hand-written glue.
  @inline(never)
  func measureBroadcast(_ source: any ListDidDeselectHandling<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    for _ in 0..<calls { source.didDeselectRow(at: path, in: list) }
    return receivers[0].deselected
  }

  /// `calls` notifications sent as a plain message, the way hosts sent them before events.
  @inline(never)
  func measurePlainNotify(_ proxy: ListProxy<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    for _ in 0..<calls {
      proxy.router.broadcast(.didDeselectRow, as: (any ListDidDeselectHandling<ListView>).self) {
        $0.didDeselectRow(at: path, in: list)
      }
    }
    return deselecting.deselected
  }

  /// `calls` notifications sent as an observable event, the way hosts send them now.
  @inline(never)
  func measureEventNotify(_ proxy: ListProxy<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    for _ in 0..<calls { proxy.send(.didDeselectRow, path, in: list) }
    return deselecting.deselected &+ observed.value
  }

  /// `calls` broadcasts of `didDeselectRow` through a proxy's router, as a host sends them.
  @inline(never)
  func measureBroadcast(_ proxy: ListProxy<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    for _ in 0..<calls {
      proxy.router.broadcast(.didDeselectRow, as: (any ListDidDeselectHandling<ListView>).self) {
        $0.didDeselectRow(at: path, in: list)
      }
    }
    return receivers[0].deselected
  }
}

extension DispatchFixture {
  /// `calls` will-display notifications through hand-written glue.
  @inline(never)
  func measureDisplays(_ glue: any ListWillDisplayObserving<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    for _ in 0..<calls { glue.willDisplay(cell, forRowAt: path, in: list) }
    return screen.displayed
  }

  /// The same as `TableViewProxy`'s `willDisplay` sends it: an observable event nobody
  /// observes, through the handler's capability or else the platform's protocol.
  @inline(never)
  func measureDisplays(_ routing: ListProxy<ListView>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    for _ in 0..<calls {
      routing.send(.willDisplayRow, (cell, path), in: list) { (_: any PlatformRowHeights) in }
    }
    return screen.displayed
  }
}

/// A yes-or-no question (canEditRow) answered by one handler, and by two under a rule that
/// combines their answers (`.allMustAllow`, both allowing, so both are asked), through the
/// generic core's `send`.
@MainActor
final class CombinedAnswerFixture {
  let first = BenchEditor()
  let second = BenchEditor()
  lazy var one: PrioritizedProxy<ListMessage> = {
    let router = PrioritizedProxy<ListMessage>()
    router.add(first)
    return router
  }()
  lazy var two: PrioritizedProxy<ListMessage> = {
    let router = PrioritizedProxy<ListMessage>(rules: [.canEditRow: .allMustAllow])
    router.add(first)
    router.add(second)
    precondition(router.targets(for: .canEditRow).count == 2)
    return router
  }()

  /// `calls` questions through `router`.
  @inline(never)
  func measure(_ router: PrioritizedProxy<ListMessage>) -> Int {
    let path = IndexPath(row: 0, section: 0)
    var allowed = 0
    for _ in 0..<calls {
      let answer = router.send(.canEditRow, as: (any ListRowEditability).self, default: false) {
        $0.canEditRow(at: path)
      }
      if answer { allowed &+= 1 }
    }
    return allowed &+ first.asked &+ second.asked
  }
}

/// Allows every edit, counting the questions.
@MainActor
final class BenchEditor: ListRowEditability {
  var asked = 0
  func canEditRow(at indexPath: IndexPath) -> Bool {
    asked &+= 1
    return true
  }
}

@MainActor let combined = CombinedAnswerFixture()

/// Stands for the platform's delegate protocol, which the benchmark's handlers do not adopt.
@MainActor protocol PlatformRowHeights: AnyObject {}

/// What an observer counts.
final class Counter {
  var value = 0
}

@MainActor let fixture = DispatchFixture()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds,
    warmupIterations: 20, maxDuration: .seconds(2), maxIterations: 5_000)

  Benchmark.onMainActor("answer one implementer") { combined.measure(combined.one) }
  Benchmark.onMainActor("answer all must allow 2") { combined.measure(combined.two) }
  Benchmark.onMainActor("weak glue") { fixture.measure(fixture.weakGlue) }
  Benchmark.onMainActor("weak ListProxy") { fixture.measure(fixture.weakProxy) }
  Benchmark.onMainActor("strong glue") { fixture.measure(fixture.strongGlue) }
  Benchmark.onMainActor("strong var glue") { fixture.measure(fixture.strongVarGlue) }
  Benchmark.onMainActor("strong ListProxy") { fixture.measure(fixture.strongProxy) }
  Benchmark.onMainActor("ListProxy 64 handlers") { fixture.measure(fixture.proxy64) }
  Benchmark.onMainActor("seed scan 2 handlers") { fixture.measure(fixture.seed2) }
  Benchmark.onMainActor("seed scan 64 handlers") { fixture.measure(fixture.seed64) }
  Benchmark.onMainActor("generic PrioritizedProxy send") {
    fixture.measureGenericSend(fixture.router)
  }
  Benchmark.onMainActor("generic send strong") { fixture.measureGenericSend(fixture.strongRouter) }
  Benchmark.onMainActor("broadcast 8 handlers") { fixture.measureBroadcast(fixture.broadcastProxy) }
  Benchmark.onMainActor("broadcast glue 8 handlers") {
    fixture.measureBroadcast(fixture.broadcastGlue)
  }
  Benchmark.onMainActor("notify plain") { fixture.measurePlainNotify(fixture.notifyProxy) }
  Benchmark.onMainActor("notify event no observer") {
    fixture.measureEventNotify(fixture.notifyProxy)
  }
  Benchmark.onMainActor("notify event 1 observer") {
    fixture.measureEventNotify(fixture.observedProxy)
  }
  Benchmark.onMainActor("heights glue") { fixture.measureHeights(fixture.heightGlue) }
  Benchmark.onMainActor("heights UIKit path") { fixture.measureHeights(fixture.routing) }
  Benchmark.onMainActor("displays glue") { fixture.measureDisplays(fixture.displayGlue) }
  Benchmark.onMainActor("displays UIKit path") { fixture.measureDisplays(fixture.routing) }
  Benchmark.onMainActor("delegate proxy forwarding target") {
    fixture.measureDelegateForwarding(fixture.delegateRouting)
  }
  Benchmark.onMainActor("delegate proxy safety net") {
    fixture.measureDelegateSafetyNet(fixture.releasedDelegateRouting)
  }
  Benchmark.onMainActor("delegate proxy method handler forwarded") {
    fixture.measureForwardedAnswers(fixture.methodHandlerRouting)
  }
  Benchmark.onMainActor("delegate proxy closure handler forwarded") {
    fixture.measureForwardedAnswers(fixture.closureHandlerRouting)
  }
  Benchmark.onMainActor("delegate proxy method handler direct") {
    fixture.measureDirectAnswers(fixture.methodHandlerRouting)
  }
  Benchmark.onMainActor("delegate proxy closure handler direct") {
    fixture.measureDirectAnswers(fixture.closureHandlerRouting)
  }
}
