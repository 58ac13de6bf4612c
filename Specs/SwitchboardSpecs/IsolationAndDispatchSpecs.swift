import Switchboard
import Testing

// A URLSession-style delegate protocol, called on whatever domain owns the session: here a
// custom actor. Nothing about it is main-actor isolated.
protocol TransferProgress: AnyObject {
  func transfer(didReceive bytes: Int)
}
protocol TransferCompletion: AnyObject {
  func transferDidFinish() -> String
}
protocol TransferValidation: AnyObject {
  func validate(_ bytes: Int) throws(TransferError) -> Int
}
protocol TransferFetching: AnyObject {
  nonisolated(nonsending) func fetch() async -> [Int]
}

struct TransferError: Error, Equatable {
  let reason: String
}

enum TransferMessage: Int, MessageSet {
  case progress, finish, validate, fetch

  var isNotification: Bool { self == .progress }

  func isImplemented(by handler: AnyObject) -> Bool {
    switch self {
    case .progress: handler is any TransferProgress
    case .finish: handler is any TransferCompletion
    case .validate: handler is any TransferValidation
    case .fetch: handler is any TransferFetching
    }
  }
}

final class ProgressBar: TransferProgress {
  var received = 0
  func transfer(didReceive bytes: Int) { received += bytes }
}

final class Finisher: TransferCompletion, TransferValidation, TransferFetching {
  let name: String
  init(_ name: String) { self.name = name }
  func transferDidFinish() -> String { "\(name) finished" }
  func validate(_ bytes: Int) throws(TransferError) -> Int {
    guard bytes >= 0 else { throw TransferError(reason: "negative size \(bytes)") }
    return bytes
  }
  nonisolated(nonsending) func fetch() async -> [Int] {
    await Task.yield()
    return [1, 2, 3]
  }
}

/// Owns a proxy and its handlers; every message is routed on this actor.
actor Transfer {
  let proxy = PrioritizedProxy<TransferMessage>(rules: [.progress: .broadcast])
  let bars = [ProgressBar(), ProgressBar()]
  let finisher = Finisher("transfer")

  init() {
    let (proxy, bars, finisher) = (proxy, bars, finisher)
    proxy.batch {
      for bar in bars { proxy.add(bar) }
      proxy.add(finisher, role: "done")
    }
  }

  func receive(_ chunks: [Int]) -> [Int] {
    for chunk in chunks {
      proxy.broadcast(.progress, as: (any TransferProgress).self) { $0.transfer(didReceive: chunk) }
    }
    return bars.map(\.received)
  }

  func finish() -> String {
    proxy.send(.finish, as: (any TransferCompletion).self, default: "nobody") {
      $0.transferDidFinish()
    }
  }

  func validate(_ bytes: Int) -> Result<Int, TransferError> {
    do throws(TransferError) {
      let checked = try proxy.send(.validate, as: (any TransferValidation).self, default: 0) {
        (handler: any TransferValidation) throws(TransferError) -> Int in
        try handler.validate(bytes)
      }
      return .success(checked)
    } catch {
      return .failure(error)  // `error` is a TransferError: the typed throw passed through
    }
  }

  func fetch() async -> [Int] {
    await proxy.send(.fetch, as: (any TransferFetching).self, default: []) {
      await $0.fetch()
    }
  }

  func explainFinish() -> String { "\(proxy.explain(.finish))" }
}

@Suite("PrioritizedProxy, isolation and dispatch")
struct IsolationAndDispatchSpecs {

  @Suite("when a custom actor owns the proxy")
  struct OnACustomActor {
    @Test("it routes the actor's delegate calls there, broadcasts included")
    func routesOnTheActor() async {
      let transfer = Transfer()
      #expect(await transfer.receive([10, 20]) == [30, 30])
      #expect(await transfer.finish() == "transfer finished")
      #expect(
        await transfer.explainFinish() == "finish → done (Finisher), by rule 'first implementer'")
    }

    @Test("typed throws from the handler pass through send with their type")
    func typedThrowsPassThrough() async {
      let transfer = Transfer()
      #expect(await transfer.validate(5) == .success(5))
      #expect(await transfer.validate(-1) == .failure(TransferError(reason: "negative size -1")))
    }

