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
    proxy.add(bars.map { HandlerRegistration($0) } + [HandlerRegistration(finisher, role: "done")])
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
    await proxy.sendAsync(.fetch, as: (any TransferFetching).self, default: []) {
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

    @Test("sendAsync awaits an async capability in the proxy's domain")
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
      let generation = proxy.routeGeneration
      let bar = ProgressBar()
      do {
        let finisher = Finisher("kept")
        proxy.add([
          HandlerRegistration(bar),
          HandlerRegistration(finisher, role: "done", retention: .strong),
        ])
      }
      #expect(proxy.routeGeneration == generation + 1)
      #expect(changes.count == 1)
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
  }
}
