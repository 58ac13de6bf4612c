import Foundation

/// The one routing of every Switchboard delegate proxy: it routes Objective-C selectors by name
/// to the handlers of a ``PrioritizedProxy`` (`DelegateRouting+Selectors.swift`).
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
///   given the proxy again once, after the current turn: a parent of the main thread there,
///   through `nil`; any other on the thread where the change was made, never `nil`
///   (``ParentThread``).
/// - The objects the parent's properties held are kept as the lowest-priority handlers, handed
///   to a proxy attached after this one, and given back their properties by ``detach()``.
///
/// It may be called on any thread: a lock (recursive, since a change may report, which takes it
/// again) guards its state, and nothing assumes the main actor. Nothing outside the routing is
/// called while the lock is held: a message is planned under it and delivered after it
/// (``Delivery``), and what a change tells the outside waits for its release
/// (``callAfterUnlocking(_:)``).
package final class DelegateRouting<Message: MessageSet>: @unchecked Sendable {
  // Unchecked: every member is read and written under `lock`. Members are internal, not
  // private, so that the routing's extensions (one file per concern: attaching, answering,
  // observing, re-checking, reporting) share them.
  private let lock = RecursiveLock.make()
  /// What changes made under the lock have to tell the outside (`onError`, the parent's
  /// properties, a stream's end), called in order once the outermost ``withLock(_:)`` has let
  /// go of the lock: nothing is ever called while it is held.
  ///
  /// The first is kept here, the others with the occasional state (``laterCallouts``): most
  /// lock regions that call out make one call (a property set), and a list would allocate.
  private var firstCallout: Callout?
  // The flags and the lock's depth side by side, so the routing fits a smaller allocation.
  /// Whether a re-ask sets each property to `nil` before the proxy (a parent of the main thread,
  /// which reads its delegate's answers only when given another object), or gives it the proxy
  /// again, so a parent that calls from its own queue never finds no delegate.
  var reasksThroughNil = true
  var recheckScheduled = false
  var isAttached = false
  private var lockDepth: Int32 = 0
  /// The handlers and rules, which route every selector by name; only under `lock`.
  package let router: PrioritizedProxy<Message>
  /// What the Objective-C runtime (or the specs' model of it) says about selectors and
  /// handlers.
  package let runtime: any SelectorRuntime
  /// The fallback of a selector, by selector, in place of its documented default; given at
  /// initialization and never changed, so it is read outside the lock too.
  let fallbacks: [String: DelegateFallback]
  /// Called with a selector no protocol declares when the proxy answers it or hands it to a
  /// handler, and that handler, so the runtime can keep the method's signature for the day the
  /// handler is gone.
  var undeclaredSelectorAnswered: ((String, AnyObject) -> Void)?
  /// The answers given to `responds(to:)`, by selector
  /// (``routedAnswer(toSelector:implementedHere:)``).
  var answers = ShortTable<String, Bool>()
  /// The one handler of each selector the runtime asked to forward and nothing observes, until
  /// the routes change.
  var directTargets = DirectTargets()
  /// What a configuration adds: required messages, its own setup mistakes, which property
  /// receives which selector.
  var configuration: RoutingConfiguration<Message> {
    @inline(__always) get { sharedConfiguration.value }
  }
  /// The configuration, shared by every routing made with the same one (a delegate proxy's).
  private let sharedConfiguration: SharedConfiguration<Message>
  /// Runs work after the current turn: of the calling thread's run loop by default, of the main
  /// thread for a parent of the main thread (``ParentThread``).
  var schedule: (@escaping @Sendable () -> Void) -> Void
  /// The queue every routing of one kind of parent shares (``ParentThread``), which gathers the
  /// checks attach leaves for after the turn; without one, `schedule` runs each check.
  var checksQueue: TurnQueue?
  /// What few routings keep (``Occasional``), made when first given something.
  var occasional: Occasional?
  weak var proxyObject: AnyObject?
  /// The parent's properties the proxy is assigned to, the first receiving every selector the
  /// configuration does not place.
  var properties: [DelegateProperty] = []
  /// The objects the parent's properties held, kept as the lowest-priority handlers, highest
  /// first: those the properties held at attach (one set behind a proxy's back included), then
  /// those the proxy this one replaced had kept.
  var kept: [KeptDelegate] = []
  /// The handlers at attach, checked after the turn for one held weakly that nothing else
  /// keeps.
  var handlersAtAttach: [HandlerSlot] = []

  deinit {
    // The router's reference to its owner is unowned: one that outlives the routing asks nobody.
    router.owner = nil
    // The proxy went away (with its parent, which owns it): every stream ends.
    for stream in streams.values { stream.finish() }
  }

  /// Routing over `router`'s handlers and rules, configured by `configuration`.
  package convenience init(
    router: PrioritizedProxy<Message>, runtime: any SelectorRuntime,
    fallbacks: [String: DelegateFallback] = [:],
    configuration: RoutingConfiguration<Message> = RoutingConfiguration(),
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void
  ) {
    self.init(
      router: router, runtime: runtime, fallbacks: fallbacks,
      sharedConfiguration: SharedConfiguration(configuration), schedule: schedule)
  }

  /// Routing over `router`'s handlers and rules, configured by a configuration other routings
  /// share.
  init(
    router: PrioritizedProxy<Message>, runtime: any SelectorRuntime,
    fallbacks: [String: DelegateFallback], sharedConfiguration: SharedConfiguration<Message>,
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void
  ) {
    self.router = router
    self.runtime = runtime
    self.fallbacks = fallbacks
    self.sharedConfiguration = sharedConfiguration
    self.schedule = schedule
    // The routing answers for named messages (their answer types too), is told of route
    // changes and reports failed routes.
    router.owner = self
    // Reported when the proxy starts, once the app has had its say on `onError`.
    let rules = router.rules
    let accepted = refusingRulesThatCannotRoute(in: rules, keeping: RoutingRules()) {
      refusedAtInit.append($0)
    }
    guard router.hasBuiltRoutes else {
      // Made by the initializer that leaves the routes to its owner, with the rules accepted.
      // Those of a message set are built now; those of names alone when the proxy starts, or
      // each when first asked for.
      if !refusedAtInit.isEmpty { router.rules = accepted }
      if !router.messages.isEmpty { router.buildFirstRoutes() }
      return
    }
    // The routes were built before the answer types were known, which only a rule combining a
    // named message's answers reads: rebuilt for one (or for a refused rule), not for every
    // proxy.
    let readsAnswerTypes =
      rules.fallback.combinesAnswers
      || rules.namesWithEntries.contains { rules[named: $0]?.combinesAnswers == true }
    if readsAnswerTypes || !refusedAtInit.isEmpty { router.rules = accepted }
  }

  /// Runs `body` under the routing's lock: for every member here, and for state of the proxy
  /// object kept beside it.
  ///
  /// What `body` asked to call out (``callAfterUnlocking(_:)``) is called
  /// once the lock is released.
  package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure)
    -> Result
  {
    lock.lock()
    lockDepth += 1
    defer { unlockAndCallOut() }
    return try body()
  }

  /// Where a message no forwarding target took goes (``plannedDelivery(of:returnsVoid:)``),
  /// decided under the lock: ``withLock(_:)`` without a generic result, since a message pays
  /// for each copy of its ``Delivery`` ("delegate proxy safety net" in `ProxyDispatch`).
  func plan(_ selector: String, returnsVoid: Bool) -> Delivery {
    lock.lock()
    lockDepth += 1
    defer { unlockAndCallOut() }
    return plannedDelivery(of: selector, returnsVoid: returnsVoid)
  }

  /// Leaves one level of the lock; the outermost releases it, then makes the call-outs asked
  /// for under it.
  private func unlockAndCallOut() {
    lockDepth -= 1
    guard lockDepth == 0, let first = firstCallout.take() else { return lock.unlock() }
    let later = laterCallouts
    if !later.isEmpty { laterCallouts = [] }
    lock.unlock()
    first.run()
    for callout in later { callout.run() }
  }

  /// Makes `change` under the lock, from any thread: at once, or, for a configuration that
  /// delivers on the main thread (``RoutingConfiguration/deliversOnMainThread``), on the main
  /// queue when called on another thread.
  func change(fromAnyThread change: @escaping () -> Void) {
    guard configuration.deliversOnMainThread, !isOnMainQueue() else { return withLock(change) }
    let handed = RuntimeHandOver((self, change))
    DispatchQueue.main.async { handed.value.0.withLock(handed.value.1) }
  }

  /// Calls `callout` (the app's code, the parent's) once the lock is released.
  ///
  /// Called after the call-outs asked for before it, once the outermost ``withLock(_:)``
  /// returns. Under the lock.
  func callAfterUnlocking(_ call: @escaping () -> Void) {
    callAfterUnlocking(.call(call))
  }

  /// Makes `callout` once the lock is released, after those asked for before it.
  ///
  /// Under the lock.
  func callAfterUnlocking(_ callout: Callout) {
    if firstCallout == nil {
      firstCallout = callout
    } else {
      laterCallouts.append(callout)
    }
  }

  // MARK: - Handlers and rules

  /// The rule table; setting it reports the setup mistakes it makes (the route change it
  /// causes runs the check).
  package var rules: RoutingRules<Message> {
    get { withLock { router.rules } }
    set {
      withLock {
        router.rules = refusingRulesThatCannotRoute(in: newValue, keeping: router.rules) {
          report($0)
        }
      }
    }
  }

  /// The Swift type a rule that combines answers is checked against, for a method whose return
  /// type encoding is `encoding`: `Bool` for a `BOOL`, an optional object for an object; `nil`
  /// (checked when answers arrive) for numbers and structures, whose Swift types an encoding
  /// cannot tell apart (`CGFloat` and `Double`).
  static func answerType(encoding: String) -> Any.Type? {
    switch encoding.first {
    case "B", "c": Bool.self
    case "@": AnyObject?.self
    default: nil
    }
  }

  /// `rules`, but for each broadcast rule of a method that returns a value, and each rule that
  /// combines answers of another type than the method returns, which are refused (reported,
  /// with the fix) and replaced by the rule `previous` had for it: the parent takes one answer,
  /// so such a rule would leave the method with no route at all.
  func refusingRulesThatCannotRoute(
    in rules: RoutingRules<Message>, keeping previous: RoutingRules<Message>,
    reporting report: (DelegateProxyError) -> Void
  ) -> RoutingRules<Message> {
    var accepted = rules
    for name in rules.namesWithEntries {
      guard let rule = rules[named: name], let (refused, fix) = refusal(of: rule, for: name)
      else { continue }
      accepted[named: name] = previous[named: name]
      let kept = previous[named: name].map { "its rule, \($0)" } ?? "its first implementer"
      report(
        DelegateProxyError(.routeCannotWork("\(name): \(refused); it keeps \(kept). Fix: \(fix)")))
    }
    return accepted
  }

  /// Why `rule` is refused for the method `name`, and the fix; `nil` when it can route it.
  ///
  /// Refused: a broadcast of a method that returns a value, and a rule that combines answers of
  /// another type than the method returns (or of a method returning nothing). An undeclared
  /// method is not refused: its answers are checked as they arrive.
  private func refusal(of rule: RoutingRule<Message>, for name: String) -> (String, String)? {
    guard let declaration = runtime.declaration(of: name) else { return nil }
    if rule.isBroadcast {
      guard !declaration.returnsVoid else { return nil }
      return (
        "a broadcast rule was refused, since the method returns a value and the parent takes "
          + "one answer",
        "pick one handler (.always(role), .prefer(role)), or answer it with one closure that "
          + "asks each object"
      )
    }
    guard rule.combinesAnswers else { return nil }
    let problem: String
    if declaration.returnsVoid {
      problem = "the method returns nothing (.broadcast delivers it to each implementer)"
    } else if let encoding = declaration.returnType,
      let type = Self.answerType(encoding: encoding), !rule.combinesAnswers(of: type)
    {
      problem = "it does not combine answers of the method's return type (\(encoding))"
    } else {
      return nil
    }
    return (
      "the rule '\(rule.name)' was refused: \(problem)",
      "use .allMustAllow for a BOOL, .firstNonNil for an object, .combining(_:as:_:) with the "
        + "method's return type, or pick one handler (.prefer(role))."
    )
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
  func place(
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
    withLock {
      // A handler held strongly goes (its deinit runs) after the lock is released.
      let removed = router.handler(withRole: role)
      callAfterUnlocking { withExtendedLifetime(removed) {} }
      return router.removeHandler(withRole: role)
    }
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
    withLock {
      configuration.modeledMessage(selector).map { router.targets(for: $0) }
        ?? router.targets(forNamed: selector)
    }
  }

  /// The routes whose rule made an invalid choice.
  package var routingErrors: [RoutingError<Message>] { withLock { router.routingErrors } }

  /// Throws the first routing error, or an error for the first of `selectors` that reaches
  /// no handler.
  package func validate(requiring selectors: [String]) throws(RoutingError<Message>) {
    var modeled: [Message] = []
    var named: [String] = []
    for selector in selectors {
      if let message = configuration.modeledMessage(selector) {
        modeled.append(message)
      } else {
        named.append(selector)
      }
    }
    try withLock { () throws(RoutingError<Message>) in
      try router.validate(requiring: modeled)
      try router.validate(requiringNamed: named)
    }
  }

  /// The live handlers, described, in priority order.
  package var handlers: [HandlerDescription] { withLock { router.handlers } }

  /// Why `selector` goes where it goes; a modeled selector is explained by its message.
  package func explain(_ selector: String) -> RouteExplanation<Message> {
    withLock {
      configuration.modeledMessage(selector).map { router.explain($0) }
        ?? router.explain(named: selector)
    }
  }

  /// Every selector asked about or given a rule, with its route.
  package var routingTable: RoutingTable<Message> { withLock { router.routingTable } }
}

