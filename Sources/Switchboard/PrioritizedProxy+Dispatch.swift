// Dispatch: finding a message's handler and calling it.
//
// The fast path is inlinable so that it is specialized for the caller's message set and
// capability: an array index, a type-identity compare, the handler reference, and the call.
// Anything unusual (no handle yet, another capability type, a released handler, a route to
// nobody or to several) goes through an outlined slow path.

extension PrioritizedProxy {
  /// A number that changes every time the proxy rebuilds its routes.
  ///
  /// Routes are rebuilt when handlers or rules change, when a route meets a released handler,
  /// and on ``invalidateRoutes()``. While the number stays the same, ``target(for:)`` returns the
  /// same handler for every message, as long as that handler is alive.
  @inlinable public var routeGeneration: Int { storedRouteGeneration }

  /// The route index of `message`.
  @inlinable
  func routeIndex(of message: Message) -> Int {
    if let index = message.routeIndex { return index }
    return lookUpRouteIndex(of: message)
  }

  @usableFromInline
  func lookUpRouteIndex(of message: Message) -> Int {
    guard let index = positions[message] else {
      preconditionFailure(
        "\(name): \(message) is not in \(Message.self).allCases; allCases must list every case.")
    }
    return index
  }

  /// The handler that receives `message`, or `nil` when it goes to nobody.
  ///
  /// For a broadcast route this is the first of its handlers; ``targets(for:)`` lists them all.
  ///
  /// When a handler the route depends on has been released (the chosen one, or for a custom
  /// rule any weakly held handler), the proxy routes again first, so a route to nobody starts
  /// working as soon as the handler that blocked it goes away.
  ///
  /// - Complexity: O(1) while the chosen handler is alive, for the built-in rules.
  public func target(for message: Message) -> AnyObject? {
    liveTarget(for: message, expectingOne: false)?.object
  }

  /// The first live target of `message` and the route it was found on, routing again when the
  /// route met a released handler.
  ///
  /// With `expectingOne`, a route that broadcasts to several handlers is a programming error:
  /// the caller wants one answer and would silently reach only the first handler.
  func liveTarget(
    for message: Message, expectingOne: Bool
  ) -> (object: AnyObject, slot: HandlerSlot, route: Route)? {
    let index = routeIndex(of: message)
    while true {
      let route = table[index]
      if route.dependsOnReleasedHandler {
        rebuildRoutes(.handlersReleased)
        continue
      }
      let slot: HandlerSlot
      switch route.targets {
      case .one(let only): slot = only
      case .many(let all):
        if expectingOne, all.count > 1 { severalTargets(message, route: route) }
        slot = all[0]
      case .none: return nil
      }
      if let object = slot.object { return (object, slot, route) }
      rebuildRoutes(.handlersReleased)  // The chosen handler was released: route again.
    }
  }

  /// Every handler that receives `message`, in order: one for an ordinary route, several for a
  /// broadcast, none when it goes to nobody.
  public func targets(for message: Message) -> [AnyObject] {
    var objects: [AnyObject] = []
    _ = forEachTarget(of: message) { objects.append($0) }
    return objects
  }

  /// Calls `body` with every handler that receives `message`, in order, as ``targets(for:)``
  /// lists them, without building that list; returns how many it called.
  ///
  /// A handler released before the call makes the proxy route again first. As in
  /// ``broadcast(_:as:_:)``, the handlers are the route's when the first is called, and one
  /// released meanwhile is skipped (the proxy routes again afterwards).
  @usableFromInline
  package func forEachTarget(
    of message: Message, _ body: (AnyObject) throws -> Void
  ) rethrows -> Int {
    let index = routeIndex(of: message)
    var route = table[index]
    while route.dependsOnReleasedHandler || route.slots.contains(where: { $0.object == nil }) {
      rebuildRoutes(.handlersReleased)
      route = table[index]
    }
    var delivered = 0
    var metReleased = false
    for slot in route.slots {
      guard let object = slot.object else {
        metReleased = true
        continue
      }
      try body(object)
      delivered += 1
    }
    if metReleased { _ = removeReleasedHandlers() }
    return delivered
  }