    @Test("the async send awaits an async capability in the proxy's domain")
    func asyncSend() async {
      let transfer = Transfer()
      #expect(await transfer.fetch() == [1, 2, 3])
    }
  }

  @MainActor
  @Suite("when handlers are registered together")
  struct BatchRegistration {
    @Test("the routes are rebuilt and observers told once, with each role and retention kept")
    func oneRebuild() {
      let proxy = PrioritizedProxy<TransferMessage>(rules: [.finish: .always("done")])
      var changes: [RouteChange<TransferMessage>] = []
      let observation = proxy.observeRoutes { changes.append($0) }
      let bar = ProgressBar()
      do {
        let finisher = Finisher("kept")
        proxy.batch {
          proxy.add(bar)
          proxy.add(finisher, role: "done", retention: .strong)
        }
      }
      #expect(changes.count == 1, "one rebuild, one notification")
      #expect(proxy.handlers.map(\.description) == ["#0 (ProgressBar)", "done (Finisher)"])
      #expect(proxy.handlers.map(\.retention) == [.weak, .strong])
      let answer = proxy.send(.finish, as: (any TransferCompletion).self, default: "") {
        $0.transferDidFinish()
      }
      #expect(answer == "kept finished", "the strongly held finisher outlived its scope")
      observation.cancel()
    }
  }

  @MainActor
  @Suite("the typed handler a route keeps for fast dispatch")
  struct TypedHandles {
    @Test("never keeps a weakly held handler alive")
    func weakNotRetained() {
      let proxy = PrioritizedProxy<TransferMessage>()
      weak var released: Finisher?
      do {
        let finisher = Finisher("weak")
        released = finisher
        proxy.add(finisher)
        for _ in 0..<3 {
          _ = proxy.send(.finish, as: (any TransferCompletion).self, default: "") {
            $0.transferDidFinish()
          }
        }
      }
      #expect(released == nil)
      #expect(
        proxy.send(.finish, as: (any TransferCompletion).self, default: "nobody") {
          $0.transferDidFinish()
        } == "nobody")
    }

    @Test("releases a strongly held handler as soon as it is removed")
    func strongReleasedOnRemoval() {
      let proxy = PrioritizedProxy<TransferMessage>()
      weak var released: Finisher?
      do {
        let finisher = Finisher("strong")
        released = finisher
        proxy.add(finisher, retention: .strong)
        _ = proxy.send(.finish, as: (any TransferCompletion).self, default: "") {
          $0.transferDidFinish()
        }
      }
      #expect(released != nil)
      if let finisher = released { proxy.remove(finisher) }
      #expect(released == nil)
    }

    @Test("follows the route when it changes, and a send as another capability type")
    func followsChanges() {
      let proxy = PrioritizedProxy<TransferMessage>()
      let first = Finisher("first")
      let second = Finisher("second")
      proxy.add(first)
      proxy.add(second)
      func finish() -> String {
        proxy.send(.finish, as: (any TransferCompletion).self, default: "") {
          $0.transferDidFinish()
        }
      }
      #expect(finish() == "first finished")
      proxy.move(second, to: 0)
      #expect(finish() == "second finished")
      let asAnyObject = proxy.send(.finish, as: AnyObject.self, default: first) { $0 }
      #expect(ObjectIdentifier(asAnyObject) == ObjectIdentifier(second))
      #expect(finish() == "second finished")
    }

    @Test(
      "keeps reference counts balanced: a thousand sends and broadcasts leave them as they were")
    func balancedCounts() {
      let proxy = PrioritizedProxy<TransferMessage>(rules: [.progress: .broadcast])
      let weakBar = ProgressBar()
      let strongBar = ProgressBar()
      let finisher = Finisher("weak")
      proxy.add(weakBar)
      proxy.add(strongBar, retention: .strong)
      proxy.add(finisher)
      func counts() -> [UInt] {
        ([weakBar, strongBar, finisher] as [AnyObject]).map { _getRetainCount($0) }
      }
      func dispatch() {
        _ = proxy.send(.finish, as: (any TransferCompletion).self, default: "") {
          $0.transferDidFinish()
        }
        proxy.broadcast(.progress, as: (any TransferProgress).self) { $0.transfer(didReceive: 1) }
      }
      // The first dispatch caches each route's typed handlers: one more reference to the
      // strongly held handler, none to the weakly held ones.
      let registered = counts()
      dispatch()
      let cached = counts()
      #expect(cached == [registered[0], registered[1] + 1, registered[2]])
      for _ in 0..<1_000 { dispatch() }
      #expect(counts() == cached)
      #expect([weakBar.received, strongBar.received] == [1_001, 1_001])

      // A notification on an ordinary route to one handler takes `send`'s path.
      let single = PrioritizedProxy<TransferMessage>()
      single.add(weakBar)
      single.broadcast(.progress, as: (any TransferProgress).self) { $0.transfer(didReceive: 1) }
      let once = _getRetainCount(weakBar)
      for _ in 0..<1_000 {
        single.broadcast(.progress, as: (any TransferProgress).self) { $0.transfer(didReceive: 1) }
      }
      #expect(_getRetainCount(weakBar) == once)
      #expect(weakBar.received == 2_002)
    }

    @Test(
      "keeps a weakly held handler alive until its call returns, when its owner lets go meanwhile")
    func weakAliveDuringCall() {
      let proxy = PrioritizedProxy<TransferMessage>(rules: [.progress: .broadcast])
      let owner = SelfReleasing.Owner()
      weak var released: SelfReleasing?
      do {
        let handler = SelfReleasing(owner: owner)
        owner.handler = handler
        released = handler
        proxy.add(handler)
      }
      // Warm the route's typed handler first, so the next send takes the fast path.
      #expect(
        proxy.send(.finish, as: (any TransferCompletion).self, default: "") { _ in "warm" }
          == "warm")
      let answer = proxy.send(.finish, as: (any TransferCompletion).self, default: "nobody") {
        $0.transferDidFinish()
      }
      #expect(answer == "released by its owner, still answering")
      #expect(released == nil, "released once the call returned")

      let second = SelfReleasing(owner: owner)
      owner.handler = second
      weak let releasedSecond = second
      proxy.add(second)
      _ = consume second
      proxy.broadcast(.progress, as: (any TransferProgress).self) { _ in }  // warm
      proxy.broadcast(.progress, as: (any TransferProgress).self) { $0.transfer(didReceive: 1) }
      #expect(owner.log == ["answered after release", "received after release"])
      #expect(releasedSecond == nil)
    }

    @Test("keeps a strongly held handler alive until its call returns, when it removes itself")
    func strongAliveDuringCall() {
      let proxy = PrioritizedProxy<TransferMessage>(rules: [.progress: .broadcast])
      let owner = SelfReleasing.Owner()
      weak var released: SelfReleasing?
      do {
        let handler = SelfReleasing(owner: owner, proxy: proxy)
        released = handler
        proxy.add(handler, retention: .strong)
      }
      _ = proxy.send(.finish, as: (any TransferCompletion).self, default: "") { _ in "warm" }
      let answer = proxy.send(.finish, as: (any TransferCompletion).self, default: "nobody") {
        $0.transferDidFinish()
      }
      #expect(answer == "removed itself, still answering")
      #expect(released == nil, "released once the call returned")
      #expect(proxy.handlerCount == 0)
    }

    @Test("a notification on an ordinary route reaches the next handler once the first is released")
    func notificationFallsThrough() {
      let proxy = PrioritizedProxy<TransferMessage>()
      var first: ProgressBar? = ProgressBar()
      let second = ProgressBar()
      proxy.add(first!)
      proxy.add(second)
      var causes: [RouteChangeCauses] = []
      let observation = proxy.observeRoutes { causes.append($0.causes) }
      for _ in 0..<2 {
        proxy.broadcast(.progress, as: (any TransferProgress).self) { $0.transfer(didReceive: 1) }
      }
      #expect(first?.received == 2)
      first = nil
      let delivered = proxy.broadcast(.progress, as: (any TransferProgress).self) {
        $0.transfer(didReceive: 1)
      }
      #expect(delivered == 1)
      #expect(second.received == 1)
      #expect(causes == [.handlersReleased], "meeting the released handler routed again")
      observation.cancel()
    }

    @Test("a broadcast reaches the receivers it started with, skipping one released meanwhile")
    func broadcastDuringChanges() {
      let proxy = PrioritizedProxy<TransferMessage>(rules: [.progress: .broadcast])
      let first = ProgressBar()
      var second: ProgressBar? = ProgressBar()
      weak let releasedSecond = second
      let third = ProgressBar()
      let latecomer = ProgressBar()
      proxy.batch {
        proxy.add(first)
        proxy.add(second!)
        proxy.add(third)
      }
      proxy.broadcast(.progress, as: (any TransferProgress).self) { $0.transfer(didReceive: 1) }
      var calls = 0
      let delivered = proxy.broadcast(.progress, as: (any TransferProgress).self) { bar in
        calls += 1
        if calls == 1 {
          second = nil  // the only owner of the second receiver lets go
          proxy.add(latecomer)  // routes change mid-broadcast
          proxy.remove(third)
        }
        bar.transfer(didReceive: 10)
      }
      #expect(releasedSecond == nil)
      #expect(delivered == 2)
      #expect([first.received, third.received, latecomer.received] == [11, 11, 0])
      #expect(
        proxy.targets(for: .progress).map(ObjectIdentifier.init) == [
          ObjectIdentifier(first), ObjectIdentifier(latecomer),
        ])
    }
  }
}

/// A handler that lets go of itself during its own call.
///
/// Its owner drops it, or it removes itself from the proxy that holds it strongly; it keeps
/// answering after that.
final class SelfReleasing: TransferCompletion, TransferProgress {
  final class Owner {
    var handler: SelfReleasing?
    var log: [String] = []
  }
  unowned let owner: Owner
  let proxy: PrioritizedProxy<TransferMessage>?
  let words: [String]

  init(owner: Owner, proxy: PrioritizedProxy<TransferMessage>? = nil) {
    self.owner = owner
    self.proxy = proxy
    words =
      proxy == nil
      ? ["released by its owner", "still answering"] : ["removed itself", "still answering"]
  }

  func transferDidFinish() -> String {
    letGo()
    owner.log.append("answered after release")
    return words.joined(separator: ", ")
  }

  func transfer(didReceive bytes: Int) {
    letGo()
    owner.log.append("received after release")
  }

  private func letGo() {
    if let proxy { proxy.remove(self) } else { owner.handler = nil }
  }
}
