import Foundation
import Testing

@testable import Switchboard

private typealias P = ModelDelegateProtocol

/// A web view's navigation delegate that decides with `decision`, after `body` ran.
private final class Navigator: NSObjectLike, @unchecked Sendable {
  let selectors: Set<String> = [P.navigationAction]
  let decision: String
  let body: @Sendable () -> Void
  init(decision: String, body: @escaping @Sendable () -> Void = {}) {
    self.decision = decision
    self.body = body
  }
  func perform(_ selector: String, _ arguments: [Any]) -> Any? {
    body()
    (arguments.lazy.compactMap { $0 as? ModelCompletion }.first)?.call(decision)
    return nil
  }
}

@Suite("describe: every completion handler is called exactly once")
struct CompletionHandlerSpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()

  @Test("it: with its handler gone, the default the SDK header states is called (WebKit's allow)")
  func presetDefault() {
    var navigator: Navigator? = Navigator(decision: "0")
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: navigator!], runLoop: runLoop)
    proxy.routing.onError = { _ in }
    #expect(parent.send(P.navigationAction, ["web view", "action"]) as? String == "0")
    navigator = nil
    #expect(parent.send(P.navigationAction, ["web view", "action"]) as? String == "1")
    #expect(parent.failures.isEmpty, "never left uncalled")
    #expect(
      !proxy.routing.errors.map(\.kind).contains(.completionMayGoUncalled), "a preset knows it")
  }

  @Test(
    "it: a handler released on another thread while its message is in flight calls the block once, and the next message gets the default once"
  )
  func goneMidFlight() async {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var navigator: Navigator? = Navigator(decision: "0") {
      started.signal()
      _ = release.wait(timeout: .now() + 60)
    }
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: navigator!], runLoop: runLoop)
    proxy.routing.onError = { _ in }
    // Observed, so the message goes through the routing (not straight to its handler).
    let token = proxy.observe(named: P.navigationAction, isolation: nil) { _ in }
    runLoop.endTurn()
    let parent = parent
    // On queues of their own: a semaphore never blocks one of Swift's cooperative threads.
    async let inFlight = run(on: DispatchQueue(label: "the web view's queue")) {
      parent.send(P.navigationAction, ["web view", "action"]) as? String
    }
    await run(on: DispatchQueue(label: "a waiting queue")) {
      _ = started.wait(timeout: .now() + 60)
    }
    navigator = nil  // the last reference outside the message in flight
    release.signal()
    let answered = await inFlight
    #expect(answered == "0", "the handler it was planned with answered, once")
    #expect(parent.send(P.navigationAction, ["web view", "action"]) as? String == "1")
    #expect(parent.failures.isEmpty)
    token.cancel()
  }

  @Test(
    "context: no preset and no fallback — a weakly held handler is reported at attach, naming the fallback to declare"
  )
  func reportedWhenRouted() {
    let screen = DelegateHandler([P.decidePolicy], decision: "cancel")
    let proxy = ModelDelegateProxy.attach(to: parent, handlers: [.view: screen], runLoop: runLoop)
    let reported = proxy.routing.errors.filter { $0.kind == .completionMayGoUncalled }
    #expect(reported.count == 1)
    #expect(reported.first?.description.contains(".completion(argumentAt: 1)") == true)
    #expect(reported.first?.description.contains(P.decidePolicy) == true)
    #expect(reported.first?.isSetupMistake == true)
  }

  @Test("context: the same handler held strongly, or a fallback declared — nothing to report")
  func notReportedWhenCovered() {
    let held = ModelDelegateProxy.attach(to: parent, handlers: [:], runLoop: runLoop)
    held.routing.add(DelegateHandler([P.decidePolicy]), role: .view, retention: .strong)
    #expect(!held.routing.errors.map(\.kind).contains(.completionMayGoUncalled))
    let screen = DelegateHandler([P.decidePolicy], decision: "cancel")
    let other = ModelParent()
    let covered = ModelDelegateProxy.attach(
      to: other, handlers: [.view: screen],
      fallbacks: [
        P.decidePolicy: .completion(argumentAt: 1) { (handler: ModelCompletion) in
          handler.call("allow")
        }
      ], runLoop: runLoop)
    #expect(covered.errors.isEmpty)
  }

  @Test("context: an owned closure answering it with no fallback is reported when given")
  func ownedClosureReported() {
    final class Screen: ModelAnswerOwner {
      let ownedAnswers = OwnedAnswers()
    }
    let screen = Screen()
    let proxy = ModelDelegateProxy.attach(to: parent, handlers: [:], runLoop: runLoop)
    proxy.routing.onError = { _ in }
    proxy.answer(named: P.decidePolicy, owner: screen) { (_, _: String, _: ModelCompletion) in }
    #expect(proxy.routing.errors.map(\.kind).contains(.completionMayGoUncalled))
  }
}
