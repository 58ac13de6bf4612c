// A route's targets already cast to a capability: the unchecked half of DispatchStorage.swift,
// whose invariants it shares (see that file's header).

extension DispatchStorage {
  /// A route's targets already cast to a capability, for dispatch without a dynamic cast.
  ///
  /// A strongly held handler's typed value is stored as an ordinary strong reference. A weakly
  /// held one's is stored *unretained*, so the proxy never keeps the handler alive: it is read
  /// only after loading the handler through a `weak` reference and while holding that strong
  /// reference, so the object is alive for the whole call. A value that does not hold the
  /// handler as one inline reference is never stored unretained (`make` returns `nil`, and
  /// dispatch casts on every call instead).
  @usableFromInline
  final class KeptTargets {
    /// Whether the route has exactly one target and it is held strongly.
    let singleIsStrong: Bool
    /// The only target, when it is held weakly, in a `weak` reference at a fixed address, so
    /// dispatch loads it in place (copying a `weak` reference costs more than loading it).
    @usableFromInline let singleWeakObject: UnsafeMutablePointer<WeakReferenceBox>?
    /// The only target typed as the capability it was last sent as; owns ``singleValue``.
    @exclusivity(unchecked) var single: TypedValue? {
      didSet {
        singleCapability = single?.capability
        singleValue = single?.pointer
      }
    }
    /// The capability of ``single``, read by dispatch without loading (and retaining) it.
    @usableFromInline @exclusivity(unchecked) var singleCapability: ObjectIdentifier?
    /// Where ``single`` stores its typed value.
    @usableFromInline @exclusivity(unchecked) var singleValue: UnsafeMutableRawPointer?
    /// The targets of a broadcast typed as the capabilities they were last broadcast as; set
    /// through ``DispatchStorage/keep(_:in:)``.
    @exclusivity(unchecked) var receivers: Receivers? {
      didSet {
        receiverList = receivers?.receivers
        receiverCapability = receivers?.capability
        receiverAlternative = receivers?.alternative
      }
    }
    /// ``receivers``' list and capabilities, read by dispatch without loading (and retaining)
    /// it.
    @usableFromInline @exclusivity(unchecked) var receiverList:
      UnsafeMutableBufferPointer<Receivers.Receiver>?
    @usableFromInline @exclusivity(unchecked) var receiverCapability: ObjectIdentifier?
    @usableFromInline @exclusivity(unchecked) var receiverAlternative: ObjectIdentifier?

    init(single slot: HandlerSlot?) {
      if let slot, !slot.isStrong {
        let reference = UnsafeMutablePointer<WeakReferenceBox>.allocate(capacity: 1)
        reference.initialize(to: WeakReferenceBox(slot.weakObject))
        singleWeakObject = reference
      } else {
        singleWeakObject = nil
      }
      singleIsStrong = slot?.isStrong ?? false
    }

    deinit {
      singleWeakObject?.deinitialize(count: 1)
      singleWeakObject?.deallocate()
    }

    /// Keeps `value`, which is `object` cast to `Capability`, as the only target's typed value;
    /// `false` when it cannot be kept unretained safely (then nothing changes).
    @discardableResult
    func keep<Capability>(_ value: Capability, of object: AnyObject) -> Bool {
      guard let typed = TypedValue(value, of: object, retained: singleIsStrong) else {
        return false
      }
      single = typed
      return true
    }
  }

  /// A handler cast to a capability, stored so dispatch reads it without a cast.
  @usableFromInline
  final class TypedValue {
    /// The capability type.
    @usableFromInline let capability: ObjectIdentifier
    /// Where the typed value is stored.
    @usableFromInline let pointer: UnsafeMutableRawPointer
    private let isRetained: Bool
    private let deinitialize: (UnsafeMutableRawPointer) -> Void

