import Switchboard
import SwitchboardTesting
import Testing

@MainActor
struct PrioritizedProxyTests {
  let a = FullDoor("a")
  let b = OpenOnly("b")
  let c = FullDoor("c")

  private func recordChanges(
    of proxy: PrioritizedProxy<DoorMessage>, _ body: () -> Void
  ) -> [[DoorMessage]] {
    var changes: [[DoorMessage]] = []
    let observation = proxy.observeRoutes { changes.append($0.messages) }
    body()
    observation.cancel()
    return changes
  }

  // MARK: Cache invalidation, one test per kind of mutation

  @Test func retentionOfAHandlerIsHowItWasAdded() {
    let proxy = PrioritizedProxy<DoorMessage>()
    proxy.add(a, role: "a")
    proxy.add(b, role: "b", retention: .strong)
    #expect(proxy.retention(of: a) == .weak)
    #expect(proxy.retention(of: b) == .strong)
    #expect(proxy.retention(of: c) == nil, "not a handler")
    proxy.remove(b)
    #expect(proxy.retention(of: b) == nil, "removed")
  }

  @Test func addInvalidatesRoutes() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [b])
    let changes = recordChanges(of: proxy) { proxy.add(a) }
    #expect(changes == [[.close]])
    #expect(proxy.targets(for: .close).first === a)
    #expect(proxy.targets(for: .open).first === b)
  }

  @Test func insertInvalidatesRoutes() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [b])
    let changes = recordChanges(of: proxy) { proxy.insert(a, at: 0) }
    #expect(changes == [[.open, .close, .tick]])
    #expect(proxy.targets(for: .open).first === a)
  }

  @Test func removeInvalidatesRoutes() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a, b])
    let changes = recordChanges(of: proxy) { #expect(proxy.remove(a)) }
    #expect(changes == [[.open, .close, .tick]])
    #expect(proxy.targets(for: .open).first === b)
    #expect(!proxy.remove(a))
  }

  @Test func removeByRoleInvalidatesRoutes() {
    let proxy = PrioritizedProxy<DoorMessage>()
    proxy.add(a, role: "front")
    proxy.add(b, role: "back")
    let changes = recordChanges(of: proxy) { #expect(proxy.removeHandler(withRole: "front")) }
    #expect(changes == [[.open, .close, .tick]])
    #expect(proxy.handler(withRole: "front") == nil)
    #expect(proxy.handler(withRole: "back") === b)
    #expect(!proxy.removeHandler(withRole: "front"))
  }

  @Test func removeAllInvalidatesRoutes() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a, b])
    let changes = recordChanges(of: proxy) { proxy.removeAllHandlers() }
    #expect(changes == [[.open, .close, .tick]])
    #expect(DoorMessage.allCases.allSatisfy { !proxy.responds(to: $0) })
  }

  @Test func moveInvalidatesRoutes() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a, b, c])
    let changes = recordChanges(of: proxy) { proxy.move(c, to: 0) }
    #expect(changes == [[.open, .close, .tick]])
    #expect(proxy.handlers.map(\.position) == [0, 1, 2])
    #expect(proxy.targets(for: .open).map { ($0 as! any Opening).open() } == ["c opens"])
    let unchanged = recordChanges(of: proxy) { proxy.move(b, to: 2) }
    #expect(unchanged.isEmpty)
  }

  @Test func replaceHandlersInvalidatesRoutesOnce() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a])
    let changes = recordChanges(of: proxy) {
      proxy.replaceHandlers(with: [b, c], retention: .strong)
    }
    #expect(changes == [[.open, .close, .tick]])
    #expect(proxy.handlers.map(\.retention) == [.strong, .strong])
  }

  @Test func assigningRulesInvalidatesRoutes() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a, b])
    let changes = recordChanges(of: proxy) { proxy.rules = [.open: .always(a)] }
    #expect(changes.isEmpty, "the new rule chooses the same handler")
    let forced = recordChanges(of: proxy) { proxy.rules[.open] = .always(b) }
    #expect(forced == [[.open]])
    #expect(proxy.targets(for: .open).first === b)
    let merged = recordChanges(of: proxy) {
      proxy.rules.merge([.close: .blocked, .tick: .broadcast])
    }
    #expect(merged == [[.close, .tick]])
    let fallback = recordChanges(of: proxy) { proxy.rules.fallback = .blocked }
    #expect(fallback.isEmpty, "every message has its own rule now")
    proxy.rules[.open] = nil
    #expect(!proxy.responds(to: .open))
  }

  @Test func releasingAWeakHandlerInvalidatesRoutesOnNextUse() {
    let proxy = PrioritizedProxy<DoorMessage>()
    var changes: [[DoorMessage]] = []
    let observation = proxy.observeRoutes { changes.append($0.messages) }
    do {
      let temporary = FullDoor("temporary")
      proxy.add(temporary)
      proxy.add(b)
      changes.removeAll()
    }
    #expect(changes.isEmpty, "nothing has looked at the proxy yet")
    #expect(proxy.removeReleasedHandlers() == 1)
    #expect(changes == [[.open, .close, .tick]])
    #expect(proxy.removeReleasedHandlers() == 0)
    _ = observation
  }

  @Test func invalidateRoutesRerunsRules() {
    // A custom rule is `@Sendable`; this test's gate is only touched on the main actor.
    final class Gate: @unchecked Sendable { var isOpen = false }
    let gate = Gate()
    let proxy = PrioritizedProxy<DoorMessage>(rules: [
      .open: RoutingRule("when allowed") { context in
        guard gate.isOpen, let first = context.candidates.first else {
          return .unhandled(reason: "not allowed")
        }
        return .deliver(first)
      }
    ])
    proxy.add(a)
    #expect(!proxy.responds(to: .open))
    gate.isOpen = true
    #expect(!proxy.responds(to: .open), "the route is cached")
    proxy.invalidateRoutes()
    #expect(proxy.responds(to: .open))
  }

  // MARK: The cache

  @Test func dispatchRunsNoRule() {
    final class Counter: @unchecked Sendable { var runs = 0 }
    let counter = Counter()
    let proxy = PrioritizedProxy<DoorMessage>(rules: [
      .open: RoutingRule("counting") { context in
        counter.runs += 1
        return context.implementers.first.map(RoutingDecision.deliver) ?? .unhandled(reason: "none")
      }
    ])
    proxy.add(a)
    let afterSetup = counter.runs
    for _ in 0..<100 {
      _ = proxy.send(.open, as: (any Opening).self, default: "") { $0.open() }
      _ = proxy.responds(to: .open)
    }
    #expect(counter.runs == afterSetup)
  }

  // MARK: Broadcast

  @Test func broadcastReachesEveryImplementerInPriorityOrder() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [c, Silent(), b, a], retention: .strong)
    proxy.rules[.tick] = .broadcast
    var log: [String] = []
    let count = proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) }
    #expect(count == 3)
    #expect(log == ["c", "b", "a"])
    #expect(proxy.targets(for: .tick).first === c)
    #expect(proxy.explain(.tick).targets.map(\.position) == [0, 2, 3])
    proxy.move(a, to: 0)
    log.removeAll()
    proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) }
    #expect(log == ["a", "c", "b"])
  }

  @Test func broadcastSkipsHandlersReleasedBeforeIt() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.tick: .broadcast])
    proxy.add(a)
    do {
      let temporary = OpenOnly("temporary")
      proxy.add(temporary)
      #expect(proxy.targets(for: .tick).count == 2)
    }
    proxy.add(c)
    var log: [String] = []
    #expect(proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) } == 2)
    #expect(log == ["a", "c"])
  }

  @Test func broadcastToNobodyDeliversNothing() {
    let proxy = PrioritizedProxy<DoorMessage>(
      handlers: [Silent()], retention: .strong,
      rules: [.tick: .broadcast])
    var log: [String] = []
    #expect(proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) } == 0)
    #expect(proxy.explain(.tick).outcome == .unhandled(reason: "no handler implements it"))
  }

  // MARK: Built-in rules

  @Test func onlyRuleNeverFallsBack() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.close: .only("b")])
    proxy.add(a, role: "a")
    proxy.add(b, role: "b")
    #expect(!proxy.responds(to: .close))
    #expect(
      proxy.routingErrors.isEmpty, "'only' reports no error when the handler lacks the message")
    #expect(
      proxy.explain(.close).outcome == .unhandled(reason: "b (OpenOnly) does not implement it"))
    proxy.rules[.open] = .only("b")
    #expect(proxy.targets(for: .open).first === b)
    proxy.rules[.open] = .only("nobody")
    #expect(!proxy.responds(to: .open))
    #expect(proxy.routingErrors.map(\.kind) == [.unknownRole("nobody", roles: ["a", "b"])])
  }

  @Test func preferRuleFallsBackToPriority() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.open: .prefer("b"), .close: .prefer("b")])
    proxy.add(a, role: "a")
    proxy.add(b, role: "b")
    #expect(proxy.targets(for: .open).first === b)
    #expect(proxy.targets(for: .close).first === a)
    proxy.removeAllHandlers()
    #expect(!proxy.responds(to: .open))
    #expect(proxy.routingErrors.isEmpty, "a role whose handler is gone is not a misspelling")
  }

  @Test func preferFallsBackToTheFirstImplementerWhenTheRolesHandlerIsReleased() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.open: .prefer("b"), .close: .always("b")])
    var released: FullDoor? = FullDoor("released")
    proxy.add(a, role: "a")
    proxy.add(released!, role: "b")
    #expect(
      proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "released opens")
    released = nil
    #expect(proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "a opens")
    #expect(proxy.routingErrors.isEmpty)
    #expect(proxy.explain(.close).outcome == .unhandled(reason: "no handler has the role 'b' now"))
    proxy.rules[.open] = .prefer("typo")
    #expect(proxy.routingErrors.map(\.kind) == [.unknownRole("typo", roles: ["a"])])
  }

  @Test func alwaysRuleForMissingRoleIsAnError() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a], rules: [.open: .always("ghost")])
    #expect(!proxy.responds(to: .open))
    #expect(proxy.routingErrors.map(\.kind) == [.unknownRole("ghost", roles: [])])
    expectError(RoutingError<DoorMessage>.self) { try proxy.validate() }
  }

  @Test func alwaysHandlerRuleHoldsItsHandlerWeakly() {
    weak var released: FullDoor?
    let proxy = PrioritizedProxy<DoorMessage>()
    proxy.add(a)
    do {
      let temporary = FullDoor("temporary")
      released = temporary
      proxy.add(temporary)
      proxy.rules[.open] = .always(temporary)
      #expect(proxy.explain(.open).rule == "always FullDoor")
      #expect(proxy.targets(for: .open).first === temporary)
    }
    #expect(released == nil)
    #expect(!proxy.responds(to: .open))
    #expect(
      proxy.explain(.open).outcome
        == .unhandled(reason: "the FullDoor this rule names has been released"))
  }

  @Test func blockedRuleRoutesToNobody() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a], rules: [.open: .blocked])
    #expect(!proxy.responds(to: .open))
    #expect(proxy.explain(.open).outcome == .unhandled(reason: "blocked by rule"))
  }

  // MARK: Custom rules and invalid choices

  @Test func customRuleChoosesAmongCandidates() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [
      .open: RoutingRule("last implementer") { context in
        context.implementers.last.map(RoutingDecision.deliver) ?? .unhandled(reason: "none")
      }
    ])
    proxy.add(a)
    proxy.add(b)
    #expect(proxy.targets(for: .open).first === b)
    #expect(proxy.explain(.open).rule == "last implementer")
  }

  @Test func ruleChoosingAHandlerOfAnotherProxyFails() {
    let other = PrioritizedProxy<DoorMessage>(handlers: [c])
    final class Captured: @unchecked Sendable { var candidate: HandlerDescription? }
    let foreign = Captured()
    other.rules[.open] = RoutingRule("capture") { context in
      foreign.candidate = context.candidates.first
      return .unhandled(reason: "captured")
    }
    let proxy = PrioritizedProxy<DoorMessage>(
      handlers: [a],
      rules: [
        .open: RoutingRule("foreign") { _ in .deliver(foreign.candidate!) }
      ])
    #expect(!proxy.responds(to: .open))
    let error = proxy.routingErrors.first
    #expect(error?.kind == .handlerNotInProxy("FullDoor"))
    #expect(error?.description.contains("not a handler of this proxy") == true)
  }

  @Test func broadcastListingAHandlerTwiceFails() {
    let proxy = PrioritizedProxy<DoorMessage>(
      handlers: [a],
      rules: [
        .tick: RoutingRule("twice") { context in
          context.candidates.first.map { .broadcast([$0, $0]) } ?? .unhandled(reason: "empty")
        }
      ])
    #expect(!proxy.responds(to: .tick))
    #expect(proxy.routingErrors.first?.kind == .duplicateTarget(proxy.handlers[0]))
  }

  @Test func emptyBroadcastRoutesToNobody() {
    let proxy = PrioritizedProxy<DoorMessage>(
      handlers: [a],
      rules: [
        .tick: RoutingRule("empty") { _ in .broadcast([]) }
      ])
    #expect(proxy.explain(.tick).outcome == .unhandled(reason: "the broadcast lists no handler"))
  }

  // MARK: Resolution and typed outcomes

  @Test func theThrowingSendThrowsTheRouteError() throws {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.close: .always("b")])
    proxy.add(b, role: "b")
    let opened = try proxy.send(.open, as: (any Opening).self) { $0.open() }
    #expect(opened == "b opens")
    var error: RoutingError<DoorMessage>?
    do {
      _ = try proxy.send(.close, as: (any Closing).self) { $0.close() }
    } catch let thrown {
      error = thrown
    }
    let first = proxy.handlers[0]
    let reported = proxy.routingErrors.first
    #expect(error?.kind == .handlerDoesNotImplement(first))
    #expect(error == reported)
  }

  @Test func sendingAsTheWrongCapabilityThrowsAMismatch() {
    let proxy = PrioritizedProxy<LyingMessage>(handlers: [b])
    let error = expectError(RoutingError<LyingMessage>.self) {
      try proxy.send(.close, as: (any Closing).self) { $0.close() }
    }
    #expect(error?.kind == .capabilityMismatch(proxy.handlers[0], expected: "Closing"))
  }

  @Test func validateReportsErrorsAndMissingRequiredMessages() throws {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [b])
    try proxy.validate(requiring: [.open, .tick])
    let missing = expectError(RoutingError<DoorMessage>.self) {
      try proxy.validate(requiring: [.open, .close])
    }
    #expect(missing?.message == .close)
    proxy.rules[.tick] = .always(a)
    let foreign = expectError(RoutingError<DoorMessage>.self) { try proxy.validate() }
    #expect(foreign?.kind == .handlerNotInProxy("FullDoor"))
  }

  // MARK: Handler list

  @Test func handlerDescriptionsListRolesRetentionAndOrder() {
    let proxy = PrioritizedProxy<DoorMessage>()
    proxy.add(a, role: "front", retention: .strong)
    proxy.add(b)
    #expect(
      proxy.handlers == [
        HandlerDescription(position: 0, role: "front", typeName: "FullDoor", retention: .strong),
        HandlerDescription(position: 1, role: nil, typeName: "OpenOnly", retention: .weak),
      ])
    #expect(proxy.handlers.map(\.description) == ["front (FullDoor)", "#1 (OpenOnly)"])
    #expect("\(proxy)" == "PrioritizedProxy<DoorMessage>(front (FullDoor), #1 (OpenOnly))")
  }

  @Test func releasedObservationsAreNotCalled() {
    let proxy = PrioritizedProxy<DoorMessage>()
    var calls = 0
    var observation: ObservationToken? = proxy.observeRoutes { _ in calls += 1 }
    proxy.add(a)
    #expect(calls == 1)
    #expect(observation?.isCancelled == false)
    observation = nil
    proxy.add(b)
    #expect(calls == 1)
  }
}

