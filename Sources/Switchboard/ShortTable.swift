/// Values by key, in a short list searched in order while there are at most sixteen, and in a
/// dictionary past that.
///
/// For what each proxy keeps a few of (a delegate proxy's handlers' roles, the run-time names
/// a handler was asked about, the routes and answers of the selectors its parent asked about):
/// a list whose thousands of rows each attach a proxy would otherwise give every proxy, and
/// every handler slot, a hash table for two or three entries. Past sixteen the dictionary keeps
/// look-ups constant.
struct ShortTable<Key: Hashable, Value> {
  private var few: [(key: Key, value: Value)] = []
  private var many: [Key: Value] = [:]

  /// The value of `key`, or `nil` when it has none; setting `nil` removes it.
  subscript(key: Key) -> Value? {
    get {
      if many.isEmpty { return few.first { $0.key == key }?.value }
      return many[key]
    }
    set {
      guard many.isEmpty else {
        many[key] = newValue
        return
      }
      let index = few.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): few[index].value = value
      case (let index?, nil): few.remove(at: index)
      case (nil, let value?): remember(value, for: key)
      case (nil, nil): break
      }
    }
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

  var isEmpty: Bool { few.isEmpty && many.isEmpty }

  /// The number of keys with a value.
  var count: Int { many.isEmpty ? few.count : many.count }

  /// Every key and its value: in the order given while the table is short.
  var entries: [(key: Key, value: Value)] {
    many.isEmpty ? few : many.map { ($0.key, $0.value) }
  }

  /// Every key: in the order given while the table is short.
  var keys: [Key] { entries.map(\.key) }
}
