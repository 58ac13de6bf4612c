import Foundation
import Testing

@testable import Switchboard

// Re-asking the parent after its answers change, from every kind of thread a parent calls its
// delegate on, with the proxy's real scheduling (`afterThisTurn`) on real threads, dispatch
// queues, run loops and Swift's cooperative pool: a run loop that is not running never turns,
// so work left on one is lost (checked here: `RunLoop.current.perform` on a dispatch queue
// never runs).

private typealias P = ModelDelegateProtocol

/// Waits until `condition` holds, for at most thirty seconds (the main queue may be busy with
/// other suites' main-actor tests for seconds); whether it did.
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
  for _ in 0..<3000 {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 10_000_000)
  }
  return condition()
}

/// Returns once the work the main queue held when it was called has run.
func mainQueueDrained() async {
  await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
}

@Suite("Re-asking the parent, from threads with and without a running run loop")
struct RecheckThreadSpecs {
  let parent = ModelParent()
  let handler = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])

  /// Attaches a proxy to the parent on `queue`, as a parent made and used there is: the
  /// re-check its attach schedules runs on that thread's terms too.
  func attach(on queue: DispatchQueue) async -> ModelDelegateProxy {
    let parent = parent
    return await run(on: queue) {
      ModelDelegateProxy.attach(to: parent, handlers: [:], schedule: afterThisTurn)
    }
  }

  @Test("it: a change on a dispatch queue, whose thread runs no run loop, reaches the parent")
  func dispatchQueue() async {
    let queue = DispatchQueue(label: "the parent's queue")
    let proxy = await attach(on: queue)
    let (handler, parent) = (handler, parent)
    await run(on: queue) {
      proxy.routing.add(handler, role: "late", retention: .weak)
    }
    #expect(await eventually { parent.cachedAnswer(P.shouldReturn) })
    withExtendedLifetime(handler) {}
  }

  @Test("it: a re-check is never lost: a second change on such a queue is told too")
  func neverLost() async {
    let queue = DispatchQueue(label: "a private queue")
    let proxy = await attach(on: queue)
    let (handler, parent) = (handler, parent)
    await run(on: queue) { proxy.routing.add(handler, role: "late", retention: .weak) }
    #expect(await eventually { parent.cachedAnswer(P.shouldReturn) })
    await run(on: queue) { _ = proxy.routing.remove(handler) }
    #expect(await eventually { !parent.cachedAnswer(P.shouldReturn) })
    await run(on: queue) { proxy.routing.add(handler, role: "again", retention: .weak) }
    #expect(await eventually { parent.cachedAnswer(P.shouldReturn) })
  }

  @Test("it: a change in a task on Swift's cooperative pool reaches the parent")
  func cooperativePool() async {
    let parent = parent
    let proxy = await Task.detached {
      ModelDelegateProxy.attach(to: parent, handlers: [:], schedule: afterThisTurn)
    }.value
    let handler = handler
    await Task.detached { proxy.routing.add(handler, role: "late", retention: .weak) }.value
    #expect(await eventually { parent.cachedAnswer(P.shouldReturn) })
  }

  @Test("it: on a thread whose run loop runs, the parent is asked on that thread, after the turn")
  func runningRunLoop() async {
    let (handler, parent) = (handler, parent)
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var duringTurn: Bool?
    }
    let seen = Seen()
    let thread = Thread {
      let proxy = ModelDelegateProxy.attach(to: parent, handlers: [:], schedule: afterThisTurn)
      RunLoop.current.perform {
        proxy.routing.add(handler, role: "late", retention: .weak)
        seen.lock.withLock { seen.duringTurn = parent.cachedAnswer(P.shouldReturn) }
      }
      // Turns until the parent was asked (at most 30 s), not for a fixed second a busy machine
      // may not give the thread.
      let deadline = Date().addingTimeInterval(30)
      while !parent.cachedAnswer(P.shouldReturn), Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.05))
      }
    }
    thread.start()
    #expect(await eventually { parent.cachedAnswer(P.shouldReturn) })
    #expect(seen.lock.withLock { seen.duringTurn } == false, "not inside the turn that changed it")
  }

  @MainActor
  @Test("it: on the main thread, the parent is asked after the turn, not inside it")
  func mainThread() async {
    let proxy = ModelDelegateProxy.attach(to: parent, handlers: [:], schedule: afterThisTurn)
    await Task.yield()
    proxy.routing.add(handler, role: "late", retention: .weak)
    #expect(!parent.cachedAnswer(P.shouldReturn), "not inside the turn")
    // The main queue runs its work in order: once work queued now has run, so has the re-ask,
    // however long other tests keep the main actor busy (no time limit to miss).
    await mainQueueDrained()
    #expect(parent.cachedAnswer(P.shouldReturn))
  }
}
