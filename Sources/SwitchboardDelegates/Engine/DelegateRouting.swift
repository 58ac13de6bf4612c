import Foundation
import Switchboard

/// The routing of a ``DelegateProxy``, a configuration of the one ``SelectorRouter``; its API
/// is the proxy's.
///
/// Everything the proxy decides, in plain Swift that runs and is specified on every platform
/// (the proxy only translates the Objective-C runtime's questions into calls here):
///
/// - `responds(to:)` says yes for a selector a live handler implements, or a method returning
///   nothing that something observes; every answer is remembered.
/// - A message goes to the handler its rule picks (its first implementer by default), or to
///   every implementer for a broadcast rule; one that reaches nobody gets the method's fallback
///   (``DelegateFallback``: the parent's own default), a completion handler included, and is
///   reported.
/// - When an answer given changes, the parent's delegate property is set to `nil` and back to
///   the proxy once, after the current turn of the thread the parent calls on.
/// - The parent's installed delegate is kept as the lowest-priority handler, handed to a proxy
///   attached after this one, and given back its property by ``detach()``.
///
/// It may be called on any thread: a lock (recursive, so a handler may call back into the
/// proxy) guards its state, and nothing assumes the main actor.
final class DelegateRouting: @unchecked Sendable {
  // Unchecked: every member is read and written under `lock`.
  private let lock = NSRecursiveLock()
  /// The router of every selector; only under `lock`.
  private let selectors: SelectorRouter<DelegateMessage>
  /// The handlers and rules; only under `lock`.
  private var router: PrioritizedProxy<DelegateMessage> { selectors.router }
  /// Runs work after the current turn of the calling thread's run loop.
  private let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void
  private var onErrorHandler: @Sendable (DelegateProxyError) -> Void = {
    reportByDefault($0, isSetupMistake: $0.isSetupMistake)
  }
  private var reported: [DelegateProxyError] = []
  private var recheckScheduled = false
  private var setupMistakes: [DelegateProxyError] = []
  private var routeObservation: ObservationToken?
  private var isAttached = false
  private weak var proxyObject: AnyObject?
  private var property: DelegateProperty?
  /// The delegates the parent had, kept as the lowest-priority handlers, highest first: the one
  /// its property held at attach (one set behind a proxy's back included), then those the proxy
  /// this one replaced had kept.
  private var kept: [WeakHandler] = []
  /// What ``detach()`` gives back to the property: the delegate it held at attach (a handler
  /// too, or not), or, when it held the proxy this one replaced, what that one would have given.
  private var restoring = WeakHandler(nil)
  /// The handlers at attach, checked after the turn for one nothing else keeps.
  private var handlersAtAttach: [(HandlerDescription, WeakHandler)] = []
  /// The handlers' near misses as last found; they depend on the handlers only.
  private var nearMisses: [DelegateProxyError] = []

  /// The role of the delegate the parent had before attach.
  static let installedRole: HandlerRole = "installed"

  /// Routing for `handlers`, highest priority first, each held weakly.
  init(
    handlers: [(role: HandlerRole, handler: AnyObject)], rules: RoutingRules<DelegateMessage>,
    fallbacks: [String: DelegateFallback], runtime: any SelectorRuntime,
    schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
  ) {
    let router = PrioritizedProxy<DelegateMessage>(
      rules: rules,
      namedImplementationCheck: { name, handler in
        runtime.implementation(of: name, by: handler).counts
      },
      namedNotificationCheck: { name in runtime.declaration(of: name)?.returnsVoid ?? false })
    selectors = SelectorRouter(router: router, runtime: runtime, fallbacks: fallbacks)
    self.schedule = schedule
    for (role, handler) in handlers { router.add(handler, role: role) }
    routeObservation = router.observeRoutes { [weak self] change in
      self?.routesChanged(change)
    }
    router.onError = { [weak self] error in self?.report(.routeCannotWork(error)) }
  }

  /// Runs `body` under the routing's lock: for every member here, and for state of the proxy
  /// object kept beside it.
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  // MARK: - Attaching

