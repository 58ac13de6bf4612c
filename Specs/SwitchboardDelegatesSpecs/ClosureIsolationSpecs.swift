import Foundation
import Testing

@testable import Switchboard

// The threads a closure given to a delegate proxy runs on, with real threads and the real
// Swift runtime's isolation (`#isolation`): a closure that is not `@Sendable`, written on the
// main actor, may touch main-actor state, so the proxy never calls it off the main thread.

private typealias P = ModelDelegateProtocol

/// An actor other than the main actor, as a user's model might be.
private actor Library {
  func register(on proxy: ModelDelegateProxy) {
    proxy.answer(named: P.shouldReturn, role: "library") { (_: String) -> Bool in true }
  }
}

@Suite("A closure's thread: the actor it was written on, checked when the parent calls")
struct ClosureIsolationSpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()

  func attach() -> ModelDelegateProxy {
    ModelDelegateProxy.attach(to: parent, handlers: [:], runLoop: runLoop)
  }

  /// The parent's answer to `textFieldShouldReturn:` sent on its own queue, once the parent
  /// was told of the closures; its documented default, the fallback, is YES.
  func returnKeyAnswerOnTheParentsQueue() async -> String? {
    runLoop.endTurn()
    let parent = parent
    return await run(on: DispatchQueue(label: "the parent's queue")) {
      parent.send(P.shouldReturn, ["field" as NSString]).map { "\($0)" }
    }
  }

  @MainActor
  @Test(
    "context: a closure written on the main actor — sent on another thread, it is not called, the message gets its fallback, and it is reported"
  )
  func mainActorClosureOffTheMainThread() async {
    let proxy = attach()
    var calls = 0
    let token = proxy.answer(named: P.shouldReturn, role: "return key") { (_: String) -> Bool in
      calls += 1
      return false
    }
    let answer = await returnKeyAnswerOnTheParentsQueue()
    #expect(calls == 0, "main-actor code never ran off the main thread")
    #expect(answer == "true", "its fallback (the documented default, YES), not the closure's NO")
    #expect(proxy.routing.errors.map(\.kind).contains(.calledOffItsActor))
    #expect(proxy.routing.errors.first { $0.kind == .calledOffItsActor }?.isSetupMistake == true)
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
    #expect(calls == 1, "on the main thread it is called")
    token.cancel()
  }

  @MainActor
  @Test(
    "context: a main-actor closure for a message returning nothing, sent on another thread — it runs on the main actor, in the order sent"
  )
  func notificationHopsToTheMainActor() async {
    let proxy = attach()
    var texts: [String] = []
    var onMain: [Bool] = []
    let token = proxy.answer(named: P.textDidChange) { (_: String, text: String) in
      texts.append(text)
      onMain.append(isOnMainQueue())
    }
    runLoop.endTurn()
    let parent = parent
    await run(on: DispatchQueue(label: "the parent's queue")) {
      for text in ["a", "ab", "abc"] {
        parent.send(P.textDidChange, ["bar" as NSString, text as NSString])
      }
    }
    await mainQueueDrained()
    #expect(texts == ["a", "ab", "abc"])
    #expect(onMain == [true, true, true])
    #expect(proxy.errors.isEmpty, "not refused")
    token.cancel()
  }

  @Test("context: a closure written in nonisolated code — it runs on the parent's thread")
  func nonisolatedClosure() async {
    let proxy = attach()
    let token = proxy.answer(named: P.shouldReturn, role: "return key") { (_: String) -> Bool in
      Thread.isMainThread
    }
    #expect(
      await returnKeyAnswerOnTheParentsQueue() == "false", "the closure ran, off the main thread")
    #expect(proxy.errors.isEmpty)
    token.cancel()
  }

  @MainActor
  @Test("context: written on the main actor with isolation: nil and @Sendable — it runs anywhere")
  func explicitlyNonisolated() async {
    let proxy = attach()
    let token = proxy.answer(named: P.shouldReturn, role: "return key", isolation: nil) {
      @Sendable (_: String) -> Bool in false
    }
    #expect(await returnKeyAnswerOnTheParentsQueue() == "false", "the closure's answer")
    #expect(proxy.errors.isEmpty)
    token.cancel()
  }

  @MainActor
  @Test("context: an observer written on the main actor is not called off the main thread")
  func mainActorObserver() async {
    let proxy = attach()
    var seen = 0
    let observation = proxy.observe(named: P.textDidChange) { _ in seen += 1 }
    runLoop.endTurn()
    let parent = parent
    await run(on: DispatchQueue(label: "the parent's queue")) {
      _ = parent.send(P.textDidChange, ["bar" as NSString, "a"])
    }
    #expect(seen == 0)
    #expect(proxy.routing.errors.map(\.kind) == [.calledOffItsActor])
    parent.send(P.textDidChange, ["bar" as NSString, "a"])
    #expect(seen == 1)
    observation.cancel()
  }

  @Test("context: a closure written in another actor — refused when registered, with the fix")
  func anotherActor() async {
    let proxy = attach()
    await Library().register(on: proxy)
    #expect(proxy.routing.errors.map(\.kind) == [.closureCannotAnswer])
    #expect(proxy.errors.first?.contains("another actor than the main actor") == true)
    #expect(proxy.routing.handler(withRole: "library") == nil)
  }
}
