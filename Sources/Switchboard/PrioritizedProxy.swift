/// Routes each message of a protocol to exactly one of several handlers, chosen by per-message
/// rules over an ordered list of handlers.
///
/// A view controller and its view model can share one data-source protocol this way: each
/// implements only its half, and nobody writes methods that only pass calls along.
///
/// ```swift
/// let proxy = PrioritizedProxy<ChatMessage>(rules: [.leave: .broadcast])
/// proxy.add(screen, role: "screen")          // weak by default, highest priority
/// proxy.add(model, role: "model")
///
/// let greeting = proxy.send(.greet, as: (any Greeting).self, default: "") { $0.greet() }
/// proxy.broadcast(.leave, as: (any Farewell).self) { $0.leave() }
/// print(proxy.explain(.greet))     // greet → model (ChatModel), by rule 'first implementer'
/// ```
///
/// ## Routing
/// For every message the proxy runs the message's ``RoutingRule`` (from ``rules``) over the live
/// handlers in priority order, checks the choice, and caches the result. The cache is rebuilt
/// when a handler is added, inserted, removed or moved, when the rules change, and when dispatch
/// finds released a weakly held handler the route depends on: the one it delivers to, the one
/// its rule names by role, or, for a custom rule (which may look at any candidate), any of them.
/// Dispatch itself runs no rule and asks no handler whether it implements anything.
///
/// ## Inspection
/// ``explain(_:)`` says which rule chose which handler and why; ``routingTable`` lists every
/// message; ``observeRoutes(_:)`` tells hosts that cache "responds to" (as `UITableView` does)
/// when to ask again.
///
/// ## Thread model
/// The proxy is isolated to the main actor, like the UIKit hosts it serves: all calls come from
/// the main actor, which the compiler checks. Nothing on the dispatch path takes a lock.
///
/// ## Complexity
/// Dispatch is O(1) for the built-in rules: one dictionary lookup and one load of the handler
/// reference (a custom rule's route also checks each weakly held handler). A rebuild runs every
/// rule once, asking each handler about each message: O(handlers × messages), broadcasts
/// included.
@MainActor
public final class PrioritizedProxy<Message: MessageSet> {
  private var slots: [HandlerSlot] = []
  private var routes: [Message: Route<Message>] = [:]
  private var nextSlotID = 0
  private var observers: [Observer] = []
  private var nextObserverID = 0
  private var isRebuilding = false

  /// The rule table.
  ///
  /// Assigning it, or changing one entry, rebuilds the routes.
  ///
  /// ```swift
  /// proxy.rules[.cellForRow] = .always(.view)
  /// proxy.rules.merge([.willDisplayRow: .broadcast])
  /// ```
  public var rules: RoutingRules<Message> {
    didSet { rebuildRoutes(.rulesChanged) }
  }

  /// Creates a proxy without handlers.
  ///
  /// - Parameter rules: The rule table; by default every message goes to its first implementer.
  public init(rules: RoutingRules<Message> = [:]) {
    self.rules = rules
    rebuildRoutes([])
  }

  /// Creates a proxy with handlers in priority order, all held the same way.
  ///
  /// ```swift
  /// let proxy = PrioritizedProxy<ChatMessage>(handlers: [screen, model])   // both weak
  /// ```
  ///
  /// - Parameters:
  ///   - handlers: The handlers, highest priority first. Each may appear once.
  ///   - retention: How all of them are held; weakly by default.
  ///   - rules: The rule table.
  public convenience init(
    handlers: [AnyObject], retention: HandlerRetention = .weak, rules: RoutingRules<Message> = [:]
  ) {
    self.init(rules: rules)
    replaceHandlers(with: handlers, retention: retention)
  }

  // MARK: - Handlers

  /// The live handlers in priority order.
  ///
  /// Handlers held weakly that have been released are removed first.
  public var handlers: [HandlerDescription] {
    removeReleasedHandlers()
    return slots.enumerated().map { position, slot in slot.describe(at: position) }
  }

