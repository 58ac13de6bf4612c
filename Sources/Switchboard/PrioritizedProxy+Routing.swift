// Deciding routes: what a route is decided for, the routes of messages named at run time, and
// rebuilding every route when handlers or rules change.

extension PrioritizedProxy {
  // MARK: - Subjects

  /// What a route is decided for: a case of the message set (at its route index), or a message
  /// named at run time.
  enum Subject {
    case message(Message, index: Int)
    case named(String, isNotification: Bool)

    var message: Message? {
      if case .message(let message, _) = self { return message }
      return nil
    }

    var name: String {
      switch self {
      case .message(let message, _): "\(message)"
      case .named(let name, _): name
      }
    }

    var isNotification: Bool {
      switch self {
      case .message(let message, _): message.isNotification
      case .named(_, let isNotification): isNotification
      }
    }

    /// The answer type, when declared: the message set's, or `Void` for a named
    /// notification.
    var answerType: Any.Type? {
      switch self {
      case .message(let message, _): message.answerType
      case .named(_, let isNotification): isNotification ? Void.self : nil
      }
    }

    /// What handler slots answer "implements" by: a value of no generic type, so the
    /// per-handler checks of a rebuild run without generic metadata.
    var key: ImplementationKey {
      switch self {
      case .message(_, let index): .index(index)
      case .named(let name, _): .named(name)
      }
    }
  }

  func namedSubject(_ name: String) -> Subject {
    .named(name, isNotification: isNotification(named: name))
  }

  /// Whether the message named `name` returns nothing: as the owner says, or the
  /// initializer's `namedNotificationCheck`.
  func isNotification(named name: String) -> Bool {
    if let owner { return owner.isNotification(named: name) }
    return namedNotificationCheck?(name) ?? false
  }

  /// Whether `handler` implements the message named `name`: as the owner says, or the
  /// initializer's `namedImplementationCheck`.
  func handler(_ handler: AnyObject, implementsNamed name: String) -> Bool {
    if let owner { return owner.handler(handler, implementsNamed: name) }
    return namedImplementationCheck?(name, handler) ?? false
  }

  func rule(for subject: Subject) -> RoutingRule<Message> {
    switch subject {
    case .message(let message, _): rules.rule(for: message)
    case .named(let name, _): rules.rule(named: name)
    }
  }

  /// Whether the handler at `position` implements the subject, from the bits asked when it was
  /// added (or first asked about a name).
  func implements(at position: Int, _ subject: Subject) -> Bool {
    switch subject.key {
    case .index(let index): slots[position].implements[index]
    case .named(let name): implements(at: position, named: name)
    }
  }

  /// Whether the handler at `position` implements the message named `name`, asked once per
  /// handler and name while the handlers stay as they are (``namedAnswers``).
  func implements(at position: Int, named name: String) -> Bool {
    let bit: UInt64 = position < 64 ? 1 << UInt64(position) : 0
    let known = namedAnswers[name]
    if let known, known.asked & bit != 0 { return known.implemented & bit != 0 }
    guard let object = slots[position].object else { return false }
    let answer = handler(object, implementsNamed: name)
    if bit != 0 {
      var bits = known ?? NamedAnswers(asked: 0, implemented: 0)
      bits.asked |= bit
      if answer { bits.implemented |= bit }
      namedAnswers[name] = bits
    }
    return answer
  }

  /// Whether a handler registered now or before was given `role`.
  func roleWasGiven(_ role: HandlerRole) -> Bool {
    rolesOfGoneHandlers[role] != nil || slots.contains { $0.hasRole(role) }
  }

  // MARK: - Messages named at run time

  /// The names with a route: asked about, or given a rule; sorted.
  var knownNames: [String] {
    // Without the set when one side is empty: every rebuild asks.
    let ruled = rules.namesWithEntries
    if namedRoutes.isEmpty { return ruled }
    // Every rule's name routed already (rebuilding a delegate proxy's routes): no set.
    if ruled.allSatisfy({ namedRoutes[$0] != nil }) {
      // Those alone (a proxy that just started): the rules' list, sorted already.
      return namedRoutes.count == ruled.count ? ruled : namedRoutes.keys.sorted()
    }
    return Set(namedRoutes.keys).union(ruled).sorted()
  }

  /// The route of the message named `name`, decided the first time it is asked for.
  func namedRoute(_ name: String) -> Route {
    if let route = namedRoutes[name] { return route }
    let route = decideNamed(name, roleOwners: roleOwners())
    namedRoutes[name] = route
    return route
  }

