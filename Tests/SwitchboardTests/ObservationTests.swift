import Switchboard
import Testing

/// Thrown by a handler in the tests of a throwing send.
struct DoorJammed: Error {}

/// The edges of the event forms of `broadcast` and `send`: when the arguments are built, and
/// which observers a message reaches when something changes during it.
@MainActor
struct ObservationTests {
  let proxy = PrioritizedProxy<DoorMessage>()
  let door = FullDoor("front")
  let ticked = MessageEvent<DoorMessage, Int?>(.tick)
  let opened = MessageEvent<DoorMessage, String>(.open)

  init() { proxy.add(door) }

  func tick(_ arguments: @autoclosure () -> Int?) -> [String] {
    var log: [String] = []
    proxy.broadcast(ticked, arguments(), as: (any Tick).self) { $0.tick(&log) }
    return log
  }

  @Test func optionalArgumentsReachObserversEvenWhenNil() {
    var seen: [String] = []
    let before = proxy.observe(ticked, beforeHandler: true) {
      seen.append("before \($0 as Any)")
    }
    let after = proxy.observe(ticked) { seen.append("after \($0 as Any)") }
    #expect(tick(nil) == ["front"])
    #expect(tick(3) == ["front"])
    #expect(seen == ["before nil", "after nil", "before Optional(3)", "after Optional(3)"])
    _ = (before, after)
  }

  @Test func argumentsAreBuiltOnceForObserversOnBothSidesAndNeverWithout() {
    var built = 0
    func argument() -> Int? {
      built += 1
      return built
    }
    _ = tick(argument())
    #expect(built == 0)
    var seen: [Int?] = []
    let before = proxy.observe(ticked, beforeHandler: true) { seen.append($0) }
    let after = proxy.observe(ticked) { seen.append($0) }
    _ = tick(argument())
    #expect(built == 1)
    #expect(seen == [1, 1])

    func name() -> String {
      built += 1
      return "n\(built)"
    }
    var names: [String] = []
    let beforeOpen = proxy.observe(opened, beforeHandler: true) { names.append($0) }
    let afterOpen = proxy.observe(opened) { names.append($0) }
    let answer = proxy.send(opened, name(), as: (any Opening).self, default: "") { $0.open() }
    #expect(answer == "front opens")
    #expect(built == 2)
    #expect(names == ["n2", "n2"])
    _ = (before, after, beforeOpen, afterOpen)
  }

  @Test func anObserverCancelledBeforeTheHandlerMissesTheRestOfTheMessage() {
    var seen: [String] = []
    var after: ObservationToken?
    let before = proxy.observe(ticked, beforeHandler: true) { _ in
      seen.append("before")
      after?.cancel()
    }
    after = proxy.observe(ticked) { _ in seen.append("after") }
    #expect(tick(1) == ["front"])
    #expect(seen == ["before"])
    before.cancel()
    #expect(!proxy.isObserved(.tick))
    #expect(tick(2) == ["front"])
    #expect(seen == ["before"])
  }

  @Test func anAfterObserverAddedBeforeTheHandlerSeesTheSameMessage() {
    var seen: [Int?] = []
    var late: ObservationToken?
    let first = proxy.observe(ticked, beforeHandler: true) { _ in
      if late == nil { late = proxy.observe(ticked) { seen.append($0) } }
    }
    _ = tick(1)
    #expect(seen == [1])
    _ = tick(2)
    #expect(seen == [1, 2])
    _ = (first, late)
  }

  @Test func anObserverAddedWhenNobodyObservedSeesTheNextMessage() {
    // The arguments of a message nobody observed when it was sent are never built, so an
    // observer the handler adds starts with the next message.
    var seen: [Int?] = []
    var late: ObservationToken?
    let observing = ObservingDoor { late = late ?? proxy.observe(ticked) { seen.append($0) } }
    proxy.insert(observing, at: 0)
    proxy.rules[.tick] = .broadcast
    #expect(tick(1) == ["observing", "front"])
    #expect(seen == [])
    #expect(tick(2) == ["observing", "front"])
    #expect(seen == [2])
    withExtendedLifetime((observing, late)) {}
  }

  @Test func aThrowingHandlerSkipsTheObserversAfterIt() {
    var seen: [String] = []
    let before = proxy.observe(opened, beforeHandler: true) { seen.append("before \($0)") }
    let after = proxy.observe(opened) { seen.append("after \($0)") }
    #expect(throws: DoorJammed.self) {
      try proxy.send(opened, "x", as: (any Opening).self, default: "") { _ throws(DoorJammed) in
        throw DoorJammed()
      }
    }
    #expect(seen == ["before x"])
    let answer = proxy.send(opened, "y", as: (any Opening).self, default: "") { $0.open() }
    #expect(answer == "front opens")
    #expect(seen == ["before x", "before y", "after y"])
    _ = (before, after)
  }
}

/// A `Tick` handler that runs `onTick` when it ticks.
final class ObservingDoor: Tick {
  let onTick: () -> Void
  init(onTick: @escaping () -> Void) { self.onTick = onTick }
  func tick(_ log: inout [String]) {
    log.append("observing")
    onTick()
  }
}
