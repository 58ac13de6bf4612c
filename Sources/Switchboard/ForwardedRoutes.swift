/// Routes messages that are not cases of a proxy's message set, named by string, through the same
/// handlers and rule vocabulary: the Objective-C selectors a delegate proxy forwards, such as
/// `scrollViewDidScroll:`.
///
/// A UIKit delegate protocol has far more methods than any message set models. A proxy that
/// models some of them (``PrioritizedProxy``) forwards the rest with the Objective-C runtime
/// (`responds(to:)` and `forwardingTarget(for:)`), and asks this object which handler gets each
/// one. Nothing here needs the runtime: `implementationCheck` answers whether a handler implements
/// a name (on Apple platforms, `NSObject.responds(to:)`), so the choice is specified on every
/// platform.
///
/// ```swift
/// let forwarded = ForwardedRoutes(router: proxy) { name, handler in
///   (handler as? NSObject)?.responds(to: Selector(name)) ?? false
/// }
/// forwarded.rules["scrollViewDidScroll:"] = .always(.viewModel)
/// forwarded.target(for: "scrollViewDidScroll:")       // the view model
/// print(forwarded.explain("scrollViewDidScroll:"))
/// // scrollViewDidScroll: → viewModel (FeedModel), by rule 'always viewModel'
/// ```
///
/// ## Rules
/// A name without a rule goes to its first implementer, in the router's priority order. A rule
/// can name a role (`always`, `only`, `prefer`), a handler (`always(_:)` with an object), or
/// block the name. The runtime forwards a message to one object, so a broadcast rule fails, and
/// so does a custom rule (it chooses among message cases): ``validate()`` reports both.
///
/// ## Caching
/// Each name's route is decided the first time it is asked for, and cached. Every rebuild of the
/// router's routes (a handler added, removed, moved or released, rules changed,
/// `PrioritizedProxy.invalidateRoutes()`) and every change of ``rules`` decides again every name
/// asked so far, and tells ``observeRoutes(_:)`` observers which names changed, so a host that
/// cached "responds to" can ask again.
///
/// ## Lifetimes
/// Handlers are held by the router as it says; a cached route holds its handler weakly.
public final class ForwardedRoutes<Message: MessageSet> {
  /// The router whose handlers receive forwarded messages.
  public let router: PrioritizedProxy<Message>
  private let implementationCheck: (String, AnyObject) -> Bool
  private var routes: [String: Entry] = [:]
  private var observers = ChangeObservers<ForwardedRouteChange>()
  private var nextObserverID = 0
  private var messageObservers: [String: ObserverList] = [:]
  private var listenerID = -1

  /// The rule for each name; a name without one goes to its first implementer.
  ///
  /// Assigning it decides every known name again.
  ///
  /// ```swift
  /// forwarded.rules["tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:"] = .only(.view)
  /// ```
  public var rules: [String: RoutingRule<Message>] = [:] {
    didSet { redecide(.rulesChanged) }
  }

  /// Creates forwarded routes over `router`'s handlers.
  ///
  /// - Parameters:
  ///   - router: The proxy whose handlers and priorities forwarded messages use.
  ///   - implementationCheck: Whether a handler implements the message with a given name. It is
  ///     asked when a name's route is decided, never when a message is forwarded.
  public init(
    router: PrioritizedProxy<Message>,
    implementationCheck: @escaping (_ name: String, _ handler: AnyObject) -> Bool
  ) {
    self.router = router
    self.implementationCheck = implementationCheck
    listenerID = router.addRebuildListener { [weak self] causes in self?.redecide(causes) }
  }

  deinit {
    router.removeRebuildListener(listenerID)
    for observers in messageObservers.values { observers.finishStreams() }
  }

  // MARK: - Forwarding

  /// The handler that receives the message named `name`, or `nil` when none does.
  ///
  /// O(1) once the name's route is cached; the first call for a name asks each handler whether
  /// it implements it.
  public func target(for name: String) -> AnyObject? {
    if let entry = routes[name] {
      if entry.slotID == nil { return nil }
      if let target = entry.target { return target }
      // The chosen handler was released: the router drops it, and every name is decided again.
      router.removeReleasedHandlers()
      if let target = routes[name]?.target { return target }
    }
    let entry = decide(name).entry
    routes[name] = entry
    return entry.target
  }