  func roleOwners() -> RoleOwners { RoleOwners(slots) }

  /// Each slot whose handler lives, with the handler, kept alive as long as the list is.
  ///
  /// One allocation of the slots' size: a list grown as it is filled would allocate twice for
  /// a delegate proxy's two handlers, at every route decided.
  func liveHandlers() -> [(slot: HandlerSlot, object: AnyObject)] {
    var live: [(slot: HandlerSlot, object: AnyObject)] = []
    live.reserveCapacity(slots.count)
    for slot in slots {
      if let object = slot.object { live.append((slot, object)) }
    }
    return live
  }

  func decideNamed(_ name: String, roleOwners: RoleOwners) -> Route {
    let subject = namedSubject(name)
    let rule = rules.rule(named: name)
    switch rule.kind {
    case .alwaysObject, .custom:
      // These look at the handlers themselves: each kept alive while the rule decides.
      let live = liveHandlers()
      return withExtendedLifetime(live) {
        route(for: subject, rule: rule, live: live, roleOwners: roleOwners, implementers: nil)
      }
    default:
      // The others ask each slot, which loads its handler only to ask it once: a list of the
      // live ones would allocate, and load each again, for every name a parent asks about.
      return route(for: subject, rule: rule, live: [], roleOwners: roleOwners, implementers: nil)
    }
  }

  // MARK: - Rebuilding

  func rebuildRoutes(_ causes: RouteChangeCauses) {
    precondition(
      !isRebuilding,
      "\(name): a routing rule changed the proxy while its routes were being rebuilt. Rules must "
        + "only choose among their candidates; change handlers or rules outside of a rule.")
    isRebuilding = true
    // The first build changes no route anyone was told about, but those of names decided
    // before it, when asked.
    let isFirstBuild = !hasBuiltRoutes
    hasBuiltRoutes = true
    // A rebuild covers every change a running batch recorded.
    var causes = causes.union(pendingCauses ?? [])
    pendingCauses = nil
    // Keep every live handler alive for the whole rebuild, and drop released ones.
    let live = liveHandlers()
    if live.count < slots.count {
      causes.insert(.handlersReleased)
      slots = live.map(\.slot)
    }
    let roleOwners = roleOwners()
    let table = ImplementationTable(slots, messageCount: messages.count)
    let previous = storage.routes
    var rebuilt = ContiguousArray<Route>()
    rebuilt.reserveCapacity(messages.count)
    // By index: enumerating a generic message array would build its tuple's metadata per step.
    for index in messages.indices {
      let message = messages[index]
      rebuilt.append(
        route(
          for: .message(message, index: index), rule: rules.rule(for: message), live: live,
          roleOwners: roleOwners, implementers: table.row(index)))
    }
    storage.replaceRoutes(with: rebuilt)
    let previousNamed = namedRoutes
    var changedNames: [String] = []
    for name in knownNames {
      let route = route(
        for: namedSubject(name), rule: rules.rule(named: name), live: live,
        roleOwners: roleOwners, implementers: nil)
      namedRoutes[name] = route
      if let old = previousNamed[name] {
        if Self.sameRoute(old, route) { continue }
      } else if isFirstBuild {
        continue
      }
      changedNames.append(name)
    }
    isRebuilding = false
    withExtendedLifetime(live) {}

    var changed: [Message] = []
    if !isFirstBuild {
      for index in messages.indices where !Self.sameRoute(previous[index], rebuilt[index]) {
        changed.append(messages[index])
      }
    }
    guard !changed.isEmpty || !changedNames.isEmpty else { return }
    notifyObservers(RouteChange(messages: changed, names: changedNames, causes: causes))
  }

  /// The route `rule` decides for `subject`, with the handlers its decision depends on watched;
  /// `implementers` says, by position, which handlers implement the subject (`nil`: ask the
  /// slots, as a named message's handlers are asked only as far as a rule looks).
  func route(
    for subject: Subject, rule: RoutingRule<Message>,
    live: [(slot: HandlerSlot, object: AnyObject)], roleOwners: RoleOwners,
    implementers: ArraySlice<Bool>?
  ) -> Route {
    var watched: [HandlerSlot]
    switch rule.dependencies {
    case .choice: watched = []
    case .choiceAndRole(let role):
      if let position = roleOwners[role], !slots[position].isStrong {
        watched = [slots[position]]
      } else {
        watched = []
      }
    case .everyCandidate: watched = slots.filter { !$0.isStrong }
    }
    let (targets, outcome) = decide(
      subject, rule: rule, live: live, roleOwners: roleOwners, implementers: implementers)
    // A role's handler that is also the only target needs no watching: dispatch checks the
    // target's liveness anyway, and keeps the fast path (`always(.view)` routes to the view).
    if case .one(let target) = targets, watched.count == 1, watched[0] === target {
      watched = []
    }
    var combiner: AnswerCombiner?
    if case .many = targets, case .combining(let rule) = rule.kind { combiner = rule }
    var isMessage = false
    if case .message = subject { isMessage = true }
    // A name nobody implements, most of what a parent asks a delegate proxy about, shares one
    // route: a route changes only to record a report, and none is made about a route to nobody.
    if !isMessage, case .none = targets, watched.isEmpty, case .unhandled(reason: nil) = outcome {
      return nobodysRoute
    }
    return Route(
      targets, watched: watched, outcome: outcome, combiner: combiner, sentTyped: isMessage)
  }

