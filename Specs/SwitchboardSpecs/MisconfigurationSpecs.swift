import Switchboard
import Testing

/// One policy for setup mistakes: an API that throws throws; one that cannot throw reports the
/// mistake to `onError` at the call (a debug build stops by default) and goes on with its
/// documented recovery.
@MainActor
@Suite("describe: a route that cannot work")
struct MisconfigurationSpecs {

  /// A message set written without `isNotification`, as a newcomer writes one.
  enum PlayerMessage: MessageSet {
    case didFinish, title
    func isImplemented(by handler: AnyObject) -> Bool {
      switch self {
      case .didFinish: handler is any Finishing
      case .title: handler is any Titling
      }
    }
  }
  protocol Finishing: AnyObject { func didFinish() }
  protocol Titling: AnyObject { func title() -> String }
  final class Player: Finishing, Titling {
    var finished = 0
    func didFinish() { finished += 1 }
    func title() -> String { "player" }
  }

  @Suite("context: a broadcast rule on a message whose set does not declare isNotification")
  @MainActor
  struct BroadcastOfAnUndeclaredNotification {
    @Test("it: is reported at the broadcast, naming isNotification as the fix")
    func reportedAtTheCall() {
      let proxy = PrioritizedProxy<PlayerMessage>(rules: [.didFinish: .broadcast])
      let a = Player()
      let b = Player()
      proxy.add(a)
      proxy.add(b)
      var reported: [RoutingError<PlayerMessage>] = []
      proxy.onError = { reported.append($0) }
      let delivered = proxy.broadcast(.didFinish, as: (any Finishing).self) { $0.didFinish() }
      #expect(delivered == 0)
      #expect(reported.map(\.kind) == [.broadcastOfValueReturningMessage])
      let text = reported.first?.description ?? ""
      #expect(text.contains("PlayerMessage.isNotification is false for didFinish"))
      #expect(text.contains("return true for it from PlayerMessage.isNotification"))
    }

    @Test("it: is reported once, not at every broadcast")
    func reportedOnce() {
      let proxy = PrioritizedProxy<PlayerMessage>(rules: [.didFinish: .broadcast])
      let a = Player()
      proxy.add(a)
      var reported = 0
      proxy.onError = { _ in reported += 1 }
      for _ in 0..<3 { proxy.broadcast(.didFinish, as: (any Finishing).self) { $0.didFinish() } }
      #expect(reported == 1)
      #expect(a.finished == 0)
    }
  }

  @Suite("context: a send with a default value")
  @MainActor
  struct SendWithADefault {
    @Test("it: reports the rule's error to onError and answers the default")
    func reportsAndDefaults() {
      let proxy = PrioritizedProxy<PlayerMessage>(rules: [.title: .always("screen")])
      let player = Player()
      proxy.add(player, role: "player")
      var reported: [RoutingError<PlayerMessage>] = []
      proxy.onError = { reported.append($0) }
      let title = proxy.send(.title, as: (any Titling).self, default: "none") { $0.title() }
      #expect(title == "none")
      #expect(reported.count == 1)
      #expect(reported.first?.description.contains("names the role 'screen'") == true)
    }

    @Test("it: reports a new failure again after the routes change")
    func reportsAgainAfterAChange() {
      let proxy = PrioritizedProxy<PlayerMessage>(rules: [.title: .always("screen")])
      let player = Player()
      proxy.add(player, role: "player")
      var reported = 0
      proxy.onError = { _ in reported += 1 }
      _ = proxy.send(.title, as: (any Titling).self, default: "") { $0.title() }
      proxy.rules[.title] = .always("scren")
      _ = proxy.send(.title, as: (any Titling).self, default: "") { $0.title() }
      _ = proxy.send(.title, as: (any Titling).self, default: "") { $0.title() }
      #expect(reported == 2)
    }

    @Test("it: says nothing for a message that goes to nobody on purpose")
    func nobodyOnPurposeIsNotAnError() {
      let proxy = PrioritizedProxy<PlayerMessage>(rules: [.title: .blocked])
      let player = Player()
      proxy.add(player)
      var reported = 0
      proxy.onError = { _ in reported += 1 }
      #expect(proxy.send(.title, as: (any Titling).self, default: "none") { $0.title() } == "none")
      #expect(reported == 0)
    }
  }

