// Handlers: adding, inserting, removing and moving them, and registering each one once.

extension PrioritizedProxy {
  // MARK: - Handlers

  /// The live handlers in priority order.
  ///
  /// Handlers held weakly that have been released are removed first.
  public var handlers: [HandlerDescription] {
    liveSlots.map { position, slot in slot.describe(at: position) }
  }

  /// The handlers' slots by position, as ``handlers`` lists them, undescribed: a delegate
  /// proxy's attach checks each and describes only those it reports.
  var liveSlots: EnumeratedSequence<[HandlerSlot]> {
    removeReleasedHandlers()
    return slots.enumerated()
  }

  /// The number of live handlers.
  public var handlerCount: Int {
    removeReleasedHandlers()
    return slots.count
  }

  /// Adds a handler with the lowest priority.
  ///
  /// - Parameters:
  ///   - handler: The handler; registered again, it keeps only its new place and roles.
  ///   - role: A role that rules and diagnostics can refer to; a handler that had it is
  ///     replaced, in its place unless a position is given.
  ///   - retention: Whether the proxy keeps the handler alive; weakly by default.
  public func add(
    _ handler: AnyObject, role: HandlerRole? = nil, retention: HandlerRetention = .weak
  ) {
    removeReleasedHandlers()
    // One role, without an array: a list whose rows each attach a proxy adds two handlers a row.
    if let role {
      register(handler, at: nil, roles: CollectionOfOne(role), retention: retention)
    } else {
      register(handler, at: nil, roles: [HandlerRole](), retention: retention)
    }
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
  ///   - handler: The handler; registered again, it keeps only its new place and roles.
  ///   - roles: Roles that rules and diagnostics can refer to; a handler that had one is
  ///     replaced, in its place unless a position is given.
  ///   - retention: Whether the proxy keeps the handler alive; weakly by default.
  public func add(
    _ handler: AnyObject, roles: [HandlerRole], retention: HandlerRetention = .weak
  ) {
    removeReleasedHandlers()
    register(handler, at: nil, roles: roles, retention: retention)
  }

  /// Inserts a handler at a priority position; 0 is the highest priority.
  ///
  /// - Parameters:
  ///   - handler: The handler; registered again, it keeps only its new place and roles.
  ///   - position: A position, at least 0; past the last, the last.
  ///   - role: A role that rules and diagnostics can refer to; a handler that had it is
  ///     replaced, in its place unless a position is given.
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
  ///   - handler: The handler; registered again, it keeps only its new place and roles.
  ///   - position: A position, at least 0; past the last, the last.
  ///   - roles: Roles that rules and diagnostics can refer to; a handler that had one is
  ///     replaced, in its place unless a position is given.
  ///   - retention: Whether the proxy keeps the handler alive; weakly by default.
  public func insert(
    _ handler: AnyObject, at position: Int, roles: [HandlerRole],
    retention: HandlerRetention = .weak
  ) {
    precondition(
      position >= 0,
      "\(name): cannot insert \(String(describing: type(of: handler))) at position \(position); "
        + "positions start at 0. Handlers: \(handlerListing).")
    removeReleasedHandlers()
    // Past the last (weakly held handlers released since the position was counted): the last.
    register(handler, at: min(position, slots.count), roles: roles, retention: retention)
  }

  /// Registers `handler` with `roles` at `position`, or, when `position` is `nil`, in the place
  /// of the handler one of its roles named, else with the lowest priority.
  ///
  /// How many screens add themselves, and in which order, is the app's to decide, so neither
  /// case is a crash: a handler registered again keeps one place, the new one, with the new
  /// roles; a handler that had one of `roles` is replaced (a role names one place).
  func register(
    _ handler: AnyObject, at position: Int?, roles: some Collection<HandlerRole>,
    retention: HandlerRetention
  ) {
    // Edited as one list, then set once: each change to `slots` keeps its old value for the
    // observer, and would copy the list.
    var list = slots
    register(handler, at: position, roles: roles, retention: retention, into: &list)
    slots = list
    change(.handlersChanged)
  }

  /// Registers `handler` in `list`, as ``register(_:at:roles:retention:)`` does in the slots.
  func register(
    _ handler: AnyObject, at position: Int?, roles: some Collection<HandlerRole>,
    retention: HandlerRetention, into list: inout [HandlerSlot]
  ) {
    checkRegistration(handler, roles: roles)
    var position = position
    func take(_ index: Int) {
      list.remove(at: index)
      if let at = position, index < at { position = at - 1 }
    }
    // By class first: a handler held weakly is loaded only when the class matches.
    let handlerType: AnyObject.Type = type(of: handler)
    let again = list.firstIndex { $0.handlerType == handlerType && $0.object === handler }
    if let again { take(again) }
    for role in roles {
      guard let taken = list.firstIndex(where: { $0.hasRole(role) }) else { continue }
      if position == nil { position = taken + 1 }
      take(taken)
    }
    let index = min(position ?? list.count, list.count)
    list.insert(makeSlot(handler, roles: roles, retention: retention), at: index)
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
    slots = handlers.map { makeSlot($0, roles: [], retention: retention) }
    change(.handlersChanged)
  }

  /// Makes several changes (handlers added, inserted, removed or moved, rules changed) with
  /// one rebuild of the routes, after the last, and tells route observers once.
  ///
  /// ```swift
  /// proxy.batch {
  ///   proxy.add(screen, role: .view)
  ///   proxy.add(model, role: .viewModel, retention: .strong)
  ///   proxy.rules[.didSelectRow] = .broadcast
  /// }
  /// ```
  ///
  /// Messages sent during the batch use the routes from before it. Batches may nest.
  public func batch<Failure: Error>(_ changes: () throws(Failure) -> Void) throws(Failure) {
    batchDepth += 1
    defer {
      batchDepth -= 1
      if batchDepth == 0, let causes = pendingCauses {
        pendingCauses = nil
        if changesRebuild { rebuildRoutes(causes) }
      }
    }
    try changes()
  }

  /// Rebuilds the routes for a change made on purpose, or records it while a batch runs.
  func change(_ causes: RouteChangeCauses) {
    guard batchDepth == 0 else {
      pendingCauses = (pendingCauses ?? []).union(causes)
      return
    }
    if changesRebuild { rebuildRoutes(causes) }
  }

  /// Whether a change rebuilds the routes.
  ///
  /// Not before the first build of a proxy made by the package initializer while no name was
  /// decided and nothing observes its routes. Nobody was told a route then, and each name's
  /// route is decided when first asked for (``namedRoute(_:)``): a delegate proxy that adopts
  /// its protocol, and is given rules and handlers, before it is attached builds its routes
  /// once, at attach.
  var changesRebuild: Bool { hasBuiltRoutes || !namedRoutes.isEmpty || !observers.isEmpty }

  /// Removes a handler.
  ///
  /// - Returns: `true` if the handler was registered.
  @discardableResult
  public func remove(_ handler: AnyObject) -> Bool {
    guard let index = slots.firstIndex(where: { $0.object === handler }) else { return false }
    slots.remove(at: index)
    change(.handlersChanged)
    return true
  }

  /// Removes the handler registered with `role` (with all of its roles).
  ///
  /// - Returns: `true` if a handler had that role.
  @discardableResult
  public func removeHandler(withRole role: HandlerRole) -> Bool {
    guard let index = slots.firstIndex(where: { $0.hasRole(role) }) else { return false }
    slots.remove(at: index)
    change(.handlersChanged)
    return true
  }

  /// Removes every handler.
  public func removeAllHandlers() {
    slots.removeAll()
    change(.handlersChanged)
  }

  /// Moves a handler to a new priority position; 0 is the highest priority.
  ///
  /// ```swift
  /// proxy.move(model, to: 0)   // the view model is asked first
  /// ```
  ///
  /// Which handlers are still there is up to the app's objects (a weakly held one released,
  /// another screen given its role), so neither a handler that is gone nor a position past the
  /// last is a crash: the first moves nothing, the second moves it to the last place.
  ///
  /// - Parameters:
  ///   - handler: A registered handler.
  ///   - position: Its new position, at least 0; past the last, the last.
  /// - Returns: `false` when `handler` is not a handler (nothing moved).
  @discardableResult
  public func move(_ handler: AnyObject, to position: Int) -> Bool {
    precondition(
      position >= 0,
      "\(name): cannot move \(String(describing: type(of: handler))) to position \(position); "
        + "positions start at 0. Handlers: \(handlerListing).")
    removeReleasedHandlers()
    guard let index = slots.firstIndex(where: { $0.object === handler }) else { return false }
    let slot = slots.remove(at: index)
    slots.insert(slot, at: min(position, slots.count))
    change(.handlersChanged)
    return true
  }

  /// The handler registered with `role`, if it is still alive.
  public func handler(withRole role: HandlerRole) -> AnyObject? {
    slots.first { $0.hasRole(role) }?.object
  }

  /// Whether `handler` is a live handler of this proxy.
  public func contains(_ handler: AnyObject) -> Bool {
    slots.contains { $0.object === handler }
  }

  /// How the proxy holds `handler`, or `nil` when it is not a live handler of this proxy.
  ///
  /// ```swift
  /// proxy.add(model, role: .viewModel, retention: .strong)
  /// proxy.retention(of: model)   // .strong
  /// ```
  public func retention(of handler: AnyObject) -> HandlerRetention? {
    slots.first { $0.object === handler }?.retention
  }

  /// Drops weakly held handlers that have been released, and rebuilds the routes if any were.
  ///
  /// The proxy does this by itself whenever a route it dispatches on, or a listing it produces,
  /// meets a released handler. Call it to have observers told at a moment of your choosing.
  ///
  /// - Returns: The number of handlers dropped.
  @discardableResult
  public func removeReleasedHandlers() -> Int {
    guard !releasedHandlersRemoved else { return 0 }
    let released = slots.reduce(0) { $0 + ($1.object == nil ? 1 : 0) }
    if released > 0 { rebuildRoutes(.handlersReleased) }
    return released
  }

  /// Runs `body` after removing the released handlers once.
  ///
  /// The removal is not repeated inside `body`, for checks that each read the handlers: each
  /// removal loads every handler held weakly (a retain and a release on the runtime's slow
  /// path), and a delegate proxy's attach checks its handlers several ways.
  func withReleasedHandlersRemoved<Result>(_ body: () -> Result) -> Result {
    removeReleasedHandlers()
    if releasedHandlersRemoved { return body() }
    releasedHandlersRemoved = true
    defer { releasedHandlersRemoved = false }
    return body()
  }

  /// Invalidates the routes when a rule's choice depends on state outside the proxy, or when a
  /// ``PartialHandler`` changed what it implements: every handler is asked again which messages it
  /// implements, and every route is rebuilt.
  public func invalidateRoutes() {
    // A proxy of names alone has no messages to ask about, and loads no handler: each load of
    // a handler held weakly retains and releases it on the runtime's slow path.
    if !messages.isEmpty {
      for slot in slots {
        if let object = slot.object {
          slot.survey(messages, object: object, check: implementationCheck)
        }
      }
    }
    namedAnswers.removeAll()
    change(.invalidated)
  }

  // MARK: - Registration

  /// A slot for `handler`, which is asked once which messages it implements.
  func makeSlot(
    _ handler: AnyObject, roles: some Collection<HandlerRole>, retention: HandlerRetention
  ) -> HandlerSlot {
    let slot = HandlerSlot(object: handler, roles: roles, retention: retention)
    slot.survey(messages, object: handler, check: implementationCheck)
    return slot
  }

  /// Stops when one of `roles` is listed twice: a mistake in the code that lists them, whatever
  /// the app's objects do.
  func checkRegistration(_ handler: AnyObject, roles: some Collection<HandlerRole>) {
    for (index, role) in roles.enumerated() {
      precondition(
        !roles.prefix(index).contains(role),
        "\(name): the role '\(role)' is given twice for \(String(describing: type(of: handler))). "
          + "List each role once.")
    }
  }
}