    /// `value`, which is `object` cast to `Capability`, held strongly when `retained`,
    /// unretained otherwise; `nil` when it cannot be held unretained safely.
    init?<Capability>(_ value: Capability, of object: AnyObject, retained: Bool) {
      if !retained {
        // Only a value that holds exactly one reference, to `object`, in its first word (a
        // class, a class-bound existential, or an existential boxing the class inline) can be
        // made unretained by releasing that one reference.
        let objectAddress = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        let holdsObjectInline =
          MemoryLayout<Capability>.size >= MemoryLayout<UnsafeRawPointer>.size
          && withUnsafeBytes(of: value) { $0.load(as: UnsafeRawPointer.self) } == objectAddress
        guard holdsObjectInline else { return nil }
      }
      let typed = UnsafeMutablePointer<Capability>.allocate(capacity: 1)
      typed.initialize(to: value)
      capability = ObjectIdentifier(Capability.self)
      pointer = UnsafeMutableRawPointer(typed)
      isRetained = retained
      deinitialize = { $0.assumingMemoryBound(to: Capability.self).deinitialize(count: 1) }
      if !retained { Unmanaged.passUnretained(object).release() }
    }

    deinit {
      // An unretained value owns no reference, so it is not deinitialized: that would release a
      // handler the proxy never retained.
      if isRetained { deinitialize(pointer) }
      pointer.deallocate()
    }
  }

  /// The receivers of a broadcast, typed, in order: what ``PrioritizedProxy/broadcast(_:as:_:)``
  /// walks without a cast or a lookup.
  @usableFromInline
  final class Receivers {
    @usableFromInline
    struct Receiver {
      /// The typed value, owned by ``Receivers/values``.
      @usableFromInline let value: UnsafeMutableRawPointer
      /// Whether the value is of the alternative capability.
      @usableFromInline let isAlternative: Bool
      /// The handler's `weak` reference, when it is held weakly.
      @usableFromInline let weakReference: UnsafeMutablePointer<WeakReferenceBox>?
    }

    @usableFromInline let capability: ObjectIdentifier
    @usableFromInline let alternative: ObjectIdentifier
    @usableFromInline let receivers: UnsafeMutableBufferPointer<Receiver>
    /// Owns the typed values.
    private let values: [TypedValue]

    /// Receivers for `values`, one per slot of `slots`, in the same order.
    init(
      capability: ObjectIdentifier, alternative: ObjectIdentifier, values: [TypedValue],
      slots: [HandlerSlot]
    ) {
      precondition(values.count == slots.count)
      self.capability = capability
      self.alternative = alternative
      self.values = values
      receivers = .allocate(capacity: values.count)
      for (offset, (value, slot)) in zip(values, slots).enumerated() {
        var weakReference: UnsafeMutablePointer<WeakReferenceBox>?
        if !slot.isStrong {
          weakReference = .allocate(capacity: 1)
          weakReference?.initialize(to: WeakReferenceBox(slot.weakObject))
        }
        (receivers.baseAddress.unsafelyUnwrapped + offset).initialize(
          to: Receiver(
            value: value.pointer, isAlternative: value.capability != capability,
            weakReference: weakReference))
      }
    }

    deinit {
      for receiver in receivers {
        receiver.weakReference?.deinitialize(count: 1)
        receiver.weakReference?.deallocate()
      }
      receivers.deallocate()
    }

    /// Calls every live receiver of `list`, in order, through its own capability; returns how
    /// many were called and whether one was found released.
    ///
    /// The caller keeps `list` valid for the whole walk, even when a body changes the routes
    /// (``DispatchStorage/callEachKeptReceiver(at:as:or:_:or:)``).
    @inlinable @inline(__always)
    static func callEach<Capability, Alternative, Failure: Error>(
      in list: UnsafeMutableBufferPointer<Receiver>, as capability: Capability.Type,
      or alternative: Alternative.Type, _ body: (Capability) throws(Failure) -> Void,
      or alternativeBody: (Alternative) throws(Failure) -> Void
    ) throws(Failure) -> (delivered: Int, metReleased: Bool) {
      var delivered = 0
      var metReleased = false
      for receiver in list {
        if let weakReference = receiver.weakReference, weakReference.retainedObject() == nil {
          // Skip the released handler: the others are the new route's targets too.
          metReleased = true
          continue
        }
        // A weakly held receiver is now retained once; its typed copy takes that retain over.
        let isRetained = receiver.weakReference != nil
        if receiver.isAlternative {
          let typed = receiver.value.assumingMemoryBound(to: Alternative.self)
          try alternativeBody(isRetained ? takeRetainedCopy(of: typed) : typed.pointee)
        } else {
          let typed = receiver.value.assumingMemoryBound(to: Capability.self)
          try body(isRetained ? takeRetainedCopy(of: typed) : typed.pointee)
        }
        delivered += 1
      }
      return (delivered, metReleased)
    }
  }
}
