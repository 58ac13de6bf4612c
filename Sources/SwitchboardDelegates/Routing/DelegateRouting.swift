import Foundation
import Switchboard

/// The one routing of every Switchboard delegate proxy, on the one ``SelectorRouter``.
///
/// ``DelegateProxy`` uses it as it is; the table and collection view proxies are its
/// configuration for `ListMessage` (`ListRouting`). Its API is the proxies'.
///
/// Everything a proxy decides, in plain Swift that runs and is specified on every platform
/// (the proxy only translates the Objective-C runtime's questions into calls here):
///
/// - `responds(to:)` says yes for a selector a live handler implements, or a method returning
///   nothing that something observes; every answer is remembered.
/// - A message goes to the handler its rule picks (its first implementer by default), or to
///   every implementer for a broadcast rule; one that reaches nobody gets the method's fallback
///   (``DelegateFallback``: the parent's own default), a completion handler included, and is
///   reported.
/// - When an answer given changes, each of the parent's properties whose object received it is
///   set to `nil` and back to the proxy once, after the current turn of the thread the parent
///   calls on.
/// - The objects the parent's properties held are kept as the lowest-priority handlers, handed
///   to a proxy attached after this one, and given back their properties by ``detach()``.
///
/// It may be called on any thread: a lock (recursive, so a handler may call back into the
/// proxy) guards its state, and nothing assumes the main actor.
package final class DelegateRouting<Message: MessageSet>: @unchecked Sendable {
  // Unchecked: every member is read and written under `lock`.
  private let lock = NSRecursiveLock()
  /// The router of every selector; only under `lock`.
  let selectors: SelectorRouter<Message>
  /// What the Objective-C runtime (or the specs' model of it) says about selectors and
  /// handlers.
  package var runtime: any SelectorRuntime { selectors.runtime }
  /// The handlers and rules; only under `lock`.
  package var router: PrioritizedProxy<Message> { selectors.router }
  /// What a configuration adds: required messages, its own setup mistakes, which property
  /// receives which selector.
  private let configuration: RoutingConfiguration<Message>
  /// Runs work after the current turn of the calling thread's run loop.
  private let schedule: (@escaping @Sendable () -> Void) -> Void
  private var onErrorHandler: @Sendable (DelegateProxyError) -> Void = {
    reportByDefault($0, isSetupMistake: $0.isSetupMistake)
  }
  private var reported: [DelegateProxyError] = []
  private var recheckScheduled = false
  /// The rules given at initialization that were refused, reported when the proxy starts.
  private var refusedAtInit: [DelegateProxyError] = []
  private var setupMistakes: [DelegateProxyError] = []
  private var routeObservation: ObservationToken?
  private var isAttached = false
  private weak var proxyObject: AnyObject?
  /// The parent's properties the proxy is assigned to, the first receiving every selector the
  /// configuration does not place.
  private var properties: [DelegateProperty] = []
  /// The objects the parent's properties held, kept as the lowest-priority handlers, highest
  /// first: those the properties held at attach (one set behind a proxy's back included), then
  /// those the proxy this one replaced had kept.
  private var kept: [KeptDelegate] = []
  /// What ``detach()`` gives back to each property, by name: the object it held at attach (a
  /// handler too, or not), or, when it held the proxy this one replaced, what that one would
  /// have given.
  private var restoring: [String: WeakHandler] = [:]
  /// Where each selector of ``RoutingConfiguration/cachedRoutes`` went when its property was
  /// last assigned: the handlers whose answers the parent cached (a table's row counts).
  private var assignedRoutes: [String: WeakHandler] = [:]
  /// The handlers at attach, checked after the turn for one nothing else keeps.
  private var handlersAtAttach: [(HandlerDescription, WeakHandler)] = []
  /// The handlers' near misses as last found; they depend on the handlers only.
  private var nearMisses: [DelegateProxyError] = []
  /// The streams of ``events(_:as:beforeHandler:bufferingPolicy:)`` being consumed, each with
  /// its observation and what ends it, finished when the routing goes away.
  private var streams: [Int: (observation: ObservationToken, finish: () -> Void)] = [:]
  private var nextStream = 0
  /// Answers a modeled message (``RoutingConfiguration/modeledMessage``) that reached
  /// ``forward(_:)``: a list proxy's `tableView:numberOfRowsInSection:`, which its class does not
  /// implement; set once, before the proxy is attached.
  package var performModeled: ((any ForwardedInvocation, Message) -> Void)?

  deinit {
    // The proxy went away (with its parent, which owns it): every stream ends.
    for stream in streams.values { stream.finish() }
  }

  /// Routing over `router`'s handlers and rules, configured by `configuration`.
  package init(
    router: PrioritizedProxy<Message>, runtime: any SelectorRuntime,
    fallbacks: [String: DelegateFallback] = [:],
    configuration: RoutingConfiguration<Message> = RoutingConfiguration(),
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void
  ) {
    let modeledMessage = configuration.modeledMessage
    selectors = SelectorRouter(
      router: router, runtime: runtime, presenceSensitive: configuration.presenceSensitive,
      fallbacks: fallbacks,
      modeledAnswer: { selector in
        // One policy: a live handler implements it, or something observes it.
        modeledMessage(selector).map { router.responds(to: $0) }
      })
    self.configuration = configuration
    self.schedule = schedule
    // Reported when the proxy starts, once the app has had its say on `onError`.
    router.rules = refusingBroadcasts(in: router.rules, keeping: RoutingRules()) {
      refusedAtInit.append($0)
    }
    routeObservation = router.observeRoutes { [weak self] change in
      self?.routesChanged(change)
    }
    // A failed route met by a call is reported once.
    router.onError = { [weak self] error in
      guard let self else { return }
      let problem = DelegateProxyError(.routeCannotWork(error.description))
      withLock { if !reported.contains(problem) { report(problem) } }
    }
  }

  /// Runs `body` under the routing's lock: for every member here, and for state of the proxy
  /// object kept beside it.
  package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  // MARK: - Attaching

  /// Connects `proxyObject` to the parent's `properties`, in place of `previous`, the routing of
  /// the proxy attached before, if any (whose kept objects it keeps).
  ///
  /// The objects the properties hold are kept as the lowest-priority handlers unless
  /// `keepingInstalled` is `false`. A property that holds another Switchboard proxy
  /// (`isAnotherProxy`), one that `previous` is not, is left alone: attaching over it would
  /// hide its routes and stop it from re-asking the parent. That is reported, and `false`
  /// returned.
  @discardableResult
  package func attach(
    to properties: [DelegateProperty], as proxyObject: AnyObject, keepingInstalled: Bool,
    replacing previous: DelegateRouting?, isAnotherProxy: (AnyObject) -> Bool = { _ in false }
  ) -> Bool {
    // Read before the proxy replaced lets go of the properties.
    let current = properties.map { $0.get() }
    for (property, object) in zip(properties, current) {
      guard let object, object !== proxyObject, previous?.holds(object) != true,
        isAnotherProxy(object)
      else { continue }
      withLock {
        report(
          DelegateProxyError(
            .propertyOwnedByAnotherProxy(property: property.name, typeName: "\(type(of: object))")
          ))
      }
      return false
    }
    let inherited = previous?.disconnect(restoringKept: false)
    withLock {
      self.properties = properties
      self.proxyObject = proxyObject
      // Each property's object, unless it is the proxy replaced: one the app set behind that
      // proxy's back is the app's latest word, and is kept first.
      var found: [KeptDelegate] = []
      restoring = [:]
      for (property, object) in zip(properties, current) {
        let installed = object.flatMap {
          $0 === inherited?.proxyObject || $0 === proxyObject ? nil : $0
        }
        restoring[property.name] = WeakHandler(
          installed ?? inherited?.restoring[property.name] ?? nil)
        if let installed { KeptDelegate.add(installed, from: property.name, to: &found) }
      }
      for entry in inherited?.kept ?? [] {
        guard let object = entry.object else { continue }
        for name in entry.properties { KeptDelegate.add(object, from: name, to: &found) }
      }
      kept = []
      if keepingInstalled {
        for entry in found {
          guard let object = entry.object, object !== proxyObject, !router.contains(object)
          else { continue }
          router.add(object, roles: entry.properties.map(keptRole), retention: .weak)
          kept.append(entry)
        }
        configuration.didKeep(router, kept)
      }
      isAttached = true
      reportRefusedAtInit()
      reportSetupMistakes()
      for property in properties where holdsProxy(property) { assign(property) }
      checkWeakHandlersAfterThisTurn()
    }
    return true
  }

  /// The role of an object kept from the property `name`: the property's role, numbered when
  /// another handler has it (`installed 2`).
  private func keptRole(_ name: String) -> HandlerRole {
    let base = properties.first { $0.name == name }?.keptRole ?? HandlerRole(name)
    var role = base
    var number = 1
    while router.handler(withRole: role) != nil {
      number += 1
      role = HandlerRole("\(base.name) \(number)")
    }
    return role
  }

  /// Whether `property` holds the proxy now: always, but for one held only while a selector
  /// is answered (a list's prefetching data source).
  private func holdsProxy(_ property: DelegateProperty) -> Bool {
    guard let selector = property.heldWhileAnswering else { return true }
    return selectors.responds(toSelector: selector)
  }

  /// Assigns the proxy to `property`; for the property whose routes the parent caches,
  /// remembers where they go.
  private func assign(_ property: DelegateProperty) {
    if property.name == configuration.cachedRoutesProperty {
      assignedRoutes = configuration.cachedRoutes(router, Array(selectors.answers.keys))
    }
    property.set(proxyObject)
  }

  /// Starts the routing of a proxy that a parent receives at initialization, as its delegate
  /// for good (`URLSession`'s, `UIContextMenuInteraction`'s): setup mistakes are reported now,
  /// and handlers nothing else keeps after this turn.
  ///
  /// There is no property to set again, so the answers the parent cached when it received the
  /// proxy cannot be refreshed: a handler added later for a method the parent was told is not
  /// implemented never receives it. Everything else holds: fallbacks, reports, observation.
  package func startWithoutProperty(as proxyObject: AnyObject) {
    withLock {
      self.proxyObject = proxyObject
      isAttached = true
      reportRefusedAtInit()
      reportSetupMistakes()
      checkWeakHandlersAfterThisTurn()
    }
  }

  private func reportRefusedAtInit() {
    for problem in refusedAtInit { report(problem) }
    refusedAtInit = []
  }

  /// Whether `object` is the proxy object this routing connected.
  private func holds(_ object: AnyObject) -> Bool { withLock { proxyObject === object } }

  /// Disconnects the proxy: each property that holds it gets back the object it had before
  /// attach, or `nil`.
  package func detach() {
    disconnect(restoringKept: true)
  }

  /// What a proxy attached in place of this one takes over.
  private struct HandOver {
    /// The proxy object that held the properties.
    let proxyObject: AnyObject?
    /// What its ``detach()`` would have given back, by property.
    let restoring: [String: AnyObject?]
    /// The objects it kept, still alive, highest priority first.
    let kept: [KeptDelegate]
  }

  @discardableResult
  private func disconnect(restoringKept: Bool) -> HandOver {
    withLock {
      let handOver = HandOver(
        proxyObject: proxyObject, restoring: restoring.mapValues(\.object),
        kept: kept.filter { $0.object != nil })
      if let proxyObject {
        for property in properties where property.get() === proxyObject {
          property.set(restoringKept ? restoring[property.name]?.object : nil)
        }
      }
      properties = []
      proxyObject = nil
      isAttached = false
      kept = []
      restoring = [:]
      return handOver
    }
  }

  private func checkWeakHandlersAfterThisTurn() {
    handlersAtAttach = router.handlers.compactMap { description in
      description.role.flatMap { role in
        description.retention == .weak
          ? (description, WeakHandler(router.handler(withRole: role))) : nil
      }
    }
    schedule { [weak self] in
      guard let self else { return }
      withLock {
        guard isAttached else { return }
        for (description, reference) in handlersAtAttach where reference.object == nil {
          report(DelegateProxyError(.handlerReleasedAfterAttach(handler: "\(description)")))
        }
        handlersAtAttach = []
      }
    }
  }

  // MARK: - Handlers and rules

  /// The rule table; setting it reports the setup mistakes it makes (the route change it
  /// causes runs the check).
  package var rules: RoutingRules<Message> {
    get { withLock { router.rules } }
    set {
      withLock {
        router.rules = refusingBroadcasts(in: newValue, keeping: router.rules) { report($0) }
      }
    }
  }

  /// `rules`, but for each broadcast rule of a method that returns a value, which is refused
  /// (reported, with the fix) and replaced by the rule `previous` had for it: the parent takes
  /// one answer, so a broadcast would leave the method with no route at all.
  private func refusingBroadcasts(
    in rules: RoutingRules<Message>, keeping previous: RoutingRules<Message>,
    reporting report: (DelegateProxyError) -> Void
  ) -> RoutingRules<Message> {
    var accepted = rules
    for name in rules.namesWithEntries where rules[named: name]?.isBroadcast == true {
      guard let declaration = selectors.runtime.declaration(of: name), !declaration.returnsVoid
      else { continue }
      accepted[named: name] = previous[named: name]
      let kept = previous[named: name].map { "its rule, \($0)" } ?? "its first implementer"
      report(
        DelegateProxyError(
          .routeCannotWork(
            "\(name): a broadcast rule was refused, since the method returns a value and the "
              + "parent takes one answer; it keeps \(kept). Fix: pick one handler "
              + "(.always(role), .prefer(role)), or answer it with one closure that asks each "
              + "object")))
    }
    return accepted
  }

  /// Adds a handler with the lowest priority but the kept delegates'.
  package func add(_ handler: AnyObject, role: HandlerRole?, retention: HandlerRetention = .weak) {
    withLock {
      place(handler, role: role, at: nil, retention: retention)
      // A handler that changes no route (it implements nothing known yet) is checked too.
      if isAttached { reportSetupMistakes() }
    }
  }

  /// Inserts a handler at a priority position, 0 being the highest.
  package func insert(
    _ handler: AnyObject, at position: Int, role: HandlerRole?, retention: HandlerRetention
  ) {
    withLock {
      place(handler, role: role, at: position, retention: retention)
      if isAttached { reportSetupMistakes() }
    }
  }

  /// Inserts `handler`, a handler object or a closure, with `role` at `position` (by default
  /// after the handlers but the kept delegates), in one change of the routes. Never a crash,
  /// whatever the app's objects and screens do:
  ///
  /// - A handler that had `role` is replaced, in its place unless `position` is given: a
  ///   closure by the closure given again (a SwiftUI update), an object by another object or
  ///   closure (reported, not a setup mistake: two screens sharing a proxy under one role).
  /// - A handler added again keeps one place, the new one, with the new role.
  ///
  /// Under the lock.
  private func place(
    _ handler: AnyObject, role: HandlerRole?, at position: Int?, retention: HandlerRetention
  ) {
    if let role, let existing = router.handler(withRole: role), existing !== handler,
      !(existing is ClosureHandler)
    {
      report(
        DelegateProxyError(
          .roleReplaced(
            role: "\(role)", replaced: "\(type(of: existing))", by: describe(handler))))
    }
    // The router replaces the holder of a taken role (in its place when added) and moves a
    // handler registered again.
    if position == nil, let role, router.handler(withRole: role) != nil {
      router.add(handler, role: role, retention: retention)
    } else {
      let index = position ?? max(0, router.handlerCount - keptCount)
      router.insert(handler, at: index, role: role, retention: retention)
    }
  }

  /// A handler's type, as reports name it: a closure by its selector.
  private func describe(_ handler: AnyObject) -> String {
    (handler as? ClosureHandler).map { "closure for \($0.selector)" } ?? "\(type(of: handler))"
  }

  /// Removes a handler; `false` when it was not one.
  @discardableResult
  package func remove(_ handler: AnyObject) -> Bool { withLock { router.remove(handler) } }

  /// Removes the handler registered with `role`; `false` when none has it.
  @discardableResult
  package func removeHandler(withRole role: HandlerRole) -> Bool {
    withLock { router.removeHandler(withRole: role) }
  }

  /// Moves a handler to a new priority position, 0 being the highest (past the last, the
  /// last); `false` when it is not a handler (nothing moved).
  @discardableResult
  package func move(_ handler: AnyObject, to position: Int) -> Bool {
    withLock { router.move(handler, to: position) }
  }

  /// The handler registered with `role`, if it is still alive.
  package func handler(withRole role: HandlerRole) -> AnyObject? {
    withLock { router.handler(withRole: role) }
  }

  /// How the proxy holds `handler`, or `nil` when it is not a live handler.
  package func retention(of handler: AnyObject) -> HandlerRetention? {
    withLock { router.retention(of: handler) }
  }

  /// Makes several handler and rule changes with one rebuild of the routes, after the last.
  package func batch<Failure: Error>(_ changes: () throws(Failure) -> Void) throws(Failure) {
    try withLock { () throws(Failure) in try router.batch(changes) }
  }

  /// Every handler that receives `selector`, in order.
  package func targets(forSelector selector: String) -> [AnyObject] {
    withLock { router.targets(forNamed: selector) }
  }

  /// The routes whose rule made an invalid choice.
  package var routingErrors: [RoutingError<Message>] { withLock { router.routingErrors } }

  /// Throws the first routing error, or an error for the first of `selectors` that reaches
  /// no handler.
  package func validate(requiring selectors: [String]) throws(RoutingError<Message>) {
    try withLock { () throws(RoutingError<Message>) in
      try router.validate(requiringNamed: selectors)
    }
  }

  /// The live handlers, described, in priority order.
  package var handlers: [HandlerDescription] { withLock { router.handlers } }

  /// Why `selector` goes where it goes.
  package func explain(_ selector: String) -> RouteExplanation<Message> {
    withLock { router.explain(named: selector) }
  }

  /// Every selector asked about or given a rule, with its route.
  package var routingTable: RoutingTable<Message> { withLock { router.routingTable } }

  /// Whether a live handler passes `check` (adopts a protocol, for `conformsToProtocol:`).
  package func anyHandler(_ check: (AnyObject) -> Bool) -> Bool {
    withLock {
      router.handlers.flatMap(\.roles).contains { role in
        router.handler(withRole: role).map(check) ?? false
      }
    }
  }

  // MARK: - Closures

  /// Adds `body` as the handler with `role` of `selector`, at `position` (by default after the
  /// handlers but the kept delegates), in place of the closure `role` had; the token removes
  /// it.
  ///
  /// The closure is checked against the method's declaration first: a selector no adopted
  /// protocol declares, another number of arguments, or an argument or return type the method
  /// does not have is reported, with the fix, and the closure is not added. Held weakly (the
  /// default), it lives as long as the token; held strongly, as long as the proxy, until the
  /// token is cancelled or another closure takes its role.
  package func answer<each Argument, Answer>(
    _ selector: String, role: HandlerRole, at position: Int?, retention: HandlerRetention,
    isolation actor: (any Actor)?, _ body: @escaping (repeat each Argument) -> Answer
  ) -> ObservationToken {
    withLock {
      let declaration = selectors.runtime.declaration(of: selector)
      let isolation = ClosureIsolation(registeredOn: actor)
      let problem: String?
      if let actor, isolation == nil {
        problem = ClosureIsolation.refusal(of: actor)
      } else if let declaration {
        problem = closureProblem(declaration, selector, (repeat each Argument).self, Answer.self)
      } else {
        problem = undeclaredClosureProblem(selector)
      }
      if let problem {
        report(DelegateProxyError(.closureCannotAnswer(selector: selector, reason: problem)))
        return ObservationToken {}
      }
      let handler = ClosureHandler(
        selector: selector, argumentTypes: declaration?.argumentTypes,
        isolation: isolation ?? .anyThread, body
      ) {
        [weak self] mismatch in
        let reason =
          mismatch.index < 0
          ? "it was sent \(mismatch.found), not \(mismatch.expected)"
          : "its argument \(mismatch.index) arrived as a \(mismatch.found), not \(mismatch.expected)"
        self?.report(DelegateProxyError(.closureCannotAnswer(selector: selector, reason: reason)))
      } onWrongThread: { [weak self] in
        self?.report(
          DelegateProxyError(.calledOffItsActor(selector: selector, thread: currentThreadName())))
      }
      place(handler, role: role, at: position, retention: retention)
      // The token keeps a weakly held closure alive. A strongly held one keeps its token, so
      // that dropping the caller's reference removes nothing.
      let kept = retention == .weak ? handler : nil
      let token = ObservationToken { [weak self, weak handler] in
        withExtendedLifetime(kept) {
          guard let self, let handler else { return }
          self.withLock { _ = self.router.remove(handler) }
        }
      }
      if retention == .strong { handler.token = token }
      return token
    }
  }

  /// How many kept delegates are handlers still.
  private var keptCount: Int { kept.count { $0.object.map(router.contains) == true } }

  /// Why a closure for `selector`, which no adopted protocol declares, cannot answer it.
  private func undeclaredClosureProblem(_ selector: String) -> String {
    let hint = closestSelector(to: selector, in: selectors.runtime.declaredSelectors).map {
      " Did you mean \($0)?"
    }
    return
      "no adopted protocol declares it, so the parent never sends it.\(hint ?? "") Fix: spell "
      + "it as the protocol does, use #selector(…), or adopt the protocol that declares it"
  }

  /// Why a closure of `Argument`s returning `Answer` cannot answer the method `declaration`
  /// describes, or `nil` when it can.
  private func closureProblem<each Argument, Answer>(
    _ declaration: SelectorDeclaration, _ selector: String,
    _ arguments: (repeat each Argument).Type, _ answer: Answer.Type
  ) -> String? {
    let fix = ". Fix: write the closure with the method's types, { (…) -> … in }"
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    let expected =
      declaration.argumentTypes?.count ?? selector.count { $0 == ":" }
    guard count == expected else {
      let arguments = expected == 1 ? "1 argument" : "\(expected) arguments"
      return "the method takes \(arguments), the closure \(count)" + fix
    }
    var index = 0
    var problem: String?
    func check<Value>(_ type: Value.Type) {
      defer { index += 1 }
      guard problem == nil else { return }
      let encoding = declaration.argumentTypes?[index]
      if encoding == "@?", TypeEncoding.isBlock(Value.self) || Value.self is AnyObject.Type {
        return
      }
      if encoding == "@?", TypeShape.of(Value.self) == .function(isBlock: false) {
        problem =
          "its argument \(index) is a completion handler, a block, but \(Value.self) is a Swift "
          + "closure. Fix: declare it as the block it is, @convention(block) (…) -> Void"
        return
      }
      if let reason = BoxedArguments.neverArrives(as: Value.self) {
        problem = "its argument \(index) can never arrive: \(reason)"
      } else if let encoding, !TypeEncoding.accepts(encoding, Value.self) {
        problem =
          "its argument \(index) is \(TypeEncoding.describe(encoding)), not \(Value.self)" + fix
      }
    }
    for type in repeat (each Argument).self { check(type) }
    if let problem { return problem }
    if declaration.returnsVoid != (Answer.self == Void.self) {
      return declaration.returnsVoid
        ? "the method returns nothing, the closure \(Answer.self)" + fix
        : "the method returns a value, the closure nothing" + fix
    }
    if let encoding = declaration.returnType, !TypeEncoding.accepts(encoding, Answer.self) {
      return "the method returns \(TypeEncoding.describe(encoding)), not \(Answer.self)" + fix
    }
    return nil
  }

  // MARK: - The runtime's questions

  /// The answer for `responds(to:)` (``SelectorRouter/responds(toSelector:implementedHere:)``):
  /// a configuration's modeled selector is answered from its message's route; a method the
  /// proxy class implements itself (`implementedHere`) is answered yes, but for its typed
  /// notifications (``RoutingConfiguration/typedNotifications``), answered like any other
  /// selector: yes only while a handler implements one or something observes it.
  package func responds(toSelector selector: String, implementedHere: () -> Bool = { false }) -> Bool {
    let typed = configuration.typedNotifications.contains(selector)
    return withLock {
      selectors.responds(toSelector: selector) { !typed && implementedHere() }
    }
  }

  /// The handler the runtime sends `selector` to directly, or `nil`
  /// (``SelectorRouter/forwardingTarget(forSelector:)``).
  package func forwardingTarget(forSelector selector: String) -> AnyObject? {
    withLock { selectors.forwardingTarget(forSelector: selector) }
  }

  /// The handler the runtime sends the selector `key` identifies to directly, or `nil`;
  /// `name` is asked only when the routes changed since it was last asked.
  package func forwardingTarget(forSelector key: SelectorKey, named name: () -> String) -> AnyObject? {
    withLock { selectors.forwardingTarget(forSelector: key, named: name) }
  }

  /// Delivers a typed notification, a method returning nothing that the proxy class
  /// implements itself, as the runtime would: `send` sends it to its one handler when nothing
  /// observes it (as a forwarding target, with nothing allocated), or else, as ``forward(_:)``
  /// does, to each handler its rule picks, with observers shown `arguments`.
  package func deliver(
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
  package func forward(_ invocation: some ForwardedInvocation) {
    withLock {
      if let performModeled, let message = configuration.modeledMessage(invocation.selectorName) {
        return performModeled(invocation, message)
      }
      guard let unanswered = selectors.forward(invocation) else { return }
      report(
        DelegateProxyError(
          .unansweredMessage(selector: unanswered.selector, handlers: unanswered.handlers)))
      scheduleRecheck()
    }
  }

  // MARK: - Telling the parent

  private func routesChanged(_ change: RouteChange<Message>) {
    selectors.routesChanged()
    scheduleRecheck()
    // A change made on purpose (through the proxy or its router) is checked as attach checks;
    // a released handler or a new observer is no setup mistake.
    if isAttached, !change.causes.isDisjoint(with: [.handlersChanged, .rulesChanged]) {
      reportSetupMistakes(handlersChanged: change.causes.contains(.handlersChanged))
    }
  }

  private func scheduleRecheck() {
    guard !recheckScheduled, !properties.isEmpty else { return }
    recheckScheduled = true
    schedule { [weak self] in self?.recheck() }
  }

  /// Asks again for every answer given, and tells the parent when one changed.
  ///
  /// Each property whose object received a changed answer (or whose cached routes moved) is
  /// set to `nil` and back to the proxy, so the parent asks again. A property another object
  /// took is left alone and reported.
  private func recheck() {
    withLock {
      recheckScheduled = false
      guard let proxyObject, let first = properties.first else { return }
      var stale: Set<String> = []
      for selector in selectors.changedAnswers() {
        stale.insert(configuration.propertyOfSelector(selector) ?? first.name)
      }
      if let name = configuration.cachedRoutesProperty,
        configuration.cachedRoutes(router, Array(selectors.answers.keys)).contains(where: {
          selector, now in assignedRoutes[selector]?.object !== now.object
        })
      {
        stale.insert(name)
      }
      for property in properties where property.heldWhileAnswering != nil {
        // Held only while answering: stale exactly when holding it no longer matches.
        if holdsProxy(property) != (property.get() === proxyObject) {
          stale.insert(property.name)
        } else {
          stale.remove(property.name)
        }
      }
      for property in properties where stale.contains(property.name) {
        let installed = property.get()
        if installed === proxyObject || (installed == nil && property.heldWhileAnswering != nil) {
          // Nil first: a parent asks nothing again when the same object is assigned.
          property.set(nil)
          if holdsProxy(property) { assign(property) }
        } else if let installed {
          report(
            DelegateProxyError(
              .replacedByAnotherObject(property: property.name, typeName: "\(type(of: installed))")
            ))
        }
      }
    }
  }

  // MARK: - Observing

  /// Calls `body` with the arguments of every `event` the parent sends, before or after its
  /// handlers; an event that cannot be shown (see ``observationProblem(_:)``) is reported, and
  /// `body` is never called.
  package func observe<Arguments>(
    _ event: MessageEvent<Message, Arguments>, beforeHandler: Bool,
    isolation actor: (any Actor)? = nil, _ body: @escaping (Arguments) -> Void
  ) -> ObservationToken {
    observation(event, beforeHandler: beforeHandler, isolation: actor, body)
      ?? ObservationToken {}
  }

  /// The observation of `event`, or `nil` when it cannot be shown (reported); `body`, written
  /// on `actor`, is called only where that actor allows (``ClosureIsolation``).
  private func observation<Arguments>(
    _ event: MessageEvent<Message, Arguments>, beforeHandler: Bool,
    isolation actor: (any Actor)? = nil, _ body: @escaping (Arguments) -> Void
  ) -> ObservationToken? {
    withLock {
      guard let isolation = ClosureIsolation(registeredOn: actor) else {
        let reason = actor.map(ClosureIsolation.refusal(of:)) ?? ""
        report(DelegateProxyError(.undeliverableObservation(selector: event.name, reason: reason)))
        return nil
      }
      guard startObserving(event) else { return nil }
      var reportedWrongThread = false
      let checked: (Arguments) -> Void =
        isolation == .anyThread
        ? body
        : { [weak self] arguments in
          guard isolation.allowsCallHere else {
            // Under the lock, as every message is delivered.
            if !reportedWrongThread {
              reportedWrongThread = true
              self?.report(
                DelegateProxyError(
                  .calledOffItsActor(selector: event.name, thread: currentThreadName())))
            }
            return
          }
          body(arguments)
        }
      let observation: ObservationToken
      if let typed = configuration.typedEvents[event.name], Arguments.self != [Any].self {
        // Delivered boxed, as every message is; read as the typed event's arguments.
        observation = router.observe(
          MessageEvent<Message, [Any]>(named: event.name), beforeHandler: beforeHandler
        ) { boxed in
          if let arguments = typed.decode(boxed) as? Arguments { checked(arguments) }
        }
      } else {
        observation = router.observe(event, beforeHandler: beforeHandler, checked)
      }
      // Cancelling changes the router's observer table: under the lock, like every other
      // change, whichever thread cancels or releases the token.
      return ObservationToken { [weak self] in
        guard let self else { return observation.cancel() }
        withLock { observation.cancel() }
      }
    }
  }

  /// Every `event` from now on, as ``observe(_:beforeHandler:isolation:_:)`` shows it; a stream that ends
  /// at once when the event cannot be shown (the problem is reported).
  package func events<Arguments: Sendable>(
    _ event: MessageEvent<Message, Arguments>, beforeHandler: Bool,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy
  ) -> AsyncStream<Arguments> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Arguments.self, bufferingPolicy: bufferingPolicy)
    let observation = observation(event, beforeHandler: beforeHandler) { arguments in
      continuation.yield(arguments)
    }
    keep(observation, finishing: continuation)
    return stream
  }

  /// Keeps `observation` while `continuation`'s stream is consumed, and finishes the stream
  /// when the routing goes away; a `nil` observation (one that cannot be shown) finishes it
  /// at once.
  private func keep<Element>(
    _ observation: ObservationToken?, finishing continuation: AsyncStream<Element>.Continuation
  ) {
    guard let observation else { return continuation.finish() }
    withLock {
      nextStream += 1
      let id = nextStream
      streams[id] = (observation, { continuation.finish() })
      continuation.onTermination = { [weak self] _ in
        self?.withLock { self?.streams[id] = nil }
      }
    }
  }

  /// Whether `event` can be shown, reporting why not.
  ///
  /// When it can, the runtime's direct targets are forgotten so its messages reach the
  /// observer. Under the lock.
  private func startObserving<Arguments>(_ event: MessageEvent<Message, Arguments>) -> Bool {
    let selector = event.name
    if let reason = observationProblem(event) {
      report(DelegateProxyError(.undeliverableObservation(selector: selector, reason: reason)))
      return false
    }
    if router.targets(forNamed: selector).isEmpty, !selectors.callsItsCompletion(selector),
      let index = selectors.runtime.declaration(of: selector)?.completionArgument
    {
      // Observed all the same: it is shown whenever a handler implements it.
      report(
        DelegateProxyError(
          .undeliverableObservation(
            selector: selector,
            reason:
              "it takes a completion handler (argument \(index)) that nothing would call while "
              + "no handler implements it, so the proxy does not answer it for an observer alone. "
              + "Fix: declare its fallback, fallbacks: [#selector(…): .completion(argumentAt: "
              + "\(index)) { handler in handler(…) }], or add a handler that implements it")))
    }
    selectors.forgetDirectTargets()
    return true
  }

  /// Why `event` cannot be shown to observers with its arguments type, or `nil` when it can: it
  /// must be a method the protocols declare that returns nothing, not one a configuration
  /// models, observed with the arguments the proxy sends it with (the typed ones of
  /// ``RoutingConfiguration/typedEvents``, otherwise `[Any]`, boxed by the runtime).
  private func observationProblem<Arguments>(_ event: MessageEvent<Message, Arguments>)
    -> String?
  {
    let selector = event.name
    // A modeled message is shown through its typed event (a list proxy's `.didSelectRow`).
    if event.message != nil { return nil }
    if let message = configuration.modeledMessage(selector) {
      return "it is modeled; observe its message instead (proxy.observe(.\(message)))"
    }
    if let typed = configuration.typedEvents[selector]?.type {
      return typed == Arguments.self
        ? nil : "its arguments are \(typed), not \(Arguments.self); observe its typed event"
    }
    if let problem = selectors.observationProblem(selector) { return problem }
    if let effect = configuration.presenceEffects[selector],
      router.targets(forNamed: selector).isEmpty
    {
      return
        "its mere presence changes the parent (\(effect)), and observing it alone would make "
        + "the proxy implement it. Fix: observe it only beside a handler that implements it, "
        + "or observe the methods it would silence instead"
    }
    if Arguments.self != [Any].self {
      return
        "its arguments come boxed as [Any], not \(Arguments.self); observe "
        + "MessageEvent(#selector(…)) or observe(named:as:)"
    }
    return nil
  }

  /// Calls `body` with the arguments of every `selector` the parent sends, each unboxed to the
  /// type `types` names; an argument of another type (or another count) is reported once, and
  /// that message is not shown.
  package func observe<each Argument>(
    _ selector: String, as types: (repeat each Argument).Type, beforeHandler: Bool,
    isolation actor: (any Actor)? = nil, _ body: @escaping (repeat each Argument) -> Void
  ) -> ObservationToken {
    typedObservation(selector, as: types, beforeHandler: beforeHandler, isolation: actor, body)
      ?? ObservationToken {}
  }

  /// Every message named `selector` from now on, its arguments unboxed as
  /// ``observe(_:as:beforeHandler:isolation:_:)`` does, until the routing goes away (with its proxy) or
  /// the consumer stops; a stream that ends at once when they cannot be shown (reported).
  package func events<each Argument>(
    _ selector: String, as types: (repeat each Argument).Type, beforeHandler: Bool,
    bufferingPolicy: AsyncStream<(repeat each Argument)>.Continuation.BufferingPolicy
  ) -> AsyncStream<(repeat each Argument)> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: (repeat each Argument).self, bufferingPolicy: bufferingPolicy)
    let observation = typedObservation(selector, as: types, beforeHandler: beforeHandler) {
      (argument: repeat each Argument) in
      continuation.yield(handedOver((repeat each argument)))
    }
    keep(observation, finishing: continuation)
    return stream
  }

  /// The observation of every message named `selector`, its arguments unboxed to `types`, or
  /// `nil` when they cannot be shown (reported): an argument of another type (or another count)
  /// is reported once, and that message is not shown.
  private func typedObservation<each Argument>(
    _ selector: String, as types: (repeat each Argument).Type, beforeHandler: Bool,
    isolation actor: (any Actor)? = nil, _ body: @escaping (repeat each Argument) -> Void
  ) -> ObservationToken? {
    var index = 0
    for type in repeat (each Argument).self {
      if let reason = BoxedArguments.neverArrives(as: type) {
        report(
          DelegateProxyError(
            .undeliverableObservation(
              selector: selector, reason: "its argument \(index) can never arrive: \(reason)")))
        return nil
      }
      index += 1
    }
    var reportedMismatch = false
    let event = MessageEvent<Message, [Any]>(named: selector)
    let kinds = BoxedArguments.kinds(
      of: types, declared: selectors.runtime.declaration(of: selector)?.argumentTypes)
    return observation(event, beforeHandler: beforeHandler, isolation: actor) {
      [weak self] boxed in
      if let mismatch = BoxedArguments.deliver(boxed, as: types, kinds: kinds, to: body) {
        guard !reportedMismatch else { return }
        reportedMismatch = true
        let reason =
          mismatch.index < 0
          ? "it has \(mismatch.found), not the \(mismatch.expected) of \(types)"
          : "its argument \(mismatch.index) is a \(mismatch.found), not \(mismatch.expected)"
        self?.report(
          DelegateProxyError(.undeliverableObservation(selector: selector, reason: reason)))
      }
    }
  }

  // MARK: - Problems

  /// Called with each problem; by default a debug build stops for setup mistakes only.
  package var onError: @Sendable (DelegateProxyError) -> Void {
    get { withLock { onErrorHandler } }
    set { withLock { onErrorHandler = newValue } }
  }

  /// Every problem reported, oldest first.
  package var errors: [DelegateProxyError] { withLock { reported } }

  /// Sets what is called with a selector no protocol declares when a handler answers it.
  package func onUndeclaredSelectorAnswered(_ body: @escaping (String, AnyObject) -> Void) {
    withLock { selectors.onUndeclaredSelectorAnswered = body }
  }

  /// Reports a problem a configuration met (a list proxy's cell provider that threw) to
  /// ``onError``, and keeps it in ``errors``.
  package func report(_ error: DelegateProxyError) {
    withLock {
      reported.append(error)
      onErrorHandler(error)
    }
  }

  /// Reports every setup mistake not reported since it appeared: a rule that fails or a
  /// required message nobody handles, a rule keyed by a modeled selector or by one no protocol
  /// declares and no handler implements, a fallback keyed so, an overload keyed by mistake, a
  /// handler's near miss, and the configuration's own.
  private func reportSetupMistakes(handlersChanged: Bool = true) {
    var found: [DelegateProxyError] = []
    do {
      try router.validate(requiring: configuration.requiredMessages)
    } catch {
      found.append(DelegateProxyError(.routeCannotWork(error.description)))
    }
    for name in router.rules.namesWithEntries {
      if let message = configuration.modeledMessage(name) {
        found.append(
          DelegateProxyError(.ruleForModeledSelector(selector: name, message: "\(message)")))
      }
    }
    for (selector, suggestion) in selectors.undeclaredRuleSelectors() {
      found.append(
        DelegateProxyError(.undeclaredSelector(selector: selector, suggestion: suggestion)))
    }
    for (selector, suggestion) in selectors.undeclaredFallbackSelectors() {
      found.append(
        DelegateProxyError(.undeclaredFallbackSelector(selector: selector, suggestion: suggestion))
      )
    }
    let keyed = Set(router.rules.namesWithEntries).union(selectors.fallbacks.keys).sorted()
    for (selector, sibling) in selectors.unimplementedKeyedSelectors(keyed) {
      found.append(
        DelegateProxyError(
          .keyedSelectorNobodyImplements(selector: selector, implemented: sibling)))
    }
    if handlersChanged {
      nearMisses = selectors.nearMisses().map {
        DelegateProxyError(
          .nearMiss(handler: $0.handler, method: $0.method, declared: $0.declared))
      }
    }
    found += nearMisses
    found += configuration.setupMistakes(router, kept)
    for mistake in found where !setupMistakes.contains(mistake) { report(mistake) }
    setupMistakes = found
  }
}

