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
/// ## Isolation
/// The proxy belongs to one isolation domain, the one that creates it: the main actor for a
/// screen's delegates, a custom actor or a serial queue's code for delegates called there. It is
/// not `Sendable`, so the compiler rejects using one proxy from two domains; rules and observers
/// run in the proxy's domain. Nothing on the dispatch path takes a lock.
///
/// ```swift
/// actor Downloads {
///   let proxy = PrioritizedProxy<DownloadMessage>()    // lives on this actor
///   func didReceive(_ bytes: Int) {
///     proxy.broadcast(.progress, as: (any DownloadProgress).self) { $0.received(bytes) }
///   }
/// }
/// ```
///
/// ## Complexity
/// Dispatch is O(1) for the built-in rules: an array index (for `Int`-backed message enums), one
/// load of the handler reference, and no dynamic cast once a message has been sent (each route
/// keeps its handler cast to the capability last used). A custom rule's route also checks each
/// weakly held handler. A rebuild evaluates every rule once over bits that record which handler
/// implements which message (asked when the handler is added): O(handlers × messages),
/// broadcasts included, with no string built until an explanation or error is asked for.
public final class PrioritizedProxy<Message: MessageSet> {
  var slots: [HandlerSlot] = []
  /// Every role a handler was ever given, so a rule can tell a role whose handler is gone from
  /// a misspelled one.
  var rolesEverGiven: Set<HandlerRole> = []
  /// The route of each message by route index, and the observer counts.
  @usableFromInline let storage: DispatchStorage
  /// `Message.allCases`, in route-index order.
  let messages: [Message]
  /// Decides whether a handler implements a message; see
  /// ``init(rules:implementationCheck:namedImplementationCheck:namedNotificationCheck:)``.
  let implementationCheck: ((Message, AnyObject) -> Bool)?
  /// Decides whether a handler implements a message named at run time.
  let namedImplementationCheck: ((String, AnyObject) -> Bool)?
  /// Decides whether a message named at run time returns nothing.
  let namedNotificationCheck: ((String) -> Bool)?
  /// The answer type of a message named at run time, when known, for a proxy that combines
  /// the answers of such messages itself (reading them boxed, with ``firstTarget(forNamed:combination:)``);
  /// `nil` (the default) when it does not, and rules that combine answers fail for them with
  /// ``RoutingError/Kind-swift.enum/combiningNamedMessage``.
  package var namedAnswerType: ((String) -> Any.Type?)?
  /// The routes of the messages named at run time that were asked for or given a rule.
  var namedRoutes: [String: Route] = [:]
  /// The observers of messages named at run time.
  var namedObservers: [String: ObserverList] = [:]
  /// Route indices for message sets without ``MessageSet/routeIndex``.
  let positions: [Message: Int]
  var nextSlotID = 0
  var observers = ChangeObservers<RouteChange<Message>>()
  var nextObserverID = 0
  /// An object only the proxy holds, so observations can tell whether it still exists without
  /// a weak reference to it.
  let lifetime = ProxyLifetime()
  var isRebuilding = false
  /// Whether the routes were built once (by the initializer).
  var hasBuiltRoutes = false
  /// How many ``batch(_:)`` calls are running, and what they changed so far.
  var batchDepth = 0
  var pendingCauses: RouteChangeCauses?

  /// The rule table.
  ///
  /// Assigning it, or changing one entry, rebuilds the routes.
  ///
  /// ```swift
  /// proxy.rules[.cellForRow] = .always(.view)
  /// proxy.rules.merge([.willDisplayRow: .broadcast])
  /// ```
  public var rules: RoutingRules<Message> {
    didSet { change(.rulesChanged) }
  }

  /// Called with a route that cannot work (a ``RoutingError``) the first time a message meets
  /// it in a call that cannot throw: a `send` with a default, or a broadcast.
  ///
  /// This is Switchboard's one policy for setup mistakes, in the core and in every host: an
  /// API that throws throws the error (``validate(requiring:)``, the throwing `send`, a host's
  /// `reloadData()`); one that cannot throw reports it here and goes on with the documented
  /// recovery (the default value, or no receiver). By default a debug build stops with the
  /// error's description (`assertionFailure`), which names the message, the rule, the handlers
  /// and the fix; a release build goes on. Each failed route is reported once, until the routes
  /// change.
  ///
  /// ```swift
  /// proxy.onError = { error in logger.error("\(error)") }   // report instead of stopping
  /// ```
  public var onError: (RoutingError<Message>) -> Void = { error in assertionFailure("\(error)") }

