import Switchboard
import SwitchboardTesting
import TestSupport
import Testing

// A reference model of routing, and random operation sequences run against both it and the
// proxy. After every step the proxy's target, broadcast targets and responds(to:) must match.

// Handler classes for every interesting capability set.
final class OpensClosesTicks: Opening, Closing, Tick {
  func open() -> String { "" }
  func close() -> String { "" }
  func tick(_ log: inout [String]) {}
}
final class Opens: Opening { func open() -> String { "" } }
final class Closes: Closing { func close() -> String { "" } }
final class Ticks: Tick { func tick(_ log: inout [String]) {} }
final class OpensCloses: Opening, Closing {
  func open() -> String { "" }
  func close() -> String { "" }
}
final class NoCapability {}

@MainActor
struct ModelBasedRoutingTests {
  enum ModelRule: CaseIterable {
    case first, alwaysA, onlyA, preferB, broadcast, blocked, topOrNobody

    var rule: RoutingRule<DoorMessage> {
      switch self {
      case .first: .firstImplementer
      case .alwaysA: .always("a")
      case .onlyA: .only("a")
      case .preferB: .prefer("b")
      case .broadcast: .broadcast
      case .blocked: .blocked
      case .topOrNobody:
        // A custom rule that looks past its choice: the first handler answers, or nobody.
        RoutingRule("top or nobody") { context in
          guard let top = context.candidates.first, top.implementsMessage == true else {
            return .unhandled(reason: "the top handler does not implement it")
          }
          return .deliver(top)
        }
      }
    }
  }

  struct ModelHandler {
    let id: Int
    let capabilities: Set<DoorMessage>
    let role: HandlerRole?
  }

  /// What the proxy should do, computed from first principles.
  struct RoutingModel {
    var handlers: [ModelHandler] = []  // live handlers, priority order
    var rules: [DoorMessage: ModelRule] = [:]
    /// Every role a handler was ever given: a rule naming one whose handler is gone is not an
    /// error (`prefer` falls back), one naming a role never given is.
    var rolesEverGiven: Set<HandlerRole> = []

    func targets(_ message: DoorMessage) -> [Int] {
      let implementers = handlers.filter { $0.capabilities.contains(message) }
      func withRole(_ role: HandlerRole) -> ModelHandler? { handlers.first { $0.role == role } }
      switch rules[message] ?? .first {
      case .first:
        return implementers.prefix(1).map(\.id)
      case .alwaysA, .onlyA:
        guard let handler = withRole("a"), handler.capabilities.contains(message) else { return [] }
        return [handler.id]
      case .preferB:
        guard let preferred = withRole("b") else {
          // Gone: the first implementer; never given: an error, nobody.
          return rolesEverGiven.contains("b") ? implementers.prefix(1).map(\.id) : []
        }
        if preferred.capabilities.contains(message) { return [preferred.id] }
        return implementers.prefix(1).map(\.id)
      case .broadcast:
        return message.isNotification ? implementers.map(\.id) : []
      case .blocked:
        return []
      case .topOrNobody:
        guard let top = handlers.first, top.capabilities.contains(message) else { return [] }
        return [top.id]
      }
    }

    /// Whether the route is a configuration error that `routingErrors` reports.
    func fails(_ message: DoorMessage) -> Bool {
      func withRole(_ role: HandlerRole) -> ModelHandler? { handlers.first { $0.role == role } }
      switch rules[message] ?? .first {
      case .alwaysA:
        guard let handler = withRole("a") else { return !rolesEverGiven.contains("a") }
        return !handler.capabilities.contains(message)
      case .onlyA: return withRole("a") == nil && !rolesEverGiven.contains("a")
      case .preferB: return withRole("b") == nil && !rolesEverGiven.contains("b")
      case .broadcast: return !message.isNotification
      case .first, .blocked, .topOrNobody: return false
      }
    }
  }

  @Test func proxyMatchesTheReferenceModel() {
    let seed = UInt64.random(in: 0...UInt64.max)
    let divergence = run(seed: seed, steps: 100_000)
    #expect(divergence == nil, "seed \(seed): \(divergence ?? "")")
  }

  @Test(arguments: [0, 1, 2, 0xDEAD_BEEF] as [UInt64])
  func knownSeedsMatchTheReferenceModel(seed: UInt64) {
    let divergence = run(seed: seed, steps: 10_000)
    #expect(divergence == nil, "seed \(seed): \(divergence ?? "")")
  }

