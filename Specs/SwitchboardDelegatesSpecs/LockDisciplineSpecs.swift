import Foundation
import Testing

@testable import Switchboard

// Nothing is called while the proxy holds its lock: handlers, closures, observers, `onError` and
// the parent's properties each run after it is released, so one that waits for another thread
// touching the same proxy (`DispatchQueue.main.sync` while the main thread adds a handler) never
// waits for ever. Real threads and the real lock: each waiting party gives up after ten
// seconds, and a wait that ran out fails the spec (it did for every case here while the routing
// called out under its lock, but the unobserved single handler, a forwarding target).

private typealias P = ModelDelegateProtocol

/// A handler of the model's protocol that runs `body` with each message it receives.
private final class WaitingHandler: NSObjectLike, @unchecked Sendable {
  let selectors: Set<String>
  let answer: Any?
  let body: @Sendable () -> Void
  init(_ selectors: Set<String>, answer: Any? = nil, body: @escaping @Sendable () -> Void) {
    self.selectors = selectors
    self.answer = answer
    self.body = body
  }
  func perform(_ selector: String, _ arguments: [Any]) -> Any? {
    body()
    return answer
  }
}

/// Whether `change` ran on another thread, and returned, within a minute of being called from
/// the thread that waits: it cannot while the waiting thread holds the proxy's lock. (A minute,
/// not a second: under AddressSanitizer on two busy cores a thread can wait seconds to run.)
@Sendable private func anotherThreadCompletes(_ change: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    change()
    done.signal()
  }
  return done.wait(timeout: .now() + 60) == .success
}

/// What a waiting party found, read on the spec's thread.
final class LockOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Bool] = []
  func record(_ value: Bool) { lock.withLock { values.append(value) } }
  var all: [Bool] { lock.withLock { values } }
}

/// Rules that broadcast `selector`.
private func broadcasting(_ selector: String) -> RoutingRules<Never> {
  var rules = RoutingRules<Never>()
  rules[named: selector] = .broadcast
  return rules
}