  /// The number of live handlers.
  public var handlerCount: Int {
    removeReleasedHandlers()
    return slots.count
  }

  /// Adds a handler with the lowest priority.
  ///
  /// - Parameters:
  ///   - handler: The handler. It may be registered only once.
  ///   - role: A role that rules and diagnostics can refer to; unique within the proxy.
  ///   - retention: Whether the proxy keeps the handler alive; weakly by default.
  public func add(
    _ handler: AnyObject, role: HandlerRole? = nil, retention: HandlerRetention = .weak
  ) {
    add(handler, roles: role.map { [$0] } ?? [], retention: retention)
  }

  /// Adds a handler that plays several roles, with the lowest priority.
  ///
  /// A screen that is its own view model is one handler with two roles; rules that name either
  /// role choose it:
  ///
  /// ```swift
  /// proxy.add(screen, roles: [.view, .viewModel])
  /// ```
  ///
  /// - Parameters:
  ///   - handler: The handler. It may be registered only once.
  ///   - roles: Roles that rules and diagnostics can refer to; each unique within the proxy.
  ///   - retention: Whether the proxy keeps the handler alive; weakly by default.
  public func add(
    _ handler: AnyObject, roles: [HandlerRole], retention: HandlerRetention = .weak
  ) {
    removeReleasedHandlers()
    insert(handler, at: slots.count, roles: roles, retention: retention)
  }

  /// Inserts a handler at a priority position; 0 is the highest priority.
  ///
  /// - Parameters:
  ///   - handler: The handler. It may be registered only once.
  ///   - position: A position in `0...handlerCount`.
  ///   - role: A role that rules and diagnostics can refer to; unique within the proxy.
  ///   - retention: Whether the proxy keeps the handler alive; weakly by default.
  public func insert(
    _ handler: AnyObject, at position: Int, role: HandlerRole? = nil,
    retention: HandlerRetention = .weak
  ) {
    insert(handler, at: position, roles: role.map { [$0] } ?? [], retention: retention)
  }

  /// Inserts a handler that plays several roles at a priority position; 0 is the highest
  /// priority.
  ///
  /// - Parameters:
  ///   - handler: The handler. It may be registered only once.
  ///   - position: A position in `0...handlerCount`.
  ///   - roles: Roles that rules and diagnostics can refer to; each unique within the proxy.
  ///   - retention: Whether the proxy keeps the handler alive; weakly by default.
  public func insert(
    _ handler: AnyObject, at position: Int, roles: [HandlerRole],
    retention: HandlerRetention = .weak
  ) {
    removeReleasedHandlers()
    precondition(
      (0...slots.count).contains(position),
      "\(name): cannot insert \(String(describing: type(of: handler))) at position \(position); "
        + "valid positions are 0...\(slots.count). Handlers: \(handlerListing).")
    if let existing = slots.firstIndex(where: { $0.object === handler }) {
      preconditionFailure(
        "\(name): \(slots[existing].describe(at: existing)) is already a handler. Register each "
          + "handler once; use move(_:to:) to change its priority.")
    }
    for (index, role) in roles.enumerated() {
      precondition(
        !roles[..<index].contains(role),
        "\(name): the role '\(role)' is given twice for \(String(describing: type(of: handler))). "
          + "List each role once.")
      if let existing = slots.firstIndex(where: { $0.roles.contains(role) }) {
        preconditionFailure(
          "\(name): the role '\(role)' already names \(slots[existing].describe(at: existing)). "
            + "Give \(String(describing: type(of: handler))) another role, or remove that handler "
            + "first.")
      }
    }
    slots.insert(
      HandlerSlot(id: nextSlotID, object: handler, roles: roles, retention: retention),
      at: position)
    nextSlotID += 1
    rebuildRoutes(.handlersChanged)
  }

