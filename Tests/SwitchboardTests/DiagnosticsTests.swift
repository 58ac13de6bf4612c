import Switchboard
import Testing

@MainActor
struct DiagnosticsTests {
  @Test func routingErrorNamesMessageRuleHandlersAndFix() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.close: .always("side")])
    let front = FullDoor("front")
    let side = OpenOnly("side")
    proxy.add(front, role: "front")
    proxy.add(side, role: "side")
    #expect(
      proxy.routingErrors.map(\.description) == [
        "close: rule 'always side' chose side (OpenOnly), which does not implement it. "
          + "Handlers: front (FullDoor) ✓, side (OpenOnly) ✗. "
          + "Fix: implement close in side (OpenOnly) or change the rule for close."
      ])
  }

  @Test func unhandledErrorSuggestsADefault() throws {
    let proxy = PrioritizedProxy<DoorMessage>()
    let error = #expect(throws: RoutingError<DoorMessage>.self) {
      try proxy.send(.open, as: (any Opening).self) { $0.open() }
    }
    #expect(
      error?.description
        == "open: rule 'first implementer' routes it to nobody (the proxy has no handlers). "
        + "Handlers: none. Fix: add a handler that implements open, or use "
        + "send(_:as:default:_:) where having no handler is expected.")
  }

  @Test func routingTablePrintsAlignedColumns() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.tick: .broadcast, .close: .blocked])
    let door = FullDoor("door")
    let opener = OpenOnly("opener")
    proxy.add(door, role: "door")
    proxy.add(opener)
    #expect(
      proxy.routingTable.description == """
        message  handler                         rule
        open     door (FullDoor)                 first implementer
        close    nobody                          blocked
        tick     door (FullDoor), #1 (OpenOnly)  broadcast
        """)
    #expect(proxy.routingTable[.close]?.outcome == .unhandled(reason: "blocked by rule"))
  }

  @Test func explanationOfAFailedRouteIncludesTheError() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.close: .always("opener")])
    let opener = OpenOnly("opener")
    proxy.add(opener, role: "opener")
    let text = proxy.explain(.close).description
    #expect(text.hasPrefix("close → ✗ error, by rule 'always opener': close: rule 'always opener'"))
    #expect(proxy.explain(.close).targets.isEmpty)
  }

  @Test func candidateSummariesMarkImplementers() {
    let proxy = PrioritizedProxy<DoorMessage>(
      handlers: [OpenOnly("x"), Silent()], retention: .strong)
    #expect(
      proxy.explain(.open).candidates.map(\.description) == ["#0 (OpenOnly) ✓", "#1 (Silent) ✗"])
  }
}