@MainActor
struct PartialHandlerTests {
  nonisolated final class Selective: Opening, Closing, PartialHandler {
    var enabled: Set<DoorMessage>
    init(_ enabled: Set<DoorMessage>) { self.enabled = enabled }
    func open() -> String { "selective opens" }
    func close() -> String { "selective closes" }
    func implements(_ message: DoorMessage) -> Bool { enabled.contains(message) }
  }

  @Test func aPartialHandlerOnlyReceivesWhatItClaims() {
    let selective = Selective([.close])
    let fallback = FullDoor("fallback")
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [selective, fallback])
    #expect(proxy.targets(for: .open).first === fallback)
    #expect(proxy.targets(for: .close).first === selective)
    selective.enabled = [.open]
    #expect(proxy.targets(for: .open).first === fallback, "cached until invalidated")
    proxy.invalidateRoutes()
    #expect(proxy.targets(for: .open).first === selective)
    #expect(proxy.targets(for: .close).first === fallback)
  }

  @Test func claimingAMessageWithoutItsCapabilityIsNotEnough() {
    nonisolated final class Claims: PartialHandler {
      func implements(_ message: DoorMessage) -> Bool { true }
    }
    #expect(!DoorMessage.tick.isHandled(by: Claims()))
    #expect(DoorMessage.open.isHandled(by: FullDoor("x")))
  }
}