  /// Whether a handler receives the message named `name`: the answer for the runtime's
  /// `responds(to:)`.
  public func responds(to name: String) -> Bool {
    target(for: name) != nil
  }

  /// The names whose routes are cached or have a rule, sorted.
  public var names: [String] {
    Set(routes.keys).union(rules.keys).sorted()
  }

  // MARK: - Inspection

  /// Why the message named `name` goes where it goes.
  ///
  /// ```swift
  /// forwarded.explain("scrollViewDidScroll:").description
  /// // "scrollViewDidScroll: → view (FeedScreen), by rule 'first implementer'"
  /// ```
  public func explain(_ name: String) -> ForwardedRouteExplanation {
    router.removeReleasedHandlers()
    return decide(name).explanation
  }

  /// The route of every name in ``names``, sorted by name.
  public var routingTable: [ForwardedRouteExplanation] {
    router.removeReleasedHandlers()
    return names.map { decide($0).explanation }
  }

  /// Throws for the first name whose rule cannot route it: a role nobody has, a named handler
  /// that does not implement it, a broadcast or a custom rule.
  ///
  /// - Throws: ``ForwardingError``, naming the message, the rule, the handlers and the fix.
  public func validate() throws(ForwardingError) {
    for name in rules.keys.sorted() {
      let explanation = explain(name)
      if case .failed(let reason) = explanation.outcome {
        throw ForwardingError(
          name: name, rule: explanation.rule, reason: reason, handlers: explanation.candidates)
      }
    }
  }

  // MARK: - Observation

  /// Calls `onChange` with the names whose routes changed, after every change of handlers or
  /// rules that changes at least one known name's route.
  ///
  /// Keep the returned observation as long as you want to be told; capture the observer weakly.
  public func observeRoutes(
    _ onChange: @escaping (ForwardedRouteChange) -> Void
  ) -> RouteObservation {
    let id = nextObserverID
    nextObserverID += 1
    return observers.add(id: id, onChange) { [weak self] in self?.observers.remove(id) }
  }

  // MARK: - Observing forwarded messages

  /// Calls `body` with the arguments of every `event` a sender reports with ``emit(_:_:timing:)``,
  /// before or after the handler runs.
  ///
  /// The runtime forwards a message straight to its handler, so only a sender that implements
  /// the method itself (a UIKit proxy's `scrollViewDidScroll(_:)`) can show it to observers; it
  /// asks ``isObserved(_:)`` for its `responds(to:)` answer. When a name gains its first
  /// observer or loses its last, ``observeRoutes(_:)`` observers are told
  /// (``RouteChangeCauses/observersChanged``), so a host can ask again.
  public func observe<Arguments>(
    _ event: ForwardedEvent<Arguments>, timing: ObservationTiming = .afterHandler,
    _ body: @escaping (Arguments) -> Void
  ) -> MessageObservation {
    addObserver(event.name, timing: timing, termination: nil, onProxyEnd: nil, body: body)
  }

  /// The arguments of every `event` from now on, as an async sequence that ends when these
  /// routes go away or the iterating task is cancelled.
  public func events<Arguments: Sendable>(
    _ event: ForwardedEvent<Arguments>, timing: ObservationTiming = .afterHandler,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    ObserverList.stream(bufferingPolicy: bufferingPolicy) { termination, finish, body in
      _ = addObserver(
        event.name, timing: timing, termination: termination, onProxyEnd: finish, body: body)
    }
  }

  /// Whether anything observes the message named `name`.
  public func isObserved(_ name: String) -> Bool {
    guard var observers = messageObservers[name], !observers.isEmpty else { return false }
    if observers.removeEnded() { messageObservers[name] = observers }
    return observers.isObserved
  }

  /// Shows `arguments` to the observers of `event` that watch at `timing`; with no observer it
  /// costs a dictionary look-up.
  public func emit<Arguments>(
    _ event: ForwardedEvent<Arguments>, _ arguments: @autoclosure () -> Arguments,
    timing: ObservationTiming
  ) {
    guard let observers = messageObservers[event.name], !observers.isEmpty else { return }
    if observers.show(arguments(), timing, of: event.name) {
      removeEndedObservers(of: event.name)
    }
  }