  /// Replaces every handler at once, in priority order, all held the same way and without roles.
  ///
  /// Observers are told once, with every message whose route changed.
  public func replaceHandlers(with handlers: [AnyObject], retention: HandlerRetention = .weak) {
    for (index, handler) in handlers.enumerated() {
      if let earlier = handlers[..<index].firstIndex(where: { $0 === handler }) {
        preconditionFailure(
          "\(name): \(String(describing: type(of: handler))) appears at positions \(earlier) and "
            + "\(index) of the handler list. Register each handler once.")
      }
    }
    slots = handlers.map { handler in
      defer { nextSlotID += 1 }
      return HandlerSlot(id: nextSlotID, object: handler, roles: [], retention: retention)
    }
    rebuildRoutes(.handlersChanged)
  }

  /// Removes a handler.
  ///
  /// - Returns: `true` if the handler was registered.
  @discardableResult
  public func remove(_ handler: AnyObject) -> Bool {
    guard let index = slots.firstIndex(where: { $0.object === handler }) else { return false }
    slots.remove(at: index)
    rebuildRoutes(.handlersChanged)
    return true
  }

  /// Removes the handler registered with `role` (with all of its roles).
  ///
  /// - Returns: `true` if a handler had that role.
  @discardableResult
  public func removeHandler(withRole role: HandlerRole) -> Bool {
    guard let index = slots.firstIndex(where: { $0.roles.contains(role) }) else { return false }
    slots.remove(at: index)
    rebuildRoutes(.handlersChanged)
    return true
  }

  /// Removes every handler.
  public func removeAllHandlers() {
    slots.removeAll()
    rebuildRoutes(.handlersChanged)
  }

  /// Moves a handler to a new priority position; 0 is the highest priority.
  ///
  /// - Parameters:
  ///   - handler: A registered handler.
  ///   - position: Its new position, in `0..<handlerCount`.
  public func move(_ handler: AnyObject, to position: Int) {
    removeReleasedHandlers()
    guard let index = slots.firstIndex(where: { $0.object === handler }) else {
      preconditionFailure(
        "\(name): cannot move \(String(describing: type(of: handler))), which is not a handler. "
          + "Handlers: \(handlerListing). Add it first.")
    }
    precondition(
      slots.indices.contains(position),
      "\(name): cannot move \(slots[index].describe(at: index)) to position \(position); valid "
        + "positions are 0..<\(slots.count). Handlers: \(handlerListing).")
    let slot = slots.remove(at: index)
    slots.insert(slot, at: position)
    rebuildRoutes(.handlersChanged)
  }

  /// How the proxy holds `handler`, or `nil` when it is not a live handler of this proxy.
  ///
  /// An adopting proxy uses it to cache a handler the way the proxy holds it: strongly held
  /// handlers in a strong reference, weakly held ones in a `weak` one. See ``routeGeneration``.
  ///
  /// - Complexity: O(*n*) for *n* handlers.
  public func retention(of handler: AnyObject) -> HandlerRetention? {
    slots.first { $0.object === handler }?.retention
  }

  /// The handler registered with `role`, if it is still alive.
  public func handler(withRole role: HandlerRole) -> AnyObject? {
    slots.first { $0.roles.contains(role) }?.object
  }

  /// Whether `handler` is a live handler of this proxy.
  public func contains(_ handler: AnyObject) -> Bool {
    slots.contains { $0.object === handler }
  }

  /// Drops weakly held handlers that have been released, and rebuilds the routes if any were.
  ///
  /// The proxy does this by itself whenever a route it dispatches on, or a listing it produces,
  /// meets a released handler. Call it to have observers told at a moment of your choosing.
  ///
  /// - Returns: The number of handlers dropped.
  @discardableResult
  public func removeReleasedHandlers() -> Int {
    let released = slots.reduce(0) { $0 + ($1.object == nil ? 1 : 0) }
    if released > 0 { rebuildRoutes(.handlersReleased) }
    return released
  }