  /// Connects `proxyObject` to the parent's delegate `property`, in place of `previous`, the
  /// routing of the proxy attached before, if any (whose kept delegate it keeps).
  ///
  /// A property that holds another Switchboard proxy (`isAnotherProxy`), one that `previous` is
  /// not, is left alone: attaching over it would hide its routes and stop it from re-asking the
  /// parent. That is reported, and `false` returned.
  @discardableResult
  func attach(
    to property: DelegateProperty, as proxyObject: AnyObject, keepingInstalled: Bool,
    replacing previous: DelegateRouting?, isAnotherProxy: (AnyObject) -> Bool = { _ in false }
  ) -> Bool {
    // Read before the proxy replaced lets go of the property.
    let current = property.get()
    if let current, current !== proxyObject, previous?.holds(current) != true,
      isAnotherProxy(current)
    {
      withLock { report(.propertyOwnedByAnotherProxy(typeName: "\(type(of: current))")) }
      return false
    }
    let inherited = previous?.disconnect(restoringKept: false)
    withLock {
      self.property = property
      self.proxyObject = proxyObject
      // The property's delegate, unless it is the proxy replaced: one the app set behind that
      // proxy's back is the app's latest word, and is kept first.
      let installed = current.flatMap {
        $0 === inherited?.proxyObject || $0 === proxyObject ? nil : $0
      }
      restoring = WeakHandler(installed ?? inherited?.restoring)
      kept = []
      if keepingInstalled {
        for object in [installed].compactMap({ $0 }) + (inherited?.kept ?? [])
        where object !== proxyObject && !router.contains(object) {
          let role =
            kept.isEmpty
            ? Self.installedRole : HandlerRole("\(Self.installedRole) \(kept.count + 1)")
          router.add(object, role: role)
          kept.append(WeakHandler(object))
        }
      }
      isAttached = true
      reportSetupMistakes()
      property.set(proxyObject)
      checkWeakHandlersAfterThisTurn()
    }
    return true
  }

  /// Starts the routing of a proxy that a parent receives at initialization, as its delegate
  /// for good (`URLSession`'s, `UIContextMenuInteraction`'s): setup mistakes are reported now,
  /// and handlers nothing else keeps after this turn.
  ///
  /// There is no property to set again, so the answers the parent cached when it received the
  /// proxy cannot be refreshed: a handler added later for a method the parent was told is not
  /// implemented never receives it. Everything else holds: fallbacks, reports, observation.
  func startWithoutProperty(as proxyObject: AnyObject) {
    withLock {
      self.proxyObject = proxyObject
      isAttached = true
      reportSetupMistakes()
      checkWeakHandlersAfterThisTurn()
    }
  }

  /// Whether `object` is the proxy object this routing connected.
  private func holds(_ object: AnyObject) -> Bool { withLock { proxyObject === object } }

  /// Disconnects the proxy: the parent's delegate gets back the delegate it had before attach,
  /// or `nil`.
  func detach() {
    disconnect(restoringKept: true)
  }

  /// What a proxy attached in place of this one takes over.
  private struct HandOver {
    /// The proxy object that held the property.
    let proxyObject: AnyObject?
    /// What its ``detach()`` would have given back.
    let restoring: AnyObject?
    /// The delegates it kept, still alive, highest priority first.
    let kept: [AnyObject]
  }

  @discardableResult
  private func disconnect(restoringKept: Bool) -> HandOver {
    withLock {
      let handOver = HandOver(
        proxyObject: proxyObject, restoring: restoring.object, kept: kept.compactMap(\.object))
      if let property, let proxyObject, property.get() === proxyObject {
        property.set(restoringKept ? handOver.restoring : nil)
      }
      property = nil
      proxyObject = nil
      isAttached = false
      kept = []
      restoring = WeakHandler(nil)
      return handOver
    }
  }

  private func checkWeakHandlersAfterThisTurn() {
    handlersAtAttach = router.handlers.compactMap { description in
      description.role.map { (description, WeakHandler(router.handler(withRole: $0))) }
    }
    schedule { [weak self] in
      guard let self else { return }
      withLock {
        guard isAttached else { return }
        for (description, reference) in handlersAtAttach where reference.object == nil {
          report(.handlerReleasedAfterAttach(handler: "\(description)"))
        }
        handlersAtAttach = []
      }
    }
  }

  // MARK: - Handlers and rules

