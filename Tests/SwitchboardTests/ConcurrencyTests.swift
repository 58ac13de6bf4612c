import Switchboard
import Testing

/// A proxy owned by the main actor.
@MainActor
final class MainActorProxy {
  let proxy = PrioritizedProxy<DoorMessage>()
}

/// The thread model: a proxy lives in one isolation domain, here the main actor.
///
/// Work from many tasks reaches the proxy only by hopping onto the main actor, where it is
/// serialized: routes stay consistent while one task mutates and others dispatch.
struct ConcurrencyTests {
  @Test func dispatchFromManyTasksWhileAnotherMutates() async {
    let owner = await MainActorProxy()
    await MainActor.run {
      let anchor = FullDoor("anchor")
      owner.proxy.add(anchor, retention: .strong)
    }

    let inconsistencies = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var bad = 0
          for _ in 0..<500 {
            bad += await MainActor.run {
              let proxy = owner.proxy
              // Whatever the mutator did last, every route is consistent with its handlers.
              return DoorMessage.allCases.reduce(0) { count, message in
                let target = proxy.targets(for: message).first
                let consistent =
                  target.map { message.isImplemented(by: $0) } ?? !proxy.responds(to: message)
                return count + (consistent ? 0 : 1)
              }
            }
          }
          return bad
        }
      }
      group.addTask {
        for index in 0..<500 {
          await MainActor.run {
            let proxy = owner.proxy
            let door = OpenOnly("door \(index)")
            proxy.insert(door, at: 0, retention: .strong)
            if index % 2 == 0 { proxy.remove(door) }
            proxy.rules[.tick] = index % 3 == 0 ? .broadcast : .firstImplementer
          }
        }
        return 0
      }
      return await group.reduce(0, +)
    }
    #expect(inconsistencies == 0)
    // The anchor and the 250 doors that stayed.
    #expect(await MainActor.run { owner.proxy.handlerCount } == 251)
  }
}