extension DelegateRouting: RouterOwner {
  package func handler(_ handler: AnyObject, implementsNamed name: String) -> Bool {
    Self.handler(handler, implements: name, runtime: runtime)
  }

  package func isNotification(named name: String) -> Bool {
    runtime.declaration(of: name)?.returnsVoid ?? false
  }

  /// The Swift type of the method's answer, which rules that combine answers are checked
  /// against.
  package func answerType(named name: String) -> Any.Type? {
    runtime.declaration(of: name)?.returnType.flatMap(Self.answerType(encoding:))
  }

  /// Reports a failed route a call met, once.
  package func routeFailed(_ error: RoutingError<Message>) {
    let problem = DelegateProxyError(.routeCannotWork(error.description))
    withLock { if !reported.contains(problem) { report(problem) } }
  }

  /// Whether `handler` implements the method `selector` names.
  ///
  /// A closure registered for it (``answer(_:role:at:retention:isolation:_:)``) does, or an
  /// object whose class implements it. Every proxy's router asks this for a selector routed by
  /// name.
  package static func handler(
    _ handler: AnyObject, implements selector: String, runtime: any SelectorRuntime
  ) -> Bool {
    if ClosureHandler.isClosure(handler) {
      return unsafeDowncast(handler, to: ClosureHandler.self).selector == selector
    }
    return runtime.implementation(of: selector, by: handler).counts
  }
}