extension DelegateRouting {
  /// Whether `handler` implements the method `selector` names: a closure registered for it
  /// (``answer(_:role:at:retention:isolation:_:)``), or an object whose class implements it.
  /// Every proxy's router asks this for a selector routed by name.
  package static func handler(
    _ handler: AnyObject, implements selector: String, runtime: any SelectorRuntime
  ) -> Bool {
    if let closure = handler as? ClosureHandler { return closure.selector == selector }
    return runtime.implementation(of: selector, by: handler).counts
  }
}

extension DelegateRouting where Message == DelegateMessage {
  /// The routing of a ``DelegateProxy``: `handlers`, highest priority first, each held weakly,
  /// routed by selector name.
  package convenience init(
    handlers: [(role: HandlerRole, handler: AnyObject)], rules: RoutingRules<DelegateMessage>,
    fallbacks: [String: DelegateFallback], runtime: any SelectorRuntime,
    typedNotifications: Set<String> = [],
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void
  ) {
    let router = PrioritizedProxy<DelegateMessage>(
      rules: rules,
      namedImplementationCheck: { name, handler in
        Self.handler(handler, implements: name, runtime: runtime)
      },
      namedNotificationCheck: { name in runtime.declaration(of: name)?.returnsVoid ?? false })
    for (role, handler) in handlers { router.add(handler, role: role) }
    var configuration = RoutingConfiguration<DelegateMessage>()
    configuration.typedNotifications = typedNotifications
    configuration.presenceEffects = DelegatePreset.presenceEffects
    self.init(
      router: router, runtime: runtime, fallbacks: fallbacks, configuration: configuration,
      schedule: schedule)
  }
}

