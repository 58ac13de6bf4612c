// Rebuilding routes, and describing them on demand.

extension PrioritizedProxy {
  // MARK: - Inspection

  /// Why `message` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(.didSelectRow))   // didSelectRow → view (Screen), by rule 'only view'
  /// ```
  public func explain(_ message: Message) -> RouteExplanation<Message> {
    removeReleasedHandlers()
    return explanation(for: message, at: routeIndex(of: message))
  }

  /// The route of every message, in `Message.allCases` order.
  public var routingTable: RoutingTable<Message> {
    removeReleasedHandlers()
    return RoutingTable(
      rows: messages.enumerated().map { index, message in explanation(for: message, at: index) })
  }

  /// The routes whose rule made an invalid choice, such as a handler that does not implement the
  /// message, a role no handler has, or a broadcast of a message that returns a value.
  ///
  /// Empty when the configuration is sound.
  public var routingErrors: [RoutingError<Message>] {
    removeReleasedHandlers()
    return messages.indices.compactMap { index in
      guard case .failed(let failure) = table[index].outcome else { return nil }
      return routingError(failure, message: messages[index], at: index)
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
      if let error = error(for: message) { throw error }
    }
  }

  /// The error that ``resolve(_:)`` throws for `message`, if its route has no target.
  func error(for message: Message) -> RoutingError<Message>? {
    let index = routeIndex(of: message)
    switch table[index].outcome {
    case .routed: return nil
    case .failed(let failure): return routingError(failure, message: message, at: index)
    case .unhandled:
      guard case .unhandled(let reason) = explanation(for: message, at: index).outcome else {
        return nil
      }
      return RoutingError(
        message: message, rule: rules.rule(for: message).name, kind: .unhandled(reason: reason),
        handlers: summaries(at: index))
    }
  }

  /// Each live handler and whether it implements the message at `index`.
  func summaries(at index: Int) -> [RouteCandidateSummary] {
    slots.enumerated().map { position, slot in
      RouteCandidateSummary(
        handler: slot.describe(at: position), implementsMessage: slot.implements[index])
    }
  }

  func explanation(for message: Message, at index: Int) -> RouteExplanation<Message> {
    let route = table[index]
    let rule = rules.rule(for: message)
    let candidates = summaries(at: index)
    let outcome: RouteExplanation<Message>.Outcome
    switch route.outcome {
    case .routed:
      // One pass for the positions, so explaining a broadcast to n handlers stays O(n).
      let targets = route.slots
      let positions =
        targets.count > 1
        ? Dictionary(uniqueKeysWithValues: slots.enumerated().map { (ObjectIdentifier($1), $0) })
        : [:]
      let descriptions = targets.map { slot in
        positions[ObjectIdentifier(slot)].map { slot.describe(at: $0) } ?? describe(slot)
      }
      if case .many = route.targets {
        outcome = .broadcast(descriptions)
      } else {
        outcome = .handler(descriptions[0])
      }
    case .unhandled(let reason):
      outcome = .unhandled(reason: reason ?? builtInReason(rule, message: message, at: index))
    case .failed(let failure):
      outcome = .failed(routingError(failure, message: message, at: index))
    }
    return RouteExplanation(
      message: message, rule: rule.name, outcome: outcome, candidates: candidates)
  }

  /// Why a built-in rule routes the message at `index` to nobody.
  ///
  /// Only explanations ask, so rebuilds never build these strings.
  func builtInReason(_ rule: RoutingRule<Message>, message: Message, at index: Int) -> String {
    switch rule.kind {
    case .blocked:
      return "blocked by rule"
    case .alwaysObject(let reference):
      return "the \(reference.typeName) this rule names has been released"
    case .only(let role):
      // A missing role fails the route instead, so the role's handler is there.
      if let position = slots.firstIndex(where: { $0.roles.contains(role) }) {
        return "\(slots[position].describe(at: position)) does not implement it"
      }
      fallthrough
    case .firstImplementer, .prefer, .broadcast, .always, .custom:
      return slots.isEmpty ? "the proxy has no handlers" : "no handler implements it"
    }
  }

