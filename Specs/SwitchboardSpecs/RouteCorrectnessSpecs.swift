import Switchboard
import Testing

/// The manual for the routing behaviours that a new user found wanting in round 1.
@MainActor
@Suite("PrioritizedProxy, routing edge cases")
struct RouteCorrectnessSpecs {

  @MainActor
  @Suite("observing route changes")
  struct ObservingRouteChanges {
    @Test("an observer cancelled by an earlier observer during a notification is not called")
    func cancelledDuringNotification() {
      let proxy = PrioritizedProxy<ChatMessage>()
      var calls = 0
      var second: ObservationToken?
      let first = proxy.observeRoutes { _ in second?.cancel() }
      second = proxy.observeRoutes { _ in calls += 1 }
      let screen = ChatScreen()
      proxy.add(screen)
      #expect(calls == 0)
      #expect(second?.isCancelled == true)
      first.cancel()
    }

    @Test("an observer released by an earlier observer during a notification is not called")
    func releasedDuringNotification() {
      let proxy = PrioritizedProxy<ChatMessage>()
      var calls = 0
      var second: ObservationToken?
      let first = proxy.observeRoutes { _ in second = nil }
      second = proxy.observeRoutes { _ in calls += 1 }
      let screen = ChatScreen()
      proxy.add(screen)
      #expect(calls == 0)
      #expect(second == nil)
      first.cancel()
    }

    @Test("a handler that implements nothing changes no route, so nobody is told")
    func silentHandlerChangesNothing() {
      let proxy = PrioritizedProxy<ChatMessage>()
      var changes: [RouteChange<ChatMessage>] = []
      let observation = proxy.observeRoutes { changes.append($0) }
      let bystander = Bystander()
      proxy.add(bystander)
      #expect(changes.isEmpty, "every message still goes to nobody")
      #expect(proxy.explain(.greet).outcome == .unhandled(reason: "no handler implements it"))
      observation.cancel()
    }

    @Test("a change says what caused it")
    func changeNamesItsCause() {
      let proxy = PrioritizedProxy<ChatMessage>()
      var causes: [RouteChangeCauses] = []
      let observation = proxy.observeRoutes { causes.append($0.causes) }
      let screen = ChatScreen()
      proxy.add(screen)
      proxy.rules[.greet] = .blocked
      do {
        let model = ChatModel()
        proxy.insert(model, at: 0)  // takes didType from the screen
      }
      proxy.removeReleasedHandlers()
      #expect(causes == [.handlersChanged, .rulesChanged, .handlersChanged, .handlersReleased])
      observation.cancel()
    }
  }

  @MainActor
  @Suite("when a handler the rule looked at, but did not choose, is released")
  struct ReleasedBystander {
    /// The top of the stack answers, or nobody.
    static let topOrNobody = RoutingRule<ChatMessage>("top or nobody") { context in
      guard let top = context.candidates.first, top.implementsMessage == true else {
        return .unhandled(reason: "the top handler does not implement it")
      }
      return .deliver(top)
    }

