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
  var slots: [HandlerSlot] = [] {
    didSet {
      let kept = zip(oldValue, slots).allSatisfy { $0 === $1 }
      guard !kept || oldValue.count != slots.count else { return }
      // The answers are by position.
      namedAnswers.removeAll()
      // Appended to: no handler left (one by one, a thousand handlers would cost a million
      // comparisons otherwise).
      if kept, oldValue.count < slots.count { return }
      let remaining = Set(slots.lazy.map(ObjectIdentifier.init))
      for slot in oldValue where !remaining.contains(ObjectIdentifier(slot)) {
        for role in slot.roles where rolesOfGoneHandlers[role] == nil {
          rolesOfGoneHandlers.remember((), for: role)
        }
      }
    }
  }
  /// Whether each handler implements each message named at run time asked about so far.
  ///
  /// By name: one table for the proxy, a bit per handler position, not a table per handler.
  /// Forgotten when the handlers change or are invalidated; a handler past the 64th is asked
  /// each time.
  var namedAnswers = ShortTable<String, NamedAnswers>()
  /// What only some proxies keep (``Occasional``), made when first given something.
  var occasional: Occasional?
  /// The route of each message by route index, and the observer counts.
  @usableFromInline let storage: DispatchStorage
  /// `Message.allCases`, in route-index order.
  let messages: [Message]
  /// The initializer's checks, when it was given any: one reference, since a delegate proxy's
  /// owner answers in their place (``owner``), and a list of thousands of proxies would keep
  /// three empty closures each.
  let checks: Checks?
  /// Decides whether a handler implements a message; see
  /// ``init(rules:implementationCheck:namedImplementationCheck:namedNotificationCheck:)``.
  var implementationCheck: ((Message, AnyObject) -> Bool)? { checks?.implementation }
  /// Decides whether a handler implements a message named at run time.
  var namedImplementationCheck: ((String, AnyObject) -> Bool)? { checks?.namedImplementation }
  /// Decides whether a message named at run time returns nothing.
  var namedNotificationCheck: ((String) -> Bool)? { checks?.namedNotification }
  /// The routing that owns the proxy, set before its routes are first built.
  ///
  /// It answers for messages named at run time in place of the closures above, knows their
  /// answer types (a proxy without one fails rules that combine their answers with
  /// ``RoutingError/Kind-swift.enum/combiningNamedMessage``), and is told of route changes and
  /// failed routes. Unowned: the owner holds the proxy, and lets go of this reference in its
  /// `deinit`.
  package unowned(safe) var owner: (any RouterOwner<Message>)? {
    didSet { if owner != nil { wasOwned = true } }
  }
  /// The routes of the messages named at run time that were asked for or given a rule.
  var namedRoutes = ShortTable<String, Route>()
  /// Route indices for message sets without ``MessageSet/routeIndex``.
  let positions: [Message: Int]
  /// The one route of the names that reach nobody (``nobodysRoute``), once one is asked for.
  var madeNobodysRoute: Route?
  /// What the running ``batch(_:)`` calls changed so far.
  var pendingCauses: RouteChangeCauses?
  // Beside the optional's tag byte, so the flags take no word of their own.
  var isRebuilding = false
  /// Whether the routes were built once (by the initializer, or by their owner).
  var hasBuiltRoutes = false
  /// Whether an owner was ever set: a proxy its owner let go of (an app kept a list proxy's
  /// router past the proxy) reports nothing more, as the owner's closures did before.
  var wasOwned = false
  /// Whether released handlers were just removed, for checks that each read the handlers
  /// (``withReleasedHandlersRemoved(_:)``).
  var releasedHandlersRemoved = false
  /// How many ``batch(_:)`` calls are running; beside the flags, in the same word.
  var batchDepth: Int16 = 0

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
  public var onError: (RoutingError<Message>) -> Void {
    get {
      if let replacedOnError { return replacedOnError }
      if let owner { return { [unowned owner] error in owner.routeFailed(error) } }
      return wasOwned ? { _ in } : { error in assertionFailure("\(error)") }
    }
    set { replacedOnError = newValue }
  }

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
    checks =
      implementationCheck == nil && namedImplementationCheck == nil
        && namedNotificationCheck == nil
      ? nil
      : Checks(
        implementation: implementationCheck, namedImplementation: namedImplementationCheck,
        namedNotification: namedNotificationCheck)
    messages = Array(Message.allCases)
    positions = Self.positions(of: messages)
    storage = DispatchStorage(messageCount: messages.count)
    rebuildRoutes([])
  }

  /// A proxy with `handlers`, highest priority first, each held weakly with its role, whose
  /// routes are not built yet.
  ///
  /// Its owner (``owner``), which answers for the messages named at run time, builds them
  /// (``buildFirstRoutes()``) once it is set, or, for names alone, when it starts (a delegate
  /// proxy's attach); a name asked for before is decided then. A delegate proxy's attach would
  /// otherwise build them without handlers, with them, with the owner, and again with the
  /// protocol it adopts.
  package init(rules: RoutingRules<Message>, handlers: [(role: HandlerRole, handler: AnyObject)]) {
    self.rules = rules
    checks = nil
    messages = Array(Message.allCases)
    positions = Self.positions(of: messages)
    storage = DispatchStorage(messageCount: messages.count)
    // Nothing was released yet: registered without looking, into one list made to size. The
    // routes are left to the owner (`buildFirstRoutes()`).
    var list: [HandlerSlot] = []
    list.reserveCapacity(handlers.count)
    for entry in handlers {
      register(
        entry.handler, at: nil, roles: CollectionOfOne(entry.role), retention: .weak, into: &list)
    }
    slots = list
  }

  /// Builds the routes of a proxy made without them; does nothing for one whose routes were
  /// built.
  ///
  /// For names alone, the routes decided so far are current (while any is, a change rebuilds
  /// them): only the names with a rule and no route yet are decided, and nobody is told.
  package func buildFirstRoutes() {
    guard !hasBuiltRoutes else { return }
    guard messages.isEmpty else { return rebuildRoutes([]) }
    hasBuiltRoutes = true
    let roleOwners = roleOwners()
    for name in knownNames where namedRoutes[name] == nil {
      namedRoutes[name] = decideNamed(name, roleOwners: roleOwners)
    }
  }

  /// The route index of each message whose ``MessageSet/routeIndex`` is `nil`, by its position
  /// in `messages` (`Message.allCases`); stops when a route index is not its position.
  private static func positions(of messages: [Message]) -> [Message: Int] {
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
    return positions
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
    occasional?.lifetime?.isAlive = false
    for index in 0..<storage.messageCount { storage.observerLists[index].finishStreams() }
    for observers in namedObservers.values { observers.finishStreams() }
    storage.deallocate()
  }

  // MARK: - Observing routes

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
    defer {
      // Observed routes are built: every change from now on is told.
      buildFirstRoutes()
    }
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
    owner?.routesChanged(change)
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

/// The handlers asked whether they implement one message named at run time, and those that
/// do, a bit per position (``PrioritizedProxy/namedAnswers``).
struct NamedAnswers {
  var asked: UInt64
  var implemented: UInt64
}

extension PrioritizedProxy {
  /// The checks a proxy was made with (``checks``).
  final class Checks {
    let implementation: ((Message, AnyObject) -> Bool)?
    let namedImplementation: ((String, AnyObject) -> Bool)?
    let namedNotification: ((String) -> Bool)?

    init(
      implementation: ((Message, AnyObject) -> Bool)?,
      namedImplementation: ((String, AnyObject) -> Bool)?,
      namedNotification: ((String) -> Bool)?
    ) {
      self.implementation = implementation
      self.namedImplementation = namedImplementation
      self.namedNotification = namedNotification
    }
  }
}

/// Exists exactly as long as its proxy; see ``PrioritizedProxy/lifetime``.
final class ProxyLifetime {
  /// Cleared first thing in the proxy's `deinit`, so an observation ended while the proxy is
  /// being torn down does not reach into it.
  var isAlive = true
}
