import Foundation
import Testing

@testable import Switchboard

private typealias P = ModelDelegateProtocol

/// The model's runtime, before and after the proxy adopts the protocol: the one-line `attach`
/// makes its proxy first and adopts the property's protocol afterwards.
private final class AdoptedLater: SelectorRuntime, @unchecked Sendable {
  var adopted = false
  let declared = ModelDelegateRuntime()
  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    declared.implementation(of: selector, by: handler)
  }
  func declaration(of selector: String) -> SelectorDeclaration? {
    adopted ? declared.declaration(of: selector) : nil
  }
  var declaredSelectors: [String] { adopted ? declared.declaredSelectors : [] }
}

@Suite("describe: what attach and a closure are checked against")
struct AttachCheckSpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()

  @Test("it: a rule given at attach is checked once the protocol is adopted, as one set later is")
  func rulesGivenAtAttach() {
    let runtime = AdoptedLater()
    var rules = RoutingRules<Never>()
    rules[named: P.shouldReturn] = .broadcast
    let screen = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let routing = DelegateRouting(
      handlers: [(role: .view, handler: screen)], rules: rules, fallbacks: [:], runtime: runtime,
      schedule: runLoop.schedule)
    var reported: [String] = []
    routing.onError = { _ in }
    // As `DelegateProxy.attach` does: the proxy adopts the property's protocol, then starts.
    runtime.adopted = true
    routing.invalidateRoutes()
    let proxy = ModelDelegateProxy(routing: routing, keepingDefaultOnError: false)
    routing.attach(
      to: [
        DelegateProperty(
          get: { [weak parent] in parent?.delegate },
          set: { [weak parent] in parent?.delegate = $0 })
      ], as: proxy, keepingInstalled: true, replacing: nil)
    reported = routing.errors.map(\.description)
    #expect(reported.count == 1)
    #expect(reported.first?.contains("a broadcast rule was refused") == true)
    #expect(routing.rules[named: P.shouldReturn] == nil, "it keeps its first implementer")
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
  }

  @Test("it: a closure for a method that returns nothing may produce a value, which is dropped")
  func closureValueDiscarded() {
    let proxy = ModelDelegateProxy.attach(to: parent, handlers: [:], runLoop: runLoop)
    var texts: [String] = []
    // As `{ (bar: UISearchBar) in bar.resignFirstResponder() }` is inferred to return Bool.
    let token = proxy.answer(named: P.textDidChange) { (_: String, text: String) -> Bool in
      texts.append(text)
      return true
    }
    runLoop.endTurn()
    parent.send(P.textDidChange, ["bar" as NSString, "a" as NSString])
    #expect(texts == ["a"])
    #expect(proxy.errors.isEmpty)
    token.cancel()
  }

  @Test("it: a closure for a method that returns a value must produce one of its type")
  func closureMustAnswer() {
    let proxy = ModelDelegateProxy.attach(to: parent, handlers: [:], runLoop: runLoop)
    proxy.routing.onError = { _ in }
    let token = proxy.answer(named: P.shouldReturn) { (_: String) in }
    #expect(proxy.errors.first?.description.contains("the method returns a value") == true)
    token.cancel()
  }
}