    @Test("dispatch routes again at once, without anyone inspecting the proxy")
    func dispatchNoticesTheRelease() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: Self.topOrNobody])
      let base = ChatModel()
      proxy.add(base)
      do {
        let top = Bystander()
        proxy.insert(top, at: 0)
        #expect(!proxy.responds(to: .greet), "the top handler does not greet")
      }
      // Nothing inspected the proxy in between: no explain, routingTable or handlers.
      #expect(proxy.responds(to: .greet))
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "nobody") { $0.greet() }
          == "hello from the model")
    }

    @Test("observers hear that the route changed because a handler was released")
    func observersHearIt() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: Self.topOrNobody])
      let base = ChatModel()
      proxy.add(base)
      var changes: [RouteChange<ChatMessage>] = []
      let observation = proxy.observeRoutes { changes.append($0) }
      do {
        let top = Bystander()
        proxy.insert(top, at: 0)
        changes.removeAll()
      }
      _ = proxy.targets(for: .greet).first
      #expect(changes == [RouteChange(messages: [.greet], causes: .handlersReleased)])
      observation.cancel()
    }
  }

  @MainActor
  @Suite("mistakes that setup reports")
  struct SetupMistakes {
    @Test("broadcasting a message that returns a value is a routing error before any dispatch")
    func broadcastOfValueReturningMessage() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: .broadcast])
      let screen = ChatScreen()
      let model = ChatModel()
      proxy.add(screen)
      proxy.add(model)
      #expect(proxy.routingErrors.map(\.kind) == [.broadcastOfValueReturningMessage])
      #expect(throws: RoutingError<ChatMessage>.self) { try proxy.validate() }
      #expect(!proxy.responds(to: .greet), "a failed route delivers to nobody")
      #expect(
        proxy.routingErrors.first?.description
          == "greet: rule 'broadcast' broadcasts it, but ChatMessage.isNotification is false "
          + "for greet, so the proxy treats it as a message that returns a value, which only one "
          + "handler can answer. Handlers: #0 (ChatScreen) ✓, #1 (ChatModel) ✓. Fix: if greet returns "
          + "nothing, return true for it from ChatMessage.isNotification; otherwise route it "
          + "with .firstImplementer, .prefer(role) or .always(role).")
    }

    @Test("the error is reported even when no handler implements the message yet")
    func broadcastErrorWithoutImplementers() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: .broadcast])
      #expect(proxy.routingErrors.map(\.kind) == [.broadcastOfValueReturningMessage])
    }

    @Test("a custom rule that broadcasts a message that returns a value is an error too")
    func customBroadcastOfValueReturningMessage() {
      let everyone = RoutingRule<ChatMessage>("everyone") { .broadcast($0.implementers) }
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: everyone, .farewell: everyone])
      let screen = ChatScreen()
      proxy.add(screen)
      #expect(proxy.routingErrors.map(\.message) == [.greet], "farewell is a notification")
    }

    @Test("a rule naming a role that no handler has is a routing error that lists the roles")
    func misspelledRole() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.didType: .always("analytcs")])
      let screen = ChatScreen()
      let tracker = ChatModel()
      proxy.add(screen, role: .screen)
      proxy.add(tracker, role: "analytics")
      let error = proxy.routingErrors.first
      #expect(error?.kind == .unknownRole("analytcs", roles: [.screen, "analytics"]))
      #expect(
        error?.description
          == "didType: rule 'always analytcs' names the role 'analytcs', which no handler has "
          + "(the roles are 'screen', 'analytics'). Handlers: screen (ChatScreen) ✓, analytics "
          + "(ChatModel) ✓. Fix: add a handler with the role 'analytcs', or correct the role in "
          + "the rule for didType.")
      #expect(throws: RoutingError<ChatMessage>.self) { try proxy.validate() }
    }

    @Test("only and prefer report a missing role the same way", arguments: ["only", "prefer"])
    func otherRoleRules(kind: String) {
      let rule: RoutingRule<ChatMessage> = kind == "only" ? .only("nobody") : .prefer("nobody")
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: rule])
      let screen = ChatScreen()
      proxy.add(screen, role: .screen)
      #expect(proxy.routingErrors.map(\.kind) == [.unknownRole("nobody", roles: [.screen])])
    }

    @Test("sending a broadcast notification with send stops and says to use broadcast")
    func sendOnBroadcastRoute() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          let proxy = PrioritizedProxy<ChatMessage>(rules: [.farewell: .broadcast])
          let first = ChatScreen()
          let second = ChatScreen()
          proxy.add(first)
          proxy.add(second)
          _ = proxy.send(.farewell, as: (any Farewell).self, default: "") { $0.farewell() }
        }
      }
    }
  }

  @MainActor
  @Suite("a handler with several roles")
  struct SeveralRoles {
    @Test("rules naming any of its roles choose it")
    func rulesNamingEitherRole() {
      let screen = ChatScreen()
      let proxy = PrioritizedProxy<ChatMessage>(
        rules: [.greet: .always(.screen), .farewell: .only(.model)])
      proxy.add(screen, roles: [.screen, .model])
      #expect(proxy.targets(for: .greet).first === screen)
      #expect(proxy.targets(for: .farewell).first === screen)
      #expect(proxy.routingErrors.isEmpty)
      #expect(proxy.handlers.map(\.description) == ["screen/model (ChatScreen)"])
      #expect(proxy.handler(withRole: .model) === screen)
    }

    @Test("each role still names one handler: a handler given a taken role replaces its holder")
    func rolesStayUnique() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let screen = ChatScreen()
      let model = ChatModel()
      let late = ChatModel()
      proxy.add(screen, roles: [.screen, .model])
      proxy.add(late, role: "late")
      proxy.add(model, role: .model)
      #expect(proxy.handler(withRole: .model) === model)
      #expect(proxy.handler(withRole: .screen) == nil, "the replaced handler goes, with its roles")
      let listing: [String] = proxy.handlers.map(\.description)
      #expect(listing == ["model (ChatModel)", "late (ChatModel)"], "in the replaced one's place")
    }

    @Test(
      "a position counted before weakly held handlers went is past the last: insert and move put the handler last, and moving one that is gone moves nothing"
    )
    func positionsPastTheLast() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let screen = ChatScreen()
      var transient: ChatModel? = ChatModel()
      proxy.add(screen, role: .screen)
      proxy.add(transient!, role: .model)
      let count = proxy.handlerCount
      transient = nil
      let late = ChatModel()
      proxy.insert(late, at: count, role: "late")
      let inserted: [String] = proxy.handlers.map(\.description)
      #expect(inserted == ["screen (ChatScreen)", "late (ChatModel)"])
      #expect(proxy.move(screen, to: 5))
      let moved: [String] = proxy.handlers.map(\.description)
      #expect(moved == ["late (ChatModel)", "screen (ChatScreen)"])
      #expect(!proxy.move(ChatModel(), to: 0), "not a handler: nothing moved")
    }

    @Test("a handler added again keeps one place, the new one, with its new role")
    func addedAgain() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let screen = ChatScreen()
      let model = ChatModel()
      proxy.add(screen, role: .screen)
      proxy.add(model, role: .model)
      proxy.add(screen, role: "again")
      let added: [String] = proxy.handlers.map(\.description)
      #expect(added == ["model (ChatModel)", "again (ChatScreen)"])
      proxy.insert(screen, at: 0, role: .screen)
      let inserted: [String] = proxy.handlers.map(\.description)
      #expect(inserted == ["screen (ChatScreen)", "model (ChatModel)"])
    }
  }

  @MainActor
  @Suite("broadcasting to many handlers")
  struct ManyHandlers {
    @Test("a broadcast to a thousand handlers reaches each once, in priority order")
    func thousandHandlers() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.didType: .broadcast])
      let models = (0..<1000).map { _ in ChatModel() }
      for model in models { proxy.add(model) }
      let reached = proxy.broadcast(.didType, as: (any Typing).self) { $0.userDidType("hi") }
      #expect(reached == 1000)
      #expect(models.allSatisfy { $0.typed == ["hi"] })
      #expect(
        proxy.targets(for: .didType).map { ObjectIdentifier($0) }
          == models.map { ObjectIdentifier($0) })
    }
  }
}
