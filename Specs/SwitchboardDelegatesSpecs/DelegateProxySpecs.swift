import Foundation
import Testing

@testable import Switchboard

// DelegateProxy, the delegate proxy for any Objective-C delegate protocol, on the model of a
// parent object and the runtime (DelegateModel.swift).

private typealias P = ModelDelegateProtocol

@Suite("DelegateProxy, on a model of a parent object and the Objective-C runtime")
struct DelegateProxySpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()
  /// The screen: it handles text changes and the return key.
  let screen = DelegateHandler([P.textDidChange, P.shouldReturn], answers: [P.shouldReturn: false])
  /// The view model: it handles text changes too.
  let model = DelegateHandler([P.textDidChange])

  func attach(
    _ handlers: KeyValuePairs<HandlerRole, AnyObject>, rules: RoutingRules<Never> = [:],
    fallbacks: [String: DelegateFallback] = [:]
  ) -> ModelDelegateProxy {
    ModelDelegateProxy.attach(
      to: parent, handlers: handlers, rules: rules, fallbacks: fallbacks, runLoop: runLoop)
  }

  @Suite("describe: routing")
  struct Routing {
    let spec = DelegateProxySpecs()

    @Test("it: a message goes to its first implementer in priority order, and only to it")
    func firstImplementer() {
      _ = spec.attach([.view: spec.screen, .viewModel: spec.model])
      spec.parent.send(P.textDidChange, ["bar", "a"])
      #expect(spec.screen.received == [P.textDidChange])
      #expect(spec.model.received.isEmpty)
      #expect(spec.parent.send(P.shouldReturn, ["field"]) as? Bool == false)
    }

    @Test("it: a broadcast rule delivers a method returning nothing to every implementer")
    func broadcast() {
      var rules = RoutingRules<Never>()
      rules[named: P.textDidChange] = .broadcast
      let proxy = spec.attach([.view: spec.screen, .viewModel: spec.model], rules: rules)
      spec.parent.send(P.textDidChange, ["bar", "a"])
      #expect(spec.screen.received == [P.textDidChange])
      #expect(spec.model.received == [P.textDidChange])
      #expect(proxy.errors.isEmpty)
    }

    @Test(
      "it: a broadcast rule for a method that returns a value is refused when set, with the fix, and the method keeps its route"
    )
    func broadcastOfAValueRefused() {
      let formatter = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
      let proxy = spec.attach([.view: spec.screen, .viewModel: formatter])
      proxy.routing.rules[named: P.shouldReturn] = .always(.viewModel)
      spec.runLoop.endTurn()
      proxy.routing.rules[named: P.shouldReturn] = .broadcast
      spec.runLoop.endTurn()
      #expect(proxy.routing.rules[named: P.shouldReturn]?.name == "always viewModel")
      #expect(proxy.errors.count == 1)
      #expect(proxy.errors.first?.contains("broadcast rule was refused") == true)
      #expect(proxy.errors.first?.contains("Fix:") == true)
      #expect(spec.parent.cachedAnswer(P.shouldReturn), "never silenced")
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
      #expect(formatter.received == [P.shouldReturn])
      #expect(proxy.routing.routingErrors.isEmpty)
    }

    @Test(
      "it: a scroll view's every-frame notification, broadcast and observed, reaches every handler and observer without an invocation"
    )
    func typedNotification() {
      let analytics = DelegateHandler([P.didScroll])
      let screen = DelegateHandler([P.didScroll])
      var rules = RoutingRules<Never>()
      rules[named: P.didScroll] = .broadcast
      let proxy = spec.attach([.view: screen, "analytics": analytics], rules: rules)
      var seen: [[Any]] = []
      let observation = proxy.observe(named: P.didScroll, beforeHandler: false) {
        seen.append($0)
      }
      for _ in 0..<3 { spec.parent.send(P.didScroll, ["scroll view"]) }
      #expect(screen.received == [P.didScroll, P.didScroll, P.didScroll])
      #expect(analytics.received == [P.didScroll, P.didScroll, P.didScroll])
      #expect(seen.count == 3)
      #expect(proxy.invocationCount == 0, "a plain message to the proxy, never forwardInvocation:")
      observation.cancel()
    }

    @Test(
      "it: the proxy class's own notification methods are answered only while a handler implements them or something observes them"
    )
    func typedNotificationAnswers() {
      let proxy = spec.attach([.view: spec.screen])
      #expect(!spec.parent.cachedAnswer(P.didScroll), "the class implements it; nobody handles it")
      let observation = proxy.observe(named: P.didScroll, beforeHandler: false) { _ in }
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.didScroll))
      observation.cancel()
      // One handler, nothing observing: straight to it, as a forwarding target.
      let scroller = DelegateHandler([P.didScroll])
      proxy.routing.add(scroller, role: "scroller")
      spec.runLoop.endTurn()
      spec.parent.send(P.didScroll, ["scroll view"])
      #expect(scroller.received == [P.didScroll])
      #expect(proxy.invocationCount == 0)
    }

    @Test("it: explains where a selector goes and why")
    func explains() {
      let proxy = spec.attach([.view: spec.screen, .viewModel: spec.model])
      let explanation = proxy.routing.explain(P.textDidChange)
      #expect(explanation.targets.first?.role == .view)
      #expect("\(explanation)".contains("first implementer"))
    }
  }

  @Suite("describe: what the parent is told")
  struct Answers {
    let spec = DelegateProxySpecs()

    @Test("it: yes only for a selector a live handler implements")
    func onlyImplemented() {
      _ = spec.attach([.view: spec.screen])
      #expect(spec.parent.cachedAnswer(P.textDidChange))
      #expect(spec.parent.cachedAnswer(P.shouldReturn))
      #expect(!spec.parent.cachedAnswer(P.didZoom), "nobody implements or observes it")
      #expect(!spec.parent.cachedAnswer(P.decidePolicy))
    }

    @Test("it: observing a method nobody implements makes it answered, after the turn")
    func observedIsAnswered() {
      let proxy = spec.attach([.view: spec.screen])
      var seen: [[Any]] = []
      let observation = proxy.observe(named: P.didZoom, beforeHandler: false) { seen.append($0) }
      #expect(!spec.parent.cachedAnswer(P.didZoom), "nothing is re-assigned inside the change")
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.didZoom))
      spec.parent.send(P.didZoom, ["scroll view"])
      #expect(seen.count == 1)
      #expect(proxy.errors.isEmpty, "observed, so answered by design")
      observation.cancel()
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.didZoom))
    }

    @Test("it: several changes in one turn re-assign the delegate once, nil then the proxy")
    func coalesced() {
      let proxy = spec.attach([.view: spec.screen])
      spec.runLoop.endTurn()
      let assignments = spec.parent.assignments
      let scrolling = DelegateHandler([P.didScroll])
      let location = DelegateHandler([P.didUpdateLocations])
      proxy.routing.add(scrolling, role: "scrolling")
      proxy.routing.add(location, role: "location")
      #expect(spec.parent.assignments == assignments, "nothing is re-assigned inside the change")
      spec.runLoop.endTurn()
      #expect(spec.parent.assignments == assignments + 1)
      #expect(spec.parent.cachedAnswer(P.didScroll))
      #expect(spec.parent.cachedAnswer(P.didUpdateLocations))
      withExtendedLifetime((scrolling, location)) {}
    }

    @Test("it: the parent's answers match the proxy's after every turn")
    func stableAnswers() {
      let scrolling = DelegateHandler([P.didScroll])
      let proxy = spec.attach([.view: spec.screen])
      proxy.routing.add(scrolling, role: "scrolling")
      spec.runLoop.endTurn()
      for method in P.methods {
        #expect(spec.parent.cachedAnswer(method.selector) == proxy.responds(method.selector))
      }
      withExtendedLifetime(scrolling) {}
    }
  }

  @Suite("describe: observing with typed arguments")
  struct TypedObservation {
    let spec = DelegateProxySpecs()

    @Test("it: objects, numbers, Booleans and nil arrive as the types the observer names")
    func typed() {
      let proxy = spec.attach([.view: spec.screen])
      var seen: [(String, Int, Double, Bool, String?)] = []
      let observation = proxy.routing.observe(
        P.didUpdateLocations, as: (String, Int, Double, Bool, String?).self, beforeHandler: false
      ) { manager, count, accuracy, flag, note in
        seen.append((manager, count, accuracy, flag, note))
      }
      spec.runLoop.endTurn()
      spec.parent.send(
        P.didUpdateLocations,
        [
          "manager" as NSString, NSNumber(value: 3), NSNumber(value: 2.5), NSNumber(value: true),
          NSNull(),
        ])
      #expect(seen.count == 1)
      #expect(seen.first?.0 == "manager" && seen.first?.1 == 3 && seen.first?.2 == 2.5)
      #expect(seen.first?.3 == true && seen.first?.4 == nil)
      #expect(proxy.errors.isEmpty)
      observation.cancel()
    }

    @Test(
      "context: an argument of another type — reported once, naming the argument, and not shown")
    func mismatch() {
      let proxy = spec.attach([.view: spec.screen])
      var seen = 0
      let observation = proxy.routing.observe(
        P.didScroll, as: (Int, Double).self, beforeHandler: false
      ) { _, _ in seen += 1 }
      spec.runLoop.endTurn()
      spec.parent.send(P.didScroll, ["scroll view" as NSString, NSNumber(value: 1.5)])
      spec.parent.send(P.didScroll, ["scroll view" as NSString, NSNumber(value: 1.5)])
      #expect(seen == 0)
      #expect(
        proxy.errors == [
          "scrollViewDidScroll: cannot be observed: its argument 0 is a NSString, not Int."
        ])
      observation.cancel()
    }

    @Test(
      "it: an enumeration with an integer raw value (an NS_ENUM) and Foundation geometry arrive typed"
    )
    func enumerationsAndGeometry() {
      let proxy = spec.attach([.view: spec.screen])
      var seen: [(ComposeResult, CGPoint, NSRange, ComposeResult?)] = []
      let observation = proxy.routing.observe(
        P.didUpdateLocations, as: (ComposeResult, CGPoint, NSRange, ComposeResult?).self,
        beforeHandler: false
      ) { result, point, range, optional in seen.append((result, point, range, optional)) }
      spec.runLoop.endTurn()
      spec.parent.send(
        P.didUpdateLocations,
        [
          NSNumber(value: 2), NSValue(point: CGPoint(x: 3, y: 4)),
          NSValue(range: NSRange(location: 5, length: 6)), NSNull(),
        ])
      #expect(seen.count == 1)
      #expect(seen.first?.0 == .sent && seen.first?.1 == CGPoint(x: 3, y: 4))
      #expect(seen.first?.2 == NSRange(location: 5, length: 6) && seen.first?.3 == nil)
      #expect(proxy.errors.isEmpty)
      observation.cancel()
    }

    @Test("context: a type the runtime never boxes — reported when observed, never called")
    func typeThatNeverArrives() {
      let proxy = spec.attach([.view: spec.screen])
      var seen = 0
      let observation = proxy.routing.observe(
        P.didScroll, as: (AnyObject, Draft).self, beforeHandler: false
      ) { _, _ in seen += 1 }
      #expect(
        proxy.errors == [
          "scrollViewDidScroll: cannot be observed: its argument 1 can never arrive: Draft is a "
            + "Swift value the runtime never boxes; name an object, a number, an enumeration "
            + "with a raw value, or a structure such as CGPoint."
        ])
      spec.runLoop.endTurn()
      spec.parent.send(P.didScroll, ["scroll view" as NSString, NSNull()])
      #expect(seen == 0)
      observation.cancel()
    }

    @Test("context: another number of arguments — reported")
    func arity() {
      let proxy = spec.attach([.view: spec.screen])
      let observation = proxy.routing.observe(
        P.didScroll, as: (String, Int, Int).self, beforeHandler: false
      ) { _, _, _ in }
      spec.runLoop.endTurn()
      spec.parent.send(P.didScroll, ["scroll view" as NSString])
      #expect(
        proxy.errors == [
          "scrollViewDidScroll: cannot be observed: it has 1 arguments, not the 3 of "
            + "(String, Int, Int)."
        ])
      observation.cancel()
    }
  }

  @Suite("describe: a closure as a handler")
  struct Closures {
    let spec = DelegateProxySpecs()

    @Test(
      "it: a message of a shape the direct path takes reaches the proxy's own method, and a closure reads its number and object where they are, and stores its answer there"
    )
    func directPath() {
      let proxy = spec.attach([.viewModel: spec.model])
      var components: [Int] = []
      let token = proxy.answer(named: P.rowHeight, role: "heights") {
        (_: AnyObject, component: Int) -> CGFloat in
        components.append(component)
        return 20 + CGFloat(component)
      }
      spec.runLoop.endTurn()
      let heights = [2, -1].map { component in
        let answer = spec.parent.send(P.rowHeight, ["picker", component])
        return (answer as? Double) ?? (answer as? CGFloat).map(Double.init)
      }
      #expect(heights == [22, 19])
      #expect(components == [2, -1])
      if ModelDelegateProxy.hasDirectPath {
        #expect(proxy.directMessageCount == 2 && proxy.invocationCount == 0)
        #expect(proxy.boxedArgumentReads == 0, "nothing boxed: read where the runtime put it")
      } else {
        #expect(proxy.invocationCount == 2 && proxy.directMessageCount == 0)
        #expect(proxy.boxedArgumentReads == 2)
      }
      #expect(proxy.errors.isEmpty)
      token.cancel()
    }

    @Test("it: answers a method that returns a Bool, and the parent is told it implements it")
    func answersABool() {
      let proxy = spec.attach([.viewModel: spec.model])
      #expect(!spec.parent.cachedAnswer(P.shouldReturn))
      var fields: [String] = []
      let token = proxy.answer(named: P.shouldReturn, role: "return key") {
        (field: String) -> Bool in
        fields.append(field)
        return true
      }
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.shouldReturn), "told after the turn")
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
      #expect(fields == ["field"])
      #expect(proxy.routing.forwardingTarget(forSelector: P.shouldReturn) == nil)
      #expect(spec.parent.crashes.isEmpty, "never a forwarding target: the runtime cannot call it")
      #expect(proxy.routing.explain(P.shouldReturn).targets.first?.role == "return key")
      #expect(proxy.errors.isEmpty)
      token.cancel()
    }

    @Test(
      "context: closures given at attach — the parent sees them in the same turn, before it needs them"
    )
    func givenAtAttach() {
      var fields: [String] = []
      let proxy = ModelDelegateProxy.attach(
        to: spec.parent, handlers: [.viewModel: spec.model],
        answers: [
          .answer(named: P.shouldReturn) { (field: String) -> Bool in
            fields.append(field)
            return false
          }
        ], runLoop: spec.runLoop)
      // No turn has ended: the parent asked once, at the assignment.
      #expect(spec.parent.cachedAnswer(P.shouldReturn))
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
      #expect(fields == ["field"])
      #expect(proxy.routing.handler(withRole: HandlerRole(P.shouldReturn)) != nil)
      #expect(proxy.errors.isEmpty)
    }

    @Test(
      "it: needs no role: by default its selector's, so the last closure given for a method answers it"
    )
    func noRoleNeeded() {
      let proxy = spec.attach([.viewModel: spec.model])
      let first = proxy.answer(named: P.shouldReturn) { (_: String) -> Bool in true }
      let second = proxy.answer(named: P.shouldReturn) { (_: String) -> Bool in false }
      spec.runLoop.endTurn()
      #expect(
        proxy.routing.handlers.map(\.description).filter { $0.contains(P.shouldReturn) }.count == 1)
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
      #expect(proxy.errors.isEmpty, "a closure replacing a closure is not reported")
      first.cancel()
      second.cancel()
    }

    @Test("context: a closure added after attach — the parent sees it only after the turn")
    func addedAfterAttach() {
      let proxy = spec.attach([.viewModel: spec.model])
      let token = proxy.answer(named: P.shouldReturn, role: "return key") { (_: String) -> Bool in
        false
      }
      #expect(!spec.parent.cachedAnswer(P.shouldReturn), "the proxy re-assigns itself after it")
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.shouldReturn))
      token.cancel()
    }

    @Test("it: answers a structure, its arguments unboxed to the closure's types")
    func answersAStructure() {
      let proxy = spec.attach([.view: spec.screen])
      let token = proxy.answer(named: P.targetOffset, role: "paging") {
        (grid: String, proposed: CGPoint) -> CGPoint in
        CGPoint(x: (proposed.x / 100).rounded() * 100, y: proposed.y)
      }
      spec.runLoop.endTurn()
      let answer = spec.parent.send(
        P.targetOffset, ["grid" as NSString, NSValue(point: CGPoint(x: 130, y: 5))])
      #expect(answer as? CGPoint == CGPoint(x: 100, y: 5))
      #expect(proxy.errors.isEmpty)
      token.cancel()
    }

    @Test("it: answers an optional object: nil as nil, never as a boxed optional")
    func answersAnOptional() {
      let proxy = spec.attach([.view: spec.screen])
      let token = proxy.answer(named: P.viewForAnnotation, role: "pins") {
        (_: String, annotation: String) -> NSString? in
        annotation == "pin" ? "pin view" : nil
      }
      spec.runLoop.endTurn()
      let pin = spec.parent.send(P.viewForAnnotation, ["map" as NSString, "pin" as NSString])
      #expect(pin as? NSString == "pin view")
      let userLocation = spec.parent.send(
        P.viewForAnnotation, ["map" as NSString, "user location" as NSString])
      #expect(userLocation == nil)
      #expect(proxy.errors.isEmpty)
      token.cancel()
    }

    @Test("it: answers a method with a completion handler by calling the handler it is given")
    func completionHandler() {
      let proxy = spec.attach([.view: spec.screen])
      let token = proxy.answer(named: P.decidePolicy, role: "policy") {
        (webView: String, decide: ModelCompletion) in
        decide.call(webView == "web view" ? "cancel" : "allow")
      }
      spec.runLoop.endTurn()
      #expect(spec.parent.send(P.decidePolicy, ["web view" as NSString]) as? String == "cancel")
      #expect(spec.parent.failures.isEmpty)
      token.cancel()
    }

    @Test("it: takes part in a broadcast beside handler objects")
    func broadcast() {
      var rules = RoutingRules<Never>()
      rules[named: P.textDidChange] = .broadcast
      let proxy = spec.attach([.view: spec.screen], rules: rules)
      var texts: [String] = []
      let token = proxy.answer(named: P.textDidChange, role: "search") {
        (_: String, text: String) in texts.append(text)
      }
      spec.parent.send(P.textDidChange, ["bar" as NSString, "swift" as NSString])
      #expect(spec.screen.received == [P.textDidChange])
      #expect(texts == ["swift"])
      token.cancel()
    }

    @Test("it: goes where a rule says, and takes its place in the priority order")
    func rule() {
      let proxy = spec.attach([.view: spec.screen])
      let token = proxy.answer(named: P.shouldReturn, role: "return key") {
        (_: String) -> Bool in true
      }
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
      proxy.routing.rules[named: P.shouldReturn] = .always("return key")
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
      proxy.routing.rules[named: P.shouldReturn] = nil
      let first = proxy.answer(named: P.shouldReturn, role: "first", at: 0) {
        (_: String) -> Bool in true
      }
      #expect(proxy.routing.handlers.map(\.role) == ["first", .view, "return key"])
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
      #expect(proxy.errors.isEmpty)
      token.cancel()
      first.cancel()
    }

    @Test("context: types that do not match the method — reported when registered, not added")
    func mismatchedTypes() {
      let proxy = spec.attach([.view: spec.model])
      let fix = ". Fix: write the closure with the method's types, { (…) -> … in }."
      let tokens = [
        proxy.answer(named: P.shouldReturn, role: "a") { (_: String, _: String) -> Bool in true },
        proxy.answer(named: P.shouldReturn, role: "b") { (_: String) -> Int in 1 },
        proxy.answer(named: P.shouldReturn, role: "c") { (_: String) in },
        proxy.answer(named: P.textDidChange, role: "d") { (_: String, _: Double) in },
        proxy.answer(named: "textFieldShouldReturns:", role: "e") { (_: String) -> Bool in true },
      ]
      #expect(
        proxy.errors == [
          "The closure for textFieldShouldReturn: cannot answer it: the method takes 1 argument, "
            + "the closure 2" + fix,
          "The closure for textFieldShouldReturn: cannot answer it: the method returns a Bool, "
            + "not Int" + fix,
          "The closure for textFieldShouldReturn: cannot answer it: the method returns a value, "
            + "the closure nothing" + fix,
          "The closure for searchBar:textDidChange: cannot answer it: its argument 1 is an "
            + "object, not Double" + fix,
          "The closure for textFieldShouldReturns: cannot answer it: no adopted protocol declares "
            + "it, so the parent never sends it. Did you mean textFieldShouldReturn:? Fix: spell "
            + "it as the protocol does, use #selector(…), or adopt the protocol that declares it.",
        ])
      #expect(
        proxy.routing.errors.allSatisfy { $0.kind == .closureCannotAnswer && $0.isSetupMistake })
      #expect(proxy.routing.handlers.count == 1, "nothing was added")
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.shouldReturn))
      withExtendedLifetime(tokens) {}
    }

    @Test("context: arguments of another type when sent — reported once, the fallback answers")
    func mismatchAtRunTime() {
      let proxy = spec.attach([.view: spec.model])
      let token = proxy.answer(named: P.shouldReturn, role: "return key") {
        (_: String) -> Bool in false
      }
      spec.runLoop.endTurn()
      #expect(spec.parent.send(P.shouldReturn, [NSNumber(value: 1)]) as? Bool == true)
      #expect(spec.parent.send(P.shouldReturn, [NSNumber(value: 1)]) as? Bool == true)
      #expect(
        proxy.errors == [
          "The closure for textFieldShouldReturn: cannot answer it: its argument 0 arrived as a "
            + "NSNumber, not String."
        ])
      token.cancel()
    }

    @Test("it: held weakly, it is released with its token, and the parent is told")
    func releasedWithItsToken() {
      let proxy = spec.attach([.view: spec.model])
      var token: ObservationToken? = proxy.answer(named: P.shouldReturn, role: "return key") {
        (_: String) -> Bool in true
      }
      weak let closure = proxy.routing.handler(withRole: "return key")
      spec.runLoop.endTurn()
      #expect(closure != nil && spec.parent.cachedAnswer(P.shouldReturn))
      #expect(token != nil)
      token = nil
      #expect(closure == nil)
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.shouldReturn))
    }

    @Test("it: held strongly, it outlives its token until cancelled, and dies with its proxy")
    func heldStrongly() {
      weak var canary: Canary?
      var proxy: ModelDelegateProxy? = spec.attach([.view: spec.model])
      do {
        let captured = Canary()
        canary = captured
        let token = proxy?.answer(named: P.shouldReturn, role: "return key", retention: .strong) {
          (_: String) -> Bool in captured.alive
        }
        #expect(token != nil)
      }
      spec.runLoop.endTurn()
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
      #expect(canary != nil, "the proxy holds it")
      spec.parent.dispatcher = nil
      proxy = nil
      #expect(canary == nil, "released with its proxy")
    }

    @Test("it: a closure given the role of another replaces it, as each updateUIView does")
    func replacedByRole() {
      let proxy = spec.attach([.view: spec.model])
      var answers: [Bool] = []
      for answer in [true, false, true] {
        proxy.answer(named: P.shouldReturn, role: "swiftUI", retention: .strong) {
          (_: String) -> Bool in answer
        }
        answers.append(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool ?? false)
        spec.runLoop.endTurn()
      }
      #expect(proxy.routing.handlers.map(\.role) == [.view, "swiftUI"], "one closure, not three")
      #expect(answers.dropFirst() == [false, true])
      #expect(proxy.errors.isEmpty)
      let last = proxy.answer(named: P.shouldReturn, role: "swiftUI", retention: .strong) {
        (_: String) -> Bool in true
      }
      last.cancel()
      #expect(proxy.routing.handlers.map(\.role) == [.view], "cancelled, even held strongly")
    }
  }

  @Suite("describe: a method whose mere presence changes the parent")
  struct PresenceSensitive {
    let spec = DelegateProxySpecs()

    @Test(
      "context: observed while no handler implements it — refused at observe, with the fix, and the parent is never told it is implemented"
    )
    func refusedForAnObserverAlone() {
      let proxy = spec.attach([.view: spec.screen])
      var seen = 0
      let observation = proxy.observe(named: P.didChangeSnapshot) { _ in seen += 1 }
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.didChangeSnapshot), "the parent's behaviour is unchanged")
      #expect(proxy.routing.errors.map(\.kind) == [.undeliverableObservation])
      #expect(proxy.errors.first?.contains("no other delegate method") == true)
      #expect(proxy.errors.first?.contains("Fix:") == true)
      observation.cancel()
    }

    @Test("context: a handler implements it — an observer beside it sees each message")
    func observedBesideItsHandler() {
      let updates = DelegateHandler([P.didChangeSnapshot])
      let proxy = spec.attach([.viewModel: updates])
      var seen = 0
      let observation = proxy.observe(named: P.didChangeSnapshot) { _ in seen += 1 }
      spec.runLoop.endTurn()
      spec.parent.send(P.didChangeSnapshot, ["controller" as NSString, "snapshot" as NSString])
      #expect(seen == 1)
      #expect(updates.received == [P.didChangeSnapshot])
      #expect(proxy.errors.isEmpty)
      observation.cancel()
    }
  }

  @Suite("describe: a role in use")
  struct RoleInUse {
    let spec = DelegateProxySpecs()

    @Test(
      "context: two screens add themselves to one shared proxy under one role (two windows) — the second takes the first's place, reported, never a crash"
    )
    func twoScreensOneRole() {
      let proxy = spec.attach([.viewModel: spec.model])
      let first = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
      let second = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])
      proxy.routing.insert(first, at: 0, role: "screen", retention: .weak)
      proxy.routing.add(second, role: "screen", retention: .weak)
      spec.runLoop.endTurn()
      #expect(proxy.routing.handler(withRole: "screen") === second)
      #expect(proxy.routing.handlers.map(\.position) == [0, 1], "in the first one's place")
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
      #expect(proxy.routing.errors.map(\.kind) == [.roleReplaced])
      #expect(proxy.routing.errors.first?.isSetupMistake == false)
      #expect(proxy.errors.first?.contains("give each a role of its own") == true)
    }

    @Test("it: a screen that adds itself again keeps one place, and nothing is reported")
    func addedAgain() {
      let proxy = spec.attach([.viewModel: spec.model])
      proxy.routing.add(spec.screen, role: .view, retention: .weak)
      proxy.routing.add(spec.screen, role: .view, retention: .weak)
      #expect(proxy.routing.handlers.count == 2)
      #expect(proxy.errors.isEmpty)
    }

    @Test("it: a closure given an object's role replaces it too, as a closure replaces a closure")
    func closureTakesAnObjectsRole() {
      let proxy = spec.attach([.view: spec.screen, .viewModel: spec.model])
      let token = proxy.answer(named: P.shouldReturn, role: .view) { (_: String) -> Bool in true }
      spec.runLoop.endTurn()
      #expect(proxy.routing.handler(withRole: .view) !== spec.screen)
      #expect(spec.parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
      #expect(proxy.routing.errors.map(\.kind) == [.roleReplaced])
      token.cancel()
    }
  }

  @Suite("describe: a delegate's messages as an async sequence")
  struct Events {
    let spec = DelegateProxySpecs()

    @Test("it: yields each message's typed arguments, and the method is answered while consumed")
    func yieldsTypedArguments() async {
      let proxy = spec.attach([.view: spec.screen])
      #expect(!spec.parent.cachedAnswer(P.didUpdateLocations))
      let stream = proxy.events(named: P.didUpdateLocations, as: (String, Int).self)
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.didUpdateLocations), "the parent was told after the turn")
      spec.parent.send(P.didUpdateLocations, ["manager" as NSString, NSNumber(value: 1)])
      spec.parent.send(P.didUpdateLocations, ["manager" as NSString, NSNumber(value: 2)])
      var iterator = stream.makeAsyncIterator()
      let first = await iterator.next()
      let second = await iterator.next()
      #expect(first?.0 == "manager" && first?.1 == 1)
      #expect(second?.1 == 2)
      #expect(proxy.errors.isEmpty)
    }

    @Test("it: keeps what the buffering policy says while the consumer is busy")
    func bufferingPolicy() async {
      let proxy = spec.attach([.view: spec.screen])
      let stream = proxy.events(
        named: P.textDidChange, as: (String, String).self, bufferingPolicy: .bufferingNewest(1))
      for text in ["a", "ab", "abc"] {
        spec.parent.send(P.textDidChange, ["bar" as NSString, text as NSString])
      }
      var iterator = stream.makeAsyncIterator()
      #expect(await iterator.next()?.1 == "abc")
      #expect(spec.screen.received.count == 3, "the handler still receives every message")
    }

    @Test("it: ends when its proxy goes away with the parent", .timeLimit(.minutes(1)))
    func endsWithTheProxy() async {
      var proxy: ModelDelegateProxy? = spec.attach([.view: spec.screen])
      let stream = proxy?.events(named: P.textDidChange, as: (String, String).self)
      spec.parent.send(P.textDidChange, ["bar" as NSString, "a" as NSString])
      spec.parent.dispatcher = nil
      proxy = nil
      var iterator = stream?.makeAsyncIterator()
      #expect(await iterator?.next()?.1 == "a", "what was sent before is still delivered")
      #expect(await iterator?.next() == nil)
    }

    @Test("context: the consumer stops — the method is no longer observed, and the parent is told")
    func consumerStops() {
      let proxy = spec.attach([.view: spec.screen])
      var stream: AsyncStream<(String, Int)>? = proxy.events(
        named: P.didUpdateLocations, as: (String, Int).self)
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.didUpdateLocations))
      #expect(stream != nil)
      stream = nil
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.didUpdateLocations))
      #expect(spec.parent.send(P.didUpdateLocations, ["manager" as NSString, 1]) == nil)
      #expect(spec.parent.crashes.isEmpty)
    }

    // On an actor of its own, as on the main actor: the main actor is shared with every
    // main-actor test of the run, so a time limit there would depend on the suite's order.
    @Test(
      "it: yields a parent's objects that are not Sendable (a location manager), consumed on an actor",
      .timeLimit(.minutes(1)))
    @ConsumingActor
    func notSendableArguments() async {
      final class LocationManager: NSObject {
        var readings = 0
      }
      let proxy = spec.attach([.view: spec.screen])
      let updates = proxy.events(named: P.didUpdateLocations, as: (LocationManager, Int).self)
      spec.runLoop.endTurn()
      let manager = LocationManager()
      spec.parent.send(P.didUpdateLocations, [manager, NSNumber(value: 3)])
      for await (sender, count) in updates {
        sender.readings += count
        break
      }
      #expect(manager.readings == 3)
    }

    @Test(
      "it: ends when the consuming task is cancelled, and the method is no longer observed",
      .timeLimit(.minutes(1)))
    func endsWhenCancelled() async {
      let proxy = spec.attach([.view: spec.screen])
      let updates = proxy.events(named: P.didUpdateLocations, as: (String, Int).self)
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.didUpdateLocations))
      let consumer = Task {
        var seen = 0
        for await _ in updates { seen += 1 }
        return seen
      }
      consumer.cancel()
      #expect(await consumer.value == 0, "the loop ended")
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.didUpdateLocations))
    }

    @Test(
      "context: the documented pattern, a task that consumes the sequence — it does not keep the proxy, which goes with its parent and ends the task",
      .timeLimit(.minutes(1)))
    func taskDoesNotKeepTheProxy() async {
      final class SearchModel: @unchecked Sendable {
        var queries: [String] = []
      }
      let model = SearchModel()
      spec.runLoop.endTurn()
      weak var released: ModelDelegateProxy?
      let consumer: Task<Void, Never>
      do {
        let proxy = spec.attach([.view: spec.screen])
        released = proxy
        // The sequence is made outside the task: the task holds the sequence, not the proxy.
        let texts = proxy.events(named: P.textDidChange, as: (String, String).self)
        consumer = Task {
          for await (_, text) in texts { model.queries.append(text) }
        }
        spec.parent.send(P.textDidChange, ["bar" as NSString, "sw" as NSString])
      }
      spec.parent.dispatcher = nil  // the parent goes away, and with it the proxy it owns
      #expect(released == nil, "the consuming task kept no proxy alive")
      await consumer.value
      #expect(model.queries == ["sw"])
    }

    @Test("context: a method that returns a value — reported, and the sequence ends at once")
    func refused() async {
      let proxy = spec.attach([.view: spec.screen])
      let stream = proxy.events(named: P.shouldReturn, as: (String).self)
      var iterator = stream.makeAsyncIterator()
      #expect(await iterator.next() == nil)
      #expect(proxy.errors.count == 1)
      #expect(proxy.errors.first?.hasPrefix("textFieldShouldReturn: cannot be observed") == true)
    }
  }

  @Suite("describe: when a handler goes away")
  struct Fallbacks {
    let spec = DelegateProxySpecs()

    @Test("context: a method with a declared value — the answer is the parent's own default")
    func valueFallback() {
      var screen: DelegateHandler? = DelegateHandler(
        [P.shouldReturn], answers: [P.shouldReturn: false])
      let proxy = spec.attach(
        [.view: screen!], fallbacks: [P.shouldReturn: .value(true)])
      screen = nil
      #expect(spec.parent.send(P.shouldReturn, ["field"]) as? Bool == true)
      #expect(spec.parent.crashes.isEmpty)
      #expect(
        proxy.routing.errors.contains { $0.kind == .unansweredMessage })
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.shouldReturn), "the parent is told after the turn")
    }

    @Test(
      "context: the parent sends it again and again before the turn ends — every send is answered, and reported once"
    )
    func reportedOnce() {
      var screen: DelegateHandler? = DelegateHandler(
        [P.shouldReturn], answers: [P.shouldReturn: false])
      let proxy = spec.attach([.view: screen!], fallbacks: [P.shouldReturn: .value(true)])
      spec.runLoop.endTurn()
      screen = nil
      for _ in 0..<3 { #expect(spec.parent.send(P.shouldReturn, ["field"]) as? Bool == true) }
      #expect(proxy.routing.errors.count == 1, "\(proxy.routing.errors)")
      spec.runLoop.endTurn()
      // Told once; a handler added and released again makes the next send a new report.
      let next = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])
      proxy.routing.add(next, role: "next")
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.shouldReturn))
      _ = proxy.routing.remove(next)
      _ = spec.parent.send(P.shouldReturn, ["field"])
      #expect(proxy.routing.errors.count == 2, "\(proxy.routing.errors)")
    }

    @Test("context: a method whose default is the proposed argument — that argument comes back")
    func proposedArgument() {
      var layout: DelegateHandler? = DelegateHandler(
        [P.targetOffset], answers: [P.targetOffset: "adjusted"])
      _ = spec.attach([.view: layout!], fallbacks: [P.targetOffset: .proposedArgument(at: 1)])
      #expect(spec.parent.send(P.targetOffset, ["grid", "proposed"]) as? String == "adjusted")
      layout = nil
      #expect(spec.parent.send(P.targetOffset, ["grid", "proposed"]) as? String == "proposed")
    }

    @Test("context: a method with a completion handler — the handler is called with the default")
    func completionFallback() {
      var navigation: DelegateHandler? = DelegateHandler([P.decidePolicy], decision: "cancel")
      let proxy = spec.attach(
        [.view: navigation!],
        fallbacks: [
          P.decidePolicy: .completion(argumentAt: 1) { (handler: ModelCompletion) in
            handler.call("allow")
          }
        ])
      #expect(spec.parent.send(P.decidePolicy, ["web view"]) as? String == "cancel")
      navigation = nil
      #expect(spec.parent.send(P.decidePolicy, ["web view"]) as? String == "allow")
      #expect(spec.parent.failures.isEmpty)
      #expect(proxy.errors.count == 1)
    }

    @Test(
      "context: no fallback declared, a UIKit method with a documented default — that default")
    func documentedDefault() {
      var screen: DelegateHandler? = DelegateHandler(
        [P.shouldReturn, P.targetOffset],
        answers: [P.shouldReturn: false, P.targetOffset: "adjusted"])
      _ = spec.attach([.view: screen!])
      screen = nil
      #expect(spec.parent.send(P.shouldReturn, ["field"]) as? Bool == true)
      #expect(spec.parent.send(P.targetOffset, ["grid", "proposed"]) as? String == "proposed")
    }

    @Test(
      "context: a method with a completion handler, observed with no handler and no fallback — not answered, and reported when observed"
    )
    func observedCompletionNobodyCalls() {
      let proxy = spec.attach([.view: spec.screen])
      let observation = proxy.observe(named: P.decidePolicy, beforeHandler: false) { _ in }
      spec.runLoop.endTurn()
      #expect(!spec.parent.cachedAnswer(P.decidePolicy), "nothing would call the handler")
      #expect(spec.parent.send(P.decidePolicy, ["web view"]) as? String == "allow")
      #expect(spec.parent.failures.isEmpty, "the parent went on with its own default")
      #expect(
        proxy.errors == [
          "webView:decideModelPolicyWithHandler: cannot be observed: it takes "
            + "a completion handler (argument 1) that nothing would call while no handler "
            + "implements it, so the proxy does not answer it for an observer alone. Fix: declare "
            + "its fallback, fallbacks: [#selector(…): .completion(argumentAt: 1) { handler in "
            + "handler(…) }], or add a handler that implements it."
        ])
      observation.cancel()
    }

    @Test(
      "context: a method with a completion handler, observed with a completion fallback — answered, shown, and the fallback calls the handler"
    )
    func observedCompletionWithFallback() {
      let proxy = spec.attach(
        [.view: spec.screen],
        fallbacks: [
          P.decidePolicy: .completion(argumentAt: 1) { (handler: ModelCompletion) in
            handler.call("allow")
          }
        ])
      var seen = 0
      let observation = proxy.observe(named: P.decidePolicy, beforeHandler: false) { _ in
        seen += 1
      }
      spec.runLoop.endTurn()
      #expect(spec.parent.cachedAnswer(P.decidePolicy))
      #expect(spec.parent.send(P.decidePolicy, ["web view"]) as? String == "allow")
      #expect(seen == 1)
      #expect(spec.parent.failures.isEmpty)
      #expect(proxy.errors.isEmpty)
      observation.cancel()
    }

    @Test("context: no fallback declared, no documented default — zero, reported, never a crash")
    func zeroFallback() {
      var picker: DelegateHandler? = DelegateHandler([P.rowHeight], answers: [P.rowHeight: 44])
      let proxy = spec.attach([.view: picker!])
      picker = nil
      #expect(spec.parent.send(P.rowHeight, ["picker", 0]) == nil)
      #expect(spec.parent.crashes.isEmpty)
      #expect(
        proxy.errors.first?.hasPrefix(
          "pickerView:rowHeightForComponent: reached no handler: the one the parent was told "
            + "about was released.") == true)
    }

    @Test("context: the next handler implements it — it answers")
    func nextHandler() {
      var first: DelegateHandler? = DelegateHandler(
        [P.shouldReturn], answers: [P.shouldReturn: true])
      let second = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])
      _ = spec.attach([.view: first!, .viewModel: second])
      first = nil
      #expect(spec.parent.send(P.shouldReturn, ["field"]) as? Bool == false)
    }
  }

  @Suite("describe: the delegate the parent already had")
  struct Installed {
    let spec = DelegateProxySpecs()

    @Test("it: is kept as the lowest-priority handler, and detach gives it back")
    func keptAndRestored() {
      let storyboard = DelegateHandler([P.didScroll, P.textDidChange])
      spec.parent.delegate = storyboard
      let proxy = spec.attach([.view: spec.screen])
      spec.parent.send(P.didScroll, ["scroll view"])
      spec.parent.send(P.textDidChange, ["bar", "a"])
      #expect(storyboard.received == [P.didScroll])
      #expect(spec.screen.received == [P.textDidChange])
      proxy.routing.detach()
      #expect(spec.parent.delegate === storyboard)
    }

    @Test(
      "context: the app sets the delegate behind the proxy's back, then a proxy is attached again — both delegates are kept, and detach gives back the app's"
    )
    func setBehindTheProxysBack() {
      let storyboard = DelegateHandler([P.didScroll])
      spec.parent.delegate = storyboard
      _ = spec.attach([.view: spec.screen])
      let app = DelegateHandler([P.didScroll, P.didZoom])
      spec.parent.delegate = app
      let again = spec.attach([.view: spec.screen])
      spec.parent.send(P.didScroll, ["scroll view"])
      spec.parent.send(P.didZoom, ["scroll view"])
      #expect(app.received == [P.didScroll, P.didZoom], "the app's delegate is kept first")
      #expect(storyboard.received.isEmpty, "the storyboard's is kept after it")
      #expect(again.routing.handlers.map(\.typeName).count == 3)
      again.routing.detach()
      #expect(spec.parent.delegate === app)
      #expect(again.errors.isEmpty)
    }

    @Test("context: the delegate is also a handler — detach gives it back")
    func delegateThatIsAHandler() {
      spec.parent.delegate = spec.screen
      let proxy = spec.attach([.view: spec.screen, .viewModel: spec.model])
      #expect(proxy.routing.handlers.count == 2, "a handler already: not kept twice")
      proxy.routing.detach()
      #expect(spec.parent.delegate === spec.screen)
    }

    @Test("context: attached over another proxy — detach gives back the delegate the first kept")
    func attachedOverAnotherProxy() {
      let storyboard = DelegateHandler([P.didScroll])
      spec.parent.delegate = storyboard
      _ = spec.attach([.view: spec.screen])
      let second = spec.attach([.view: spec.model])
      spec.parent.send(P.didScroll, ["scroll view"])
      #expect(storyboard.received == [P.didScroll], "inherited from the first proxy")
      second.routing.detach()
      #expect(spec.parent.delegate === storyboard)
    }

    @Test("it: a handler added later comes before every kept delegate")
    func addedBeforeKept() {
      let storyboard = DelegateHandler([P.didScroll])
      spec.parent.delegate = storyboard
      _ = spec.attach([.view: spec.screen])
      let app = DelegateHandler([P.didScroll])
      spec.parent.delegate = app
      let again = spec.attach([.view: spec.screen])
      let scroller = DelegateHandler([P.didScroll])
      again.routing.add(scroller, role: "scroller")
      spec.parent.send(P.didScroll, ["scroll view"])
      #expect(scroller.received == [P.didScroll])
      #expect(app.received.isEmpty && storyboard.received.isEmpty)
    }

    @Test(
      "context: the property holds another Switchboard proxy — not attached, reported with the fix, and that proxy keeps its place"
    )
    func anotherProxyOwnsTheProperty() {
      let otherParent = ModelParent()
      let listening = DelegateHandler([P.didScroll])
      let owner = ModelDelegateProxy.attach(
        to: otherParent, handlers: [.view: listening], runLoop: spec.runLoop)
      spec.parent.delegate = owner
      let refused = spec.attach([.view: spec.screen])
      #expect(spec.parent.delegate === owner, "the other proxy keeps the property")
      #expect(
        refused.errors == [
          "The parent's delegate is a ModelDelegateProxy, another Switchboard proxy, so this "
            + "proxy was not attached: in front of it, it would hide that proxy's routes and "
            + "keep it from telling the parent when its answers change. Fix: add your handler "
            + "to that proxy (proxy.add(handler, role: …)), or detach it first."
        ])
      #expect(refused.routing.errors.first?.isSetupMistake == true)
      spec.parent.send(P.didScroll, ["scroll view"])
      #expect(listening.received == [P.didScroll], "its handlers still receive its messages")
      #expect(spec.screen.received.isEmpty)
    }

    @Test("it: a proxy attached again keeps it")
    func attachAgain() {
      let storyboard = DelegateHandler([P.didScroll])
      spec.parent.delegate = storyboard
      _ = spec.attach([.view: spec.screen])
      _ = spec.attach([.view: spec.screen])
      spec.parent.send(P.didScroll, ["scroll view"])
      #expect(storyboard.received == [P.didScroll])
    }
  }

  @Suite("describe: a delegate the parent takes at initialization")
  struct GivenAtInitialization {
    let spec = DelegateProxySpecs()

    @Test(
      "it: answers as an attached proxy does, and a handler gone gets its fallback, reported; the parent is never assigned again"
    )
    func answersAndFallbacks() {
      var screen: DelegateHandler? = DelegateHandler(
        [P.shouldReturn], answers: [P.shouldReturn: false])
      let proxy = ModelDelegateProxy.delegate(handlers: [.view: screen!], runLoop: spec.runLoop)
      spec.parent.delegate = proxy
      #expect(spec.parent.send(P.shouldReturn, ["field"]) as? Bool == false)
      screen = nil
      #expect(
        spec.parent.send(P.shouldReturn, ["field"]) as? Bool == true, "the documented default")
      #expect(proxy.errors.count == 1)
      spec.runLoop.endTurn()
      #expect(spec.parent.assignments == 1, "its property cannot be set again, and is not")
    }

    @Test("it: a handler nothing else keeps is reported after the turn, as at attach")
    func releasedHandlerReported() {
      let proxy = ModelDelegateProxy.delegate(
        handlers: [.view: DelegateHandler([P.shouldReturn])], runLoop: spec.runLoop)
      spec.parent.delegate = proxy
      spec.runLoop.endTurn()
      #expect(
        proxy.errors == [
          "view (DelegateHandler) was released right after attach: the proxy holds its handlers "
            + "weakly and nothing else kept it, so its messages reach nobody. Fix: keep it in a "
            + "property of the object that attaches the proxy, or add it with retention: .strong."
        ])
    }

    @Test(
      "it: a proxy gone before the turn ends goes at once, with what it held; the check after the turn finds nothing"
    )
    func goneBeforeTheTurnEnds() {
      weak var goneProxy: ModelDelegateProxy?
      weak var goneRouting: DelegateRouting<Never>?
      weak var goneModel: DelegateHandler?
      do {
        let screen = DelegateHandler([P.shouldReturn])
        let proxy = ModelDelegateProxy.delegate(handlers: [.view: screen], runLoop: spec.runLoop)
        let model = DelegateHandler([P.didScroll])
        proxy.routing.add(model, role: .viewModel, retention: .strong)
        goneProxy = proxy
        goneRouting = proxy.routing
        goneModel = model
        withExtendedLifetime(screen) {}
      }
      #expect(goneProxy == nil)
      #expect(goneRouting == nil, "the check waiting for the turn keeps no routing alive")
      #expect(goneModel == nil, "nor a handler the proxy held strongly")
      spec.runLoop.endTurn()
    }
  }

  @Suite("describe: the Objective-C runtime's other questions")
  struct Runtime {
    let spec = DelegateProxySpecs()

    @Test(
      "it: a selector no protocol declares, sent straight to its handler, keeps its signature for when the handler is gone"
    )
    func signatureOnEveryPath() {
      let custom = "layoutDidInvalidateCustom:"
      let layout = DelegateHandler([custom])
      let proxy = spec.attach([.view: layout])
      #expect(proxy.forwardingTarget(custom) === layout)
      #expect(proxy.rememberedSignatures == [custom])
    }

    @Test(
      "it: the direct target follows every route change: a handler added first, an observer, a rule"
    )
    func directTargetFollowsRoutes() {
      let first = DelegateHandler([P.didScroll])
      let second = DelegateHandler([P.didScroll])
      let proxy = spec.attach(["second": second])
      #expect(proxy.forwardingTarget(P.didScroll) === second)
      proxy.routing.add(first, role: "first")
      #expect(proxy.forwardingTarget(P.didScroll) === second, "added with a lower priority")
      proxy.routing.rules[named: P.didScroll] = .always("first")
      #expect(proxy.forwardingTarget(P.didScroll) === first)
      let observation = proxy.observe(named: P.didScroll, beforeHandler: false) { _ in }
      #expect(proxy.forwardingTarget(P.didScroll) == nil, "observed: through forwardInvocation:")
      observation.cancel()
      #expect(proxy.forwardingTarget(P.didScroll) === first)
    }

    @Test(
      "it: a selector known by its address (as Apple's runtime asks) costs its name once, until the routes change"
    )
    func directTargetByAddress() {
      var first: DelegateHandler? = DelegateHandler([P.didScroll])
      let second = DelegateHandler([P.didScroll])
      let proxy = spec.attach(["first": first!, "second": second])
      var namesAsked = 0
      func target() -> AnyObject? {
        proxy.routing.forwardingTarget(forSelector: .address(0x1000)) {
          namesAsked += 1
          return P.didScroll
        }
      }
      for _ in 0..<3 { #expect(target() === first) }
      #expect(namesAsked == 1)
      proxy.routing.rules[named: P.didScroll] = .always("second")
      #expect(target() === second)
      #expect(namesAsked == 2, "a rule changed the routes: asked again")
      proxy.routing.rules[named: P.didScroll] = nil
      #expect(target() === first)
      first = nil
      #expect(target() === second, "the remembered handler is gone: the next one")
      #expect(namesAsked == 4)
    }

    @Test(
      "it: selectors whose addresses share a slot of the forwarding cache each reach their own handler"
    )
    func directTargetsSharingASlot() {
      let scroller = DelegateHandler([P.didScroll])
      let zoomer = DelegateHandler([P.didZoom])
      let locator = DelegateHandler([P.didUpdateLocations])
      let proxy = spec.attach(["scroller": scroller, "zoomer": zoomer, "locator": locator])
      // 64 slots of 8 bytes: these three addresses share one slot.
      let selectors: [(address: UInt, name: String, handler: DelegateHandler)] = [
        (0x1000, P.didScroll, scroller), (0x1000 + 512, P.didZoom, zoomer),
        (0x1000 + 1024, P.didUpdateLocations, locator),
      ]
      var namesAsked: [String] = []
      for _ in 0..<3 {
        for (address, name, handler) in selectors {
          let target = proxy.routing.forwardingTarget(forSelector: .address(address)) {
            namesAsked.append(name)
            return name
          }
          #expect(target === handler, "\(name)")
        }
      }
      #expect(namesAsked == selectors.map(\.name), "each name asked once, in turn or not")
    }

    @Test("it: conformsToProtocol: is yes for the protocol it adopted, not for a handler's")
    func conforms() {
      let restoring = DelegateHandler([], protocols: ["UIDataSourceModelAssociation"])
      let proxy = spec.attach([.view: spec.screen, .viewModel: restoring])
      #expect(proxy.conforms(to: "ModelDelegateProtocol"))
      #expect(!proxy.conforms(to: "UIDataSourceModelAssociation"))
    }

    @Test("it: answers, forwards and delivers on another thread than the main one")
    func anyThread() async {
      let location = DelegateHandler([P.didUpdateLocations])
      let parent = spec.parent
      let proxy = spec.attach([.view: location])
      await onAnotherThread {
        for _ in 0..<100 { parent.send(P.didUpdateLocations, ["manager", "locations"]) }
      }
      #expect(location.received.count == 100)
      #expect(proxy.errors.isEmpty)
    }

    @Test(
      "it: observations made, cancelled and released on one thread while the parent sends on another leave it consistent"
    )
    func observersComeAndGoOnAnotherThread() async {
      let location = DelegateHandler([P.didUpdateLocations])
      let parent = spec.parent
      let proxy = spec.attach([.view: location])
      let seen = ModelCompletion()
      let rounds = 300
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          await onAnotherThread {
            for round in 0..<rounds {
              let cancelled = proxy.observe(named: P.didUpdateLocations, beforeHandler: true) {
                _ in seen.call("before")
              }
              var released: ObservationToken? = proxy.observe(
                named: P.didUpdateLocations, beforeHandler: false
              ) { _ in seen.call("after") }
              if round.isMultiple(of: 2) { cancelled.cancel() }
              released = nil
              _ = released
            }
          }
        }
        group.addTask {
          await onAnotherThread {
            for _ in 0..<rounds { parent.send(P.didUpdateLocations, ["manager", "locations"]) }
          }
        }
      }
      #expect(location.received.count == rounds, "every message reached its handler")
      #expect(proxy.errors.isEmpty)
      let before = seen.calls.count
      parent.send(P.didUpdateLocations, ["manager", "locations"])
      #expect(seen.calls.count == before, "every observation ended: nothing sees a later message")
    }
  }

  @Suite("describe: problems")
  struct Problems {
    let spec = DelegateProxySpecs()

    @Test("it: a rule keyed by a misspelled selector is reported, with the one it resembles")
    func misspelled() {
      let proxy = spec.attach([.view: spec.screen])
      proxy.routing.rules[named: "searchBar:textDidChange"] = .only(.view)
      #expect(
        proxy.errors == [
          "The rule for searchBar:textDidChange names a selector no adopted protocol declares "
            + "and no handler implements, so it never applies. Did you mean "
            + "searchBar:textDidChange:? Fix: spell the selector as the protocol does, or use "
            + "#selector(…)."
        ])
    }

    @Test(
      "it: a handler's method that nearly names a declared selector is reported once, at attach, with the selector to name"
    )
    func nearMissAtAttach() {
      // Swift's `func rowHeight(for component: Int)` exports `pickerView:rowHeightFor:`.
      let picker = DelegateHandler(["pickerView:rowHeightFor:", "buttonTapped:"])
      let proxy = spec.attach([.view: picker])
      spec.runLoop.endTurn()
      #expect(
        proxy.errors == [
          "view (DelegateHandler) implements pickerView:rowHeightFor:, which no adopted "
            + "protocol declares, so the parent never sends it. Did you mean "
            + "pickerView:rowHeightForComponent:? Fix: name the Objective-C selector on the "
            + "method, @objc(pickerView:rowHeightForComponent:), or give it the protocol's "
            + "Swift name."
        ])
      #expect(proxy.routing.errors.first?.isSetupMistake == false, "a hint: no debug stop")
      #expect(!spec.parent.cachedAnswer(P.rowHeight))
    }

    @Test(
      "it: a handler added later with a missing `_` label or a misspelling is reported when added"
    )
    func nearMissWhenAdded() {
      let proxy = spec.attach([.view: spec.screen])
      #expect(proxy.errors.isEmpty)
      // `func searchBar(searchBar: UISearchBar, textDidChange: String)`, and a typo.
      let typist = DelegateHandler(["searchBarWithSearchBar:textDidChange:"])
      proxy.routing.add(typist, role: "typist")
      let zoomer = DelegateHandler(["scrollViewDidZom:"])
      proxy.routing.add(zoomer, role: "zoomer")
      proxy.routing.add(DelegateHandler(["buttonTapped:"]), role: "buttons", retention: .strong)
      #expect(proxy.errors.count == 2)
      #expect(
        proxy.errors.first?.hasPrefix(
          "typist (DelegateHandler) implements searchBarWithSearchBar:textDidChange:, which no "
            + "adopted protocol declares, so the parent never sends it. Did you mean "
            + "searchBar:textDidChange:?") == true)
      #expect(
        proxy.errors.last?.hasPrefix(
          "zoomer (DelegateHandler) implements scrollViewDidZom:, which no adopted protocol "
            + "declares, so the parent never sends it. Did you mean scrollViewDidZoom:?") == true)
      proxy.routing.rules[named: P.didScroll] = .broadcast
      #expect(proxy.errors.count == 2, "each reported once while it lasts")
      withExtendedLifetime((typist, zoomer)) {}
    }

    @Test("it: a fallback keyed by a misspelled selector is reported, with the one it resembles")
    func misspelledFallback() {
      let proxy = spec.attach(
        [.view: spec.screen], fallbacks: ["textFieldShouldReturn": .value(true)])
      #expect(
        proxy.errors == [
          "The fallback for textFieldShouldReturn names a selector no adopted protocol declares "
            + "and no handler implements, so it never applies. Did you mean "
            + "textFieldShouldReturn:? Fix: key it by the selector the protocol declares, by name "
            + "if Swift's is ambiguous: NSSelectorFromString(\"…\")."
        ])
      #expect(proxy.routing.errors.first?.isSetupMistake == true)
    }

    @Test("it: observing a name no protocol declares is reported, with the one it resembles")
    func misspelledObservation() {
      let proxy = spec.attach([.view: spec.screen])
      let observation = proxy.observe(named: "searchBar:textDidChanged:", beforeHandler: false) {
        _ in
      }
      #expect(
        proxy.errors == [
          "searchBar:textDidChanged: cannot be observed: no adopted protocol declares it (did you "
            + "mean searchBar:textDidChange:?)."
        ])
      observation.cancel()
    }

    @Test(
      "it: a rule keyed by the overload nobody implements, while a handler implements its sibling, is reported with the sibling"
    )
    func keyedOverloadNobodyImplements() {
      let map = DelegateHandler([P.viewForAnnotation])
      // A deprecated `#selector(MKMapViewDelegate.mapView(_:viewFor:))` names the overlay one.
      var rules = RoutingRules<Never>()
      rules[named: P.viewForOverlay] = .always(.view)
      let proxy = spec.attach([.view: map], rules: rules)
      let expected: String =
        "mapView:viewForOverlay: is keyed by a rule or fallback, but no handler implements "
        + "it; a handler implements mapView:viewForAnnotation:, an overload of the same "
        + "Swift name. Did you mean mapView:viewForAnnotation:? Fix: key it by the "
        + "Objective-C name, rules[named: \"mapView:viewForAnnotation:\"] or "
        + "NSSelectorFromString(\"mapView:viewForAnnotation:\"), instead of a #selector that picks the "
        + "other overload."
      #expect(proxy.errors.contains(expected), "\(proxy.errors)")
      let hint = proxy.routing.errors.first { "\($0)" == expected }
      #expect(hint?.isSetupMistake == false)
    }

    @Test("it: with the default onError, a problem met at run time is kept, not stopped on")
    func defaultKeepsRecoveries() {
      var screen: DelegateHandler? = DelegateHandler([P.shouldReturn])
      let proxy = ModelDelegateProxy.attach(
        to: spec.parent, handlers: [.view: screen!], keepingDefaultOnError: true,
        runLoop: spec.runLoop)
      screen = nil
      spec.parent.send(P.shouldReturn, ["field"])
      #expect(proxy.routing.errors.count == 1)
      #expect(proxy.routing.errors.first?.isSetupMistake == false)
    }

    #if DEBUG
    @Test("it: with the default onError, a setup mistake stops a debug build")
    func defaultStopsSetupMistakes() async {
      await #expect(processExitsWith: .failure) {
        let screen = DelegateHandler([P.shouldReturn])
        var rules = RoutingRules<Never>()
        rules[named: P.shouldReturn] = .always("nobody")
        _ = ModelDelegateProxy.attach(
          to: ModelParent(), handlers: [.view: screen], rules: rules,
          keepingDefaultOnError: true, runLoop: ModelRunLoop())
      }
    }
    #endif
  }
}

/// Runs `work` on a thread of the global queue, not the main one, and returns when it is done.
private func onAnotherThread(_ work: @escaping @Sendable () -> Void) async {
  await run(on: .global()) {
    precondition(!Thread.isMainThread)
    work()
  }
}

/// An `NS_ENUM` as Swift imports one: an integer raw value (`MFMailComposeResult`'s cases).
private enum ComposeResult: Int {
  case cancelled, saved, sent, failed
}

/// An object whose release a spec watches.
private final class Canary {
  let alive = true
}

/// A Swift value that holds a reference: the runtime never boxes one.
private struct Draft {
  var text: String
}

/// An actor that only the spec consuming a delegate's events runs on.
@globalActor actor ConsumingActor {
  static let shared = ConsumingActor()
}
