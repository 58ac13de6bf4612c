/// Values by key, in a short list searched in order while there are at most sixteen, and in a
/// dictionary past that.
///
/// For what each proxy keeps a few of (a delegate proxy's handlers' roles, the run-time names
/// a handler was asked about, the routes and answers of the selectors its parent asked about):
/// a list whose thousands of rows each attach a proxy would otherwise give every proxy, and
/// every handler slot, a hash table for two or three entries. Past sixteen the dictionary keeps
/// look-ups constant.
struct ShortTable<Key: Hashable, Value> {
  /// The first entry, kept in place.
  ///
  /// Most tables a proxy keeps hold one (its parent asked about one selector), and a list would
  /// allocate for it. `nil` only while the list is empty.
  private var firstEntry: (key: Key, value: Value)?
  /// The entries after the first, in the order given, while there are at most sixteen.
  private var few: [(key: Key, value: Value)] = []
  private var many: [Key: Value] = [:]

  /// The value of `key`, or `nil` when it has none; setting `nil` removes it.
  subscript(key: Key) -> Value? {
    get {
      guard many.isEmpty else { return many[key] }
      if let firstEntry, firstEntry.key == key { return firstEntry.value }
      return few.first { $0.key == key }?.value
    }
    set {
      guard many.isEmpty else {
        many[key] = newValue
        return
      }
      if firstEntry?.key == key {
        if let newValue {
          firstEntry?.value = newValue
        } else {
          firstEntry = few.isEmpty ? nil : few.removeFirst()
        }
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
    guard many.isEmpty else {
      many[key] = value
      return
    }
    guard let first = firstEntry else {
      firstEntry = (key, value)
      return
    }
    if few.count < 15 {
      few.append((key, value))
      return
    }
    many[first.key] = first.value
    for (known, answer) in few { many[known] = answer }
    firstEntry = nil
    few = []
    many[key] = value
  }

  mutating func removeAll() {
    firstEntry = nil
    few = []
    many = [:]
  }

  var isEmpty: Bool { firstEntry == nil && many.isEmpty }

  /// The number of keys with a value.
  var count: Int { many.isEmpty ? (firstEntry == nil ? 0 : 1 + few.count) : many.count }

  /// Every key and its value: in the order given while the table is short.
  var entries: [(key: Key, value: Value)] {
    guard many.isEmpty else { return many.map { ($0.key, $0.value) } }
    return firstEntry.map { [$0] + few } ?? []
  }

  /// Every key: in the order given while the table is short.
  var keys: [Key] { entries.map(\.key) }
}
