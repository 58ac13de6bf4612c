// Dispatch: finding a message's handlers and calling them.
//
// The fast path is inlinable so that it is specialized for the caller's message set and
// capability: an array index, a type-identity compare, the handler reference, and the call.
// Anything unusual (no typed target kept yet, another capability, a released handler, a route
// to nobody or to several) goes through an outlined slow path.

extension PrioritizedProxy {
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

  /// Every handler that receives `message`, in order: one for an ordinary route, several for a
  /// broadcast, none when it goes to nobody.
  ///
  /// When a handler the route depends on has been released (a target, or for a custom rule any
  /// weakly held handler), the proxy routes again first, so a route to nobody starts working as
  /// soon as the handler that blocked it goes away.
  ///
  /// - Complexity: O(1) for the built-in rules while the targets are alive, plus the array.
  public func targets(for message: Message) -> [AnyObject] {
    var objects: [AnyObject] = []
    let index = routeIndex(of: message)
    _ = forEachTarget(of: storage.route(at: index)) { objects.append($0) }
    return objects
  }

  /// Whether `message` reaches a handler that really implements it, or is a notification that
  /// something observes (``observe(_:beforeHandler:_:)``).
  ///
  /// This is `false` when no handler implements the message, when the rule blocks it, and when
  /// the rule's choice is invalid, unless an observer waits for the notification. A host can
  /// rely on it the way UIKit relies on `responds(to:)`.
  public func responds(to message: Message) -> Bool {
    if liveTarget(for: message, expectingOne: false) != nil { return true }
    // A notification nobody handles is still sent while it is observed.
    guard message.isNotification else { return false }
    let index = routeIndex(of: message)
    guard !storage.observerLists[index].isEmpty else { return false }
    removeEndedObservers(at: index)
    return hasLiveObservers(at: index)
  }

