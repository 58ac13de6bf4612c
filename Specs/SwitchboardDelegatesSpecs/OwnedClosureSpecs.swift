import Foundation
import Switchboard
import Testing

private typealias P = ModelDelegateProtocol

/// A closure whose lifetime is its owner's, given in one statement: no token to keep, no role,
/// no `[weak self]`.
@Suite("describe: a closure tied to its owner")
struct OwnedClosureSpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()
  /// Handles the return key below any closure, answering `false`.
  let model = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])

  /// A screen that answers the return key with a closure it owns.
  final class Screen: ModelAnswerOwner {
    let ownedAnswers = OwnedAnswers()
    var returned: [String] = []
    /// Sent by the parent while the screen is being deinitialized, and the answer it got.
    var onDeinit: (() -> Void)?
    deinit { onDeinit?() }
  }

  private func attach() -> ModelDelegateProxy {
    ModelDelegateProxy.attach(to: parent, handlers: [.viewModel: model], runLoop: runLoop)
  }

  @Test("it: answers as long as its owner lives, receiving the owner first")
  func answersWhileTheOwnerLives() {
    let proxy = attach()
    let screen = Screen()
    proxy.answer(named: P.shouldReturn, owner: screen, at: 0) { (screen, field: String) -> Bool in
      screen.returned.append(field)
      return true
    }
    runLoop.endTurn()
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
    #expect(screen.returned == ["field"])
    #expect(model.received.isEmpty)
    let role = proxy.routing.explain(P.shouldReturn).targets.first?.role
    #expect(role == HandlerRole(P.shouldReturn))
    #expect(proxy.errors.isEmpty)
  }

  @Test("it: goes with its owner, makes no cycle, and the method routes to its next implementer")
  func goesWithItsOwner() {
    let proxy = attach()
    weak var released: Screen?
    do {
      let screen = Screen()
      released = screen
      proxy.answer(named: P.shouldReturn, owner: screen, at: 0) { (screen, field: String) -> Bool in
        screen.returned.append(field)
        return true
      }
      runLoop.endTurn()
      #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
    }
    #expect(released == nil, "the closure uses its owner without keeping it")
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
    #expect(model.received == [P.shouldReturn])
    #expect(proxy.errors.isEmpty)
  }

  @Test(
    "it: goes with its proxy: a thousand proxies attached and released with one owner leave nothing behind"
  )
  func goesWithItsProxy() {
    let screen = Screen()
    final class Captured {}
    weak var lastCapture: Captured?
    for _ in 0..<1000 {
      let parent = ModelParent()
      let captured = Captured()
      lastCapture = captured
      let proxy = ModelDelegateProxy.attach(to: parent, handlers: [:], runLoop: runLoop)
      proxy.answer(named: P.shouldReturn, owner: screen) { (_, _: String) -> Bool in
        withExtendedLifetime(captured) { true }
      }
      runLoop.endTurn()
      // The parent goes, and with it the proxy it owns.
    }
    runLoop.endTurn()
    #expect(screen.ownedAnswers.count == 0, "no token of a proxy that is gone")
    #expect(lastCapture == nil, "no closure, nor what it captured, outlives its proxy")
  }

  @Test("it: given again for the same role, replaces the one before: the owner keeps one")
  func givenAgainReplaces() {
    let proxy = attach()
    let screen = Screen()
    for answer in [false, true] {
      proxy.answer(named: P.shouldReturn, owner: screen, at: 0) { (_, _: String) -> Bool in answer }
    }
    runLoop.endTurn()
    #expect(screen.ownedAnswers.count == 1)
    #expect(proxy.routing.handlers.count == 2, "the view model and one closure")
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
  }

  @Test(
    "it: a message sent while its owner is being deinitialized gets the method's fallback, not the closure"
  )
  func sentDuringTheOwnersDeinit() {
    let proxy = attach()
    final class Calls { var count = 0 }
    let calls = Calls()
    var answerDuringDeinit: Any?
    do {
      let screen = Screen()
      proxy.answer(named: P.shouldReturn, owner: screen, at: 0) { (_, _: String) -> Bool in
        calls.count += 1
        return false
      }
      runLoop.endTurn()
      let parent = parent
      screen.onDeinit = { answerDuringDeinit = parent.send(P.shouldReturn, ["field" as NSString]) }
    }
    #expect(calls.count == 0)
    // UIKit's documented default for textFieldShouldReturn: (the preset's fallback).
    #expect(answerDuringDeinit as? Bool == true)
    #expect(proxy.errors.isEmpty)
  }
}
