import Switchboard
import Testing

/// A greeter that runs an action while it is handling `greet`.
final class MeddlingGreeter: Greeting, Farewell {
  let name: String
  var duringGreet: () -> Void = {}
  var duringFarewell: () -> Void = {}
  private(set) var farewells = 0
  init(_ name: String) { self.name = name }
  func greet() -> String {
    duringGreet()
    return "hello from \(name)"
  }
  func farewell() -> String {
    farewells += 1
    duringFarewell()
    return "bye from \(name)"
  }
}

@MainActor
@Suite("PrioritizedProxy reentrancy")
struct ReentrancySpecs {
  @MainActor
  @Suite("when a handler changes the proxy while it handles a message")
  struct ChangingTheProxy {
    let proxy = PrioritizedProxy<ChatMessage>()

    @Test("the message in progress completes on that handler, and the next one routes anew")
    func addingAHandler() {
      let first = MeddlingGreeter("first")
      let newcomer = MeddlingGreeter("newcomer")
      proxy.add(first)
      first.duringGreet = { [proxy] in proxy.insert(newcomer, at: 0) }
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
          == "hello from first")
      #expect(proxy.targets(for: .greet).first === newcomer)
    }

    @Test("a handler that removes itself finishes its call and is not asked again")
    func removingItself() {
      let leaving = MeddlingGreeter("leaving")
      let staying = MeddlingGreeter("staying")
      proxy.add(leaving)
      proxy.add(staying)
      leaving.duringGreet = { [proxy, unowned leaving] in proxy.remove(leaving) }
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
          == "hello from leaving")
      #expect(proxy.targets(for: .greet).first === staying)
    }

    @Test("a rule changed during the call applies from the next message")
    func changingARule() {
      let screen = MeddlingGreeter("screen")
      let model = MeddlingGreeter("model")
      proxy.add(screen, role: .screen)
      proxy.add(model, role: .model)
      screen.duringGreet = { [proxy] in proxy.rules[.greet] = .always(.model) }
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
          == "hello from screen")
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
          == "hello from model")
    }

    @Test("an observer that changes the proxy while being told of a change is told again")
    func observerChangesTheProxy() {
      let first = MeddlingGreeter("first")
      let second = MeddlingGreeter("second")
      var notifications = 0
      let observation = proxy.observeRoutes { [proxy] _ in
        notifications += 1
        if notifications == 1 { proxy.add(second) }
      }
      proxy.add(first)
      #expect(notifications == 1, "adding the second handler changes no route: first still wins")
      #expect(proxy.handlerCount == 2)
      proxy.remove(first)
      #expect(notifications == 2)
      #expect(proxy.targets(for: .greet).first === second)
      observation.cancel()
    }
  }

  @MainActor
  @Suite("when a handler is released during dispatch")
  struct ReleasedDuringDispatch {
    let proxy = PrioritizedProxy<ChatMessage>()

    @Test("a handler whose last outside reference goes during its own call finishes the call")
    func releasingItself() {
      var owner: MeddlingGreeter? = MeddlingGreeter("doomed")
      weak let doomed = owner
      proxy.add(owner!)
      owner!.duringGreet = { owner = nil }
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
          == "hello from doomed")
      #expect(doomed == nil, "released once the call returned")
      #expect(!proxy.responds(to: .greet))
    }

    @Test("a handler that releases another makes the next dispatch route around it")
    func releasingAnother() {
      let killer = MeddlingGreeter("killer")
      var victimOwner: MeddlingGreeter? = MeddlingGreeter("victim")
      proxy.add(victimOwner!)
      proxy.add(killer)
      proxy.rules[.greet] = .firstImplementer
      proxy.rules[.farewell] = .firstImplementer
      killer.duringFarewell = { victimOwner = nil }
      proxy.move(killer, to: 0)
      #expect(
        proxy.send(.farewell, as: (any Farewell).self, default: "") { $0.farewell() }
          == "bye from killer")
      #expect(proxy.handlerCount == 1)
      #expect(proxy.targets(for: .greet).first === killer)
    }
  }

  @MainActor
  @Suite("when the handler list changes during a broadcast")
  struct MutatingDuringBroadcast {
    let proxy = PrioritizedProxy<ChatMessage>(rules: [.farewell: .broadcast])

    @Test("the broadcast reaches exactly the handlers it started with")
    func snapshotSemantics() {
      let first = MeddlingGreeter("first")
      var secondOwner: MeddlingGreeter? = MeddlingGreeter("second")
      let second = secondOwner!
      let latecomer = MeddlingGreeter("latecomer")
      proxy.add(first)
      proxy.add(second)
      first.duringFarewell = { [proxy] in
        proxy.add(latecomer)
        proxy.remove(second)
        secondOwner = nil
      }
      var answers: [String] = []
      let count = proxy.broadcast(.farewell, as: (any Farewell).self) {
        answers.append($0.farewell())
      }
      #expect(count == 2)
      #expect(answers == ["bye from first", "bye from second"])
      #expect(latecomer.farewells == 0)
      #expect(proxy.targets(for: .farewell).count == 2, "first and latecomer from now on")
    }
  }
}