  private func addObserver<Arguments>(
    _ name: String, timing: ObservationTiming, termination: TerminationFlag?,
    onProxyEnd: (() -> Void)?, body: @escaping (Arguments) -> Void
  ) -> MessageObservation {
    let wasObserved = messageObservers[name]?.isObserved ?? false
    let id = nextObserverID
    nextObserverID += 1
    let observation = messageObservers[name, default: ObserverList()].add(
      timing: timing, termination: termination, onProxyEnd: onProxyEnd, id: id, body: body
    ) { [weak self] in self?.removeEndedObservers(of: name) }
    if !wasObserved { tell(ForwardedRouteChange(names: [name], causes: .observersChanged)) }
    return observation
  }

  private func removeEndedObservers(of name: String) {
    guard var observers = messageObservers[name], observers.removeEnded() else { return }
    messageObservers[name] = observers.isEmpty ? nil : observers
    if !observers.isObserved {
      tell(ForwardedRouteChange(names: [name], causes: .observersChanged))
    }
  }

  // MARK: - Deciding

  private struct Entry {
    weak var target: AnyObject?
    /// The chosen handler's slot, `nil` when nobody receives the message.
    var slotID: Int?
    var failed: Bool
  }

  private enum Choice {
    case deliver(Int)
    case unhandled(String)
    case failed(String)
  }

  private func redecide(_ causes: RouteChangeCauses) {
    var changed: [String] = []
    for (name, old) in routes {
      let new = decide(name).entry
      routes[name] = new
      if new.slotID != old.slotID || new.failed != old.failed { changed.append(name) }
    }
    for name in rules.keys where routes[name] == nil {
      routes[name] = decide(name).entry
      changed.append(name)
    }
    guard !changed.isEmpty else { return }
    tell(ForwardedRouteChange(names: changed.sorted(), causes: causes))
  }

  private func tell(_ change: ForwardedRouteChange) {
    observers.live().tell(change)
  }

  private func decide(_ name: String) -> (entry: Entry, explanation: ForwardedRouteExplanation) {
    let live = router.slots.compactMap { slot in slot.object.map { (slot: slot, object: $0) } }
    let candidates = live.enumerated().map { position, handler in
      RouteCandidateSummary(
        handler: handler.slot.describe(at: position),
        implementsMessage: implementationCheck(name, handler.object))
    }
    let rule = rules[name] ?? .firstImplementer
    func owner(of role: HandlerRole) -> Int? {
      live.firstIndex { $0.slot.roles.contains(role) }
    }
    func firstImplementer() -> Int? { candidates.firstIndex(where: \.implementsMessage) }
    func unknown(_ role: HandlerRole) -> Choice {
      let roles = live.flatMap(\.slot.roles).map(\.name)
      return .failed(
        "no handler has the role '\(role)' (roles: \(roles.isEmpty ? "none" : roles.joined(separator: ", ")))"
      )
    }
    func required(_ position: Int) -> Choice {
      candidates[position].implementsMessage
        ? .deliver(position) : .failed("\(candidates[position].handler) does not implement it")
    }
    let choice: Choice =
      switch rule.kind {
      case .firstImplementer:
        firstImplementer().map(Choice.deliver)
          ?? .unhandled(live.isEmpty ? "the proxy has no handlers" : "no handler implements it")
      case .always(let role):
        owner(of: role).map(required) ?? unknown(role)
      case .alwaysObject(let reference):
        if let object = reference.object {
          live.firstIndex { $0.object === object }.map(required)
            ?? .failed("the \(reference.typeName) this rule names is not a handler of the proxy")
        } else {
          .unhandled("the \(reference.typeName) this rule names has been released")
        }
      case .only(let role):
        owner(of: role).map { position in
          candidates[position].implementsMessage
            ? .deliver(position)
            : .unhandled("\(candidates[position].handler) does not implement it")
        } ?? unknown(role)
      case .prefer(let role):
        owner(of: role).map { position in
          candidates[position].implementsMessage
            ? .deliver(position)
            : firstImplementer().map(Choice.deliver) ?? .unhandled("no handler implements it")
        } ?? unknown(role)
      case .broadcast:
        .failed(
          "a forwarded message reaches one object, so it cannot be broadcast; route it to one "
            + "role, or model it as a message case")
      case .blocked:
        .unhandled("blocked by rule")
      case .custom:
        .failed(
          "a custom rule chooses among message cases; give a forwarded message a built-in rule "
            + "(always, only, prefer, blocked)")
      }

    let entry: Entry
    let outcome: ForwardedRouteExplanation.Outcome
    switch choice {
    case .deliver(let position):
      entry = Entry(target: live[position].object, slotID: live[position].slot.id, failed: false)
      outcome = .handler(candidates[position].handler)
    case .unhandled(let reason):
      entry = Entry(target: nil, slotID: nil, failed: false)
      outcome = .unhandled(reason: reason)
    case .failed(let reason):
      entry = Entry(target: nil, slotID: nil, failed: true)
      outcome = .failed(reason: reason)
    }
    withExtendedLifetime(live) {}
    return (
      entry,
      ForwardedRouteExplanation(
        name: name, rule: rule.name, outcome: outcome, candidates: candidates)
    )
  }
}