/// A parent's property that holds the proxy (its `delegate`, a table's `dataSource`), as a
/// ``DelegateRouting`` reads and sets it (the parent held weakly).
package struct DelegateProperty: Sendable {
  /// The property's name, as reports spell it: `delegate`, `dataSource`.
  package let name: String
  /// The role of the object the property held, kept as a handler.
  package let keptRole: HandlerRole
  /// The selector the proxy must answer to be in the property (a list's
  /// `tableView:prefetchRowsAtIndexPaths:`, a required method UIKit never asks about), or `nil`
  /// for a property that always holds it.
  package let heldWhileAnswering: String?
  package let get: @Sendable () -> AnyObject?
  package let set: @Sendable (AnyObject?) -> Void

  package init(
    name: String = "delegate", keptRole: HandlerRole = HandlerRole("installed"),
    heldWhileAnswering: String? = nil, get: @escaping @Sendable () -> AnyObject?,
    set: @escaping @Sendable (AnyObject?) -> Void
  ) {
    self.name = name
    self.keptRole = keptRole
    self.heldWhileAnswering = heldWhileAnswering
    self.get = get
    self.set = set
  }
}

/// An object a parent's properties held, kept as a handler, and the properties it came from.
package struct KeptDelegate {
  package weak var object: AnyObject?
  package var properties: [String]

  /// Adds `object`, which came from the property `name`, to `list`, once.
  package static func add(_ object: AnyObject, from name: String, to list: inout [KeptDelegate]) {
    if let index = list.firstIndex(where: { $0.object === object }) {
      if !list[index].properties.contains(name) { list[index].properties.append(name) }
    } else {
      list.append(KeptDelegate(object: object, properties: [name]))
    }
  }
}

