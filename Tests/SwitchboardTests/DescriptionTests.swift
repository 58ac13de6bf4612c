import Testing

@testable import Switchboard

@Suite("Printed values read as words")
struct DescriptionTests {
  @Test func routeChangesNameTheirMessagesAndCauses() {
    let change = RouteChange<DoorMessage>(messages: [.open, .close], causes: [.rulesChanged])
    #expect("\(change)" == "open, close (rules changed)")
    #expect(
      "\(RouteChangeCauses([.handlersChanged, .handlersReleased]))"
        == "handlers changed, handlers released")
    #expect("\(RouteChangeCauses())" == "no cause")
  }

  @Test func eventsAndRuleTablesReadAsTheyAreWritten() {
    #expect("\(MessageEvent<DoorMessage, Int>(.tick))" == "tick(Int)")
    let rules: RoutingRules<DoorMessage> = [.tick: .broadcast, .open: .prefer("a")]
    #expect("\(rules)" == "open: prefer a; tick: broadcast; otherwise first implementer")
  }
}