/// Why a forwarded message goes where it goes; see ``ForwardedRoutes/explain(_:)``.
public struct ForwardedRouteExplanation: Hashable, Sendable, CustomStringConvertible {
  /// Where the message goes.
  public enum Outcome: Hashable, Sendable {
    /// To this handler.
    case handler(HandlerDescription)
    /// To nobody, for this reason: the proxy does not respond to it.
    case unhandled(reason: String)
    /// Nowhere, because the rule cannot route it; ``ForwardedRoutes/validate()`` throws it.
    case failed(reason: String)
  }

  /// The message's name, such as `"scrollViewDidScroll:"`.
  public let name: String
  /// The rule's name.
  public let rule: String
  /// Where the message goes.
  public let outcome: Outcome
  /// Every live handler in priority order, with whether it implements the message.
  public let candidates: [RouteCandidateSummary]

  /// The handler that receives the message, if any.
  public var target: HandlerDescription? {
    if case .handler(let handler) = outcome { return handler }
    return nil
  }

  /// `"scrollViewDidScroll: → view (Screen), by rule 'first implementer'"`.
  public var description: String {
    switch outcome {
    case .handler(let handler): "\(name) → \(handler), by rule '\(rule)'"
    case .unhandled(let reason): "\(name) → nobody, by rule '\(rule)': \(reason)"
    case .failed(let reason): "\(name) → ✗ error, by rule '\(rule)': \(reason)"
    }
  }
}

/// Names whose forwarded routes changed; see ``ForwardedRoutes/observeRoutes(_:)``.
public struct ForwardedRouteChange: Hashable, Sendable {
  /// The names, sorted.
  public let names: [String]
  /// What changed.
  public let causes: RouteChangeCauses

  /// A change of the routes of `names`.
  public init(names: [String], causes: RouteChangeCauses) {
    self.names = names
    self.causes = causes
  }
}

/// A rule that cannot route a forwarded message; thrown by ``ForwardedRoutes/validate()``.
public struct ForwardingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message's name, such as `"scrollViewDidScroll:"`.
  public let name: String
  /// The rule's name.
  public let rule: String
  /// Why the rule cannot route it.
  public let reason: String
  /// Every live handler in priority order, with whether it implements the message.
  public let handlers: [RouteCandidateSummary]

  /// An error for the message named `name`.
  public init(name: String, rule: String, reason: String, handlers: [RouteCandidateSummary]) {
    self.name = name
    self.rule = rule
    self.reason = reason
    self.handlers = handlers
  }

  /// The problem, the handlers, and what to do.
  public var description: String {
    let listing = handlers.isEmpty ? "none" : handlers.map(\.description).joined(separator: ", ")
    return "Forwarded message \(name) cannot be routed by rule '\(rule)': \(reason). "
      + "Handlers: \(listing). Change the forwarded message's rule, or implement \(name) in the "
      + "handler the rule names."
  }
}

/// A forwarded message as observers see it: its name (an Objective-C selector) and the type of
/// its arguments; see ``ForwardedRoutes/observe(_:timing:_:)``.
///
/// ```swift
/// extension ForwardedEvent where Arguments == UIScrollView {
///   static var didScroll: Self { Self("scrollViewDidScroll:") }
/// }
/// ```
public struct ForwardedEvent<Arguments>: Hashable, Sendable {
  /// The message's name, such as `"scrollViewDidScroll:"`.
  public let name: String

  /// The event of the message named `name`, sent with `Arguments`.
  public init(_ name: String) {
    self.name = name
  }
}
