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
    proxy.batch {
      proxy.add(a)
      proxy.add(b, roles: ["b", "opener"])
    }
    #expect(proxy.targets(for: .open).first === b)
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

  @Test func theThrowingSendThrowsACapabilityMismatchInsteadOfStopping() {
    let b = OpenOnly("b")
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [b])
    let mismatch = expectError(RoutingError<DoorMessage>.self) {
      try proxy.send(.open, as: (any Closing).self) { $0.close() }
    }
    guard case .capabilityMismatch(let handler, let expected)? = mismatch?.kind else {
      Issue.record("expected a capability mismatch, got \(String(describing: mismatch))")
      return
    }
    #expect(handler.typeName == "OpenOnly")
    #expect(expected == "Closing")
  }

  @Test func theAsyncSendAwaitsTheHandlerOrFallsBackToTheDefault() async {
    let proxy = PrioritizedProxy<DoorMessage>()
    let open = { () async -> String in
      await proxy.send(.open, as: (any Opening).self, default: "nobody") { door in
        await Task.yield()
        return door.open()
      }
    }
    #expect(await open() == "nobody")
    proxy.add(a)
    #expect(await open() == "a opens")
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

/// Sending through either of two capabilities: what an adapter uses when a handler may adopt
/// Switchboard's capability or a platform's own protocol.
@MainActor
struct AlternativeCapabilityTests {
  let proxy = PrioritizedProxy<DoorMessage>()
  let a = FullDoor("a")
  let b = OpenOnly("b")

  init() {
    proxy.add(a)
    proxy.add(b)
  }

  func open() -> String {
    proxy.send(
      .open, as: (any Closing).self, or: (any Opening).self, default: "nobody",
      { "closing \($0.close())" }, or: { "opening \($0.open())" })
  }

  @Test func aHandlerIsReachedThroughTheFirstCapabilityItAdopts() {
    #expect(open() == "closing a closes")
    proxy.move(b, to: 0)
    #expect(open() == "opening b opens", "b is no Closing: its alternative is used")
    #expect(open() == "opening b opens", "the route keeps b typed as the alternative")
  }

  @Test func theKeptTypedTargetFollowsTheRoute() {
    #expect(open() == "closing a closes")
    #expect(open() == "closing a closes")
    proxy.move(b, to: 0)
    #expect(open() == "opening b opens")
    proxy.remove(b)
    #expect(open() == "closing a closes")
    proxy.removeAllHandlers()
    #expect(open() == "nobody")
  }

  @Test func aBroadcastReachesEachHandlerThroughTheCapabilityItAdopts() {
    proxy.rules[.tick] = .broadcast
    let c = OpenOnly("c")
    proxy.add(c)
    proxy.rules[.open] = .firstImplementer
    var reached: [String] = []
    for _ in 0..<2 {
      proxy.broadcast(
        .tick, as: (any Closing).self, or: (any Tick).self,
        { reached.append("closing \($0.close())") },
        or: { tick in reached.append("ticking \(tick === c ? "c" : "b")") })
    }
    #expect(
      reached == [
        "closing a closes", "ticking b", "ticking c", "closing a closes", "ticking b", "ticking c",
      ])
  }

  @Test func aBroadcastSkipsAHandlerReleasedMeanwhileAndRoutesAgain() {
    proxy.rules[.tick] = .broadcast
    var c: OpenOnly? = OpenOnly("c")
    proxy.add(c!)
    var reached = 0
    let tick = { () -> Int in
      self.proxy.broadcast(
        .tick, as: (any Closing).self, or: (any Tick).self, { _ in reached += 1 },
        or: { _ in reached += 1 })
    }
    #expect(tick() == 3)
    c = nil
    #expect(tick() == 2)
    #expect(reached == 5)
    #expect(proxy.handlerCount == 2, "the released handler was removed")
  }
}

@MainActor
struct ThrowingSendTests {
  @Test func broadcastRouteThrowsNamingTheCountAndTheFix() {
    let a = FullDoor("a")
    let b = FullDoor("b")
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a, b], rules: [.tick: .broadcast])
    #expect(
      throws: RoutingError(
        message: DoorMessage.tick, rule: "broadcast", kind: .severalTargets(count: 2),
        handlers: proxy.explain(.tick).candidates)
    ) {
      try proxy.send(.tick, as: (any Tick).self) { _ in () }
    }
    let error = RoutingError(
      message: DoorMessage.tick, rule: "broadcast", kind: .severalTargets(count: 2),
      handlers: proxy.explain(.tick).candidates)
    #expect(
      error.description.hasPrefix(
        "tick: rule 'broadcast' sends it to 2 handlers, and send(_:as:_:) returns one answer."))
    #expect(error.description.hasSuffix("or route it to one handler."))
  }

  @Test func broadcastRouteWithOneLiveHandlerAnswers() {
    let a = FullDoor("a")
    var b: FullDoor? = FullDoor("b")
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a, b!], rules: [.tick: .broadcast])
    b = nil
    var log: [String] = []
    #expect(throws: Never.self) { try proxy.send(.tick, as: (any Tick).self) { $0.tick(&log) } }
    #expect(log == ["a"])
  }
}
