import Switchboard
import SwitchboardTesting
import Testing

/// The reasons explanations give for routes to nobody, built only when asked for.
@MainActor
struct ExplanationReasonTests {
  let a = FullDoor("a")
  let b = OpenOnly("b")

  @Test func eachBuiltInRuleSaysWhyNobodyReceivesTheMessage() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.tick: .blocked, .close: .only("b")])
    #expect(proxy.explain(.open).outcome == .unhandled(reason: "the proxy has no handlers"))
    proxy.add(b, role: "b")
    #expect(proxy.explain(.tick).outcome == .unhandled(reason: "blocked by rule"))
    #expect(
      proxy.explain(.close).outcome == .unhandled(reason: "b (OpenOnly) does not implement it"))
    proxy.rules[.close] = .prefer("b")
    #expect(proxy.explain(.close).outcome == .unhandled(reason: "no handler implements it"))
    proxy.rules[.close] = .broadcast
    #expect(proxy.routingErrors.map(\.kind) == [.broadcastOfValueReturningMessage])
    proxy.rules[.tick] = .broadcast
    #expect(proxy.targets(for: .tick).count == 1)
  }

  @Test func aRuleNamingAReleasedObjectSaysSo() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a])
    do {
      let gone = FullDoor("gone")
      proxy.rules[.open] = .always(gone)
    }
    proxy.invalidateRoutes()
    #expect(!proxy.responds(to: .open))
    #expect(
      proxy.explain(.open).outcome
        == .unhandled(reason: "the FullDoor this rule names has been released"))
  }

  @Test func customRulesSeeRolesAndPositions() {
    let byRole = RoutingRule<DoorMessage>("the b handler") { context in
      guard let candidate = context.candidates.first(where: { $0.hasRole("b") }) else {
        return .unhandled(reason: "no b")
      }
      return candidate.role == "b" ? .deliver(candidate) : .unhandled(reason: "odd")
    }
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.open: byRole])
    proxy.add([HandlerRegistration(a), HandlerRegistration(b, roles: ["b", "opener"])])
    #expect(proxy.target(for: .open) === b)
    #expect(proxy.handlers.map(\.label) == ["#0", "b/opener"])
  }
}

/// The dispatch entry points other than the fast `send`.
@MainActor
struct DispatchEntryPointTests {
  let a = FullDoor("a")

  @Test func throwingSendAnswersOrSaysWhyNot() throws {
    let proxy = PrioritizedProxy<DoorMessage>()
    let missing = expectError(RoutingError<DoorMessage>.self) {
      try proxy.send(.open, as: (any Opening).self) { $0.open() }
    }
    #expect(missing?.kind == .unhandled(reason: "the proxy has no handlers"))
    proxy.add(a)
    let answer = try proxy.send(.open, as: (any Opening).self) { $0.open() }
    #expect(answer == "a opens")
  }

  @Test func targetAsACapabilityIsTyped() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a])
    #expect(proxy.target(for: .close, as: (any Closing).self)?.close() == "a closes")
  }

  @Test func sendAsyncFallsBackToTheDefault() async {
    let proxy = PrioritizedProxy<DoorMessage>()
    let answer = await proxy.sendAsync(.open, as: (any Opening).self, default: "nobody") {
      $0.open()
    }
    #expect(answer == "nobody")
  }

  @Test func broadcastAsAnOpaqueExistentialReachesEveryoneEachTime() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.tick: .broadcast])
    let other = FullDoor("b")
    proxy.add(a)
    proxy.add(other)
    var names: [String] = []
    // `Any` boxes each handler in an opaque existential; the second broadcast uses the typed
    // handles the first one cached.
    for _ in 0..<2 {
      proxy.broadcast(.tick, as: Any.self) { names.append(($0 as? FullDoor)?.name ?? "?") }
    }
    #expect(names == ["a", "b", "a", "b"])
  }
}

/// The package-level entry points that callers reaching handlers through several types (the
/// UIKit proxies' routing) use instead of `send` and `targets(for:)`.
@MainActor
struct TypedTargetTests {
  let proxy = PrioritizedProxy<DoorMessage>()
  let a = FullDoor("a")
  let b = OpenOnly("b")