  /// The route of every name that reaches nobody, unwatched, with no reason given.
  var nobodysRoute: Route {
    if let madeNobodysRoute { return madeNobodysRoute }
    let made = Route(.none, watched: [], outcome: .unhandled(reason: nil), sentTyped: false)
    madeNobodysRoute = made
    return made
  }

  /// Whether two routes deliver to the same handlers and are routed, unhandled or failed alike.
  static func sameRoute(_ old: Route, _ new: Route) -> Bool {
    switch (old.targets, new.targets) {
    case (.one(let a), .one(let b)):
      guard a === b else { return false }
    case (.many(let a), .many(let b)):
      guard a.count == b.count, zip(a, b).allSatisfy({ $0 === $1 }) else { return false }
    case (.none, .none):
      break
    default:
      return false
    }
    switch (old.outcome, new.outcome) {
    case (.routed, .routed), (.unhandled, .unhandled), (.failed, .failed): return true
    default: return false
    }
  }

  /// Evaluates `rule` for `subject`.
  ///
  /// The built-in rules read the implementation bits and role owners directly and build no
  /// string; custom rules get a full context.
  func decide(
    _ subject: Subject, rule: RoutingRule<Message>,
    live: [(slot: HandlerSlot, object: AnyObject)], roleOwners: RoleOwners,
    implementers: ArraySlice<Bool>?
  ) -> (Route.Targets, Route.Outcome) {
    if rule.isBroadcast, !subject.isNotification {
      return (.none, .failed(.broadcastOfValueReturningMessage))
    }
    // A message set's flags are scanned, not its slots: contiguous, and no reference counting
    // per handler.
    func implements(_ position: Int) -> Bool {
      guard let implementers else { return self.implements(at: position, subject) }
      return implementers[implementers.startIndex + position]
    }
    /// The slots that implement the message, in order: the handler list itself, shared, when
    /// every handler does (a delegate's usual broadcast), so a route keeps no list of its own.
    func implementingSlots() -> [HandlerSlot] {
      if slots.indices.allSatisfy(implements) { return slots }
      var targets: [HandlerSlot] = []
      targets.reserveCapacity(implementers?.count { $0 } ?? slots.count)
      for position in slots.indices where implements(position) { targets.append(slots[position]) }
      return targets
    }
    func firstImplementer() -> (Route.Targets, Route.Outcome) {
      let position: Int?
      if let implementers {
        position = implementers.firstIndex(of: true).map { $0 - implementers.startIndex }
      } else {
        position = slots.indices.first(where: implements)
      }
      guard let position else { return (.none, .unhandled(reason: nil)) }
      return (.one(slots[position]), .routed)
    }
    /// No handler has `role` now: gone (released or removed) routes to nobody; never given (a
    /// misspelling) is an error.
    func missing(_ role: HandlerRole) -> (Route.Targets, Route.Outcome) {
      roleWasGiven(role)
        ? (.none, .unhandled(reason: "no handler has the role '\(role)' now"))
        : (.none, .failed(.unknownRole(role)))
    }
    switch rule.kind {
    case .firstImplementer:
      return firstImplementer()
    case .always(let role):
      guard let position = roleOwners[role] else { return missing(role) }
      let slot = slots[position]
      guard implements(position) else {
        return (.none, .failed(.handlerDoesNotImplement(slot)))
      }
      return (.one(slot), .routed)
    case .alwaysObject(let reference):
      guard let object = reference.object else { return (.none, .unhandled(reason: nil)) }
      guard let position = live.firstIndex(where: { $0.object === object }) else {
        return (.none, .failed(.handlerNotInProxy(typeName: reference.typeName)))
      }
      let slot = slots[position]
      guard implements(position) else {
        return (.none, .failed(.handlerDoesNotImplement(slot)))
      }
      return (.one(slot), .routed)
    case .only(let role):
      guard let position = roleOwners[role] else { return missing(role) }
      let slot = slots[position]
      return implements(position) ? (.one(slot), .routed) : (.none, .unhandled(reason: nil))
    case .prefer(let role):
      guard let position = roleOwners[role] else {
        return roleWasGiven(role) ? firstImplementer() : missing(role)
      }
      let slot = slots[position]
      return implements(position) ? (.one(slot), .routed) : firstImplementer()
    case .broadcast:
      let targets = implementingSlots()
      return targets.isEmpty ? (.none, .unhandled(reason: nil)) : (.many(targets), .routed)
    case .blocked:
      return (.none, .unhandled(reason: nil))
    case .combining(let combiner):
      var answerType = subject.answerType
      if case .named(let name, let isNotification) = subject {
        guard let owner else { return (.none, .failed(.combiningNamedMessage)) }
        if !isNotification { answerType = owner.answerType(named: name) }
      }
      if let answerType, !combiner.fits(answerType) {
        return (
          .none,
          .failed(.answerTypeMismatch(expected: combiner.expected, actual: "\(answerType)"))
        )
      }
      let targets = implementingSlots()
      switch targets.count {
      case 0: return (.none, .unhandled(reason: nil))
      case 1: return (.one(targets[0]), .routed)
      default: return (.many(targets), .routed)
      }
    case .custom(let choose):
      let context = context(for: subject)
      return checked(choose(context), subject, candidates: context.candidates)
    }
  }