  /// The rule table; setting it reports the setup mistakes it makes (the route change it
  /// causes runs the check).
  var rules: RoutingRules<DelegateMessage> {
    get { withLock { router.rules } }
    set { withLock { router.rules = newValue } }
  }

  /// Adds a handler with the lowest priority but the kept delegates'.
  func add(_ handler: AnyObject, role: HandlerRole?, retention: HandlerRetention = .weak) {
    withLock {
      let keptHandlers = kept.count { $0.object.map(router.contains) == true }
      router.insert(
        handler, at: max(0, router.handlerCount - keptHandlers), role: role, retention: retention)
      // A handler that changes no route (it implements nothing known yet) is checked too.
      if isAttached { reportSetupMistakes() }
    }
  }

  /// Inserts a handler at a priority position, 0 being the highest.
  func insert(
    _ handler: AnyObject, at position: Int, role: HandlerRole?, retention: HandlerRetention
  ) {
    withLock {
      router.insert(handler, at: position, role: role, retention: retention)
      if isAttached { reportSetupMistakes() }
    }
  }

  /// Removes a handler; `false` when it was not one.
  @discardableResult
  func remove(_ handler: AnyObject) -> Bool { withLock { router.remove(handler) } }

  /// Removes the handler registered with `role`; `false` when none has it.
  @discardableResult
  func removeHandler(withRole role: HandlerRole) -> Bool {
    withLock { router.removeHandler(withRole: role) }
  }

  /// Moves a handler to a new priority position, 0 being the highest.
  func move(_ handler: AnyObject, to position: Int) {
    withLock { router.move(handler, to: position) }
  }

  /// The handler registered with `role`, if it is still alive.
  func handler(withRole role: HandlerRole) -> AnyObject? {
    withLock { router.handler(withRole: role) }
  }

  /// How the proxy holds `handler`, or `nil` when it is not a live handler.
  func retention(of handler: AnyObject) -> HandlerRetention? {
    withLock { router.retention(of: handler) }
  }

  /// Makes several handler and rule changes with one rebuild of the routes, after the last.
  func batch<Failure: Error>(_ changes: () throws(Failure) -> Void) throws(Failure) {
    try withLock { () throws(Failure) in try router.batch(changes) }
  }

  /// Every handler that receives `selector`, in order.
  func targets(forSelector selector: String) -> [AnyObject] {
    withLock { router.targets(forNamed: selector) }
  }

  /// The routes whose rule made an invalid choice.
  var routingErrors: [RoutingError<DelegateMessage>] { withLock { router.routingErrors } }

  /// Throws the first routing error, or an error for the first of `selectors` that reaches
  /// no handler.
  func validate(requiring selectors: [String]) throws(RoutingError<DelegateMessage>) {
    try withLock { () throws(RoutingError<DelegateMessage>) in
      try router.validate(requiringNamed: selectors)
    }
  }

  /// The live handlers, described, in priority order.
  var handlers: [HandlerDescription] { withLock { router.handlers } }

  /// Why `selector` goes where it goes.
  func explain(_ selector: String) -> RouteExplanation<DelegateMessage> {
    withLock { router.explain(named: selector) }
  }

  /// Every selector asked about or given a rule, with its route.
  var routingTable: RoutingTable<DelegateMessage> { withLock { router.routingTable } }

  /// Whether a live handler passes `check` (adopts a protocol, for `conformsToProtocol:`).
  func anyHandler(_ check: (AnyObject) -> Bool) -> Bool {
    withLock {
      router.handlers.flatMap(\.roles).contains { role in
        router.handler(withRole: role).map(check) ?? false
      }
    }
  }

  // MARK: - The runtime's questions

  /// The answer for `responds(to:)` (``SelectorRouter/responds(toSelector:implementedHere:)``):
  /// a method the proxy class implements itself (`implementedHere`) is answered yes, but for
  /// the presets' typed notifications (``DelegatePreset/typedNotifications``), answered like
  /// any other selector: yes only while a handler implements one or something observes it.
  func responds(toSelector selector: String, implementedHere: () -> Bool = { false }) -> Bool {
    if !DelegatePreset.typedNotifications.contains(selector), implementedHere() { return true }
    return withLock { selectors.responds(toSelector: selector) }
  }

