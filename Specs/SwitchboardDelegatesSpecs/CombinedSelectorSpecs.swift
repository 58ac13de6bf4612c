import Foundation
import Switchboard
import Testing

private typealias P = ModelDelegateProtocol

/// A delegate method that returns a value, answered by several objects together: the rules that
/// combine answers, on Objective-C selectors, their answers read back from the invocation.
@Suite("describe: a selector answered by several handlers together")
struct CombinedSelectorSpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()

  private func attach(
    _ handlers: KeyValuePairs<HandlerRole, AnyObject>, rule: RoutingRule<Never>,
    for selector: String
  ) -> ModelDelegateProxy {
    var rules = RoutingRules<Never>()
    rules[named: selector] = rule
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: handlers, rules: rules, runLoop: runLoop)
    runLoop.endTurn()
    return proxy
  }

  @Test(
    "it: all must allow: the return key works only when the formatter and the view model allow it")
  func allMustAllow() {
    let formatter = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let model = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let proxy = attach(
      [.view: formatter, .viewModel: model], rule: .allMustAllow, for: P.shouldReturn)
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == true)
    #expect(formatter.received == [P.shouldReturn])
    #expect(model.received == [P.shouldReturn])
    #expect(
      proxy.routing.explain(P.shouldReturn).description
        == "textFieldShouldReturn: → view (DelegateHandler), viewModel (DelegateHandler), by rule 'all must allow'"
    )
    #expect(proxy.errors.isEmpty)
  }

  @Test("it: all must allow stops at the first refusal: the handlers after it are not asked")
  func shortCircuits() {
    let formatter = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])
    let model = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    _ = attach([.view: formatter, .viewModel: model], rule: .allMustAllow, for: P.shouldReturn)
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
    #expect(formatter.received == [P.shouldReturn])
    #expect(model.received.isEmpty)
  }

  @Test("it: a closure and a handler's method have a say together, the closure first")
  func closureAndMethod() {
    let model = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let proxy = attach([.viewModel: model], rule: .allMustAllow, for: P.shouldReturn)
    var asked: [String] = []
    let token = proxy.answer(named: P.shouldReturn, at: 0) { (field: String) -> Bool in
      asked.append(field)
      return false
    }
    runLoop.endTurn()
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
    #expect(asked == ["field"])
    #expect(model.received.isEmpty)
    token.cancel()
  }

  @Test("it: the first non-nil answer: the first handler with a view for the annotation gives it")
  func firstNonNil() {
    let clusters = DelegateHandler([P.viewForAnnotation])
    let pins = DelegateHandler([P.viewForAnnotation], answers: [P.viewForAnnotation: "pin"])
    let fallback = DelegateHandler([P.viewForAnnotation], answers: [P.viewForAnnotation: "dot"])
    _ = attach(
      [.view: clusters, .viewModel: pins, "fallback": fallback], rule: .firstNonNil,
      for: P.viewForAnnotation)
    #expect(parent.send(P.viewForAnnotation, ["map", "annotation"]) as? String == "pin")
    #expect(clusters.received == [P.viewForAnnotation])
    #expect(pins.received == [P.viewForAnnotation])
    #expect(fallback.received.isEmpty)
  }

  @Test("it: a combining closure folds every answer: the tallest row height")
  func fold() {
    let a = DelegateHandler([P.rowHeight], answers: [P.rowHeight: 44.0])
    let b = DelegateHandler([P.rowHeight], answers: [P.rowHeight: 60.0])
    let c = DelegateHandler([P.rowHeight], answers: [P.rowHeight: 52.0])
    let proxy = attach(
      [.view: a, .viewModel: b, "c": c], rule: .combining("tallest", as: Double.self, max),
      for: P.rowHeight)
    #expect(parent.send(P.rowHeight, ["picker", 0]) as? Double == 60)
    #expect([a, b, c].allSatisfy { $0.received == [P.rowHeight] })
    #expect(proxy.errors.isEmpty)
  }

  @Test(
    "it: a combining closure of another type than the answers is reported, and the answer so far stands"
  )
  func foldOfAnotherType() {
    let a = DelegateHandler([P.rowHeight], answers: [P.rowHeight: 44.0])
    let b = DelegateHandler([P.rowHeight], answers: [P.rowHeight: 60.0])
    let proxy = attach(
      [.view: a, .viewModel: b], rule: .combining("sum", as: Int.self, +), for: P.rowHeight)
    #expect(parent.send(P.rowHeight, ["picker", 0]) as? Double == 44)
    #expect(proxy.errors.count == 1)
    #expect(proxy.errors.first?.contains("combines answers of type Int") == true)
    #expect(proxy.errors.first?.contains("Fix:") == true)
  }

  @Test(
    "it: a rule of another answer type than the method's is refused when set, and the method keeps its route"
  )
  func refusedWhenSet() {
    let screen = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])
    let model = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: screen, .viewModel: model], runLoop: runLoop)
    runLoop.endTurn()
    proxy.routing.rules[named: P.shouldReturn] = .firstNonNil
    runLoop.endTurn()
    #expect(proxy.routing.rules[named: P.shouldReturn] == nil)
    #expect(proxy.errors.count == 1)
    #expect(proxy.errors.first?.contains("the rule 'first non-nil' was refused") == true)
    #expect(proxy.errors.first?.contains("return type (B)") == true)
    #expect(parent.send(P.shouldReturn, ["field" as NSString]) as? Bool == false)
    #expect(model.received.isEmpty)
  }

  @Test("it: a rule that combines answers is refused for a method that returns nothing")
  func refusedForANotification() {
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: DelegateHandler([P.textDidChange])], runLoop: runLoop)
    proxy.routing.rules[named: P.textDidChange] = .allMustAllow
    #expect(proxy.routing.rules[named: P.textDidChange] == nil)
    #expect(proxy.errors.first?.contains("the method returns nothing") == true)
  }
}