  @Suite("context: a call whose capability disagrees with the message set")
  @MainActor
  struct CapabilityDisagreement {
    /// `isImplemented(by:)` says `Titling` for both cases: the set and the calls disagree.
    enum SloppyMessage: MessageSet {
      case didFinish, title
      var isNotification: Bool { self == .didFinish }
      func isImplemented(by handler: AnyObject) -> Bool { handler is any Titling }
    }
    final class TitleOnly: Titling {
      func title() -> String { "title only" }
    }

    @Test("it: reports capabilityMismatch once, naming both sides, and answers the default")
    func sendReportsOnceAndDefaults() {
      let proxy = PrioritizedProxy<SloppyMessage>()
      let handler = TitleOnly()
      proxy.add(handler, role: "screen")
      var reported: [RoutingError<SloppyMessage>] = []
      proxy.onError = { reported.append($0) }
      var answers: [Int] = []
      for _ in 0..<3 {
        answers.append(proxy.send(.title, as: (any Finishing).self, default: -1) { _ in 1 })
      }
      #expect(answers == [-1, -1, -1])
      #expect(reported.count == 1)
      guard case .capabilityMismatch(let chosen, let expected)? = reported.first?.kind else {
        Issue.record("expected a capability mismatch, got \(reported)")
        return
      }
      #expect(chosen.typeName == "TitleOnly")
      #expect(expected == "Finishing")
      #expect(reported[0].description.contains("Fix: make that check test for Finishing"))
    }

    @Test("it: lets a broadcast reach every handler that adopts the capability")
    func broadcastSkipsTheMismatch() {
      let proxy = PrioritizedProxy<SloppyMessage>(rules: [.didFinish: .broadcast])
      let wrong = TitleOnly()
      let right = SloppyPlayer()
      proxy.add(wrong)
      proxy.add(right)
      var reported: [RoutingError<SloppyMessage>.Kind] = []
      proxy.onError = { reported.append($0.kind) }
      let delivered = proxy.broadcast(.didFinish, as: (any Finishing).self) { $0.didFinish() }
      #expect(delivered == 1)
      #expect(right.finished == 1)
      #expect(reported.count == 1)
    }

    @Test("it: reports a message named at run time sent as the wrong capability")
    func namedMessageReported() {
      let proxy = PrioritizedProxy<SloppyMessage>(
        namedImplementationCheck: { name, _ in name == "refresh" })
      let handler = TitleOnly()
      proxy.add(handler)
      var reported: [RoutingError<SloppyMessage>] = []
      proxy.onError = { reported.append($0) }
      let event = MessageEvent<SloppyMessage, Void>(named: "refresh")
      let answer = proxy.send(event, (), as: (any Finishing).self, default: "none") { _ in "sent" }
      #expect(answer == "none")
      #expect(reported.map(\.name) == ["refresh"])
    }

    final class SloppyPlayer: Titling, Finishing {
      var finished = 0
      func title() -> String { "player" }
      func didFinish() { finished += 1 }
    }
  }

  @Suite("context: an API that throws")
  @MainActor
  struct ThrowingCalls {
    @Test("it: throws the error instead of reporting it")
    func throwsInstead() {
      let proxy = PrioritizedProxy<PlayerMessage>(rules: [.title: .always("screen")])
      let player = Player()
      proxy.add(player, role: "player")
      var reported = 0
      proxy.onError = { _ in reported += 1 }
      #expect(throws: RoutingError<PlayerMessage>.self) {
        try proxy.send(.title, as: (any Titling).self) { $0.title() }
      }
      #expect(throws: RoutingError<PlayerMessage>.self) { try proxy.validate() }
      #expect(reported == 0)
    }
  }

  @Test("it: stops a debug build by default, with the error's description")
  func stopsByDefault() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let proxy = PrioritizedProxy<PlayerMessage>(rules: [.didFinish: .broadcast])
        let player = Player()
        proxy.add(player)
        proxy.broadcast(.didFinish, as: (any Finishing).self) { $0.didFinish() }
      }
    }
    let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(stderr.contains("return true for it from PlayerMessage.isNotification"))
  }
}