  init() { proxy.add([HandlerRegistration(a), HandlerRegistration(b)]) }

  @Test func sendToTypedTargetAnswersOnlyOnceTheRouteKeepsTheTypedTarget() {
    #expect(proxy.sendToTypedTarget(.open, as: (any Opening).self) { $0.open() } == nil)
    proxy.keepTypedTarget(a as any Opening, of: a, for: .open)
    #expect(proxy.sendToTypedTarget(.open, as: (any Opening).self) { $0.open() } == "a opens")
    // Another capability type is not the one kept.
    #expect(proxy.sendToTypedTarget(.open, as: (any Tick).self) { _ in "tick" } == nil)
  }

  @Test func targetAsACapabilityKeepsTheTypedTargetForTheNextLookUp() {
    #expect(proxy.target(for: .open, as: (any Opening).self)?.open() == "a opens")
    #expect(proxy.sendToTypedTarget(.open, as: (any Opening).self) { $0.open() } == "a opens")
    #expect(proxy.target(for: .open, as: (any Opening).self)?.open() == "a opens")
    proxy.move(b, to: 0)
    #expect(proxy.target(for: .open, as: (any Opening).self)?.open() == "b opens")
  }

  @Test func keepTypedTargetChangesNothingForAHandlerThatIsNotTheTarget() {
    proxy.move(b, to: 0)  // b opens now, not a
    proxy.keepTypedTarget(a as any Opening, of: a, for: .open)
    #expect(proxy.sendToTypedTarget(.open, as: (any Opening).self) { $0.open() } == nil)
    #expect(proxy.send(.open, as: (any Opening).self, default: "") { $0.open() } == "b opens")
  }

  @Test func keepTypedTargetChangesNothingForABroadcast() {
    proxy.rules[.tick] = .broadcast
    proxy.keepTypedTarget(a as any Tick, of: a, for: .tick)
    var log: [String] = []
    #expect(proxy.sendToTypedTarget(.tick, as: (any Tick).self) { $0.tick(&log) } == nil)
    #expect(log.isEmpty)
  }

  @Test func aKeptTypedTargetGoesWhenTheRouteChanges() {
    proxy.keepTypedTarget(a as any Opening, of: a, for: .open)
    proxy.move(b, to: 0)
    #expect(proxy.sendToTypedTarget(.open, as: (any Opening).self) { $0.open() } == nil)
    #expect(proxy.target(for: .open) === b)
  }

  @Test func forEachTargetCallsEveryTargetInOrderAndCountsThem() {
    var reached: [String] = []
    #expect(
      proxy.forEachTarget(of: .tick) { reached.append("\(($0 as? FullDoor)?.name ?? "b")") } == 1)
    proxy.rules[.tick] = .broadcast
    #expect(proxy.forEachTarget(of: .tick) { _ in reached.append("•") } == 2)
    #expect(proxy.forEachTarget(of: .close) { _ in reached.append("close") } == 1)
    proxy.rules[.close] = .blocked
    #expect(proxy.forEachTarget(of: .close) { _ in reached.append("never") } == 0)
    #expect(reached == ["a", "•", "•", "close"])
  }

  @Test func forEachTargetRoutesAgainFirstWhenATargetWasReleasedBefore() {
    var c: FullDoor? = FullDoor("c")
    proxy.insert(c!, at: 0)
    #expect(proxy.target(for: .close) === c)
    c = nil
    var reached: [String] = []
    #expect(proxy.forEachTarget(of: .close) { reached.append(($0 as? FullDoor)?.name ?? "?") } == 1)
    #expect(reached == ["a"])
  }

  @Test func forEachTargetSkipsAHandlerReleasedDuringItAndRoutesAgain() {
    proxy.rules[.tick] = .broadcast
    var c: FullDoor? = FullDoor("c")
    proxy.add(c!)
    #expect(proxy.targets(for: .tick).count == 3)
    var reached = 0
    let delivered = proxy.forEachTarget(of: .tick) { _ in
      reached += 1
      c = nil  // released while the loop runs
    }
    #expect(delivered == 2)
    #expect(reached == 2)
    #expect(proxy.handlerCount == 2, "the released handler was removed")
  }
}