  /// Whether `message` reaches a handler that really implements it, or is a notification that
  /// something observes (``observe(_:timing:_:)``).
  ///
  /// This is `false` when no handler implements the message, when the rule blocks it, and when
  /// the rule's choice is invalid, unless an observer waits for the notification. A host can
  /// rely on it the way UIKit relies on `responds(to:)`.
  public func responds(to message: Message) -> Bool {
    if target(for: message) != nil { return true }
    // A notification nobody handles is still sent while it is observed.
    guard message.isNotification else { return false }
    let index = routeIndex(of: message)
    guard !messageObservers[index].isEmpty else { return false }
    removeEndedObservers(at: index)
    return hasLiveObservers(at: index)
  }

  /// The handler that receives `message`, or a ``RoutingError`` saying why there is none.
  public func resolve(_ message: Message) throws(RoutingError<Message>) -> AnyObject {
    if let object = target(for: message) { return object }
    throw noTargetError(message)
  }

  /// The handler that receives `message` as `capability`, or a ``RoutingError`` saying why there
  /// is none.
  public func resolve<Capability>(
    _ message: Message, as capability: Capability.Type
  ) throws(RoutingError<Message>) -> Capability {
    let object = try resolve(message)
    if let typed = object as? Capability { return typed }
    throw mismatch(message, object: object, expected: capability)
  }

  /// The handler that receives `message`, as `capability`, or `nil` when it goes to nobody.
  ///
  /// The handler must conform to `capability` whenever `message.isImplemented(by:)` says it
  /// implements the message; a handler that does not is a programming error and stops with a
  /// message naming both.
  ///
  /// - Complexity: O(1), and no cast once the message has been sent or looked up as
  ///   `capability`: the route keeps its handler cast, as for ``send(_:as:default:_:)``.
  public func target<Capability>(
    for message: Message, as capability: Capability.Type
  ) -> Capability? {
    if let kept = callCachedTarget(at: routeIndex(of: message), as: capability, { $0 }) {
      return kept
    }
    return slowTarget(for: message, as: capability, expectingOne: false)
  }

  // MARK: Sending

  /// Sends `message` to its handler and returns the handler's answer, or `defaultValue` when the
  /// message goes to nobody.
  ///
  /// ```swift
  /// let rows = proxy.send(.numberOfRows, as: (any RowCounting).self, default: 0) {
  ///   $0.numberOfRows()
  /// }
  /// ```
  ///
  /// Errors thrown by `body` (or by `defaultValue`) pass through with their type. A message whose
  /// rule broadcasts it to several handlers has no single answer: sending it this way stops with a
  /// message saying to use ``broadcast(_:as:_:)``, rather than quietly reaching only the first.
  ///
  /// - Complexity: O(1) and no allocation once the message has been sent as `capability`: the
  ///   route keeps its handler cast to the capability.
  @inlinable @inline(__always)
  public func send<Capability, Result, Failure: Error>(
    _ message: Message, as capability: Capability.Type,
    default defaultValue: @autoclosure () throws(Failure) -> Result,
    _ body: (Capability) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if let answer = try callCachedTarget(at: routeIndex(of: message), as: capability, body) {
      return answer
    }
    guard let handler = slowTarget(for: message, as: Capability.self) else {
      return try defaultValue()
    }
    return try body(handler)
  }

  /// The fast path of `send` and `broadcast`: calls `body` with the only target of route `index`.
  ///
  /// The target comes already typed as `Capability`. Returns `body`'s answer, or `nil` when the
  /// route has no such typed target or its weakly held target is gone: the caller then takes the
  /// slow path.
  @inlinable @inline(__always)
  func callCachedTarget<Capability, Result, Failure: Error>(
    at index: Int, as capability: Capability.Type,
    _ body: (Capability) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    // The route is read without retaining it: the handler is copied out of it before the body
    // runs, and nothing else of the route is used after that, so it may be replaced meanwhile.
    unowned(unsafe) let route = table[index]
    guard route.typedCapability == ObjectIdentifier(Capability.self),
      let value = route.typedValue
    else { return nil }
    let typed = value.assumingMemoryBound(to: Capability.self)
    if route.singleIsStrong {
      let handler = typed.pointee
      return try body(handler)
    }
    if let reference = route.singleWeakObject, reference.retainedObject() != nil {
      // The weak load's retain keeps the handler alive and is handed to a bitwise copy of the
      // unretained typed value, which releases it when the call ends: one retain and one
      // release, as in hand-written glue that loads a `weak` reference.
      let handler = takeRetainedCopy(of: typed)
      return try body(handler)
    }
    return nil
  }

