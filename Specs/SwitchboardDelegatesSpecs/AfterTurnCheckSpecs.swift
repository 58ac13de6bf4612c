import Foundation
import Testing

@testable import Switchboard

private typealias P = ModelDelegateProtocol

/// A model run loop that counts the jobs scheduled on it.
private final class CountingRunLoop: @unchecked Sendable {
  let runLoop = ModelRunLoop()
  private let lock = NSLock()
  private var scheduled = 0

  var jobs: Int { lock.withLock { scheduled } }

  /// Counts a job scheduled elsewhere.
  func count() { lock.withLock { scheduled += 1 } }

  @Sendable func schedule(_ work: @escaping @Sendable () -> Void) {
    count()
    runLoop.schedule(work)
  }
}

/// The proxies attached so far, from any thread.
private final class Attached: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [(parent: ModelParent, proxy: ModelDelegateProxy)] = []

  func append(_ parent: ModelParent, _ proxy: ModelDelegateProxy) {
    lock.withLock { list.append((parent, proxy)) }
  }

  var proxies: [ModelDelegateProxy] { lock.withLock { list.map(\.proxy) } }
}

/// A proxy attached to `parent` whose checks after the turn go to `queue`, as `attach` gives a
/// UIKit parent's proxy the main queue's (`ParentThread.main`).
private func attach(
  _ handlers: KeyValuePairs<HandlerRole, AnyObject>, answers: [DelegateAnswer] = [],
  to parent: ModelParent, checksGoTo queue: TurnQueue
) -> ModelDelegateProxy {
  ModelDelegateProxy.attach(
    to: parent, handlers: handlers, answers: answers, schedule: queue.schedule,
    checksQueue: queue)
}

@Suite("describe: the checks attach leaves for after the turn, gathered on the main queue's")
struct AfterTurnCheckSpecs {
  fileprivate let turns = CountingRunLoop()
  let queue: TurnQueue

  init() {
    let turns = turns
    queue = TurnQueue(gathersChecks: { true }, schedule: turns.schedule)
  }

  @Test(
    "it: the proxies a screen attaches in one turn leave one job, and each reports its own handler that nothing kept"
  )
  func oneJobPerTurn() {
    var kept: [DelegateHandler] = []
    let rows = (0..<100).map { row in
      let parent = ModelParent()
      let view = DelegateHandler([P.shouldReturn])
      if row.isMultiple(of: 2) { kept.append(view) }
      return (parent, attach([.view: view], to: parent, checksGoTo: queue))
    }
    #expect(turns.jobs == 1, "one job for the turn, not one per row")
    turns.runLoop.endTurn()
    #expect(turns.jobs == 1)
    for (row, (_, proxy)) in rows.enumerated() {
      #expect(proxy.errors.count == (row.isMultiple(of: 2) ? 0 : 1), "row \(row)")
    }
    #expect(rows[1].1.errors.first?.contains("view (DelegateHandler) was released") == true)
    withExtendedLifetime(kept) {}
  }

  @Test("it: a third handler held weakly that nothing kept is reported, as the first two are")
  func pastTheSecond() {
    let parent = ModelParent()
    let view = DelegateHandler([P.shouldReturn])
    let model = DelegateHandler([P.textDidChange])
    let proxy = attach(
      [.view: view, .viewModel: model, "analytics": DelegateHandler([P.didScroll])], to: parent,
      checksGoTo: queue)
    turns.runLoop.endTurn()
    #expect(proxy.errors.count == 1)
    #expect(proxy.errors.first?.contains("analytics (DelegateHandler) was released") == true)
    withExtendedLifetime((view, model)) {}
  }

  @Test("it: a proxy with no handler held weakly (a closure is held strongly) leaves no check")
  func nothingToCheck() {
    let parent = ModelParent()
    let proxy = attach(
      [:], answers: [.answer(named: P.shouldReturn) { (_: String) -> Bool in true }], to: parent,
      checksGoTo: queue)
    #expect(turns.jobs == 0)
    turns.runLoop.endTurn()
    #expect(proxy.errors.isEmpty)
  }

  @Test(
    "it: a check added while the turn's checks run (an error handler that attaches another proxy) waits for a job of its own"
  )
  func addedWhileRunning() {
    let first = ModelParent()
    let second = ModelParent()
    let attached = Attached()
    let proxy = attach([.view: DelegateHandler([P.shouldReturn])], to: first, checksGoTo: queue)
    let queue = queue
    proxy.routing.onError = { _ in
      attached.append(
        second, attach([.view: DelegateHandler([P.shouldReturn])], to: second, checksGoTo: queue))
    }
    turns.runLoop.endTurn()
    #expect(turns.jobs == 2, "the second proxy's check in a job after the first")
    #expect(attached.proxies.count == 1)
    #expect(attached.proxies.first?.errors.count == 1, "and it ran")
  }

  @Test("it: a proxy gone before the turn ends goes at once; its check finds nothing")
  func goneBeforeTheTurnEnds() {
    weak var goneProxy: ModelDelegateProxy?
    weak var goneRouting: DelegateRouting<Never>?
    do {
      let parent = ModelParent()
      let proxy = attach(
        [.view: DelegateHandler([P.shouldReturn])], to: parent, checksGoTo: queue)
      goneProxy = proxy
      goneRouting = proxy.routing
    }
    #expect(goneProxy == nil)
    #expect(goneRouting == nil, "the check waiting for the turn keeps no routing alive")
    turns.runLoop.endTurn()
    #expect(turns.jobs == 1)
  }

  @Test(
    "it: proxies attached on several threads during one turn of the main queue's share its one job, and each is checked once (real threads)"
  )
  func severalThreads() {
    let mainQueue = DispatchQueue(label: "the main queue's stand-in")
    let shared = TurnQueue(
      gathersChecks: { true },
      schedule: { work in
        turns.count()
        mainQueue.async(execute: work)
      })
    let attached = Attached()
    // The main thread is in its turn meanwhile: the handlers nothing keeps are gone by its end.
    mainQueue.suspend()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<50 {
        let parent = ModelParent()
        attached.append(
          parent, attach([.view: DelegateHandler([P.shouldReturn])], to: parent, checksGoTo: shared)
        )
      }
    }
    mainQueue.resume()
    mainQueue.sync {}
    let proxies = attached.proxies
    #expect(proxies.count == 200)
    #expect(turns.jobs == 1, "one job for the turn, from whichever thread came first")
    #expect(proxies.allSatisfy { $0.errors.count == 1 }, "each checked, and only once")
  }
}