  /// Creates a proxy without handlers.
  ///
  /// By default a handler implements a message when ``MessageSet/isImplemented(by:)`` says so.
  /// Pass `implementationCheck` when the answer depends on more than the message set knows, such
  /// as the host a list proxy serves (a cell provider for one kind of host does not provide cells
  /// for another):
  ///
  /// ```swift
  /// let proxy = PrioritizedProxy<ListMessage>(
  ///   implementationCheck: { message, handler in CollectionView.handler(handler, implements: message) })
  /// ```
  ///
  /// Either way, a ``PartialHandler`` can still decline a message it adopts.
  ///
  /// ## Messages named at run time
  /// Besides its message set, a proxy routes messages it knows only by name, such as the
  /// Objective-C selectors a delegate proxy forwards (`"scrollViewDidScroll:"`), with the same
  /// handlers, rules (``RoutingRules/subscript(named:)``), explanations and observation. Say how
  /// to tell whether a handler implements one, and whether one returns nothing (so that it may
  /// be broadcast and observed):
  ///
  /// <!-- snippet-uikit -->
  /// ```swift
  /// let proxy = PrioritizedProxy<ListMessage>(
  ///   namedImplementationCheck: { name, handler in
  ///     (handler as? NSObject)?.responds(to: NSSelectorFromString(name)) ?? false
  ///   },
  ///   namedNotificationCheck: { name in name.hasPrefix("scrollViewDid") })
  /// proxy.targets(forNamed: "scrollViewDidScroll:")
  /// ```
  ///
  /// - Parameters:
  ///   - rules: The rule table; by default every message goes to its first implementer.
  ///   - implementationCheck: Whether a handler implements a message, answered from its type,
  ///     once per handler and message when the handler is added; `nil` for
  ///     ``MessageSet/isImplemented(by:)``.
  ///   - namedImplementationCheck: Whether a handler implements the message with a given name,
  ///     asked once per handler and name; `nil` when no handler implements any.
  ///   - namedNotificationCheck: Whether the message with a given name returns nothing; `nil`
  ///     when none does.
  public init(
    rules: RoutingRules<Message> = [:],
    implementationCheck: ((Message, AnyObject) -> Bool)? = nil,
    namedImplementationCheck: ((_ name: String, _ handler: AnyObject) -> Bool)? = nil,
    namedNotificationCheck: ((_ name: String) -> Bool)? = nil
  ) {
    self.rules = rules
    self.implementationCheck = implementationCheck
    self.namedImplementationCheck = namedImplementationCheck
    self.namedNotificationCheck = namedNotificationCheck
    let messages = Array(Message.allCases)
    self.messages = messages
    var positions: [Message: Int] = [:]
    for (position, message) in messages.enumerated() {
      if let index = message.routeIndex {
        precondition(
          index == position,
          "PrioritizedProxy<\(Message.self)>: \(message).routeIndex is \(index), but \(message) "
            + "is at position \(position) of allCases. Number the raw values 0, 1, 2, … in the "
            + "order of the cases, or let routeIndex return nil.")
      } else {
        positions[message] = position
      }
    }
    self.positions = positions
    storage = DispatchStorage(messageCount: messages.count)
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

  deinit {
    // A proxy that goes away finishes its event streams.
    lifetime.isAlive = false
    for index in 0..<storage.messageCount { storage.observerLists[index].finishStreams() }
    for observers in namedObservers.values { observers.finishStreams() }
    storage.deallocate()
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
  ///   - handler: The handler; registered again, it keeps only its new place and roles.
  ///   - role: A role that rules and diagnostics can refer to; a handler that had it is
  ///     replaced, in its place unless a position is given.
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
  private func register(
    _ handler: AnyObject, at position: Int?, roles: [HandlerRole], retention: HandlerRetention
  ) {
    checkRegistration(handler, roles: roles)
    var position = position
    func take(_ index: Int) {
      slots.remove(at: index)
      if let at = position, index < at { position = at - 1 }
    }
    if let again = slots.firstIndex(where: { $0.object === handler }) { take(again) }
    for role in roles {
      guard let taken = slots.firstIndex(where: { $0.roles.contains(role) }) else { continue }
      if position == nil { position = taken + 1 }
      take(taken)
    }
    let index = min(position ?? slots.count, slots.count)
    slots.insert(makeSlot(handler, roles: roles, retention: retention), at: index)
    change(.handlersChanged)
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
        rebuildRoutes(causes)
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
    rebuildRoutes(causes)
  }

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
    guard let index = slots.firstIndex(where: { $0.roles.contains(role) }) else { return false }
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
    slots.first { $0.roles.contains(role) }?.object
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
    let released = slots.reduce(0) { $0 + ($1.object == nil ? 1 : 0) }
    if released > 0 { rebuildRoutes(.handlersReleased) }
    return released
  }

  /// Invalidates the routes when a rule's choice depends on state outside the proxy, or when a
  /// ``PartialHandler`` changed what it implements: every handler is asked again which messages it
  /// implements, and every route is rebuilt.
  public func invalidateRoutes() {
    for slot in slots {
      if let object = slot.object {
        slot.survey(messages, object: object, check: implementationCheck)
      }
      slot.namedImplements.removeAll()
    }
    change(.invalidated)
  }

  // MARK: - Registration

  /// A slot for `handler`, which is asked once which messages it implements.
  func makeSlot(
    _ handler: AnyObject, roles: [HandlerRole], retention: HandlerRetention
  ) -> HandlerSlot {
    let slot = HandlerSlot(id: nextSlotID, object: handler, roles: roles, retention: retention)
    nextSlotID += 1
    rolesEverGiven.formUnion(roles)
    slot.survey(messages, object: handler, check: implementationCheck)
    return slot
  }

  /// Stops when one of `roles` is listed twice: a mistake in the code that lists them, whatever
  /// the app's objects do.
  func checkRegistration(_ handler: AnyObject, roles: [HandlerRole]) {
    for (index, role) in roles.enumerated() {
      precondition(
        !roles[..<index].contains(role),
        "\(name): the role '\(role)' is given twice for \(String(describing: type(of: handler))). "
          + "List each role once.")
    }
  }

  // MARK: - Observation

  /// Calls `onChange` after every update that changes the route of at least one message.
  ///
  /// `onChange` runs in the proxy's isolation domain, synchronously, during the update. Keep the
  /// returned observation for as long as you want to be told; releasing it ends the observation.
  /// Capture the observer weakly: the proxy keeps `onChange` until then.
  ///
  /// ```swift
  /// observation = proxy.observeRoutes { [weak host] change in
  ///   host?.refreshCachedResponses(for: change.messages)
  /// }
  /// ```
  public func observeRoutes(
    _ onChange: @escaping (RouteChange<Message>) -> Void
  ) -> ObservationToken {
    let id = nextObserverID
    nextObserverID += 1
    return observers.add(id: id, onChange) { [weak lifetime, unowned self] in
      // As for message observers: a weak reference to the proxy would slow every retain and
      // release of it, dispatch's included.
      guard lifetime?.isAlive == true else { return }
      self.observers.remove(id)
    }
  }

  /// Tells each observer about `change`, in registration order.
  ///
  /// Each observer is checked just before its call: one cancelled or released by an earlier
  /// observer during this notification is not called.
  func notifyObservers(_ change: RouteChange<Message>) {
    observers.live().tell(change)
  }

  var name: String { "PrioritizedProxy<\(Message.self)>" }

  var handlerListing: String {
    slots.isEmpty
      ? "none"
      : slots.enumerated().map { $1.describe(at: $0).description }.joined(separator: ", ")
  }
}

extension PrioritizedProxy: CustomStringConvertible {
  /// `"PrioritizedProxy<ChatMessage>(view (Screen), #1 (Model))"`.
  public var description: String { "\(name)(\(handlerListing))" }
}

/// Exists exactly as long as its proxy; see ``PrioritizedProxy/lifetime``.
final class ProxyLifetime {
  /// Cleared first thing in the proxy's `deinit`, so an observation ended while the proxy is
  /// being torn down does not reach into it.
  var isAlive = true
}