  /// `body`'s answer from `message`'s one target, already typed as `capability` in its route
  /// (by an earlier ``send(_:as:default:_:)`` or ``keepTypedTarget(_:of:for:)``); `nil`, without a
  /// cast or a slow path, when the route keeps no such typed target.
  ///
  /// For callers that also reach handlers through other types (a UIKit proxy's platform
  /// protocols), and so cannot use `send`, which stops when the handler does not adopt
  /// `capability`.
  @inlinable @inline(__always)
  package func sendToTypedTarget<Capability, Result>(
    _ message: Message, as capability: Capability.Type, _ body: (Capability) throws -> Result
  ) rethrows -> Result? {
    try callCachedTarget(at: routeIndex(of: message), as: capability, body)
  }

  /// Keeps `handler`, which is `object` already cast to `Capability`, in `message`'s route, so
  /// that ``sendToTypedTarget(_:as:_:)`` reaches it, when the route goes to `object` alone;
  /// otherwise changes nothing.
  @usableFromInline
  package func keepTypedTarget<Capability>(
    _ handler: Capability, of object: AnyObject, for message: Message
  ) {
    guard let (target, slot, route) = liveTarget(for: message, expectingOne: false),
      target === object, route.single === slot,
      route.typedCapability != ObjectIdentifier(Capability.self),
      let handle = TypedHandle.make(handler, of: object, retained: slot.isStrong)
    else { return }
    route.handle = handle
  }

  /// Sends `message` to its handler and returns the handler's answer, or throws a
  /// ``RoutingError`` when the message goes to nobody.
  public func send<Capability, Result>(
    _ message: Message, as capability: Capability.Type,
    _ body: (Capability) -> Result
  ) throws(RoutingError<Message>) -> Result {
    guard let handler = slowTarget(for: message, as: Capability.self) else {
      throw noTargetError(message)
    }
    return body(handler)
  }

  /// Sends `message` to its handler and awaits the handler's answer, or returns `defaultValue`
  /// when the message goes to nobody: ``send(_:as:default:_:)`` for capabilities whose methods
  /// are `async`.
  ///
  /// The call stays in the caller's isolation domain, where the proxy lives.
  ///
  /// ```swift
  /// let data = try await proxy.sendAsync(.fetch, as: (any Fetching).self, default: Data()) {
  ///   try await $0.fetch()
  /// }
  /// ```
  public func sendAsync<Capability, Result, Failure: Error>(
    _ message: Message, as capability: Capability.Type,
    default defaultValue: @autoclosure () throws(Failure) -> Result,
    isolation: isolated (any Actor)? = #isolation,
    _ body: nonisolated(nonsending) (Capability) async throws(Failure) -> Result
  ) async throws(Failure) -> Result {
    guard let handler = slowTarget(for: message, as: Capability.self) else {
      return try defaultValue()
    }
    return try await body(handler)
  }

  /// The handler of `message` typed as `Capability`, caching the typed handler in the route so
  /// the next send makes no cast; `nil` when the message goes to nobody.
  ///
  /// With `expectingOne`, a route to several handlers stops with a message (see
  /// ``liveTarget(for:expectingOne:)``); without, the first is the answer.
  @usableFromInline
  func slowTarget<Capability>(
    for message: Message, as capability: Capability.Type, expectingOne: Bool = true
  ) -> Capability? {
    guard let (object, slot, route) = liveTarget(for: message, expectingOne: expectingOne) else {
      return nil
    }
    if route.single === slot,
      let handle = TypedHandle<Capability>.make(object, retained: slot.isStrong)
    {
      route.handle = handle
      return handle.pointer.pointee
    }
    return typed(object, for: message, as: capability)
  }