  /// The handler the runtime sends `selector` to directly, or `nil`
  /// (``SelectorRouter/forwardingTarget(forSelector:)``).
  func forwardingTarget(forSelector selector: String) -> AnyObject? {
    withLock { selectors.forwardingTarget(forSelector: selector) }
  }

  /// The handler the runtime sends the selector `key` identifies to directly, or `nil`;
  /// `name` is asked only when the routes changed since it was last asked.
  func forwardingTarget(forSelector key: SelectorKey, named name: () -> String) -> AnyObject? {
    withLock { selectors.forwardingTarget(forSelector: key, named: name) }
  }

  /// Delivers a typed notification, a method returning nothing that the proxy class
  /// implements itself, as the runtime would: `send` sends it to its one handler when nothing
  /// observes it (as a forwarding target, with nothing allocated), or else, as ``forward(_:)``
  /// does, to each handler its rule picks, with observers shown `arguments`.
  func deliver(
    _ selector: String, _ arguments: @autoclosure () -> [Any], _ send: (AnyObject) -> Void
  ) {
    if let target = forwardingTarget(forSelector: selector) {
      send(target)
      return
    }
    withoutActuallyEscaping(send) { send in
      forward(TypedNotification(selectorName: selector, arguments: arguments(), send: send))
    }
  }

  /// Delivers a message no forwarding target took (``SelectorRouter/forward(_:)``); one that
  /// reached no handler is reported, and the parent asked again after this turn.
  func forward(_ invocation: some ForwardedInvocation) {
    withLock {
      guard let unanswered = selectors.forward(invocation) else { return }
      report(.unansweredMessage(selector: unanswered.selector, handlers: unanswered.handlers))
      scheduleRecheck()
    }
  }

  // MARK: - Telling the parent

  private func routesChanged(_ change: RouteChange<DelegateMessage>) {
    selectors.routesChanged()
    scheduleRecheck()
    if isAttached, !change.causes.isDisjoint(with: [.handlersChanged, .rulesChanged]) {
      reportSetupMistakes(handlersChanged: change.causes.contains(.handlersChanged))
    }
  }

  private func scheduleRecheck() {
    guard !recheckScheduled, property != nil else { return }
    recheckScheduled = true
    schedule { [weak self] in self?.recheck() }
  }

  /// Asks again for every answer given, and tells the parent when one changed.
  ///
  /// The parent's delegate is set to `nil` and back to the proxy, so the parent asks again. A
  /// delegate another object took is left alone and reported.
  private func recheck() {
    withLock {
      recheckScheduled = false
      guard let property, let proxyObject else { return }
      guard !selectors.changedAnswers().isEmpty else { return }
      let installed = property.get()
      if installed === proxyObject {
        property.set(nil)
        property.set(proxyObject)
      } else if let installed {
        report(.replacedByAnotherObject(typeName: "\(type(of: installed))"))
      }
    }
  }

  // MARK: - Observing

  /// Calls `body` with the boxed arguments of every `selector` the parent sends, before or
  /// after its handlers; a selector that cannot be shown (one that returns a value, or that no
  /// adopted protocol declares) is reported, and `body` is never called.
  func observe(
    _ selector: String, beforeHandler: Bool, _ body: @escaping ([Any]) -> Void
  ) -> ObservationToken {
    withLock {
      if let reason = selectors.observationProblem(selector) {
        report(.undeliverableObservation(selector: selector, reason: reason))
        return ObservationToken {}
      }
      if router.targets(forNamed: selector).isEmpty, !selectors.callsItsCompletion(selector),
        let index = selectors.runtime.declaration(of: selector)?.completionArgument
      {
        // Observed all the same: it is shown whenever a handler implements it.
        report(
          .undeliverableObservation(
            selector: selector,
            reason:
              "it takes a completion handler (argument \(index)) that nothing would call while "
              + "no handler implements it, so the proxy does not answer it for an observer alone. "
              + "Fix: declare its fallback, fallbacks: [#selector(…): .completion(argumentAt: "
              + "\(index)) { handler in handler(…) }], or add a handler that implements it"))
      }
      selectors.forgetDirectTargets()
      let observation = router.observe(
        MessageEvent<DelegateMessage, [Any]>(named: selector), beforeHandler: beforeHandler,
        body)
      // Cancelling changes the router's observer table: under the lock, like every other
      // change, whichever thread cancels or releases the token.
      return ObservationToken { [weak self] in
        guard let self else { return observation.cancel() }
        withLock { observation.cancel() }
      }
    }
  }

