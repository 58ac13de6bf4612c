import Switchboard
import Testing

/// An object that implements the Objective-C methods it names, as `NSObject.responds(to:)`
/// would report them.
final class SelectorHandler {
  var selectors: Set<String>
  var received: [String] = []
  init(_ selectors: Set<String>) { self.selectors = selectors }
}

/// Answers for ``SelectorHandler``s, counting how often it is asked.
final class SelectorCheck: @unchecked Sendable {
  var asked = 0
  func implements(_ name: String, _ handler: AnyObject) -> Bool {
    asked += 1
    return (handler as? SelectorHandler)?.selectors.contains(name) ?? false
  }
}

private let scroll = "scrollViewDidScroll:"
private let swipe = "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:"

/// A proxy that routes ``ChatMessage``s and messages named at run time; the names ending in
/// `Scroll:` are notifications.
@MainActor
func makeNamedProxy(check: SelectorCheck) -> PrioritizedProxy<ChatMessage> {
  PrioritizedProxy<ChatMessage>(
    namedImplementationCheck: { check.implements($0, $1) },
    namedNotificationCheck: { $0.hasSuffix("Scroll:") })
}

@MainActor
@Suite("Messages named at run time (Objective-C selectors)")
struct NamedMessageSpecs {
  let check = SelectorCheck()
  let proxy: PrioritizedProxy<ChatMessage>
  let screen = SelectorHandler([scroll, swipe])
  let model = SelectorHandler([scroll])

  init() {
    proxy = makeNamedProxy(check: check)
    proxy.add(screen, role: .screen)
    proxy.add(model, role: .model)
  }

  @MainActor
  @Suite("describe: without a rule")
  struct WithoutARule {
    let spec = NamedMessageSpecs()

    @Test("it: goes to its first implementer, in priority order")
    func firstImplementer() {
      #expect(spec.proxy.targets(forNamed: scroll).first === spec.screen)
      spec.proxy.move(spec.model, to: 0)
      #expect(spec.proxy.targets(forNamed: scroll).first === spec.model)
      #expect(spec.proxy.responds(toNamed: swipe))
    }

    @Test("it: reaches nobody when nobody implements it, and says why")
    func nobody() {
      #expect(spec.proxy.targets(forNamed: "tableView:didHighlightRowAtIndexPath:").isEmpty)
      #expect(!spec.proxy.responds(toNamed: "tableView:didHighlightRowAtIndexPath:"))
      #expect(
        spec.proxy.explain(named: "tableView:didHighlightRowAtIndexPath:").description
          == "tableView:didHighlightRowAtIndexPath: → nobody, by rule 'first implementer': no "
          + "handler implements it")
    }

