/// The cached routing decision for one message, valid until the proxy rebuilds its routes.
///
/// It holds no strings: descriptions, reasons and errors are built only when asked for
/// (``PrioritizedProxy/explain(_:)``, the routing table, errors). A replaced route is never
/// changed again, so a dispatch in progress keeps using the one it loaded.
@usableFromInline
final class Route {
  /// Who receives the message.
  @usableFromInline
  enum Targets {
    case one(HandlerSlot)
    case many([HandlerSlot])
    case none
  }

  /// How the rule's decision turned out.
  enum Outcome {
    case routed
    /// Nobody, on purpose; `reason` is `nil` when the rule is built in (explanations ask it
    /// again for its words).
    case unhandled(reason: String?)
    case failed(Failure)
  }

  /// A rule's invalid choice, with what a ``RoutingError`` needs to describe it.
  enum Failure {
    case handlerDoesNotImplement(HandlerSlot)
    case handlerNotInProxy(typeName: String)
    case duplicateTarget(HandlerSlot)
    case unknownRole(HandlerRole)
    case broadcastOfValueReturningMessage
  }

  @usableFromInline let targets: Targets
  /// The only target, when there is exactly one and nothing else to watch: the fast path.
  @usableFromInline let single: HandlerSlot?
  /// Weakly held handlers, besides the targets, whose release can change the rule's decision.
  ///
  /// Dispatch checks them, so a route to nobody notices them too.
  @usableFromInline let watched: [HandlerSlot]
  let outcome: Outcome
  /// The target typed as the capability it was last sent as; owns ``typedValue``.
  @exclusivity(unchecked) var handle: AnyTypedHandle? {
    didSet {
      typedCapability = handle?.capability
      typedValue = handle.map { UnsafeMutableRawPointer($0.rawPointer) }
    }
  }
  /// The capability type of ``handle``, read by dispatch without touching the handle.
  @usableFromInline @exclusivity(unchecked) var typedCapability: ObjectIdentifier?
  /// The typed value of ``handle``.
  ///
  /// A `Capability` stored strongly for a strongly held target, unretained for a weakly held
  /// one; valid while this route holds ``handle``.
  @usableFromInline @exclusivity(unchecked) var typedValue: UnsafeMutableRawPointer?
  /// Whether the only target is held strongly.
  @usableFromInline let singleIsStrong: Bool
  /// The only target, when it is held weakly: the liveness check before ``typedValue`` is used.
  ///
  /// It lives outside the route so that dispatch, which reads the route without retaining it,
  /// loads it without retaining the route either.
  @usableFromInline let singleWeakObject: UnsafeMutablePointer<WeakTargetReference>?
  /// The broadcast targets typed as the capability they were last broadcast as, in order.
  @usableFromInline @exclusivity(unchecked) var broadcastReceivers: BroadcastReceivers?

  init(_ targets: Targets, watched: [HandlerSlot], outcome: Outcome) {
    self.targets = targets
    switch targets {
    case .one(let slot): slots = [slot]
    case .many(let all): slots = all
    case .none: slots = []
    }
    self.watched = watched
    self.outcome = outcome
    if case .one(let slot) = targets, watched.isEmpty {
      single = slot
      singleIsStrong = slot.isStrong
      if slot.isStrong {
        singleWeakObject = nil
      } else {
        let reference = UnsafeMutablePointer<WeakTargetReference>.allocate(capacity: 1)
        reference.initialize(to: WeakTargetReference(slot.weakObject))
        singleWeakObject = reference
      }
    } else {
      single = nil
      singleIsStrong = false
      singleWeakObject = nil
    }
  }

  deinit {
    singleWeakObject?.deinitialize(count: 1)
    singleWeakObject?.deallocate()
  }

  /// The slots this route delivers to, in order: stored, so a broadcast on an ordinary route
  /// allocates nothing per call.
  @usableFromInline let slots: [HandlerSlot]

  /// Whether a handler this route depends on has been released since it was built.
  @usableFromInline
  var dependsOnReleasedHandler: Bool {
    !watched.isEmpty && watched.contains { $0.object == nil }
  }
}

/// A `weak` reference stored at a fixed address.
@usableFromInline
struct WeakTargetReference {
  @usableFromInline weak var object: AnyObject?

  init(_ object: AnyObject?) { self.object = object }
}

extension UnsafeMutablePointer<WeakTargetReference> {
  /// The referenced object, if it is still alive, retained once: the caller owns that retain and
  /// must hand it on (see ``takeRetainedCopy(of:)``) or release it.
  ///
  /// The reference is loaded in place: copying a `weak` reference costs more than loading it.
  @inlinable @inline(__always)
  func retainedObject() -> Unmanaged<AnyObject>? {
    guard let object = pointee.object else { return nil }
    return Unmanaged.passRetained(object)
  }
}