/// `batch(_:)`: several changes, one rebuild.
@MainActor
struct BatchTests {
  let a = FullDoor("a")
  let b = OpenOnly("b")

  @Test func severalChangesRebuildOnceAndTellObserversOnce() {
    let proxy = PrioritizedProxy<DoorMessage>()
    var changes: [RouteChange<DoorMessage>] = []
    let token = proxy.observeRoutes { changes.append($0) }
    proxy.batch {
      proxy.add(a, role: "a")
      proxy.add(b, role: "b")
      proxy.rules[.open] = .always("b")
      proxy.batch { proxy.move(b, to: 0) }
    }
    #expect(changes.count == 1)
    #expect(changes.first?.causes == [.handlersChanged, .rulesChanged])
    #expect(proxy.targets(for: .open).first === b)
    #expect(proxy.targets(for: .close).first === a)
    token.cancel()
  }

  @Test func messagesSentDuringABatchUseTheRoutesFromBeforeIt() {
    let proxy = PrioritizedProxy<DoorMessage>(handlers: [a])
    proxy.batch {
      proxy.insert(b, at: 0)
      let opened = proxy.send(.open, as: (any Opening).self, default: "") { $0.open() }
      #expect(opened == "a opens")
    }
    #expect(proxy.send(.open, as: (any Opening).self, default: "") { $0.open() } == "b opens")
  }

