import Testing

@testable import Switchboard

/// A delegate routing owns its router through one unowned reference: it answers the router's
/// questions while it lives, and a router kept past it (an app holding a list proxy's router)
/// asks and reports nothing more.
@Suite struct RouterOwnerTests {
  /// A runtime that declares one method returning nothing, implemented by every handler.
  struct OneMethod: SelectorRuntime {
    func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
      selector == "didTap:" ? .own : .none
    }
    func declaration(of selector: String) -> SelectorDeclaration? {
      selector == "didTap:" ? SelectorDeclaration(types: "v24@0:8@16") : nil
    }
    var declaredSelectors: [String] { ["didTap:"] }
  }

  final class Handler {}

  @Test(
    "the routing answers for its router while it lives; afterwards nothing is asked or reported")
  func ownerLetsGo() {
    let handler = Handler()
    let router = PrioritizedProxy<Never>(rules: [:], handlers: [(HandlerRole("view"), handler)])
    var routing: DelegateRouting<Never>? = DelegateRouting(
      router: router, runtime: OneMethod(), schedule: { _ in })
    #expect(router.owner === routing)
    #expect(router.isNotification(named: "didTap:"))
    #expect(router.firstTarget(forNamed: "didTap:") === handler)
    routing = nil
    #expect(router.owner == nil)
    #expect(!router.isNotification(named: "didTap:"))
    // A debug build would stop here if an orphaned router fell back to the default `onError`.
    router.onError(
      RoutingError(
        name: "didTap:", rule: "first implementer", kind: .unhandled(reason: "test"), handlers: []))
  }
}
