// A message's targets when the kept route does not answer: finding, keeping and checking them
// (the outlined slow paths of PrioritizedProxy+Dispatch.swift), and reporting routes that failed.

extension PrioritizedProxy {
  // MARK: - Slow paths

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
      let route = storage.route(at: index)
      if route.dependsOnReleasedHandler {
        rebuildRoutes(.handlersReleased)
        continue
      }
      let slot: HandlerSlot
      switch route.targets {
      case .one(let only): slot = only
      case .many(let all):
        if expectingOne, all.count > 1 { severalTargets(message) }
        slot = all[0]
      case .none: return nil
      }
      if let object = slot.object { return (object, slot, route) }
      rebuildRoutes(.handlersReleased)  // The chosen handler was released: route again.
    }
  }

  /// Calls `body` with every handler the route `currentRoute` gives, in order; returns how many
  /// it called.
  ///
  /// `body` is given each handler as loaded, to keep (a delivery holds them) or let go: a
  /// handler held weakly retains on the runtime's slow path, so it is not retained again.
  ///
  /// A handler released before the call makes the proxy route again first (and asks
  /// `currentRoute` again). The handlers are the route's when the first is called; one released
  /// meanwhile is skipped, and the proxy routes again afterwards.
  func forEachTarget(
    of currentRoute: @autoclosure () -> Route, _ body: (consuming AnyObject) throws -> Void
  ) rethrows -> Int {
    var route = currentRoute()
    // One target, the usual route, or two, a delegate's usual broadcast (a view and
    // analytics): each loaded once, both before the first call (the array below would
    // allocate), and none released, so there is nothing to route again.
    if !route.dependsOnReleasedHandler {
      if route.slots.count == 1, let object = route.slots[0].object {
        try body(object)
        return 1
      }
      if route.slots.count == 2, let first = route.slots[0].object,
        let second = route.slots[1].object
      {
        try body(first)
        try body(second)
        return 2
      }
    }
    while route.dependsOnReleasedHandler || route.slots.contains(where: { $0.object == nil }) {
      rebuildRoutes(.handlersReleased)
      route = currentRoute()
    }
    let objects = route.slots.compactMap(\.object)
    for object in objects { try body(object) }
    if objects.count < route.slots.count { _ = removeReleasedHandlers() }
    return objects.count
  }

  /// The first handler the route `currentRoute` gives, loading none after it: the route is
  /// asked again when its first target, or a handler its rule watches, was released.
  func firstTarget(of currentRoute: @autoclosure () -> Route) -> AnyObject? {
    var route = currentRoute()
    while true {
      if !route.dependsOnReleasedHandler {
        guard let first = route.slots.first else { return nil }
        if let object = first.object { return object }
      }
      rebuildRoutes(.handlersReleased)
      route = currentRoute()
    }
  }

  /// The one live target of `message` cast to `capability` or else `alternative`, or `nil`
  /// when the message goes to nobody.
  ///
  /// The typed handler is kept in the route, so that the next send takes the fast path.
  @usableFromInline
  func slowTarget<Capability, Alternative>(
    for message: Message, as capability: Capability.Type, or alternative: Alternative.Type
  ) -> Either<Capability, Alternative>? {
    guard let (object, slot, route) = liveTarget(for: message, expectingOne: true) else {
      reportFailedRoute(of: message)
      return nil
    }
    if let handler = object as? Capability {
      if route.single === slot { route.kept?.keep(handler, of: object) }
      return .first(handler)
    }
    if let handler = object as? Alternative {
      if route.single === slot { route.kept?.keep(handler, of: object) }
      return .second(handler)
    }
    reportMismatch(of: message, object: object, capability, alternative)
    return nil
  }

  /// Broadcasts through a fresh list of live targets, and keeps their typed values for the next
  /// broadcast.
  @usableFromInline
  func broadcastSlowly<Capability, Alternative, Failure: Error>(
    _ message: Message, as capability: Capability.Type, or alternative: Alternative.Type,
    _ body: (Capability) throws(Failure) -> Void,
    or alternativeBody: (Alternative) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    let objects = targets(for: message)
    if objects.isEmpty { reportFailedRoute(of: message) }
    let route = storage.route(at: routeIndex(of: message))
    let slots = route.slots
    var typedTargets: [Either<Capability, Alternative>] = []
    typedTargets.reserveCapacity(objects.count)
    var values: [DispatchStorage.TypedValue] = []
    for (object, slot) in zip(objects, slots) {
      if let handler = object as? Capability {
        typedTargets.append(.first(handler))
        if let value = DispatchStorage.TypedValue(handler, of: object, retained: slot.isStrong) {
          values.append(value)
        }
      } else if let handler = object as? Alternative {
        typedTargets.append(.second(handler))
        if let value = DispatchStorage.TypedValue(handler, of: object, retained: slot.isStrong) {
          values.append(value)
        }
      } else {
        // Reported, and skipped: the others still receive it, and nothing is kept.
        reportMismatch(of: message, object: object, capability, alternative)
      }
    }
    if route.single != nil, objects.count == 1, let handler = typedTargets.first {
      // The one handler: the fast path above, shared with `send`.
      switch handler {
      case .first(let typed): route.kept?.keep(typed, of: objects[0])
      case .second(let typed): route.kept?.keep(typed, of: objects[0])
      }
    } else if case .many = route.targets, route.watched.isEmpty, values.count == slots.count,
      objects.count == slots.count, let kept = route.kept
    {
      storage.keep(
        DispatchStorage.Receivers(
          capability: ObjectIdentifier(Capability.self),
          alternative: ObjectIdentifier(Alternative.self), values: values, slots: slots),
        in: kept)
    }
    // `objects` keeps every receiver alive for the whole broadcast.
    return try withExtendedLifetime(objects) { () throws(Failure) -> Int in
      for target in typedTargets {
        switch target {
        case .first(let handler): try body(handler)
        case .second(let handler): try alternativeBody(handler)
        }
      }
      return typedTargets.count
    }
  }

  // MARK: - Errors

  /// Reports the route of `message` to ``onError`` when it failed and was not reported yet.
  func reportFailedRoute(of message: Message) {
    let index = routeIndex(of: message)
    let route = storage.route(at: index)
    guard case .failed(let failure) = route.outcome else { return }
    report(routingError(failure, .message(message, index: index)), onceFor: route)
  }

  /// Passes `error` to ``onError`` unless a problem with `route` was reported already; routes
  /// are made anew when they change, so a new problem is reported again.
  func report(_ error: @autoclosure () -> RoutingError<Message>, onceFor route: Route) {
    guard !route.failureReported else { return }
    route.failureReported = true
    onError(error())
  }

  func noTargetError(_ message: Message) -> RoutingError<Message> {
    error(for: message)
      ?? RoutingError(
        message: message, rule: rules.rule(for: message).name,
        kind: .unhandled(reason: "no target"), handlers: [])
  }

  /// Reports to ``onError``, once per route, that the handler of `message` implements it
  /// according to the message set but adopts neither capability the call asked for; the call
  /// then goes on without that handler (a default, or the other receivers of a broadcast).
  @usableFromInline
  func reportMismatch<Capability, Alternative>(
    of message: Message, object: AnyObject, _ capability: Capability.Type,
    _ alternative: Alternative.Type
  ) {
    report(
      mismatch(explain(message), object: object, capability, alternative),
      onceFor: storage.route(at: routeIndex(of: message)))
  }

  func severalTargets(_ message: Message) -> Never {
    preconditionFailure(
      "\(name): \(explain(message)). send(_:as:...) delivers to one handler and would reach "
        + "only the first; call broadcast(_:as:_:) to deliver \(message) to each of them, or "
        + "route it to one handler.")
  }

  /// The error of a call whose handler, `object`, adopts neither `capability` nor
  /// `alternative`.
  func mismatch<Capability, Alternative>(
    _ explanation: RouteExplanation<Message>, object: AnyObject, _ capability: Capability.Type,
    _ alternative: Alternative.Type
  ) -> RoutingError<Message> {
    let typeName = String(describing: type(of: object))
    let handler =
      explanation.targets.first(where: { $0.typeName == typeName })
      ?? HandlerDescription(position: -1, role: nil, typeName: typeName, retention: .weak)
    let expected =
      Alternative.self == Capability.self
      ? "\(Capability.self)" : "\(Capability.self) or \(Alternative.self)"
    return RoutingError(
      message: explanation.message, name: explanation.name, rule: explanation.rule,
      kind: .capabilityMismatch(handler, expected: expected), handlers: explanation.candidates)
  }
}
