import Testing

@testable import Switchboard

// Each unchecked operation of DispatchStorage, driven through the proxy so that a broken
// invariant shows as a wrong answer, a handler that never deinitializes, or (under the address
// sanitizer CI runs) a use after free.

/// A handler whose release the tests watch through a weak reference.
final class Tracked: Opening, Tick {
  let name: String
  init(_ name: String) { self.name = name }
  func open() -> String { "\(name) opens" }
  func tick(_ log: inout [String]) { log.append(name) }
}

/// A capability that is not class-bound: its existential boxes the handler in a buffer.
@MainActor protocol AnyOpening { func open() -> String }
extension Tracked: AnyOpening {}

/// Adds `make()`'s handler to `proxy`, strongly held and kept by nothing else, and returns a
/// weak reference to it: the test watches when the proxy lets it go.
@MainActor
private func strongly<Handler: AnyObject>(
  _ make: () -> Handler, in proxy: PrioritizedProxy<DoorMessage>
) -> WeakBox<Handler> {
  let handler = make()
  proxy.add(handler, retention: .strong)
  return WeakBox(handler)
}

/// A weak reference a test reads.
private final class WeakBox<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

@MainActor
@Suite("DispatchStorage invariants")
struct DispatchStorageTests {
  @Test(
    "a weakly held handler is kept unretained: released, it deinitializes and sends answer the default"
  )
  func unretainedWeakHandler() {
    let proxy = PrioritizedProxy<DoorMessage>()
    var door: Tracked? = Tracked("door")
    weak let watched = door
    proxy.add(door!)
    for _ in 0..<3 {
      #expect(
        proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "door opens")
    }
    door = nil
    #expect(watched == nil, "the kept typed value must not retain a weakly held handler")
    #expect(proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "none")
  }

  @Test("a capability whose existential boxes the handler is kept unretained and read back right")
  func boxedExistential() {
    let proxy = PrioritizedProxy<DoorMessage>()
    var door: Tracked? = Tracked("boxed")
    weak let watched = door
    proxy.add(door!)
    for _ in 0..<3 {
      #expect(
        proxy.send(.open, as: (any AnyOpening).self, default: "none") { $0.open() } == "boxed opens"
      )
    }
    // Switching capability replaces the kept value: the old one must release nothing.
    #expect(
      proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "boxed opens")
    door = nil
    #expect(watched == nil)
    #expect(proxy.send(.open, as: (any AnyOpening).self, default: "none") { $0.open() } == "none")
  }

  @Test("a strongly held handler's typed value is retained once and released once")
  func retainedStrongHandler() {
    let proxy = PrioritizedProxy<DoorMessage>()
    weak var watched: Tracked?
    do {
      let door = Tracked("strong")
      watched = door
      proxy.add(door, retention: .strong)
    }
    for _ in 0..<3 {
      #expect(
        proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "strong opens")
    }
    #expect(watched != nil, "the proxy holds the handler")
    if let handler = watched { #expect(proxy.remove(handler)) }
    #expect(watched == nil, "removed, the handler and its typed value are released")
  }

  @Test("broadcast receivers kept unretained skip a receiver released since")
  func broadcastReceivers() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.tick: .broadcast])
    let first = Tracked("first")
    var second: Tracked? = Tracked("second")
    weak let watched = second
    proxy.add(first)
    proxy.add(second!)
    var log: [String] = []
    proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) }
    second = nil
    proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) }
    #expect(log == ["first", "second", "first"])
    #expect(watched == nil)
  }

  @Test("a broadcast whose receiver replaces the receivers it walks finishes on them")
  func receiversReplacedDuringBroadcast() {
    let proxy = PrioritizedProxy<DoorMessage>(rules: [.tick: .broadcast])
    var second: Tracked? = Tracked("second")
    weak let watched = second
    let first = Tracked("first")
    proxy.add(first)
    proxy.add(second!)
    var log: [String] = []
    // Keeps the route's receivers typed as `Tick`.
    proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) }
    var nested = false
    proxy.broadcast(.tick, as: (any Tick).self) { handler in
      if !nested {
        nested = true
        // Another capability replaces the kept receivers, and a removal the route table,
        // while this walk still reads both.
        proxy.broadcast(.tick, as: AnyObject.self) { _ in log.append("nested") }
        proxy.remove(second!)
        second = nil
      }
      handler.tick(&log)
    }
    // The walk goes on over the receivers it started with; the one released meanwhile is
    // skipped, as a broadcast skips any released handler.
    #expect(log == ["first", "second", "nested", "nested", "first"])
    #expect(watched == nil)
    proxy.broadcast(.tick, as: (any Tick).self) { $0.tick(&log) }
    #expect(log.suffix(1) == ["first"])
  }

  @Test("a handler that changes the proxy during a send finishes on the routes it was sent on")
  func routesReplacedDuringSend() {
    let proxy = PrioritizedProxy<DoorMessage>()
    let door = FullDoor("door")
    proxy.add(door)
    let answer = proxy.send(.open, as: (any Opening).self, default: "none") { handler in
      // Rebuilds every route while this send still reads the old ones.
      proxy.remove(door)
      proxy.add(OpenOnly("other"), retention: .strong)
      return handler.open()
    }
    #expect(answer == "door opens")
    #expect(
      proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "other opens")
  }

  @Test("a strongly held handler that removes itself during its call lives until the call ends")
  func strongHandlerRemovesItself() {
    let proxy = PrioritizedProxy<DoorMessage>()
    let watched = strongly({ Tracked("strong") }, in: proxy)
    // Sent once, the handler is kept typed: the next send calls it without a retain.
    _ = proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() }
    let answer = proxy.send(.open, as: (any Opening).self, default: "none") { handler in
      #expect(proxy.remove(handler as AnyObject))
      #expect(
        watched.object != nil, "the call borrows the proxy's reference: it is kept to the end")
      return handler.open()
    }
    #expect(answer == "strong opens")
    #expect(watched.object == nil, "released when the call ends")
    #expect(proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "none")
  }

  @Test(
    "a strongly held handler removed or replaced by a nested call lives until the outermost call ends"
  )
  func strongHandlerRemovedByNestedCall() {
    let proxy = PrioritizedProxy<DoorMessage>()
    weak var watchedOpener: Tracked?
    weak var watchedCloser: FullDoor?
    do {
      let opener = Tracked("opener")
      let closer = FullDoor("closer")
      watchedOpener = opener
      watchedCloser = closer
      proxy.add(opener, retention: .strong)
      proxy.add(closer, retention: .strong)
    }
    // The first send of each message casts its handler and keeps it typed; from the second on,
    // the handler is called without a retain.
    _ = proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() }
    _ = proxy.send(.close, as: (any Closing).self, default: "none") { $0.close() }
    let answer = proxy.send(.open, as: (any Opening).self, default: "none") { opener in
      let closed = proxy.send(.close, as: (any Closing).self, default: "none") { closer in
        // The inner handler replaces every handler, itself and the outer one included.
        proxy.replaceHandlers(with: [OpenOnly("new")], retention: .strong)
        return closer.close()
      }
      #expect(watchedCloser != nil && watchedOpener != nil, "both calls are still running")
      return opener.open() + ", " + closed
    }
    #expect(answer == "opener opens, closer closes")
    #expect(watchedOpener == nil && watchedCloser == nil, "released when the outer call ended")
    #expect(proxy.send(.open, as: (any Opening).self, default: "none") { $0.open() } == "new opens")
  }

  @Test("a strongly held handler removed by a call that throws is released when it throws")
  func strongHandlerRemovedByThrowingCall() {
    struct Refused: Error {}
    let proxy = PrioritizedProxy<DoorMessage>()
    let watched = strongly({ FullDoor("door") }, in: proxy)
    _ = proxy.send(.close, as: (any Closing).self, default: "none") { $0.close() }
    #expect(throws: Refused.self) {
      try proxy.send(.close, as: (any Closing).self, default: "none") {
        (handler) throws(Refused) -> String in
        proxy.remove(handler as AnyObject)
        _ = handler.close()
        throw Refused()
      }
    }
    #expect(watched.object == nil, "no call is in progress: nothing is kept")
    // The next call parks and releases again from a clean state.
    let other = FullDoor("other")
    proxy.add(other, retention: .strong)
    _ = proxy.send(.close, as: (any Closing).self, default: "none") { $0.close() }
    let answer = proxy.send(.close, as: (any Closing).self, default: "none") { handler in
      proxy.remove(other)
      return handler.close()
    }
    #expect(answer == "other closes")
  }

  @Test("a strongly held handler sent through the alternative capability is borrowed the same way")
  func strongHandlerThroughAlternative() {
    let proxy = PrioritizedProxy<DoorMessage>()
    let watched = strongly({ Tracked("alt") }, in: proxy)
    _ = proxy.send(
      .open, as: (any Closing).self, or: (any Opening).self, default: "none", { $0.close() },
      or: { $0.open() })
    let answer = proxy.send(
      .open, as: (any Closing).self, or: (any Opening).self, default: "none",
      { $0.close() },
      or: { handler in
        proxy.remove(handler as AnyObject)
        return handler.open()
      })
    #expect(answer == "alt opens")
    #expect(watched.object == nil)
  }

  @Test("observer lists keep each event's argument type, and an observer may cancel itself")
  func observerLists() {
    let proxy = PrioritizedProxy<DoorMessage>()
    proxy.add(FullDoor("door"), retention: .strong)
    let opened = MessageEvent<DoorMessage, String>(.open)
    let ticked = MessageEvent<DoorMessage, Int>(.tick)
    var seen: [String] = []
    var token: ObservationToken?
    token = proxy.observe(opened) { text in
      seen.append(text)
      token?.cancel()
    }
    let counted = proxy.observe(ticked) { count in seen.append("tick \(count)") }
    for _ in 0..<2 {
      _ = proxy.send(opened, "hello", as: (any Opening).self, default: "none") { $0.open() }
      var log: [String] = []
      proxy.broadcast(ticked, 7, as: (any Tick).self) { $0.tick(&log) }
    }
    #expect(seen == ["hello", "tick 7", "tick 7"])
    counted.cancel()
  }
}
