import Switchboard
import Testing

/// An object that implements the Objective-C methods it names, as `NSObject.responds(to:)`
/// would report them.
final class SelectorHandler {
  var selectors: Set<String>
  init(_ selectors: Set<String>) { self.selectors = selectors }
}

/// Answers for ``SelectorHandler``s, counting how often it is asked.
final class SelectorCheck {
  var asked = 0
  func implements(_ name: String, _ handler: AnyObject) -> Bool {
    asked += 1
    return (handler as? SelectorHandler)?.selectors.contains(name) ?? false
  }
}

private let scroll = "scrollViewDidScroll:"
private let swipe = "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:"

@MainActor
@Suite("ForwardedRoutes")
struct ForwardedRoutesSpecs {
  let proxy = PrioritizedProxy<ChatMessage>()
  let check = SelectorCheck()
  let forwarded: ForwardedRoutes<ChatMessage>
  let screen = SelectorHandler([scroll, swipe])
  let model = SelectorHandler([scroll])

  init() {
    let check = check
    forwarded = ForwardedRoutes(router: proxy) { check.implements($0, $1) }
    proxy.add(screen, role: .screen)
    proxy.add(model, role: .model)
  }

  @MainActor
  @Suite("without a rule")
  struct WithoutARule {
    let spec = ForwardedRoutesSpecs()

    @Test("a selector goes to its first implementer, in priority order")
    func firstImplementer() {
      #expect(spec.forwarded.target(for: scroll) === spec.screen)
      spec.proxy.move(spec.model, to: 0)
      #expect(spec.forwarded.target(for: scroll) === spec.model)
      #expect(spec.forwarded.responds(to: swipe))
    }

    @Test("a selector nobody implements reaches nobody, and says why")
    func nobody() {
      #expect(spec.forwarded.target(for: "tableView:didHighlightRowAtIndexPath:") == nil)
      #expect(!spec.forwarded.responds(to: "tableView:didHighlightRowAtIndexPath:"))
      #expect(
        spec.forwarded.explain("tableView:didHighlightRowAtIndexPath:").description
          == "tableView:didHighlightRowAtIndexPath: → nobody, by rule 'first implementer': no "
          + "handler implements it")
    }

