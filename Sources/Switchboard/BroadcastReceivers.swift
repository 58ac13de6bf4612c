/// The receivers of a route's broadcast, typed as the capability they were last broadcast as, in
/// order: what ``PrioritizedProxy/broadcast(_:as:_:)`` walks without a cast or a lookup.
///
/// Each receiver is its typed value (see ``TypedHandle``) and, for a weakly held handler, a
/// `weak` reference of its own, checked and loaded in place before the value is used.
@usableFromInline
final class BroadcastReceivers {
  /// One receiver.
  @usableFromInline
  struct Receiver {
    /// The typed value, owned by a handle in ``BroadcastReceivers/handles``.
    @usableFromInline let value: UnsafeMutableRawPointer
    /// The handler's `weak` reference when it is held weakly; `nil` when it is held strongly.
    @usableFromInline let weakReference: UnsafeMutablePointer<WeakTargetReference>?
  }

  /// The capability type every receiver was cast to.
  @usableFromInline let capability: ObjectIdentifier
  @usableFromInline let receivers: UnsafeMutableBufferPointer<Receiver>
  /// Owns the typed values.
  private let handles: [AnyTypedHandle]

  /// Receivers for `handles`, one per slot of `slots`, in the same order.
  init(
    capability: ObjectIdentifier, handles: [AnyTypedHandle], slots: [HandlerSlot]
  ) {
    precondition(handles.count == slots.count)
    self.capability = capability
    self.handles = handles
    receivers = .allocate(capacity: handles.count)
    for (offset, (handle, slot)) in zip(handles, slots).enumerated() {
      var weakReference: UnsafeMutablePointer<WeakTargetReference>?
      if !slot.isStrong {
        weakReference = .allocate(capacity: 1)
        weakReference?.initialize(to: WeakTargetReference(slot.weakObject))
      }
      (receivers.baseAddress.unsafelyUnwrapped + offset).initialize(
        to: Receiver(value: handle.rawPointer, weakReference: weakReference))
    }
  }

  deinit {
    for receiver in receivers {
      receiver.weakReference?.deinitialize(count: 1)
      receiver.weakReference?.deallocate()
    }
    receivers.deallocate()
  }
}