  /// Calls `body` with the arguments of every `selector` the parent sends, each unboxed to the
  /// type `types` names; an argument of another type (or another count) is reported once, and
  /// that message is not shown.
  func observe<each Argument>(
    _ selector: String, as types: (repeat each Argument).Type, beforeHandler: Bool,
    _ body: @escaping (repeat each Argument) -> Void
  ) -> ObservationToken {
    var index = 0
    for type in repeat (each Argument).self {
      if let reason = BoxedArguments.neverArrives(as: type) {
        withLock {
          report(
            .undeliverableObservation(
              selector: selector, reason: "its argument \(index) can never arrive: \(reason)"))
        }
        return ObservationToken {}
      }
      index += 1
    }
    var reportedMismatch = false
    return observe(selector, beforeHandler: beforeHandler) { [weak self] boxed in
      if let mismatch = BoxedArguments.deliver(boxed, as: types, to: body) {
        guard !reportedMismatch else { return }
        reportedMismatch = true
        let reason =
          mismatch.index < 0
          ? "it has \(mismatch.found), not the \(mismatch.expected) of \(types)"
          : "its argument \(mismatch.index) is a \(mismatch.found), not \(mismatch.expected)"
        self?.withLock {
          self?.report(.undeliverableObservation(selector: selector, reason: reason))
        }
      }
    }
  }

  // MARK: - Problems

  /// Called with each problem; by default a debug build stops for setup mistakes only.
  var onError: @Sendable (DelegateProxyError) -> Void {
    get { withLock { onErrorHandler } }
    set { withLock { onErrorHandler = newValue } }
  }

  /// Every problem reported, oldest first.
  var errors: [DelegateProxyError] { withLock { reported } }

  /// Sets what is called with a selector no protocol declares when a handler answers it.
  func onUndeclaredSelectorAnswered(_ body: @escaping (String, AnyObject) -> Void) {
    withLock { selectors.onUndeclaredSelectorAnswered = body }
  }

  private func report(_ error: DelegateProxyError) {
    reported.append(error)
    onErrorHandler(error)
  }

  /// Reports every setup mistake not reported since it appeared: a rule that fails, a rule
  /// keyed by a selector no protocol declares and no handler implements.
  private func reportSetupMistakes(handlersChanged: Bool = true) {
    var found: [DelegateProxyError] = []
    do {
      try router.validate()
    } catch {
      found.append(.routeCannotWork(error))
    }
    for (selector, suggestion) in selectors.undeclaredRuleSelectors() {
      found.append(.undeclaredSelector(selector: selector, suggestion: suggestion))
    }
    for (selector, suggestion) in selectors.undeclaredFallbackSelectors() {
      found.append(.undeclaredFallbackSelector(selector: selector, suggestion: suggestion))
    }
    let keyed = Set(router.rules.namesWithEntries).union(selectors.fallbacks.keys).sorted()
    for (selector, sibling) in selectors.unimplementedKeyedSelectors(keyed) {
      found.append(.keyedSelectorNobodyImplements(selector: selector, implemented: sibling))
    }
    if handlersChanged {
      nearMisses = selectors.nearMisses().map {
        .nearMiss(handler: $0.handler, method: $0.method, declared: $0.declared)
      }
    }
    found += nearMisses
    for mistake in found where !setupMistakes.contains(mistake) { report(mistake) }
    setupMistakes = found
  }
}

/// A parent's delegate property, as a ``DelegateRouting`` reads and sets it (the parent held
/// weakly).
struct DelegateProperty: Sendable {
  let get: @Sendable () -> AnyObject?
  let set: @Sendable (AnyObject?) -> Void
}

/// A notification a typed method of the proxy received, delivered without an `NSInvocation`.
private struct TypedNotification: ForwardedInvocation {
  let selectorName: String
  let arguments: [Any]
  let send: (AnyObject) -> Void
  var returnsVoid: Bool { true }
  func invoke(on target: AnyObject) { send(target) }
  // A notification answers nothing.
  func answerZero() {}
  func answer(with value: Any) {}
  func answerWithArgument(at index: Int) {}
}