extension DelegateRouting where Message == Never {
  /// The routing of a ``DelegateProxy``: `handlers`, highest priority first, each held weakly,
  /// routed by selector name; `configure` adjusts the configuration (a parent with several
  /// properties says which one receives each selector).
  ///
  /// Without `configure`, and with the presets' typed notifications, every routing shares one
  /// configuration: a list whose rows each attach a proxy keeps one, not one per row.
  package convenience init(
    handlers: [(role: HandlerRole, handler: AnyObject)], rules: RoutingRules<Never>,
    fallbacks: [String: DelegateFallback], runtime: any SelectorRuntime,
    typedNotifications: Set<String> = [],
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void,
    configure: ((inout RoutingConfiguration<Never>) -> Void)? = nil
  ) {
    // The routes built once, with every handler, by the designated initializer.
    let router = PrioritizedProxy<Never>(rules: rules, handlers: handlers)
    // The same set compares equal at once: its storage is the preset's.
    let shared =
      configure == nil && typedNotifications == DelegatePreset.typedNotifications
      ? delegateProxyConfiguration
      : SharedConfiguration(.delegateProxy(typedNotifications: typedNotifications, configure))
    self.init(
      router: router, runtime: runtime, fallbacks: fallbacks, sharedConfiguration: shared,
      schedule: schedule)
  }
}

