import Foundation
import Switchboard
import Testing

/// Programming errors stop with a message that names the problem and the fix.
///
/// Exit-test bodies cannot capture anything, so each test spells its body out.
struct PreconditionTests {
  private func expect(
    _ result: ExitTest.Result?, toMention expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(stderr.contains(expected), "stderr was: \(stderr)", sourceLocation: sourceLocation)
  }

  @Test func insertingOutOfRangeStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let proxy = PrioritizedProxy<DoorMessage>()
        let a = FullDoor("a")
        proxy.insert(a, at: -1)
      }
    }
    expect(result, toMention: "cannot insert FullDoor at position -1; positions start at 0")
  }

  @Test func duplicateRuleEntriesStop() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let _: RoutingRules<DoorMessage> = [.open: .blocked, .open: .broadcast]
    }
    expect(result, toMention: "'open' appears twice in the rule table")
  }

  @Test func sendingAsTheWrongCapabilityStopsADebugBuildByDefault() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let handler = OpenOnly("o")
        let proxy = PrioritizedProxy<LyingMessage>(handlers: [handler])
        _ = proxy.send(.close, as: (any Closing).self, default: "") { $0.close() }
      }
    }
    expect(
      result,
      toMention:
        "implements it according to LyingMessage.isImplemented(by:) (or the proxy's implementationCheck), but does not conform to Closing"
    )
  }

  @Test func ruleThatMutatesTheProxyStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let proxy = PrioritizedProxy<DoorMessage>()
        let intruder = FullDoor("intruder")
        // A rule is `@Sendable`, so the compiler already refuses to let it capture the proxy;
        // this one gets around that to show the run-time check.
        nonisolated(unsafe) let meddler = proxy
        proxy.rules[.open] = RoutingRule("meddling") { _ in
          meddler.add(intruder)
          return .unhandled(reason: "meddled")
        }
      }
    }
    expect(
      result, toMention: "a routing rule changed the proxy while its routes were being rebuilt")
  }
}
