import Foundation
import SwitchboardLists
import Testing

@MainActor
struct ListChangesTests {
  final class Receiver {
    /// What it received: updates, and `nil` for reloads.
    var received: [ListUpdate?] = []
  }

  private let insertion = ListUpdate(insertingRowsAt: [IndexPath(row: 0, section: 0)])

  @Test func deliversToEveryHostButTheExceptedOne() {
    let changes = ListChanges()
    let a = Receiver()
    let b = Receiver()
    changes.addHost(a) { $0.received.append($1) }
    changes.addHost(b) { $0.received.append($1) }
    changes.announce(insertion, except: a)
    #expect(a.received.isEmpty)
    #expect(b.received == [insertion])
  }

  @Test func addingAHostAgainReplacesItsDelivery() {
    let changes = ListChanges()
    let a = Receiver()
    var calls: [String] = []
    changes.addHost(a) { _, _ in calls.append("first") }
    changes.addHost(a) { _, _ in calls.append("second") }
    changes.announce(insertion)
    #expect(calls == ["second"])
    #expect(changes.hostCount == 1)
  }

  @Test func removedAndReleasedHostsReceiveNothing() {
    let changes = ListChanges()
    let kept = Receiver()
    let removed = Receiver()
    changes.addHost(kept) { $0.received.append($1) }
    changes.addHost(removed) { $0.received.append($1) }
    do {
      let released = Receiver()
      changes.addHost(released) { $0.received.append($1) }
      #expect(changes.hostCount == 3)
    }
    changes.removeHost(removed)
    changes.announce(insertion)
    #expect(kept.received == [insertion])
    #expect(removed.received.isEmpty)
    #expect(changes.hostCount == 1)
  }

  @Test func anEmptyUpdateIsNotAnnounced() {
    let changes = ListChanges()
    let a = Receiver()
    changes.addHost(a) { $0.received.append($1) }
    changes.announce(ListUpdate())
    #expect(a.received.isEmpty)
  }

  @Test func aReloadReachesEveryHostButTheExceptedOne() {
    let changes = ListChanges()
    let a = Receiver()
    let b = Receiver()
    changes.addHost(a) { $0.received.append($1) }
    changes.addHost(b) { $0.received.append($1) }
    changes.announceReload(except: b)
    #expect(a.received == [nil])
    #expect(b.received.isEmpty)
  }
}
