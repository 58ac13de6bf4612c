import Testing

@testable import Switchboard

/// A delivery's handlers, the first two kept in place and any more in a list, are given back in
/// the order they were added, each once.
@Suite struct DeliveryTargetsTests {
  final class Handler {}

  @Test("handlers come back in order, each once, and none is kept after", arguments: 0...5)
  func order(count: Int) {
    let handlers = (0..<count).map { _ in Handler() }
    var targets = Delivery.Targets()
    for handler in handlers { targets.append(handler) }
    #expect(targets.count == count)
    #expect(targets.isEmpty == (count == 0))
    for position in 0..<count {
      #expect(targets[position].map(ObjectIdentifier.init) == ObjectIdentifier(handlers[position]))
    }
    #expect(targets[count] == nil, "nothing past the last")
    var seen: [AnyObject] = []
    targets.removeEach { seen.append($0) }
    #expect(seen.count == count)
    #expect(seen.map(ObjectIdentifier.init) == handlers.map(ObjectIdentifier.init))
    #expect(targets.isEmpty && targets.count == 0)
  }

  @Test("a handler is let go once its delivery is done")
  func letGo() {
    weak var gone: Handler?
    do {
      let handler = Handler()
      gone = handler
      var targets = Delivery.Targets()
      targets.append(handler)
      targets.removeEach { _ in }
    }
    #expect(gone == nil)
  }
}