extension RoutingConfiguration where Message == Never {
  /// A delegate proxy's configuration: its typed notifications and the presets' presence
  /// effects, adjusted by `configure`.
  static func delegateProxy(
    typedNotifications: Set<String>, _ configure: ((inout Self) -> Void)? = nil
  ) -> Self {
    var configuration = Self()
    configuration.typedNotifications = typedNotifications
    configuration.presenceEffects = DelegatePreset.presenceEffects
    configuration.silencedSiblings = DelegatePreset.silencedSiblings
    configure?(&configuration)
    return configuration
  }
}

/// The configuration every ``DelegateProxy`` shares, made once.
private let delegateProxyConfiguration = SharedConfiguration(
  RoutingConfiguration.delegateProxy(typedNotifications: DelegatePreset.typedNotifications))

/// A routing configuration that several routings read: made once, never changed.
final class SharedConfiguration<Message: MessageSet>: Sendable {
  let value: RoutingConfiguration<Message>

  init(_ value: RoutingConfiguration<Message>) { self.value = value }
}

/// What a ``DelegateRouting`` does once its lock is released: a closure, or a parent's property
/// set, kept as what to set (a closure would allocate its context for every attach and
/// detach).
enum Callout {
  /// Calls the closure.
  case call(() -> Void)
  /// Gives the property that `access` reaches the object.
  case set(any PropertyAccess, to: AnyObject?)
  /// Gives each property what detach gives back, when it holds the proxy still.
  case restore([DelegateProperty], from: AnyObject)

  func run() {
    switch self {
    case .call(let call): call()
    case .set(let access, let object): access.set(object)
    case .restore(let properties, let proxy):
      for property in properties where property.get() === proxy {
        property.set(property.restoring.object)
      }
    }
  }
}
