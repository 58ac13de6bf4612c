/// Which handler, by position, implements each message of a message set: one row of flags per
/// message, read when routes are rebuilt.
///
/// Rules scan a row instead of the handler slots, so a rebuild reads each slot once, not once
/// per message, and counts no references while it scans.
struct ImplementationTable {
  private let handlerCount: Int
  private var flags: [Bool]

  /// The table of `slots`, in their order, for a message set of `messageCount` messages.
  init(_ slots: [HandlerSlot], messageCount: Int) {
    handlerCount = slots.count
    flags = Array(repeating: false, count: messageCount * slots.count)
    for (position, slot) in slots.enumerated() {
      for (index, implements) in slot.implements.enumerated() where implements {
        flags[index * handlerCount + position] = true
      }
    }
  }

  /// Whether each handler, by position, implements the message at route index `index`.
  func row(_ index: Int) -> ArraySlice<Bool> {
    flags[index * handlerCount..<(index + 1) * handlerCount]
  }
}