  @Test func aCustomRuleReachesTheHandlersThroughItsContext() {
    final class Seen: @unchecked Sendable { var types: [String] = [] }
    let seen = Seen()
    let proxy = PrioritizedProxy<DoorMessage>(rules: [
      .open: RoutingRule("records") { context in
        seen.types = context.candidates.compactMap { context.object(for: $0) }.map {
          "\(type(of: $0))"
        }
        #expect(
          context.object(
            for: HandlerDescription(position: 0, role: nil, typeName: "FullDoor", retention: .weak))
            == nil, "a description made by hand is no candidate")
        return context.implementers.first.map(RoutingDecision.deliver) ?? .unhandled(reason: "")
      }
    ])
    proxy.batch {
      proxy.add(a)
      proxy.add(b)
    }
    #expect(seen.types == ["FullDoor", "OpenOnly"])
  }
}

/// A message set with no cases: a proxy that routes only messages named at run time.
enum NamedOnly: MessageSet {
  func isImplemented(by handler: AnyObject) -> Bool { switch self {} }
}

@MainActor
struct NamedOnlyProxyTests {
  @Test func routeChangesOfNamedMessagesAreObservedWithoutCases() {
    let proxy = PrioritizedProxy<NamedOnly>(
      namedImplementationCheck: { name, handler in (handler as? FullDoor) != nil && name == "knock"
      })
    _ = proxy.targets(forNamed: "knock")
    var changes: [[String]] = []
    let observation = proxy.observeRoutes { changes.append($0.names) }
    let door = FullDoor("a")
    proxy.add(door)
    #expect(changes == [["knock"]])
    #expect(proxy.targets(forNamed: "knock").first === door)
    observation.cancel()
  }

  @Test func firstTargetIsTheFirstOfTheTargetsInPriorityOrder() {
    let proxy = PrioritizedProxy<NamedOnly>(
      namedImplementationCheck: { name, handler in (handler as? FullDoor) != nil && name == "knock"
      })
    #expect(proxy.firstTarget(forNamed: "knock") == nil)
    let first = FullDoor("first")
    let second = FullDoor("second")
    proxy.add(first)
    proxy.add(second)
    #expect(proxy.firstTarget(forNamed: "knock") === first)
    proxy.move(second, to: 0)
    #expect(proxy.firstTarget(forNamed: "knock") === second)
    #expect(proxy.firstTarget(forNamed: "open") == nil)
  }
}