    @Test("the choice is made once per selector, not once per message")
    func cached() {
      _ = spec.forwarded.target(for: scroll)
      let asked = spec.check.asked
      for _ in 0..<10 { _ = spec.forwarded.target(for: scroll) }
      #expect(spec.check.asked == asked)
      #expect(asked == 2, "each of the two handlers is asked once")
    }
  }

  @MainActor
  @Suite("with a rule")
  struct WithARule {
    let spec = ForwardedRoutesSpecs()

    @Test("always names the handler that gets the selector, and explain says so")
    func always() {
      spec.forwarded.rules[scroll] = .always(.model)
      #expect(spec.forwarded.target(for: scroll) === spec.model)
      #expect(
        spec.forwarded.explain(scroll).description
          == "scrollViewDidScroll: → model (SelectorHandler), by rule 'always model'")
    }

    @Test("only reaches nobody when the named handler does not implement it")
    func only() {
      spec.forwarded.rules[swipe] = .only(.model)
      #expect(spec.forwarded.target(for: swipe) == nil)
      #expect(
        spec.forwarded.explain(swipe).outcome
          == .unhandled(reason: "model (SelectorHandler) does not implement it"))
    }

    @Test("prefer falls back to the first implementer")
    func prefer() {
      spec.forwarded.rules[swipe] = .prefer(.model)
      #expect(spec.forwarded.target(for: swipe) === spec.screen)
      spec.forwarded.rules[scroll] = .prefer(.model)
      #expect(spec.forwarded.target(for: scroll) === spec.model)
    }

    @Test("blocked reaches nobody")
    func blocked() {
      spec.forwarded.rules[scroll] = .blocked
      #expect(!spec.forwarded.responds(to: scroll))
      #expect(spec.forwarded.explain(scroll).outcome == .unhandled(reason: "blocked by rule"))
    }

    @Test("always naming an object routes to it")
    func alwaysObject() {
      spec.forwarded.rules[scroll] = .always(spec.model)
      #expect(spec.forwarded.target(for: scroll) === spec.model)
    }

    @Test(
      "a rule that cannot route fails validation with the selector, rule, handlers and fix",
      arguments: [
        ("broadcast", "cannot be broadcast"),
        ("always model", "model (SelectorHandler) does not implement it"),
        ("always ghost", "no handler has the role 'ghost'"),
        ("custom", "custom rule"),
      ])
    func failing(name: String, reason: String) throws {
      let rule: RoutingRule<ChatMessage> =
        switch name {
        case "broadcast": .broadcast
        case "always model": .always(.model)
        case "always ghost": .always("ghost")
        default: RoutingRule(name) { _ in .unhandled(reason: "") }
        }
      spec.forwarded.rules[swipe] = rule
      #expect(spec.forwarded.target(for: swipe) == nil)
      let error = try #require(throws: ForwardingError.self) { try spec.forwarded.validate() }
      #expect(error.name == swipe)
      #expect(error.rule == name)
      #expect(error.reason.contains(reason))
      #expect(error.description.contains("screen (SelectorHandler) ✓, model (SelectorHandler) ✗"))
      #expect(error.description.contains("Change the forwarded message's rule"))
    }

    @Test("rules that can route pass validation")
    func validRules() throws {
      spec.forwarded.rules = [scroll: .always(.model), swipe: .only(.screen)]
      try spec.forwarded.validate()
    }
  }

  @MainActor
  @Suite("when routes change")
  struct WhenRoutesChange {
    let spec = ForwardedRoutesSpecs()

    @Test("a handler added with a higher priority takes the selector, and observers are told")
    func handlerAdded() {
      #expect(spec.forwarded.target(for: scroll) === spec.screen)
      var changes: [ForwardedRouteChange] = []
      let observation = spec.forwarded.observeRoutes { changes.append($0) }
      let overlay = SelectorHandler([scroll])
      spec.proxy.insert(overlay, at: 0)
      #expect(spec.forwarded.target(for: scroll) === overlay)
      #expect(changes.map(\.names) == [[scroll]])
      #expect(changes.first?.causes == .handlersChanged)
      observation.cancel()
    }

    @Test("a handler that implements none of the known selectors changes nothing and tells nobody")
    func silentHandler() {
      _ = spec.forwarded.target(for: scroll)
      var changes = 0
      let observation = spec.forwarded.observeRoutes { _ in changes += 1 }
      spec.proxy.add(SelectorHandler(["tableView:didHighlightRowAtIndexPath:"]), retention: .strong)
      #expect(changes == 0)
      observation.cancel()
    }

    @Test("a rule change is told with its cause")
    func ruleChanged() {
      _ = spec.forwarded.target(for: scroll)
      var changes: [ForwardedRouteChange] = []
      let observation = spec.forwarded.observeRoutes { changes.append($0) }
      spec.forwarded.rules[scroll] = .always(.model)
      #expect(changes == [ForwardedRouteChange(names: [scroll], causes: .rulesChanged)])
      observation.cancel()
    }

    @Test("a released handler is never a target: the next implementer takes over")
    func released() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let forwarded = ForwardedRoutes(router: proxy) { name, handler in
        (handler as? SelectorHandler)?.selectors.contains(name) ?? false
      }
      let model = SelectorHandler([scroll])
      var screen: SelectorHandler? = SelectorHandler([scroll])
      proxy.add(screen!)
      proxy.add(model)
      #expect(forwarded.target(for: scroll) === screen)
      var changes: [ForwardedRouteChange] = []
      let observation = forwarded.observeRoutes { changes.append($0) }
      screen = nil
      #expect(forwarded.target(for: scroll) === model)
      #expect(changes.first?.causes.contains(.handlersReleased) == true)
      observation.cancel()
    }

    @Test("invalidating the router asks every handler again")
    func invalidated() {
      #expect(spec.forwarded.target(for: swipe) === spec.screen)
      spec.screen.selectors.remove(swipe)
      #expect(spec.forwarded.target(for: swipe) === spec.screen, "still cached")
      spec.proxy.invalidateRoutes()
      #expect(spec.forwarded.target(for: swipe) == nil)
    }
  }

  @MainActor
  @Suite("inspection")
  struct Inspection {
    let spec = ForwardedRoutesSpecs()

    @Test("the routing table lists every selector asked for or given a rule, by name")
    func table() {
      _ = spec.forwarded.target(for: swipe)
      spec.forwarded.rules[scroll] = .always(.model)
      #expect(spec.forwarded.names == [scroll, swipe])
      #expect(
        spec.forwarded.routingTable.map(\.description) == [
          "scrollViewDidScroll: → model (SelectorHandler), by rule 'always model'",
          "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath: → screen "
            + "(SelectorHandler), by rule 'first implementer'",
        ])
      #expect(spec.forwarded.explain(scroll).target?.role == .model)
      #expect(
        spec.forwarded.explain(scroll).candidates.map(\.description) == [
          "screen (SelectorHandler) ✓", "model (SelectorHandler) ✓",
        ])
    }
  }

  @MainActor
  @Suite("lifetimes")
  struct Lifetimes {
    @Test("forwarded routes keep no handler alive")
    func weakTargets() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let forwarded = ForwardedRoutes(router: proxy) { name, handler in
        (handler as? SelectorHandler)?.selectors.contains(name) ?? false
      }
      weak var released: SelectorHandler?
      do {
        let handler = SelectorHandler([scroll])
        released = handler
        proxy.add(handler)
        #expect(forwarded.target(for: scroll) === handler)
      }
      #expect(released == nil)
      #expect(forwarded.target(for: scroll) == nil)
    }

    @Test("forwarded routes that go away leave the router working")
    func releasedForwardedRoutes() {
      let proxy = PrioritizedProxy<ChatMessage>()
      var forwarded: ForwardedRoutes<ChatMessage>? = ForwardedRoutes(router: proxy) { _, _ in true }
      weak let weakForwarded = forwarded
      _ = forwarded?.target(for: scroll)
      forwarded = nil
      #expect(weakForwarded == nil, "the router does not keep them alive")
      let screen = ChatScreen()
      proxy.add(screen)
      #expect(proxy.target(for: .greet) === screen)
    }
  }
}