    @Test("it: asks each handler once per name, not once per message")
    func cached() {
      _ = spec.proxy.targets(forNamed: scroll)
      let asked = spec.check.asked
      for _ in 0..<10 { _ = spec.proxy.targets(forNamed: scroll) }
      #expect(spec.check.asked == asked)
      #expect(asked == 1, "the first handler implements it; nobody else is asked")
    }
  }

  @MainActor
  @Suite("describe: with a rule, the same rules as the message set's")
  struct WithARule {
    let spec = NamedMessageSpecs()

    @Test("it: always names the handler, and explain says so")
    func always() {
      spec.proxy.rules[named: scroll] = .always(.model)
      #expect(spec.proxy.targets(forNamed: scroll).first === spec.model)
      #expect(
        spec.proxy.explain(named: scroll).description
          == "scrollViewDidScroll: → model (SelectorHandler), by rule 'always model'")
    }

    @Test("it: only reaches nobody when the named handler does not implement it")
    func only() {
      spec.proxy.rules[named: swipe] = .only(.model)
      #expect(spec.proxy.targets(forNamed: swipe).isEmpty)
      #expect(
        spec.proxy.explain(named: swipe).outcome
          == .unhandled(reason: "model (SelectorHandler) does not implement it"))
    }

    @Test("it: prefer falls back to the first implementer")
    func prefer() {
      spec.proxy.rules[named: swipe] = .prefer(.model)
      #expect(spec.proxy.targets(forNamed: swipe).first === spec.screen)
      spec.proxy.rules[named: scroll] = .prefer(.model)
      #expect(spec.proxy.targets(forNamed: scroll).first === spec.model)
    }

    @Test("it: blocked reaches nobody")
    func blocked() {
      spec.proxy.rules[named: scroll] = .blocked
      #expect(!spec.proxy.responds(toNamed: scroll))
      #expect(spec.proxy.explain(named: scroll).outcome == .unhandled(reason: "blocked by rule"))
    }

    @Test("it: always naming an object routes to it")
    func alwaysObject() {
      spec.proxy.rules[named: scroll] = .always(spec.model)
      #expect(spec.proxy.targets(forNamed: scroll).first === spec.model)
    }

    @Test("it: broadcast delivers a notification to every implementer, in order")
    func broadcast() {
      spec.proxy.rules[named: scroll] = .broadcast
      #expect(spec.proxy.targets(forNamed: scroll).count == 2)
      let event = MessageEvent<ChatMessage, Double>(named: scroll)
      let delivered = spec.proxy.broadcast(event, 4, as: SelectorHandler.self) {
        $0.received.append(scroll)
      }
      #expect(delivered == 2)
      #expect(spec.screen.received == [scroll])
      #expect(spec.model.received == [scroll])
    }

    @Test("it: a custom rule chooses among the candidates, with the name in its context")
    func custom() {
      spec.proxy.rules[named: scroll] = RoutingRule("last implementer") { context in
        #expect(context.message == nil)
        #expect(context.name == scroll)
        return context.implementers.last.map(RoutingDecision.deliver)
          ?? .unhandled(reason: "nobody")
      }
      #expect(spec.proxy.targets(forNamed: scroll).first === spec.model)
    }

    @Test(
      "context: a rule that cannot route it — validate throws the same RoutingError as for a case",
      arguments: [
        ("broadcast", "returns a value"),
        ("always model", "does not implement it"),
        ("always ghost", "names the role 'ghost'"),
      ])
    func failing(name: String, reason: String) throws {
      let rule: RoutingRule<ChatMessage> =
        switch name {
        case "broadcast": .broadcast
        case "always model": .always(.model)
        default: .always("ghost")
        }
      spec.proxy.rules[named: swipe] = rule
      #expect(spec.proxy.targets(forNamed: swipe).isEmpty)
      let error = try #require(throws: RoutingError<ChatMessage>.self) {
        try spec.proxy.validate()
      }
      #expect(error.message == nil)
      #expect(error.name == swipe)
      #expect(error.rule == name)
      #expect(error.description.contains(reason))
      #expect(error.description.contains("screen (SelectorHandler) ✓, model (SelectorHandler) ✗"))
      #expect(spec.proxy.routingErrors.map(\.name) == [swipe])
    }

    @Test("it: rules that can route pass validation")
    func validRules() throws {
      spec.proxy.rules[named: scroll] = .always(.model)
      spec.proxy.rules[named: swipe] = .only(.screen)
      try spec.proxy.validate()
    }
  }

  @MainActor
  @Suite("describe: when routes change")
  struct WhenRoutesChange {
    let spec = NamedMessageSpecs()

    @Test("it: a handler added with a higher priority takes the name, and observers are told")
    func handlerAdded() {
      #expect(spec.proxy.targets(forNamed: scroll).first === spec.screen)
      var changes: [RouteChange<ChatMessage>] = []
      let observation = spec.proxy.observeRoutes { changes.append($0) }
      let overlay = SelectorHandler([scroll])
      spec.proxy.insert(overlay, at: 0)
      #expect(spec.proxy.targets(forNamed: scroll).first === overlay)
      #expect(changes.map(\.names) == [[scroll]])
      #expect(changes.first?.contains(named: scroll) == true)
      #expect(changes.first?.causes == .handlersChanged)
      observation.cancel()
    }

    @Test("it: a handler that implements none of the known names changes nothing, tells nobody")
    func silentHandler() {
      _ = spec.proxy.targets(forNamed: scroll)
      var changes = 0
      let observation = spec.proxy.observeRoutes { _ in changes += 1 }
      spec.proxy.add(SelectorHandler(["tableView:didHighlightRowAtIndexPath:"]), retention: .strong)
      #expect(changes == 0)
      observation.cancel()
    }

    @Test("it: a rule change is told with its cause")
    func ruleChanged() {
      _ = spec.proxy.targets(forNamed: scroll)
      var changes: [RouteChange<ChatMessage>] = []
      let observation = spec.proxy.observeRoutes { changes.append($0) }
      spec.proxy.rules[named: scroll] = .always(.model)
      #expect(changes == [RouteChange(messages: [], names: [scroll], causes: .rulesChanged)])
      observation.cancel()
    }

    @Test("it: a released handler is never a target: the next implementer takes over")
    func released() {
      let proxy = makeNamedProxy(check: spec.check)
      let model = SelectorHandler([scroll])
      var screen: SelectorHandler? = SelectorHandler([scroll])
      proxy.add(screen!)
      proxy.add(model)
      #expect(proxy.targets(forNamed: scroll).first === screen)
      var changes: [RouteChange<ChatMessage>] = []
      let observation = proxy.observeRoutes { changes.append($0) }
      screen = nil
      #expect(proxy.targets(forNamed: scroll).first === model)
      #expect(changes.first?.causes.contains(.handlersReleased) == true)
      observation.cancel()
    }

    @Test("it: invalidating the routes asks every handler again")
    func invalidated() {
      #expect(spec.proxy.targets(forNamed: swipe).first === spec.screen)
      spec.screen.selectors.remove(swipe)
      #expect(spec.proxy.targets(forNamed: swipe).first === spec.screen, "still cached")
      spec.proxy.invalidateRoutes()
      #expect(spec.proxy.targets(forNamed: swipe).isEmpty)
    }
  }

  @MainActor
  @Suite("describe: observation")
  struct Observation {
    let spec = NamedMessageSpecs()

    @Test("it: observers see a named notification before and after its handlers")
    func beforeAndAfter() {
      let event = MessageEvent<ChatMessage, Double>(named: scroll)
      var log: [String] = []
      let before = spec.proxy.observe(event, beforeHandler: true) { log.append("before \($0)") }
      let after = spec.proxy.observe(event) { log.append("after \($0)") }
      spec.proxy.broadcast(event, 12, as: SelectorHandler.self) { _ in log.append("handler") }
      #expect(log == ["before 12.0", "handler", "after 12.0"])
      _ = (before, after)
    }

    @Test("it: a notification nobody handles responds while observed, and hosts are told")
    func respondsWhileObserved() {
      let name = "tableView:didEndScroll:"
      var changes: [RouteChange<ChatMessage>] = []
      let routes = spec.proxy.observeRoutes { changes.append($0) }
      #expect(!spec.proxy.responds(toNamed: name))
      let observation = spec.proxy.observe(MessageEvent<ChatMessage, Int>(named: name)) { _ in }
      #expect(spec.proxy.responds(toNamed: name))
      observation.cancel()
      #expect(!spec.proxy.responds(toNamed: name))
      #expect(changes.map(\.causes) == [.observersChanged, .observersChanged])
      _ = routes
    }
  }

  @MainActor
  @Suite("describe: inspection")
  struct Inspection {
    let spec = NamedMessageSpecs()

    @Test("it: the routing table lists every name asked about or given a rule, after the cases")
    func table() {
      _ = spec.proxy.targets(forNamed: swipe)
      spec.proxy.rules[named: scroll] = .always(.model)
      let rows = spec.proxy.routingTable.rows.filter { $0.message == nil }
      #expect(
        rows.map(\.description) == [
          "scrollViewDidScroll: → model (SelectorHandler), by rule 'always model'",
          "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath: → screen "
            + "(SelectorHandler), by rule 'first implementer'",
        ])
      #expect(spec.proxy.routingTable[named: scroll]?.targets.first?.role == .model)
      #expect(
        spec.proxy.explain(named: scroll).candidates.map(\.description) == [
          "screen (SelectorHandler) ✓", "model (SelectorHandler) ✓",
        ])
    }
  }

  @MainActor
  @Suite("describe: lifetimes")
  struct Lifetimes {
    @Test("it: a named route keeps no handler alive")
    func weakTargets() {
      let proxy = makeNamedProxy(check: SelectorCheck())
      weak var released: SelectorHandler?
      do {
        let handler = SelectorHandler([scroll])
        released = handler
        proxy.add(handler)
        #expect(proxy.targets(forNamed: scroll).first === handler)
      }
      #expect(released == nil)
      #expect(proxy.targets(forNamed: scroll).isEmpty)
    }
  }
}