  /// The live handler of `slot`, described with its current position.
  func describe(_ slot: HandlerSlot) -> HandlerDescription {
    slot.describe(at: slots.firstIndex { $0 === slot } ?? -1)
  }

  func routingError(
    _ failure: Route.Failure, message: Message, at index: Int
  ) -> RoutingError<Message> {
    let kind: RoutingError<Message>.Kind =
      switch failure {
      case .handlerDoesNotImplement(let slot): .handlerDoesNotImplement(describe(slot))
      case .handlerNotInProxy(let typeName): .handlerNotInProxy(typeName)
      case .duplicateTarget(let slot): .duplicateTarget(describe(slot))
      case .unknownRole(let role): .unknownRole(role, roles: slots.flatMap(\.roles))
      case .broadcastOfValueReturningMessage: .broadcastOfValueReturningMessage
      }
    return RoutingError(
      message: message, rule: rules.rule(for: message).name, kind: kind,
      handlers: summaries(at: index))
  }

  /// The context a custom rule (or an explanation) sees for the message at `index`.
  func context(for message: Message, at index: Int) -> RoutingContext<Message> {
    var candidates: [RoutingCandidate] = []
    candidates.reserveCapacity(slots.count)
    for (position, slot) in slots.enumerated() {
      guard let object = slot.object else { continue }
      candidates.append(
        RoutingCandidate(
          handler: slot.describe(at: position), implementsMessage: slot.implements[index],
          object: object, slotID: slot.id))
    }
    return RoutingContext(message: message, candidates: candidates)
  }

  // MARK: - Rebuilding