  /// Checks a custom rule's decision and turns it into a route.
  ///
  /// `candidates[i]` describes `slots[i]`, so a chosen candidate's position finds its slot in
  /// O(1): a rebuild stays linear in the number of handlers for broadcasts too.
  func checked(
    _ decision: RoutingDecision, _ subject: Subject, candidates: [HandlerDescription]
  ) -> (Route.Targets, Route.Outcome) {
    let chosen: [HandlerDescription]
    switch decision {
    case .unhandled(let reason):
      return (.none, .unhandled(reason: reason))
    case .unknownRole(let role):
      return (.none, .failed(.unknownRole(role)))
    case .deliver(let candidate):
      chosen = [candidate]
    case .broadcast(let list):
      guard subject.isNotification else {
        return (.none, .failed(.broadcastOfValueReturningMessage))
      }
      if list.isEmpty { return (.none, .unhandled(reason: "the broadcast lists no handler")) }
      chosen = list
    }
    var targets: [HandlerSlot] = []
    var seen: Set<ObjectIdentifier> = []
    targets.reserveCapacity(chosen.count)
    for choice in chosen {
      let position = choice.position
      guard candidates.indices.contains(position), choice.slot != nil,
        candidates[position].slot == choice.slot
      else {
        return (.none, .failed(.handlerNotInProxy(typeName: choice.typeName)))
      }
      let slot = slots[position]
      guard candidates[position].implementsMessage == true else {
        return (.none, .failed(.handlerDoesNotImplement(slot)))
      }
      guard seen.insert(ObjectIdentifier(slot)).inserted else {
        return (.none, .failed(.duplicateTarget(slot)))
      }
      targets.append(slot)
    }
    if case .broadcast = decision { return (.many(targets), .routed) }
    return (.one(targets[0]), .routed)
  }
}

/// The position of the handler that has each role, as routes are decided.
///
/// A few handlers' roles are found by scanning them: a delegate proxy's two or three, whose
/// routes each attach builds, would otherwise pay for a dictionary and hash every role. More
/// are indexed, so that a rebuild stays linear in the number of handlers.
struct RoleOwners {
  private let slots: [HandlerSlot]
  private let byRole: [HandlerRole: Int]?

  init(_ slots: [HandlerSlot]) {
    guard slots.count > 8 else {
      self.slots = slots
      byRole = nil
      return
    }
    var owners: [HandlerRole: Int] = [:]
    for (position, slot) in slots.enumerated() {
      // The roles read in place: `roles` would allocate an array per handler and rebuild.
      if let role = slot.firstRole { owners[role] = position }
      for role in slot.otherRoles { owners[role] = position }
    }
    self.slots = []
    byRole = owners
  }

  /// The position of the handler with `role`, or `nil` when none has it.
  subscript(role: HandlerRole) -> Int? {
    if let byRole { return byRole[role] }
    // The last, as the index keeps it (registering takes a role from any other handler).
    return slots.lastIndex { $0.hasRole(role) }
  }
}