/// What a configuration of ``DelegateRouting`` adds to it.
///
/// The list proxies add their modeled messages, data-source checks and properties; a
/// ``DelegateProxy`` needs only its typed notifications.
package struct RoutingConfiguration<Message: MessageSet> {
  /// The configuration of a proxy that adds nothing.
  package init() {}

  /// The modeled message a selector names, which the proxy class implements itself and routes
  /// by message (a list proxy's `tableView:numberOfRowsInSection:`), or `nil`.
  package var modeledMessage: (String) -> Message? = { _ in nil }
  /// Messages some handler must answer, checked at attach and on every change.
  package var requiredMessages: [Message] = []
  /// Selectors whose mere presence changes the parent: an observer alone never makes the proxy
  /// answer them.
  package var presenceSensitive: Set<String> = []
  /// Methods returning nothing that the proxy class implements itself (typed, every frame), yet
  /// answers like any other selector: only while a handler implements one or something
  /// observes it.
  package var typedNotifications: Set<String> = []
  /// What the mere presence of a method does to its parent, by selector
  /// (``DelegatePreset/presenceEffects``): observing one no handler implements is refused.
  package var presenceEffects: [String: String] = [:]
  /// The arguments observers of a selector's typed event get, when not `[Any]`: their type,
  /// and how they are read from the runtime's boxed arguments.
  package var typedEvents: [String: TypedEvent] = [:]
  /// The name of the property whose object receives a selector, or `nil` for the first.
  package var propertyOfSelector: (String) -> String? = { _ in nil }
  /// The name of the property whose routes the parent caches when it is assigned (a table's
  /// `dataSource`, whose counts UIKit keeps), or `nil`.
  package var cachedRoutesProperty: String?
  /// Where each selector of ``cachedRoutesProperty`` goes now, given the selectors answered.
  package var cachedRoutes: (PrioritizedProxy<Message>, [String]) -> [String: WeakHandler] = { _, _ in
    [:]
  }
  /// Called under the lock once attach has kept the parent's objects.
  package var didKeep: (PrioritizedProxy<Message>, [KeptDelegate]) -> Void = { _, _ in }
  /// The configuration's own setup mistakes, found under the lock.
  package var setupMistakes: (PrioritizedProxy<Message>, [KeptDelegate]) -> [DelegateProxyError] = {
    _, _ in []
  }
}

/// The arguments of a typed event (a list proxy's `.didEndDragging`): their type, and how they
/// are read from the runtime's boxed arguments.
package struct TypedEvent: Sendable {
  package let type: Any.Type
  package let decode: @Sendable ([Any]) -> Any?

  package init<Arguments>(
    _ type: Arguments.Type, decode: @escaping @Sendable ([Any]) -> Arguments?
  ) {
    self.type = type
    self.decode = { decode($0) }
  }
}

/// A notification a typed method of the proxy received, delivered without an `NSInvocation`.
private struct TypedNotification: ForwardedInvocation {
  let selectorName: String
  let arguments: [Any]
  let send: (AnyObject) -> Void
  var returnsVoid: Bool { true }
  var returnedObject: Any? { nil }
  func invoke(on target: AnyObject) { send(target) }
  // A notification answers nothing.
  func answerZero() {}
  func answer(with value: Any) {}
  func answerWithArgument(at index: Int) {}
}