  func rebuildRoutes(_ causes: RouteChange<Message>.Causes) {
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
    let weaklyHeld = slots.filter { !$0.isStrong }
    var roleOwners: [HandlerRole: Int] = [:]
    for (position, slot) in slots.enumerated() {
      for role in slot.roles { roleOwners[role] = position }
    }
    let previous = table
    var rebuilt = ContiguousArray<Route>()
    rebuilt.reserveCapacity(messages.count)
    for (index, message) in messages.enumerated() {
      let rule = rules.rule(for: message)
      var watched: [HandlerSlot]
      switch rule.dependencies {
      case .choice: watched = []
      case .choiceAndRole(let role):
        if let position = roleOwners[role], !slots[position].isStrong {
          watched = [slots[position]]
        } else {
          watched = []
        }
      case .everyCandidate: watched = weaklyHeld
      }
      let (targets, outcome) = decide(
        message, at: index, rule: rule, live: live, roleOwners: roleOwners)
      // A role's handler that is also the only target needs no watching: dispatch checks the
      // target's liveness anyway, and keeps the fast path (`always(.view)` routes to the view).
      if case .one(let target) = targets, watched.count == 1, watched[0] === target {
        watched = []
      }
      rebuilt.append(Route(targets, watched: watched, outcome: outcome))
    }
    table = rebuilt
    storedRouteGeneration &+= 1
    isRebuilding = false
    withExtendedLifetime(live) {}
    for (_, listener) in rebuildListeners { listener(causes) }

    guard !previous.isEmpty else { return }
    var changed: [Message] = []
    for index in messages.indices where !Self.sameRoute(previous[index], rebuilt[index]) {
      changed.append(messages[index])
    }
    guard !changed.isEmpty else { return }
    notifyObservers(RouteChange(messages: changed, causes: causes))
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

  /// Evaluates `rule` for the message at `index`.
  ///
  /// The built-in rules read the implementation bits and role owners directly and build no
  /// string; custom rules get a full context.
  func decide(
    _ message: Message, at index: Int, rule: RoutingRule<Message>,
    live: [(slot: HandlerSlot, object: AnyObject)], roleOwners: [HandlerRole: Int]
  ) -> (Route.Targets, Route.Outcome) {
    if rule.isBroadcast, !message.isNotification {
      return (.none, .failed(.broadcastOfValueReturningMessage))
    }
    func firstImplementer() -> (Route.Targets, Route.Outcome) {
      for slot in slots where slot.implements[index] { return (.one(slot), .routed) }
      return (.none, .unhandled(reason: nil))
    }
    switch rule.kind {
    case .firstImplementer:
      return firstImplementer()
    case .always(let role):
      guard let position = roleOwners[role] else { return (.none, .failed(.unknownRole(role))) }
      let slot = slots[position]
      guard slot.implements[index] else {
        return (.none, .failed(.handlerDoesNotImplement(slot)))
      }
      return (.one(slot), .routed)
    case .alwaysObject(let reference):
      guard let object = reference.object else { return (.none, .unhandled(reason: nil)) }
      guard let position = live.firstIndex(where: { $0.object === object }) else {
        return (.none, .failed(.handlerNotInProxy(typeName: reference.typeName)))
      }
      let slot = slots[position]
      guard slot.implements[index] else {
        return (.none, .failed(.handlerDoesNotImplement(slot)))
      }
      return (.one(slot), .routed)
    case .only(let role):
      guard let position = roleOwners[role] else { return (.none, .failed(.unknownRole(role))) }
      let slot = slots[position]
      return slot.implements[index] ? (.one(slot), .routed) : (.none, .unhandled(reason: nil))
    case .prefer(let role):
      guard let position = roleOwners[role] else { return (.none, .failed(.unknownRole(role))) }
      let slot = slots[position]
      return slot.implements[index] ? (.one(slot), .routed) : firstImplementer()
    case .broadcast:
      let implementers = slots.filter { $0.implements[index] }
      return implementers.isEmpty
        ? (.none, .unhandled(reason: nil)) : (.many(implementers), .routed)
    case .blocked:
      return (.none, .unhandled(reason: nil))
    case .custom(let choose):
      let context = context(for: message, at: index)
      return checked(choose(context), message: message, candidates: context.candidates)
    }
  }

  /// Checks a custom rule's decision and turns it into a route.
  ///
  /// `candidates[i]` describes `slots[i]`, so a chosen candidate's position finds its slot in
  /// O(1): a rebuild stays linear in the number of handlers for broadcasts too.
  func checked(
    _ decision: RoutingDecision, message: Message, candidates: [RoutingCandidate]
  ) -> (Route.Targets, Route.Outcome) {
    let chosen: [RoutingCandidate]
    switch decision {
    case .unhandled(let reason):
      return (.none, .unhandled(reason: reason))
    case .unknownRole(let role):
      return (.none, .failed(.unknownRole(role)))
    case .deliver(let candidate):
      chosen = [candidate]
    case .broadcast(let list):
      guard message.isNotification else {
        return (.none, .failed(.broadcastOfValueReturningMessage))
      }
      if list.isEmpty { return (.none, .unhandled(reason: "the broadcast lists no handler")) }
      chosen = list
    }
    var targets: [HandlerSlot] = []
    var seen: Set<Int> = []
    targets.reserveCapacity(chosen.count)
    for choice in chosen {
      let position = choice.handler.position
      guard candidates.indices.contains(position), candidates[position].slotID == choice.slotID,
        candidates[position].object === choice.object
      else {
        return (.none, .failed(.handlerNotInProxy(typeName: choice.handler.typeName)))
      }
      let slot = slots[position]
      guard candidates[position].implementsMessage else {
        return (.none, .failed(.handlerDoesNotImplement(slot)))
      }
      guard seen.insert(slot.id).inserted else {
        return (.none, .failed(.duplicateTarget(slot)))
      }
      targets.append(slot)
    }
    if case .broadcast = decision { return (.many(targets), .routed) }
    return (.one(targets[0]), .routed)
  }
}
