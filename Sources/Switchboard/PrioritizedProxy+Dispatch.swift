// Dispatch: calling a message's handlers, with its observers before and after them.
//
// The fast path is inlinable so that it is specialized for the caller's message set and
// capability: an array index, a type-identity compare, the handler reference, and the call.
// Anything unusual (no typed target kept yet, another capability, a released handler, a route
// to nobody or to several) goes through an outlined slow path (PrioritizedProxy+Targets.swift).

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
    if let way = route.combining {
      guard
        var combined = way == .fold
          ? CombinedAnswer<Result>(folding: route.combiner) : CombinedAnswer<Result>(way)
      else {
        reportUnfitAnswer(Result.self, of: message, route: route)
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

  // MARK: - Sending with observers

  /// Broadcasts `event`'s message as ``broadcast(_:as:_:)`` does, and shows `arguments` to its
  /// observers before and after the handlers.
  ///
  /// With no observer this costs one check more than ``broadcast(_:as:_:)``, and `arguments`
  /// is not even built.
  ///
  /// ```swift
  /// proxy.broadcast(ChatMessage.typed, text, as: (any Typing).self) { $0.userDidType(text) }
  /// ```
  @inlinable @inline(__always)
  @discardableResult
  public func broadcast<Capability, Arguments, Failure: Error>(
    _ event: MessageEvent<Message, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type, _ body: (Capability) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    try broadcast(event, arguments(), as: capability, or: capability, body, or: body)
  }

  /// Broadcasts `event`'s message as ``broadcast(_:as:or:_:or:)`` does, each handler through
  /// whichever of two capabilities it adopts, and shows `arguments` to its observers before and
  /// after the handlers.
  @inlinable @inline(__always)
  @discardableResult
  public func broadcast<Capability, Alternative, Arguments, Failure: Error>(
    _ event: MessageEvent<Message, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type, or alternative: Alternative.Type,
    _ body: (Capability) throws(Failure) -> Void,
    or alternativeBody: (Alternative) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    // The bodies go only to the one inlined `broadcast` below, never to a function of their own:
    // a closure handed to two callees gets its captures copied even when nobody observes.
    if let message = event.message {
      return try withObservers(of: message, event, arguments()) { () throws(Failure) -> Int in
        try broadcast(message, as: capability, or: alternative, body, or: alternativeBody)
      }
    }
    // A message named at run time: its observers and targets are found out of line, and the
    // bodies are called here only.
    let name = event.name
    let delivery = startDelivery(named: name, isObserved(named: name) ? arguments() : nil)
    var delivered = 0
    for target in delivery.targets {
      switch typed(target, named: delivery.name, as: capability, or: alternative) {
      case .first(let handler)?: try body(handler)
      case .second(let handler)?: try alternativeBody(handler)
      case nil: continue
      }
      delivered += 1
    }
    finish(delivery)
    return delivered
  }

  /// Sends `event`'s message as ``send(_:as:default:_:)`` does, and shows `arguments` to its
  /// observers before and after the handler.
  ///
  /// The answer is the handler's: observers never change it.
  @inlinable @inline(__always)
  public func send<Capability, Arguments, Result, Failure: Error>(
    _ event: MessageEvent<Message, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type,
    default defaultValue: @autoclosure () throws(Failure) -> Result,
    _ body: (Capability) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try send(
      event, arguments(), as: capability, or: capability, default: try defaultValue(), body,
      or: body)
  }

  /// Sends `event`'s message as ``send(_:as:or:default:_:or:)`` does, through whichever of two
  /// capabilities its handler adopts, and shows `arguments` to its observers before and after
  /// the handler.
  @inlinable @inline(__always)
  public func send<Capability, Alternative, Arguments, Result, Failure: Error>(
    _ event: MessageEvent<Message, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type, or alternative: Alternative.Type,
    default defaultValue: @autoclosure () throws(Failure) -> Result,
    _ body: (Capability) throws(Failure) -> Result,
    or alternativeBody: (Alternative) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if let message = event.message {
      return try withObservers(of: message, event, arguments()) { () throws(Failure) -> Result in
        try send(
          message, as: capability, or: alternative, default: try defaultValue(), body,
          or: alternativeBody)
      }
    }
    let name = event.name
    let delivery = startDelivery(
      named: name, isObserved(named: name) ? arguments() : nil, expectingOne: true)
    let answer: Result
    switch delivery.targets.first.flatMap({
      typed($0, named: delivery.name, as: capability, or: alternative)
    }) {
    case .first(let handler)?: answer = try body(handler)
    case .second(let handler)?: answer = try alternativeBody(handler)
    case nil: answer = try defaultValue()
    }
    finish(delivery)
    return answer
  }

  /// Runs `deliver`, showing `arguments` to the observers of `message` before and after it.
  ///
  /// The arguments are built once, and only when something observes the message when it is
  /// sent; an observer added during `deliver` sees the message afterwards only if it was
  /// observed when sent. When `deliver` throws, the after-observers are skipped. With no
  /// observer it costs one load and compare.
  @inlinable @inline(__always)
  func withObservers<Arguments, Result, Failure: Error>(
    of message: Message, _ event: MessageEvent<Message, Arguments>,
    _ arguments: @autoclosure () -> Arguments, _ deliver: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let index = routeIndex(of: message)
    var shown: Arguments?
    if _slowPath(storage.observerCounts[index] != 0) {
      let built = arguments()
      shown = built
      showObservers(event, at: index, built, .beforeHandler)
    }
    let result = try deliver()
    if _slowPath(shown != nil), let shown {
      showObservers(event, at: index, shown, .afterHandler)
    }
    return result
  }

  @usableFromInline
  func showObservers<Arguments>(
    named name: String, _ arguments: Arguments, _ timing: ObserverTiming
  ) {
    guard let observers = namedObservers[name] else { return }
    if observers.show(arguments, timing, of: "\(Self.self): \(name)") {
      removeEndedObservers(named: name)
    }
  }

  @inlinable
  func showObservers<Arguments>(
    _ event: MessageEvent<Message, Arguments>, at index: Int, _ arguments: Arguments,
    _ timing: ObserverTiming
  ) {
    // The common case, one observer: no copy of the list, one retain of the observer (which
    // keeps it alive if its own body cancels it).
    if storage.observerLists[index].observers.count == 1 {
      let observer = storage.observerLists[index].observers[0]
      guard observer.timing == timing else { return }
      if observer.isLive {
        ObserverList.call(observer, with: arguments, of: "\(Self.self): \(event.name)")
      }
      if !observer.isLive { removeEndedObservers(at: index) }
      return
    }
    let observers = storage.observerLists[index]
    if observers.show(arguments, timing, of: "\(Self.self): \(event.name)") {
      removeEndedObservers(at: index)
    }
  }
}

/// One of two values.
@usableFromInline
enum Either<First, Second> {
  case first(First)
  case second(Second)
}