  // MARK: - Dispatch

  /// A number that changes every time the proxy rebuilds its routes.
  ///
  /// Routes are rebuilt when handlers or rules change, when a route meets a released handler,
  /// and on ``invalidateRoutes()``. While the number stays the same, ``target(for:)`` returns the
  /// same handler for every message, as long as that handler is alive.
  ///
  /// An adopting proxy for a concrete protocol can therefore keep a typed reference per message
  /// and skip the route lookup and the cast on every call: it compares the number, and refills
  /// its references only when the number changed. `ListProxy` in SwitchboardLists does this.
  ///
  /// ```swift
  /// func numberOfRows() -> Int {
  ///   if cachedGeneration != router.routeGeneration { refill() }
  ///   if let counter = strongCounter ?? weakCounter { return counter.numberOfRows() }
  ///   return router.send(.numberOfRows, as: (any RowCounting).self, default: 0) {
  ///     $0.numberOfRows()
  ///   }
  /// }
  /// ```
  @inlinable public var routeGeneration: Int { storedRouteGeneration }

  /// The storage of ``routeGeneration``.
  ///
  /// It is read on every cached dispatch, so it skips the run-time exclusivity check (which
  /// costs more than the read); it is only ever read or assigned whole. The getter is inlinable
  /// so that other modules see that too.
  @usableFromInline @exclusivity(unchecked) internal var storedRouteGeneration = 0

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
    liveTarget(for: message, expectingOne: false)
  }

  /// The first live target of `message`, routing again when the route met a released handler.
  ///
  /// With `expectingOne`, a route that broadcasts to several handlers is a programming error:
  /// the caller wants one answer and would silently reach only the first handler.
  @inline(__always)
  private func liveTarget(for message: Message, expectingOne: Bool) -> AnyObject? {
    while true {
      guard let route = routes[message] else { return nil }
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
      if let object = slot.object { return object }
      rebuildRoutes(.handlersReleased)  // The chosen handler was released: route again.
    }
  }

  /// Every handler that receives `message`, in order: one for an ordinary route, several for a
  /// broadcast, none when it goes to nobody.
  public func targets(for message: Message) -> [AnyObject] {
    while true {
      guard let route = routes[message] else { return [] }
      let objects = route.slots.compactMap(\.object)
      if objects.count == route.slots.count, !route.dependsOnReleasedHandler { return objects }
      rebuildRoutes(.handlersReleased)
    }
  }

  /// Whether `message` reaches a handler that really implements it.
  ///
  /// This is `false` when no handler implements the message, when the rule blocks it, and when
  /// the rule chose a handler that does not implement it. A host can rely on it the way UIKit
  /// relies on `responds(to:)`.
  public func responds(to message: Message) -> Bool {
    target(for: message) != nil
  }

  /// The handler that receives `message`, or a ``RoutingError`` saying why there is none.
  public func resolve(_ message: Message) throws(RoutingError<Message>) -> AnyObject {
    if let object = target(for: message) { return object }
    throw noTargetError(message)
  }

  private func noTargetError(_ message: Message) -> RoutingError<Message> {
    route(for: message).error(for: message)
      ?? RoutingError(
        message: message, rule: rules.rule(for: message).name,
        kind: .unhandled(reason: "no target"), handlers: [])
  }

  @inline(__always)
  private func typed<Capability>(
    _ object: AnyObject, for message: Message, as capability: Capability.Type
  ) -> Capability {
    guard let typed = object as? Capability else {
      preconditionFailure(mismatch(message, object: object, expected: capability).description)
    }
    return typed
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
  public func target<Capability>(
    for message: Message, as capability: Capability.Type
  ) -> Capability? {
    guard let object = target(for: message) else { return nil }
    return typed(object, for: message, as: capability)
  }

  /// Sends `message` to its handler and returns the handler's answer, or `defaultValue` when the
  /// message goes to nobody.
  ///
  /// ```swift
  /// let rows = proxy.send(.numberOfRows, as: (any RowCounting).self, default: 0) {
  ///   $0.numberOfRows()
  /// }
  /// ```
  ///
  /// A message whose rule broadcasts it to several handlers has no single answer: sending it
  /// this way stops with a message saying to use ``broadcast(_:as:_:)``, rather than quietly
  /// reaching only the first handler.
  public func send<Capability, Result>(
    _ message: Message, as capability: Capability.Type,
    default defaultValue: @autoclosure () -> Result,
    _ body: (Capability) throws -> Result
  ) rethrows -> Result {
    guard let object = liveTarget(for: message, expectingOne: true) else { return defaultValue() }
    return try body(typed(object, for: message, as: capability))
  }

  /// Sends `message` to its handler and returns the handler's answer, or throws a
  /// ``RoutingError`` when the message goes to nobody.
  public func send<Capability, Result>(
    _ message: Message, as capability: Capability.Type,
    _ body: (Capability) -> Result
  ) throws(RoutingError<Message>) -> Result {
    guard let object = liveTarget(for: message, expectingOne: true) else {
      throw noTargetError(message)
    }
    return body(typed(object, for: message, as: capability))
  }

  /// Stops when `message` is broadcast to several handlers: a call that expects one answer would
  /// otherwise reach only the first of them.
  private func severalTargets(_ message: Message, route: Route<Message>) -> Never {
    preconditionFailure(
      "\(name): \(route.explanation(for: message)). send(_:as:...) delivers to one handler and "
        + "would reach only the first; call broadcast(_:as:_:) to deliver \(message) to each of "
        + "them, or route it to one handler.")
  }

  /// Sends `message` to every handler its route names, in order.
  ///
  /// The list of handlers is taken before the first is called: handlers added or removed while
  /// the broadcast runs do not change who receives this one.
  ///
  /// - Returns: How many handlers received the message.
  @discardableResult
  public func broadcast<Capability>(
    _ message: Message, as capability: Capability.Type, _ body: (Capability) -> Void
  ) -> Int {
    let handlers = targets(for: message)
    for object in handlers {
      guard let typed = object as? Capability else {
        preconditionFailure(mismatch(message, object: object, expected: capability).description)
      }
      body(typed)
    }
    return handlers.count
  }

  // MARK: - Inspection

  /// Why `message` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(.didSelectRow))   // didSelectRow → view (Screen), by rule 'only view'
  /// ```
  public func explain(_ message: Message) -> RouteExplanation<Message> {
    removeReleasedHandlers()
    return route(for: message).explanation(for: message)
  }

  /// The route of every message, in `Message.allCases` order.
  public var routingTable: RoutingTable<Message> {
    removeReleasedHandlers()
    return RoutingTable(rows: Message.allCases.map { route(for: $0).explanation(for: $0) })
  }

  /// The routes whose rule made an invalid choice, such as a handler that does not implement the
  /// message.
  ///
  /// Empty when the configuration is sound.
  public var routingErrors: [RoutingError<Message>] {
    removeReleasedHandlers()
    return Message.allCases.compactMap { message in
      if case .failed(let error) = route(for: message).status { return error }
      return nil
    }
  }

  /// Throws the first routing error, or an error for the first of `required` that goes to
  /// nobody.
  ///
  /// Call it once after setting up a proxy to catch configuration mistakes where they are made:
  ///
  /// ```swift
  /// try proxy.validate(requiring: [.numberOfRows, .cellForRow])
  /// ```
  public func validate(requiring required: [Message] = []) throws(RoutingError<Message>) {
    if let error = routingErrors.first { throw error }
    for message in required where !responds(to: message) {
      if let error = route(for: message).error(for: message) { throw error }
    }
  }

  // MARK: - Observation

  /// Calls `onChange` after every update that changes the route of at least one message.
  ///
  /// Keep the returned observation for as long as you want to be told; releasing it ends the
  /// observation. Capture the observer weakly: the proxy keeps `onChange` until then.
  ///
  /// ```swift
  /// observation = proxy.observeRoutes { [weak host] change in
  ///   host?.refreshCachedResponses(for: change.messages)
  /// }
  /// ```
  public func observeRoutes(
    _ onChange: @escaping @MainActor (RouteChange<Message>) -> Void
  ) -> RouteObservation {
    let id = nextObserverID
    nextObserverID += 1
    let observation = RouteObservation { [weak self] in
      self?.observers.removeAll { $0.id == id }
    }
    observers.append(Observer(id: id, observation: observation, onChange: onChange))
    return observation
  }

  /// Rebuilds every route now, for rules whose choice depends on state outside the proxy.
  public func invalidateRoutes() {
    rebuildRoutes(.invalidated)
  }

  // MARK: - Rebuilding

  private func route(for message: Message) -> Route<Message> {
    guard let route = routes[message] else {
      preconditionFailure(
        "\(name): no route for \(message); Message.allCases must list every case.")
    }
    return route
  }

  private func rebuildRoutes(_ causes: RouteChange<Message>.Causes) {
    precondition(
      !isRebuilding,
      "\(name): a routing rule changed the proxy while its routes were being rebuilt. Rules must "
        + "only choose among their candidates; change handlers or rules outside of a rule.")
    isRebuilding = true
    // Keep every live handler alive for the whole rebuild, and drop released ones.
    let live = slots.compactMap { slot in slot.object.map { (slot: slot, object: $0) } }
    var causes = causes
    if live.count < slots.count { causes.insert(.handlersReleased) }
    slots = live.map(\.slot)
    let descriptions = live.enumerated().map { position, entry in
      entry.slot.describe(at: position)
    }
    let weaklyHeld = slots.filter { $0.retention == .weak }
    let previous = routes
    var rebuilt: [Message: Route<Message>] = [:]
    rebuilt.reserveCapacity(previous.count)
    for message in Message.allCases {
      let candidates = live.enumerated().map { position, entry in
        RoutingCandidate(
          handler: descriptions[position],
          implementsMessage: message.isHandled(by: entry.object),
          object: entry.object, slotID: entry.slot.id)
      }
      let rule = rules.rule(for: message)
      let decision = rule.choose(RoutingContext(message: message, candidates: candidates))
      rebuilt[message] = makeRoute(
        message, rule: rule, decision: decision, candidates: candidates, weaklyHeld: weaklyHeld)
    }
    routes = rebuilt
    storedRouteGeneration &+= 1
    isRebuilding = false

    let changed = Message.allCases.filter { previous[$0]?.identity != rebuilt[$0]?.identity }
    guard !changed.isEmpty, !previous.isEmpty else { return }
    notifyObservers(RouteChange(messages: changed, causes: causes))
  }

  /// Checks a rule's decision and turns it into a route.
  ///
  /// `candidates[i]` describes `slots[i]`, so a chosen candidate's position finds its slot in
  /// O(1): a rebuild stays linear in the number of handlers for broadcasts too.
  private func makeRoute(
    _ message: Message, rule: RoutingRule<Message>, decision: RoutingDecision,
    candidates: [RoutingCandidate], weaklyHeld: [HandlerSlot]
  ) -> Route<Message> {
    let summaries = candidates.map {
      RouteCandidateSummary(handler: $0.handler, implementsMessage: $0.implementsMessage)
    }
    // Weakly held handlers besides the targets whose release can change this decision.
    let watched: [HandlerSlot]
    switch rule.dependencies {
    case .choice: watched = []
    case .choiceAndRole(let role):
      watched = weaklyHeld.filter { $0.roles.contains(role) }
    case .everyCandidate: watched = weaklyHeld
    }
    func route(
      _ targets: Route<Message>.Targets, _ status: Route<Message>.Status,
      _ descriptions: [HandlerDescription] = []
    ) -> Route<Message> {
      Route(
        targets: targets, watched: watched, status: status, rule: rule.name,
        candidates: summaries, targetDescriptions: descriptions)
    }
    func failed(_ kind: RoutingError<Message>.Kind) -> Route<Message> {
      route(
        .none,
        .failed(RoutingError(message: message, rule: rule.name, kind: kind, handlers: summaries)))
    }
    let isBroadcast = if case .broadcast = decision { true } else { rule.isBroadcast }
    if isBroadcast, !message.isNotification {
      return failed(.broadcastOfValueReturningMessage)
    }
    let chosen: [RoutingCandidate]
    switch decision {
    case .unhandled(let reason):
      return route(.none, .unhandled(reason: reason))
    case .unknownRole(let role):
      return failed(.unknownRole(role, roles: slots.flatMap(\.roles)))
    case .deliver(let candidate):
      chosen = [candidate]
    case .broadcast(let list):
      if list.isEmpty {
        return route(.none, .unhandled(reason: "the broadcast lists no handler"))
      }
      chosen = list
    }
    var targets: [HandlerSlot] = []
    var targetDescriptions: [HandlerDescription] = []
    var seen: Set<Int> = []
    targets.reserveCapacity(chosen.count)
    targetDescriptions.reserveCapacity(chosen.count)
    for choice in chosen {
      let position = choice.handler.position
      guard candidates.indices.contains(position), candidates[position].slotID == choice.slotID,
        candidates[position].object === choice.object
      else {
        return failed(.handlerNotInProxy(choice.handler.typeName))
      }
      let candidate = candidates[position]
      guard candidate.implementsMessage else {
        return failed(.handlerDoesNotImplement(candidate.handler))
      }
      guard seen.insert(candidate.slotID).inserted else {
        return failed(.duplicateTarget(candidate.handler))
      }
      targets.append(slots[position])
      targetDescriptions.append(candidate.handler)
    }
    if case .broadcast = decision {
      return route(.many(targets), .routed, targetDescriptions)
    }
    return route(.one(targets[0]), .routed, targetDescriptions)
  }

  /// Tells each observer about `change`, in registration order.
  ///
  /// Each observer is checked just before its call: one cancelled or released by an earlier
  /// observer during this notification is not called.
  private func notifyObservers(_ change: RouteChange<Message>) {
    observers.removeAll { $0.observation?.isCancelled ?? true }
    for observer in observers {
      guard let observation = observer.observation, !observation.isCancelled else { continue }
      observer.onChange(change)
    }
  }

  private func mismatch<Capability>(
    _ message: Message, object: AnyObject, expected: Capability.Type
  ) -> RoutingError<Message> {
    let route = route(for: message)
    let handler =
      route.targetDescriptions.first
      ?? HandlerDescription(
        position: -1, role: nil, typeName: String(describing: type(of: object)), retention: .weak)
    return RoutingError(
      message: message, rule: route.rule,
      kind: .capabilityMismatch(handler, expected: String(describing: expected)),
      handlers: route.candidates)
  }

  private var name: String { "PrioritizedProxy<\(Message.self)>" }

  private var handlerListing: String {
    slots.isEmpty
      ? "none"
      : slots.enumerated().map { $1.describe(at: $0).description }.joined(separator: ", ")
  }

  private struct Observer {
    let id: Int
    weak var observation: RouteObservation?
    let onChange: @MainActor (RouteChange<Message>) -> Void
  }
}

extension PrioritizedProxy: @MainActor CustomStringConvertible {
  /// `"PrioritizedProxy<ChatMessage>(view (Screen), #1 (Model))"`.
  public var description: String { "\(name)(\(handlerListing))" }
}
