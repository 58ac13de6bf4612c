/// Handlers already cast to capabilities, for code handed a handler as `AnyObject` on every call:
/// a host's plain data source, or the target a UIKit proxy's routing picked.
///
/// A cast to a constrained existential such as `any ListCellProviding<ListView>` walks the
/// runtime's generic requirement checks on every call (about 1.4 µs on Linux, forty calls'
/// worth), and the cache makes it once per message, handler class and capability. It keeps each
/// typed value *unretained*, so it never keeps a handler alive; a lookup is therefore valid only
/// while the caller holds the handler strongly, which it does to call it. An entry matches on the
/// handler's address *and* class: a new object at a freed address, of the same class, gets the
/// value a cast would give it (the same reference and witness tables), and one of another class
/// is cast again.
///
/// ```swift
/// var cache = CapabilityCache(slots: ListMessage.allCases.count)
/// if let view = cache.cast(handler, slot: message.rawValue, to: (any ListCellProviding<ListView>).self) {
///   return try view.cellForRow(at: indexPath, in: list)
/// }
/// ```
@usableFromInline
package struct CapabilityCache {
  /// One entry per slot, the handler cast most recently for it.
  @usableFromInline var latest: [Entry?]
  /// Further handlers of a slot (several receivers of a broadcast), bounded.
  @usableFromInline var others: [Key: Entry] = [:]

  /// What identifies an entry: the slot, the handler's address and class, the capability.
  @usableFromInline
  struct Key: Hashable {
    @usableFromInline let slot: Int
    @usableFromInline let object: ObjectIdentifier
    @usableFromInline let objectType: ObjectIdentifier
    @usableFromInline let capability: ObjectIdentifier

    @usableFromInline
    init(
      slot: Int, object: ObjectIdentifier, objectType: ObjectIdentifier,
      capability: ObjectIdentifier
    ) {
      self.slot = slot
      self.object = object
      self.objectType = objectType
      self.capability = capability
    }
  }

  /// A cast made once: its typed value, or that the handler does not adopt the capability.
  @usableFromInline
  struct Entry {
    @usableFromInline let key: Key
    /// The typed value, unretained; `nil` when the handler does not adopt the capability, or
    /// when its typed value cannot be held unretained (then ``adopts`` says to cast each time).
    @usableFromInline let handle: AnyTypedHandle?
    @usableFromInline let adopts: Bool

    @usableFromInline
    init(key: Key, handle: AnyTypedHandle?, adopts: Bool) {
      self.key = key
      self.handle = handle
      self.adopts = adopts
    }
  }

  /// The most handlers kept beyond one per slot before they are all forgotten.
  @usableFromInline static var othersLimit: Int { 64 }

  /// An empty cache with `slots` slots, one per message.
  package init(slots: Int) {
    latest = Array(repeating: nil, count: slots)
  }

  /// Forgets every cast, as when the handlers change.
  package mutating func removeAll() {
    for slot in latest.indices { latest[slot] = nil }
    others.removeAll()
  }

  /// `object` cast to `Capability`, or `nil` when it does not adopt it: from the cache when
  /// `object`'s class was cast to `Capability` for `slot` at this address before.
  ///
  /// The caller holds `object` strongly for as long as it uses the answer.
  /// `firstCast` runs when the cast is made rather than found, with its result.
  @inlinable @inline(__always)
  package mutating func cast<Capability>(
    _ object: AnyObject, slot: Int, to capability: Capability.Type,
    firstCast: (Capability?) -> Void = { _ in }
  ) -> Capability? {
    let key = Key(
      slot: slot, object: ObjectIdentifier(object), objectType: ObjectIdentifier(type(of: object)),
      capability: ObjectIdentifier(Capability.self))
    if let entry = latest[slot], entry.key == key {
      return Self.value(of: entry, object, as: capability)
    }
    if let entry = others[key] { return Self.value(of: entry, object, as: capability) }
    let value = castSlowly(object, key: key, as: capability)
    firstCast(value)
    return value
  }

  /// The typed value an entry keeps for `object`.
  @inlinable @inline(__always)
  static func value<Capability>(
    of entry: Entry, _ object: AnyObject, as capability: Capability.Type
  ) -> Capability? {
    guard entry.adopts else { return nil }
    guard let handle = entry.handle else { return object as? Capability }
    // A copy of the unretained value: it retains the handler, which `object` keeps alive.
    return handle.rawPointer.assumingMemoryBound(to: Capability.self).pointee
  }

  @usableFromInline
  mutating func castSlowly<Capability>(
    _ object: AnyObject, key: Key, as capability: Capability.Type
  ) -> Capability? {
    let value = object as? Capability
    let handle = value.flatMap { TypedHandle.make($0, of: object, retained: false) }
    let entry = Entry(key: key, handle: handle, adopts: value != nil)
    if let displaced = latest[key.slot] {
      if others.count >= Self.othersLimit { others.removeAll() }
      others[displaced.key] = displaced
    }
    latest[key.slot] = entry
    return value
  }
}
