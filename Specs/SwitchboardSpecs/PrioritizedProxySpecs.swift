import Switchboard
import Testing

@MainActor
@Suite("PrioritizedProxy")
struct PrioritizedProxySpecs {

  @MainActor
  @Suite("holding handlers")
  struct HoldingHandlers {
    @Test("when a handler is added weakly, it is not retained by the proxy")
    func weakHandlerIsNotRetained() {
      let proxy = PrioritizedProxy<ChatMessage>()
      weak var released: ChatScreen?
      do {
        let screen = ChatScreen()
        released = screen
        proxy.add(screen, role: .screen)
        #expect(proxy.contains(screen))
      }
      #expect(released == nil)
      #expect(proxy.handlers.isEmpty)
    }

    @Test("when every handler is given weakly at once, none is retained")
    func weakHandlersAtOnceAreNotRetained() {
      weak var screenRef: ChatScreen?
      weak var modelRef: ChatModel?
      var proxy: PrioritizedProxy<ChatMessage>?
      do {
        let screen = ChatScreen()
        let model = ChatModel()
        screenRef = screen
        modelRef = model
        proxy = PrioritizedProxy(handlers: [screen, model], retention: .weak)
        #expect(proxy?.handlerCount == 2)
      }
      #expect(screenRef == nil)
      #expect(modelRef == nil)
      #expect(proxy?.handlerCount == 0)
    }

    @Test("when a handler is added strongly, it lives until it is removed")
    func strongHandlerIsKeptUntilRemoved() {
      let proxy = PrioritizedProxy<ChatMessage>()
      weak var kept: ChatModel?
      do {
        let model = ChatModel()
        kept = model
        proxy.add(model, retention: .strong)
      }
      #expect(kept != nil)
      #expect(proxy.targets(for: .greet).first === kept)
      proxy.remove(kept!)
      #expect(kept == nil)
    }

    @Test("when every handler is given strongly at once, all live as long as the proxy")
    func strongHandlersAtOnceLiveWithTheProxy() {
      weak var screenRef: ChatScreen?
      weak var modelRef: ChatModel?
      var proxy: PrioritizedProxy<ChatMessage>?
      do {
        let screen = ChatScreen()
        let model = ChatModel()
        screenRef = screen
        modelRef = model
        proxy = PrioritizedProxy(handlers: [screen, model], retention: .strong)
      }
      #expect(screenRef != nil)
      #expect(modelRef != nil)
      #expect(proxy?.handlerCount == 2)
      proxy = nil
      #expect(screenRef == nil)
      #expect(modelRef == nil)
    }
  }

  @MainActor
  @Suite("choosing a handler by priority")
  struct ChoosingByPriority {
    let screen = ChatScreen()
    let model = ChatModel()

    @Test("when two handlers implement a message, the first in priority receives it")
    func firstImplementerWins() {
      let proxy = PrioritizedProxy<ChatMessage>(handlers: [screen, model])
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
          == "hello from the screen")
      proxy.move(model, to: 0)
      #expect(
        proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
          == "hello from the model")
    }

    @Test("when only the second handler implements a message, the second receives it")
    func secondImplementerReceives() {
      let bystander = Bystander()
      let proxy = PrioritizedProxy<ChatMessage>(handlers: [bystander, model])
      #expect(proxy.targets(for: .greet).first === model)
      #expect(proxy.responds(to: .greet))
    }

    @Test("when no handler implements a message, the proxy does not respond to it")
    func nobodyImplements() throws {
      let proxy = PrioritizedProxy<ChatMessage>(handlers: [model])
      #expect(!proxy.responds(to: .farewell))
      #expect(
        proxy.send(.farewell, as: (any Farewell).self, default: "fallback") { $0.farewell() }
          == "fallback")
      let error = #expect(throws: RoutingError<ChatMessage>.self) {
        try proxy.send(.farewell, as: (any Farewell).self) { $0.farewell() }
      }
      #expect(error?.kind == .unhandled(reason: "no handler implements it"))
    }
  }

  @MainActor
  @Suite("forcing a message to a handler with a rule")
  struct ForcingRules {
    let screen = ChatScreen()
    let model = ChatModel()

    @Test("when the forced handler has lower priority, the rule still wins")
    func ruleOverridesPriority() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: .always(.model)])
      proxy.add(screen, role: .screen)
      proxy.add(model, role: .model)
      #expect(proxy.targets(for: .greet).first === model)
    }

    @Test("when the forced handler does not implement the message, the proxy does not respond")
    func forcedHandlerWithoutImplementation() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.farewell: .always(.model)])
      proxy.add(screen, role: .screen)
      proxy.add(model, role: .model)
      #expect(!proxy.responds(to: .farewell))
      #expect(proxy.targets(for: .farewell).first == nil)
      let error = proxy.routingErrors.first
      #expect(error?.message == .farewell)
      #expect(error?.rule == "always model")
      #expect(error?.kind == .handlerDoesNotImplement(proxy.handlers[1]))
    }
  }

  @MainActor
  @Suite("when the winning weakly held handler is released")
  struct ReleasedWinner {
    @Test("the next implementer takes over without any call to the proxy")
    func nextImplementerTakesOver() {
      let model = ChatModel()
      let proxy = PrioritizedProxy<ChatMessage>()
      do {
        let screen = ChatScreen()
        proxy.add(screen)
        proxy.add(model)
        #expect(proxy.targets(for: .greet).first === screen)
      }
      #expect(proxy.targets(for: .greet).first === model)
    }

    @Test("the route change is announced to observers")
    func changeIsAnnounced() {
      let model = ChatModel()
      let proxy = PrioritizedProxy<ChatMessage>()
      var changes: [RouteChange<ChatMessage>] = []
      let observation = proxy.observeRoutes { changes.append($0) }
      do {
        let screen = ChatScreen()
        proxy.add(screen)
        proxy.add(model)
        changes.removeAll()
        #expect(proxy.responds(to: .farewell))
      }
      #expect(!proxy.responds(to: .farewell))
      #expect(
        changes == [
          RouteChange(messages: [.greet, .farewell, .didType], causes: .handlersReleased)
        ]
      )
      observation.cancel()
    }
  }

  @MainActor
  @Suite("explaining a route")
  struct Explaining {
    @Test("explain names the rule and the handler it chose")
    func explainNamesRuleAndHandler() {
      let proxy = PrioritizedProxy<ChatMessage>(rules: [.greet: .always(.model)])
      let screen = ChatScreen()
      let model = ChatModel()
      proxy.add(screen, role: .screen)
      proxy.add(model, role: .model)
      let explanation = proxy.explain(.greet)
      #expect(explanation.rule == "always model")
      #expect(explanation.targets == [proxy.handlers[1]])
      #expect("\(explanation)" == "greet → model (ChatModel), by rule 'always model'")
    }

    @Test("when nobody receives the message, explain says why")
    func explainSaysWhyNobody() {
      let proxy = PrioritizedProxy<ChatMessage>(handlers: [ChatModel()], retention: .strong)
      #expect(
        "\(proxy.explain(.farewell))"
          == "farewell → nobody, by rule 'first implementer': no handler implements it")
    }
  }
}
