/// A handler already cast to a capability, so that dispatch makes no dynamic cast.
///
/// Routes keep one per target, for the capability type they were last sent as; a send with
/// another capability type casts again and replaces it.
@usableFromInline
class AnyTypedHandle {
  /// The capability type the handler was cast to.
  @usableFromInline let capability: ObjectIdentifier
  /// Where the typed value is stored.
  @usableFromInline let rawPointer: UnsafeMutableRawPointer

  init(capability: ObjectIdentifier, rawPointer: UnsafeMutableRawPointer) {
    self.capability = capability
    self.rawPointer = rawPointer
  }
}

/// A handler cast to `Capability`.
///
/// For a strongly held handler the typed value is an ordinary strong reference. For a weakly held
/// one it is stored *unretained*, so the proxy still never keeps the handler alive: dispatch
/// reads it only after loading the handler through the slot's `weak` reference and while holding
/// that strong reference, so the object is alive for the whole call. A value that does not hold
/// the handler as a single inline reference is never stored unretained (``make(_:retained:)``
/// returns `nil` and dispatch casts on every call instead).
@usableFromInline
final class TypedHandle<Capability>: AnyTypedHandle {
  @usableFromInline let pointer: UnsafeMutablePointer<Capability>
  private let isRetained: Bool

  private init(_ value: Capability, retained: Bool) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: value)
    isRetained = retained
    super.init(
      capability: ObjectIdentifier(Capability.self), rawPointer: UnsafeMutableRawPointer(pointer))
  }

  /// `object` cast to `Capability`, held strongly when `retained`, unretained otherwise; `nil`
  /// when the cast fails or the value cannot be held unretained safely.
  static func make(_ object: AnyObject, retained: Bool) -> TypedHandle? {
    guard let value = object as? Capability else { return nil }
    return make(value, of: object, retained: retained)
  }

  /// `value`, which is `object` already cast to `Capability`, held strongly when `retained`,
  /// unretained otherwise; `nil` when it cannot be held unretained safely.
  static func make(_ value: Capability, of object: AnyObject, retained: Bool) -> TypedHandle? {
    if !retained {
      // Only a value that holds exactly one reference, to `object`, in its first word (a class,
      // a class-bound existential, or an existential boxing the class inline) can be made
      // unretained by releasing that one reference.
      let objectAddress = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      let holdsObjectInline =
        MemoryLayout<Capability>.size >= MemoryLayout<UnsafeRawPointer>.size
        && withUnsafeBytes(of: value) { $0.load(as: UnsafeRawPointer.self) } == objectAddress
      guard holdsObjectInline else { return nil }
    }
    let handle = TypedHandle(value, retained: retained)
    if !retained { Unmanaged.passUnretained(object).release() }
    return handle
  }

  deinit {
    // An unretained value owns no reference, so it is not deinitialized: that would release a
    // handler the proxy never retained.
    if isRetained { pointer.deinitialize(count: 1) }
    pointer.deallocate()
  }
}

/// A bitwise copy of the unretained value at `pointer`, which takes over a retain of its handler
/// that the caller made (``Route/retainedSingleWeakObject()``): the copy releases the handler once
/// when it is destroyed, balancing that retain, and no other retain or release happens.
///
/// Only for the values ``TypedHandle/make(_:retained:)`` stores unretained: exactly one reference,
/// to the handler, in the first word.
@inlinable @inline(__always)
func takeRetainedCopy<Capability>(of pointer: UnsafeMutablePointer<Capability>) -> Capability {
  withUnsafeTemporaryAllocation(of: Capability.self, capacity: 1) { buffer in
    let copy = buffer.baseAddress.unsafelyUnwrapped
    UnsafeMutableRawPointer(copy).copyMemory(
      from: UnsafeRawPointer(pointer), byteCount: MemoryLayout<Capability>.size)
    return copy.move()
  }
}