@Suite("describe: nothing is called while the proxy holds its lock (real threads)")
struct LockDisciplineSpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()
  let outcome = LockOutcome()
  let queue = DispatchQueue(label: "the parent's queue (a location manager's thread)")

  func attach(_ handlers: KeyValuePairs<HandlerRole, AnyObject>) -> ModelDelegateProxy {
    ModelDelegateProxy.attach(to: parent, handlers: handlers, runLoop: runLoop)
  }

  /// Sends `selector` from the parent's queue, as a background parent does.
  func sendOnTheParentsQueue(_ selector: String, _ arguments: [Any]) async {
    let parent = parent
    nonisolated(unsafe) let arguments = arguments
    await run(on: queue) { _ = parent.send(selector, arguments) }
  }

  @Test(
    "it: a handler waiting for another thread to add a handler completes, with and without an observer",
    arguments: [false, true])
  func handlerWaitsForAnAdd(observed: Bool) async {
    let late = DelegateHandler([P.textDidChange])
    var proxy: ModelDelegateProxy?
    let outcome = outcome
    nonisolated(unsafe) var box: ModelDelegateProxy?
    let handler = WaitingHandler([P.didUpdateLocations]) {
      outcome.record(anotherThreadCompletes { box?.routing.add(late, role: "late") })
    }
    proxy = attach([.view: handler])
    box = proxy
    let token =
      observed ? proxy?.observe(named: P.didUpdateLocations, isolation: nil) { _ in } : nil
    runLoop.endTurn()
    await sendOnTheParentsQueue(P.didUpdateLocations, ["manager" as NSString, NSNumber(value: 1)])
    #expect(outcome.all == [true])
    #expect(proxy?.routing.handler(withRole: "late") === late)
    token?.cancel()
    withExtendedLifetime(late) {}
  }

  @Test("it: a handler of a broadcast waiting for another thread to remove a handler completes")
  func broadcastWaitsForARemoval() async {
    let other = DelegateHandler([P.didUpdateLocations])
    let outcome = outcome
    nonisolated(unsafe) var box: ModelDelegateProxy?
    let handler = WaitingHandler([P.didUpdateLocations]) {
      outcome.record(anotherThreadCompletes { _ = box?.routing.remove(other) })
    }
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: handler, .viewModel: other],
      rules: broadcasting(P.didUpdateLocations), runLoop: runLoop)
    box = proxy
    runLoop.endTurn()
    await sendOnTheParentsQueue(P.didUpdateLocations, ["manager" as NSString, NSNumber(value: 1)])
    #expect(outcome.all == [true])
    #expect(other.received == [P.didUpdateLocations], "this message was planned with it")
    withExtendedLifetime(proxy) {}
  }

  @Test("it: an observer waiting for another thread to cancel an observation completes")
  func observerWaitsForACancel() async {
    let proxy = attach([.view: DelegateHandler([])])
    let outcome = outcome
    let other = proxy.observe(named: P.didUpdateLocations, isolation: nil) { _ in }
    nonisolated(unsafe) let cancelled = other
    let token = proxy.observe(named: P.didUpdateLocations, beforeHandler: true, isolation: nil) {
      _ in outcome.record(anotherThreadCompletes { cancelled.cancel() })
    }
    runLoop.endTurn()
    await sendOnTheParentsQueue(P.didUpdateLocations, ["manager" as NSString, NSNumber(value: 1)])
    #expect(outcome.all == [true])
    token.cancel()
  }

  @Test("it: a closure answering a value, waiting for another thread to add a handler, completes")
  func closureWaitsForAnAdd() async {
    let proxy = attach([:])
    let outcome = outcome
    let late = DelegateHandler([P.textDidChange])
    let box = proxy
    let token = proxy.answer(named: P.shouldReturn, isolation: nil) { (_: String) -> Bool in
      outcome.record(anotherThreadCompletes { box.routing.add(late, role: "late") })
      return true
    }
    runLoop.endTurn()
    let parent = parent
    let answer = await run(on: queue) {
      parent.send(P.shouldReturn, ["field" as NSString]) as? Bool
    }
    #expect(answer == true)
    #expect(outcome.all == [true])
    token.cancel()
    withExtendedLifetime(late) {}
  }

  @Test("it: onError, waiting for another thread to read the proxy's errors, completes")
  func onErrorWaitsForARead() async {
    let proxy = attach([.view: DelegateHandler([])])
    let outcome = outcome
    // Weakly: the proxy keeps its onError.
    proxy.routing.onError = { [weak proxy] _ in
      let routing = proxy?.routing
      outcome.record(anotherThreadCompletes { _ = routing?.errors })
    }
    // A rule keyed by a selector nobody declares: a setup mistake, reported.
    proxy.routing.rules = broadcasting("noSuchMethod:")
    #expect(outcome.all.first == true)
  }

  @Test(
    "it: the parent's delegate setter, waiting for another thread to read the handlers, completes")
  func setterWaitsForARead() {
    let outcome = outcome
    nonisolated(unsafe) var box: ModelDelegateProxy?
    let parent = parent
    let routing = DelegateRouting(
      handlers: [], rules: [:], fallbacks: [:], runtime: ModelDelegateRuntime(),
      schedule: runLoop.schedule)
    let proxy = ModelDelegateProxy(routing: routing, keepingDefaultOnError: false)
    box = proxy
    routing.attach(
      to: [
        DelegateProperty(
          get: { [weak parent] in parent?.delegate },
          set: { [weak parent] object in
            outcome.record(anotherThreadCompletes { _ = box?.routing.handlers })
            parent?.delegate = object
          })
      ], as: proxy, keepingInstalled: true, replacing: nil)
    routing.add(DelegateHandler([P.shouldReturn]), role: "late", retention: .strong)
    runLoop.endTurn()
    routing.detach()
    #expect(
      outcome.all == [true, true, true, true], "attach, the re-ask (nil, then the proxy), detach")
  }

  @Test(
    "context: a proxy whose messages are answered on the main thread (a list proxy's) — a token cancelled on another thread takes effect on the main thread"
  )
  func mainThreadChangesFromElsewhere() async {
    let routing = DelegateRouting(
      handlers: [], rules: [:], fallbacks: [:], runtime: ModelDelegateRuntime(),
      schedule: runLoop.schedule
    ) { $0.deliversOnMainThread = true }
    let token = routing.answer(
      P.shouldReturn, role: "return key", at: nil, retention: .weak, isolation: nil
    ) { (_: String) -> Bool in true }
    let handed = RuntimeHandOver(token)
    // The main queue is held while the token is cancelled: the change waits behind it (the
    // queue runs in order), so it cannot be made beside a message the main thread answers.
    let gate = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { _ = gate.wait(timeout: .now() + 30) }
    let stillThere = await run(on: DispatchQueue(label: "a background queue")) { () -> Bool in
      handed.value.cancel()
      return routing.handler(withRole: "return key") != nil
    }
    gate.signal()
    #expect(stillThere, "not changed beside the main thread's messages")
    await mainQueueDrained()
    #expect(routing.handler(withRole: "return key") == nil, "changed on the main thread")
  }

  @Test("it: a slow handler on one thread does not hold up another thread's message to the proxy")
  func slowHandlerDoesNotStallOthers() async {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let outcome = outcome
    // The timeouts only end the test if the proxy deadlocks; a loaded machine (CI runs the
    // specs under AddressSanitizer on two cores) can take seconds to schedule a thread.
    let slow = WaitingHandler([P.didUpdateLocations]) {
      started.signal()
      _ = release.wait(timeout: .now() + 60)
      outcome.record(true)
    }
    let screen = DelegateHandler([P.textDidChange])
    let proxy = attach([.view: slow, .viewModel: screen])
    // Observed, so both go through the routing, not straight to their handlers.
    let tokens = [
      proxy.observe(named: P.didUpdateLocations, isolation: nil) { _ in },
      proxy.observe(named: P.textDidChange, isolation: nil) { _ in },
    ]
    runLoop.endTurn()
    let parent = parent
    // On a queue of its own: the slow handler never blocks one of Swift's cooperative threads.
    async let slowMessage: Void = run(on: DispatchQueue(label: "the slow parent's queue")) {
      _ = parent.send(P.didUpdateLocations, ["manager" as NSString, NSNumber(value: 1)])
    }
    // Sent while the slow handler runs (it waits until released).
    _ = await run(on: DispatchQueue(label: "waiting for the slow handler")) {
      started.wait(timeout: .now() + 60)
    }
    let slowStillRunning = await run(on: DispatchQueue(label: "another thread")) { () -> Bool in
      parent.send(P.textDidChange, ["bar" as NSString, "a" as NSString])
      return outcome.all.isEmpty
    }
    #expect(slowStillRunning, "delivered while the slow handler still ran")
    #expect(screen.received == [P.textDidChange])
    release.signal()
    await slowMessage
    for token in tokens { token.cancel() }
  }
}
