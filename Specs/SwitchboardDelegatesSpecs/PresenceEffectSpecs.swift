import Foundation
import Testing

@testable import Switchboard

/// A runtime whose adopted protocols declare `selectors`, each returning nothing, with one
/// object argument and a second one: CoreNFC's, CoreLocation's, ContactsUI's methods.
private struct DeclaredRuntime: SelectorRuntime {
  let selectors: [String]
  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    (handler as? any NSObjectLike)?.selectors.contains(selector) == true ? .own : .none
  }
  func declaration(of selector: String) -> SelectorDeclaration? {
    selectors.contains(selector) ? SelectorDeclaration(types: "v32@0:8@16@24") : nil
  }
  var declaredSelectors: [String] { selectors }
}

// Methods whose mere presence changes the parent, from the SDK's headers
// (Scripts/presence-effects.py, reviewed in Presets/PresenceEffects.swift): observing one alone
// would make the proxy implement it, so it is refused, with what it would do.
@Suite("describe: observing a method whose presence changes the parent")
struct PresenceEffectSpecs {
  let runLoop = ModelRunLoop()

  private func routing(
    declaring selectors: [String], handlers: [(role: HandlerRole, handler: AnyObject)] = []
  ) -> DelegateRouting<Never> {
    let routing = DelegateRouting(
      handlers: handlers, rules: [:], fallbacks: [:],
      runtime: DeclaredRuntime(selectors: selectors), schedule: runLoop.schedule)
    routing.onError = { _ in }
    return routing
  }

  @Test("it: NFC's didDetectTags, observed alone, is refused: it would make the session read-write")
  func nfc() {
    let routing = routing(declaring: [
      "readerSession:didDetectTags:", "readerSession:didDetectNDEFs:",
    ])
    let token = routing.observe(
      MessageEvent<Never, [Any]>(named: "readerSession:didDetectTags:"), beforeHandler: false
    ) { _ in }
    #expect(routing.errors.count == 1)
    #expect(routing.errors.first?.description.contains("read-write") == true)
    #expect(!routing.responds(toSelector: "readerSession:didDetectTags:"))
    token.cancel()
  }

  @Test(
    "it: a contact picker's plural method, observed alone, is refused: it would make the picker select several"
  )
  func contactPicker() {
    let routing = routing(declaring: ["contactPicker:didSelectContacts:"])
    let token = routing.observe(
      MessageEvent<Never, [Any]>(named: "contactPicker:didSelectContacts:"), beforeHandler: false
    ) { _ in }
    #expect(routing.errors.first?.description.contains("selects several contacts") == true)
    token.cancel()
  }

  @Test(
    "it: one that only silences a sibling is observed alone while no handler implements that sibling"
  )
  func silencedSibling() {
    let updates = "locationManager:didUpdateLocations:"
    let old = "locationManager:didUpdateToLocation:fromLocation:"
    let free = routing(declaring: [updates, old])
    let observed = free.observe(MessageEvent<Never, [Any]>(named: updates), beforeHandler: false) {
      _ in
    }
    #expect(free.errors.isEmpty)
    #expect(free.responds(toSelector: updates))
    observed.cancel()

    let legacy = DelegateHandler([old])
    let silenced = routing(declaring: [updates, old], handlers: [(role: .view, handler: legacy)])
    let refused = silenced.observe(
      MessageEvent<Never, [Any]>(named: updates), beforeHandler: false
    ) { _ in }
    #expect(silenced.errors.first?.description.contains("\(old) is no longer called") == true)
    refused.cancel()
  }

  @Test("it: beside a handler that implements it, it is observed as any other method")
  func besideItsHandler() {
    let reader = DelegateHandler(["readerSession:didDetectTags:"])
    let routing = routing(
      declaring: ["readerSession:didDetectTags:"], handlers: [(role: .view, handler: reader)])
    let token = routing.observe(
      MessageEvent<Never, [Any]>(named: "readerSession:didDetectTags:"), beforeHandler: false
    ) { _ in }
    #expect(routing.errors.isEmpty)
    token.cancel()
  }
}