  /// Runs `steps` random operations; returns a description of the first divergence, if any.
  private func run(seed: UInt64, steps: Int) -> String? {
    var random = SeededGenerator(seed: seed)
    let proxy = PrioritizedProxy<DoorMessage>()
    var model = RoutingModel()
    // A failed route met by a send or a broadcast is reported, once per rebuild.
    var reported: [DoorMessage?] = []
    proxy.onError = { reported.append($0.message) }
    // The test's references. Weakly held handlers live exactly as long as their entry here;
    // strongly held ones are kept by the proxy too.
    var outside: [Int: AnyObject] = [:]
    var weaklyHeld: Set<Int> = []
    var idOf: [ObjectIdentifier: Int] = [:]
    var nextID = 0

    for step in 0..<steps {
      let liveCount = model.handlers.count
      switch Int.random(in: 0..<10, using: &random) {
      case 0...1:  // insert a new handler anywhere, weak or strong, with or without a role
        let (object, capabilities) = Self.makeHandler(&random)
        let id = nextID
        nextID += 1
        let usedRoles = Set(model.handlers.compactMap(\.role))
        let freeRoles = (["a", "b", "c"] as [HandlerRole]).filter { !usedRoles.contains($0) }
        let role = Bool.random(using: &random) ? freeRoles.randomElement(using: &random) : nil
        let isWeak = Int.random(in: 0..<4, using: &random) != 0
        let position = Int.random(in: 0...liveCount, using: &random)
        idOf[ObjectIdentifier(object)] = id
        outside[id] = object
        if isWeak { weaklyHeld.insert(id) }
        proxy.insert(object, at: position, role: role, retention: isWeak ? .weak : .strong)
        model.handlers.insert(
          ModelHandler(id: id, capabilities: capabilities, role: role), at: position)
        if let role { model.rolesEverGiven.insert(role) }
      case 2 where liveCount > 0:  // remove one
        let victim = model.handlers.remove(at: Int.random(in: 0..<liveCount, using: &random))
        guard let object = outside[victim.id] else {
          return "step \(step): lost handler \(victim.id)"
        }
        proxy.remove(object)
        outside[victim.id] = nil
      case 3 where liveCount > 1:  // reorder
        let from = Int.random(in: 0..<liveCount, using: &random)
        let to = Int.random(in: 0..<liveCount, using: &random)
        let handler = model.handlers.remove(at: from)
        model.handlers.insert(handler, at: to)
        guard let object = outside[handler.id] else {
          return "step \(step): lost handler \(handler.id)"
        }
        proxy.move(object, to: to)
      case 4...5:  // drop the last outside reference to a weakly held handler
        let weak = model.handlers.filter { weaklyHeld.contains($0.id) }
        guard let handler = weak.randomElement(using: &random) else { break }
        model.handlers.removeAll { $0.id == handler.id }
        outside[handler.id] = nil
      case 6:  // change a rule
        let message = DoorMessage.allCases[
          Int.random(in: 0..<DoorMessage.allCases.count, using: &random)]
        let rule = ModelRule.allCases[Int.random(in: 0..<ModelRule.allCases.count, using: &random)]
        model.rules[message] = rule
        proxy.rules[message] = rule.rule
      default:
        break  // only dispatch
      }

      for message in DoorMessage.allCases {
        let expected = model.targets(message)
        reported.removeAll()
        // Dispatch first, through the typed handles routes keep (send for the messages that
        // return a value, broadcast for every message), so it must notice releases by itself.
        let sent: Int? =
          switch message {
          case .open:
            proxy.send(.open, as: (any Opening).self, default: nil) {
              idOf[ObjectIdentifier($0 as AnyObject)] ?? -1
            }
          case .close:
            proxy.send(.close, as: (any Closing).self, default: nil) {
              idOf[ObjectIdentifier($0 as AnyObject)] ?? -1
            }
          case .tick: expected.first
          }
        var reached: [Int] = []
        proxy.broadcast(message, as: AnyObject.self) {
          reached.append(idOf[ObjectIdentifier($0)] ?? -1)
        }
        guard reported.count <= 1, reported.allSatisfy({ $0 == message && model.fails(message) })
        else {
          return "step \(step), \(message): reported \(reported), expected failing "
            + "\(model.fails(message)); model \(model.handlers.map(\.id)), rules \(model.rules)"
        }
        guard sent == expected.first, reached == expected else {
          return "step \(step), \(message): expected \(expected), sent to "
            + "\(String(describing: sent)), broadcast reached \(reached); model "
            + "\(model.handlers.map(\.id)), rules \(model.rules)"
        }
        let actual = proxy.targets(for: message).map { idOf[ObjectIdentifier($0)] ?? -1 }
        let single = proxy.targets(for: message).first.map { idOf[ObjectIdentifier($0)] ?? -1 }
        let responds = proxy.responds(to: message)
        guard actual == expected, single == expected.first, responds == !expected.isEmpty else {
          return "step \(step), \(message): expected \(expected), got targets \(actual), target "
            + "\(String(describing: single)), responds \(responds); model "
            + "\(model.handlers.map(\.id)), rules \(model.rules)"
        }
      }
      // Inspecting comes after dispatching: it must not be what makes dispatch right.
      let failing = Set(proxy.routingErrors.map(\.message))
      for message in DoorMessage.allCases where failing.contains(message) != model.fails(message) {
        return "step \(step), \(message): expected failing \(model.fails(message)), got "
          + "\(proxy.explain(message)); model \(model.handlers.map(\.id)), rules \(model.rules)"
      }
    }
    return nil
  }

  private static func makeHandler(_ random: inout SeededGenerator) -> (AnyObject, Set<DoorMessage>)
  {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: (OpensClosesTicks(), [.open, .close, .tick])
    case 1: (Opens(), [.open])
    case 2: (Closes(), [.close])
    case 3: (Ticks(), [.tick])
    case 4: (OpensCloses(), [.open, .close])
    default: (NoCapability(), [])
    }
  }
}
