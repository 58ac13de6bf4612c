/// Values by key, in a short list searched in order while there are at most sixteen, and in a
/// dictionary past that.
///
/// For what each proxy keeps a few of (a delegate proxy's handlers' roles, the run-time names
/// a handler was asked about): a list whose thousands of rows each attach a proxy would
/// otherwise give every proxy, and every handler slot, a hash table for two or three entries.
/// Past sixteen the dictionary keeps look-ups constant.
struct ShortTable<Key: Hashable, Value> {
  private var few: [(key: Key, value: Value)] = []
  private var many: [Key: Value] = [:]

  /// The value of `key`, or `nil` when it has none.
  subscript(key: Key) -> Value? {
    if many.isEmpty { return few.first { $0.key == key }?.value }
    return many[key]
  }

  /// Gives `key`, which has no value yet, `value`.
  mutating func remember(_ value: Value, for key: Key) {
    if many.isEmpty, few.count < 16 {
      few.append((key, value))
      return
    }
    for (known, answer) in few { many[known] = answer }
    few = []
    many[key] = value
  }

  mutating func removeAll() {
    few = []
    many = [:]
  }
}