  // MARK: - Sending

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
    let index = routeIndex(of: message)
    if let answer = try storage.callKeptTarget(
      at: index, as: capability, or: capability, body, or: body)
    {
      return answer
    }
    switch try combinedAnswer(at: index, message, as: capability, or: capability, body, or: body) {
    case .answered(let answer): return answer
    case .unanswered: return try defaultValue()
    case .notCombined: break
    }
    // The slow path finds and keeps the typed handler; the body is called here, so it is
    // handed to no outlined function.
    switch slowTarget(for: message, as: capability, or: capability) {
    case .first(let handler)?: return try body(handler)
    case .second(let handler)?: return try body(handler)
    case nil: return try defaultValue()
    }
  }

  /// Sends `message` to its handler through whichever of two capabilities it adopts, and returns
  /// the handler's answer, or `defaultValue` when the message goes to nobody.
  ///
  /// For adapters whose handlers implement a message in one of two ways: a view controller that
  /// adopts Switchboard's `ListRowCounting`, or one that still implements the app's older
  /// protocol. Each route keeps its handler cast to the capability it adopts, so the call is as
  /// fast as ``send(_:as:default:_:)``.
  ///
  /// ```swift
  /// let rows = proxy.send(
  ///   .numberOfRows, as: (any ListRowCounting).self, or: (any LegacyRowSource).self,
  ///   default: 0,
  ///   { $0.numberOfRows(inSection: section) },
  ///   or: { $0.rowCount(in: section) })
  /// ```
  ///
  /// A handler that adopts neither, although the proxy's implementation check says it
  /// implements the message, is a setup mistake: it is reported to ``onError`` as
  /// ``RoutingError/Kind-swift.enum/capabilityMismatch(_:expected:)`` naming both capabilities
  /// (once, until the routes change), and the call answers `defaultValue`.
  @inlinable @inline(__always)
  public func send<Capability, Alternative, Result, Failure: Error>(
    _ message: Message, as capability: Capability.Type, or alternative: Alternative.Type,
    default defaultValue: @autoclosure () throws(Failure) -> Result,
    _ body: (Capability) throws(Failure) -> Result,
    or alternativeBody: (Alternative) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let index = routeIndex(of: message)
    if let answer = try storage.callKeptTarget(
      at: index, as: capability, or: alternative, body, or: alternativeBody)
    {
      return answer
    }
    switch try combinedAnswer(
      at: index, message, as: capability, or: alternative, body, or: alternativeBody)
    {
    case .answered(let answer): return answer
    case .unanswered: return try defaultValue()
    case .notCombined: break
    }
    switch slowTarget(for: message, as: capability, or: alternative) {
    case .first(let handler)?: return try body(handler)
    case .second(let handler)?: return try alternativeBody(handler)
    case nil: return try defaultValue()
    }
  }

  /// Sends `message` to its handler and returns the handler's answer, or throws a
  /// ``RoutingError`` saying why there is none: nobody handles it, its handler does not adopt
  /// `capability` (``RoutingError/Kind-swift.enum/capabilityMismatch(_:expected:)``), or its
  /// rule broadcasts it to several handlers
  /// (``RoutingError/Kind-swift.enum/severalTargets(count:)``).
  ///
  /// ```swift
  /// do {
  ///   let greeting = try proxy.send(.greet, as: (any Greeting).self) { $0.greet() }
  /// } catch {
  ///   print(error)   // greet: rule 'first implementer' routes it to nobody (…). Fix: …
  /// }
  /// ```
  public func send<Capability, Result>(
    _ message: Message, as capability: Capability.Type,
    _ body: (Capability) -> Result
  ) throws(RoutingError<Message>) -> Result {
    let index = routeIndex(of: message)
    switch combinedAnswer(at: index, message, as: capability, or: capability, body, or: body) {
    case .answered(let answer): return answer
    case .unanswered: throw noTargetError(message)
    case .notCombined: break
    }
    if case .many = storage.route(at: index).targets {
      // A broadcast route: count its live receivers (a released one makes it route again).
      let receivers = targets(for: message).count
      if receivers > 1 {
        let explanation = explain(message)
        throw RoutingError(
          message: message, rule: explanation.rule, kind: .severalTargets(count: receivers),
          handlers: explanation.candidates)
      }
    }
    guard let (object, _, _) = liveTarget(for: message, expectingOne: true) else {
      throw noTargetError(message)
    }
    guard let handler = object as? Capability else {
      throw mismatch(explain(message), object: object, capability, capability)
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
  /// let data = try await proxy.send(.fetch, as: (any Fetching).self, default: Data()) {
  ///   try await $0.fetch()
  /// }
  /// ```
  public func send<Capability, Result, Failure: Error>(
    _ message: Message, as capability: Capability.Type,
    default defaultValue: @autoclosure () throws(Failure) -> Result,
    isolation: isolated (any Actor)? = #isolation,
    _ body: nonisolated(nonsending) (Capability) async throws(Failure) -> Result
  ) async throws(Failure) -> Result {
    let route = storage.route(at: routeIndex(of: message))
    if let combiner = route.combiner {
      guard var combined = CombinedAnswer<Result>(combiner) else {
        reportUnfitAnswer(Result.self, of: message, route: route, combiner: combiner)
        guard let object = targets(for: message).first else { return try defaultValue() }
        guard let handler = object as? Capability else {
          reportMismatch(of: message, object: object, capability, capability)
          return try defaultValue()
        }
        return try await body(handler)
      }
      // The handlers are taken before the first is asked, and kept alive until the last is.
      for object in targets(for: message) where !combined.isFinal {
        guard let handler = object as? Capability else {
          reportMismatch(of: message, object: object, capability, capability)
          continue
        }
        combined.add(try await body(handler))
      }
      if let answer = combined.answer { return answer }
      return try defaultValue()
    }
    guard let (object, _, _) = liveTarget(for: message, expectingOne: true) else {
      reportFailedRoute(of: message)
      return try defaultValue()
    }
    guard let handler = object as? Capability else {
      reportMismatch(of: message, object: object, capability, capability)
      return try defaultValue()
    }
    return try await body(handler)
  }

  // MARK: - Broadcasting

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
    try broadcast(message, as: capability, or: capability, body, or: body)
  }

  /// Sends `message` to every handler its route names, in order, each through whichever of two
  /// capabilities it adopts.
  ///
  /// Returns how many received it. See ``broadcast(_:as:_:)`` and
  /// ``send(_:as:or:default:_:or:)``.
  @inlinable @inline(__always)
  @discardableResult
  public func broadcast<Capability, Alternative, Failure: Error>(
    _ message: Message, as capability: Capability.Type, or alternative: Alternative.Type,
    _ body: (Capability) throws(Failure) -> Void,
    or alternativeBody: (Alternative) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    let index = routeIndex(of: message)
    // An ordinary route to one handler: delivered the way `send` delivers.
    if try storage.callKeptTarget(
      at: index, as: capability, or: alternative, body, or: alternativeBody) != nil
    {
      return 1
    }
    guard
      let (delivered, metReleased) = try storage.callEachKeptReceiver(
        at: index, as: capability, or: alternative, body, or: alternativeBody)
    else {
      return try broadcastSlowly(
        message, as: capability, or: alternative, body, or: alternativeBody)
    }
    if metReleased { routeAroundReleasedHandlers() }
    return delivered
  }

  @usableFromInline
  func routeAroundReleasedHandlers() {
    removeReleasedHandlers()
  }

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
  /// A handler released before the call makes the proxy route again first (and asks
  /// `currentRoute` again). The handlers are the route's when the first is called; one released
  /// meanwhile is skipped, and the proxy routes again afterwards.
  func forEachTarget(
    of currentRoute: @autoclosure () -> Route, _ body: (AnyObject) throws -> Void
  ) rethrows -> Int {
    var route = currentRoute()
    while route.dependsOnReleasedHandler || route.slots.contains(where: { $0.object == nil }) {
      rebuildRoutes(.handlersReleased)
      route = currentRoute()
    }
    // One target, the usual route, is held in a local: the array below would allocate.
    if route.slots.count == 1, let object = route.slots[0].object {
      try body(object)
      return 1
    }
    let objects = route.slots.compactMap(\.object)
    for object in objects { try body(object) }
    if objects.count < route.slots.count { _ = removeReleasedHandlers() }
    return objects.count
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
      if route.single === slot { route.kept.keep(handler, of: object) }
      return .first(handler)
    }
    if let handler = object as? Alternative {
      if route.single === slot { route.kept.keep(handler, of: object) }
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
      case .first(let typed): route.kept.keep(typed, of: objects[0])
      case .second(let typed): route.kept.keep(typed, of: objects[0])
      }
    } else if case .many = route.targets, route.watched.isEmpty, values.count == slots.count,
      objects.count == slots.count
    {
      storage.keep(
        DispatchStorage.Receivers(
          capability: ObjectIdentifier(Capability.self),
          alternative: ObjectIdentifier(Alternative.self), values: values, slots: slots),
        in: route.kept)
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

/// One of two values.
@usableFromInline
enum Either<First, Second> {
  case first(First)
  case second(Second)
}