  /// Sends `message` to every handler its route names, in order, and returns how many received
  /// it: several for a broadcast rule, one for an ordinary route, none when nobody handles it.
  ///
  /// The list of handlers is taken before the first is called: handlers added or removed while
  /// the broadcast runs do not change who receives this one, and a handler released meanwhile is
  /// skipped. Errors thrown by `body` pass through with their type and end the broadcast.
  ///
  /// - Complexity: O(*n*) for *n* receivers, with no cast once the message has been broadcast
  ///   as `capability`.
  @inlinable @inline(__always)
  @discardableResult
  public func broadcast<Capability, Failure: Error>(
    _ message: Message, as capability: Capability.Type,
    _ body: (Capability) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    let index = routeIndex(of: message)
    // An ordinary route to one handler: delivered the way `send` delivers.
    if try callCachedTarget(at: index, as: capability, body) != nil { return 1 }
    unowned(unsafe) let route = table[index]
    // Held for the whole broadcast, so every typed value stays valid even when the body changes
    // the routes.
    guard let receivers = route.broadcastReceivers,
      receivers.capability == ObjectIdentifier(Capability.self)
    else { return try broadcastSlowly(message, as: capability, body) }
    var delivered = 0
    var metReleased = false
    for receiver in receivers.receivers {
      let value = receiver.value.assumingMemoryBound(to: Capability.self)
      if let weakReference = receiver.weakReference {
        if weakReference.retainedObject() != nil {
          // As in `send`: the copy takes over the weak load's retain.
          try body(takeRetainedCopy(of: value))
        } else {
          // A broadcast skips the released handler: the others are the new route's targets too.
          metReleased = true
          continue
        }
      } else {
        try body(value.pointee)
      }
      delivered += 1
    }
    if metReleased { routeAroundReleasedHandlers() }
    return withExtendedLifetime(receivers) { delivered }
  }

  @usableFromInline
  func routeAroundReleasedHandlers() {
    removeReleasedHandlers()
  }

  /// Broadcasts through a fresh list of live targets, and caches their typed handles.
  @usableFromInline
  func broadcastSlowly<Capability, Failure: Error>(
    _ message: Message, as capability: Capability.Type,
    _ body: (Capability) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    let objects = targets(for: message)
    let route = table[routeIndex(of: message)]
    let slots = route.slots
    var typedTargets: [Capability] = []
    typedTargets.reserveCapacity(objects.count)
    var handles: [AnyTypedHandle] = []
    for (object, slot) in zip(objects, slots) {
      if let handle = TypedHandle<Capability>.make(object, retained: slot.isStrong) {
        handles.append(handle)
        typedTargets.append(handle.pointer.pointee)
      } else {
        typedTargets.append(typed(object, for: message, as: capability))
      }
    }
    if route.single != nil, objects.count == 1, let handle = handles.first {
      route.handle = handle  // The one handler: the fast path above, shared with `send`.
    } else if case .many = route.targets, route.watched.isEmpty, handles.count == slots.count {
      // A broadcast rule's receivers; an ordinary route to one handler uses `route.handle`.
      route.broadcastReceivers = BroadcastReceivers(
        capability: ObjectIdentifier(Capability.self), handles: handles, slots: slots)
    }
    // `objects` keeps every receiver alive for the whole broadcast.
    return try withExtendedLifetime(objects) { () throws(Failure) -> Int in
      for target in typedTargets { try body(target) }
      return typedTargets.count
    }
  }

  // MARK: Errors

  func noTargetError(_ message: Message) -> RoutingError<Message> {
    error(for: message)
      ?? RoutingError(
        message: message, rule: rules.rule(for: message).name,
        kind: .unhandled(reason: "no target"), handlers: [])
  }

  @usableFromInline
  func typed<Capability>(
    _ object: AnyObject, for message: Message, as capability: Capability.Type
  ) -> Capability {
    guard let typed = object as? Capability else {
      preconditionFailure(mismatch(message, object: object, expected: capability).description)
    }
    return typed
  }

  func severalTargets(_ message: Message, route: Route) -> Never {
    preconditionFailure(
      "\(name): \(explain(message)). send(_:as:...) delivers to one handler and would reach "
        + "only the first; call broadcast(_:as:_:) to deliver \(message) to each of them, or "
        + "route it to one handler.")
  }

  func mismatch<Capability>(
    _ message: Message, object: AnyObject, expected: Capability.Type
  ) -> RoutingError<Message> {
    let explanation = explain(message)
    let handler =
      explanation.targets.first
      ?? HandlerDescription(
        position: -1, role: nil, typeName: String(describing: type(of: object)), retention: .weak)
    return RoutingError(
      message: message, rule: explanation.rule,
      kind: .capabilityMismatch(handler, expected: String(describing: expected)),
      handlers: explanation.candidates)
  }
}
