// Describing routes on demand: explanations, the routing table and routing errors.

extension PrioritizedProxy {
  // MARK: - Inspection

  /// Why `message` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(.didSelectRow))   // didSelectRow → view (Screen), by rule 'only view'
  /// ```
  public func explain(_ message: Message) -> RouteExplanation<Message> {
    removeReleasedHandlers()
    let index = routeIndex(of: message)
    return explanation(for: .message(message, index: index), route: storage.route(at: index))
  }

  /// Why the message named `name` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(named: "scrollViewDidScroll:"))
  /// // scrollViewDidScroll: → view (FeedScreen), by rule 'first implementer'
  /// ```
  public func explain(named name: String) -> RouteExplanation<Message> {
    removeReleasedHandlers()
    return explanation(for: namedSubject(name), route: namedRoute(name))
  }

  /// The route of every message, in `Message.allCases` order, then of every message named at
  /// run time that was asked about or has a rule, sorted by name.
  public var routingTable: RoutingTable<Message> {
    removeReleasedHandlers()
    var rows = messages.enumerated().map { index, message in
      explanation(for: .message(message, index: index), route: storage.route(at: index))
    }
    for name in knownNames {
      rows.append(explanation(for: namedSubject(name), route: namedRoute(name)))
    }
    return RoutingTable(rows: rows)
  }

  /// The routes whose rule made an invalid choice, such as a handler that does not implement the
  /// message, a role no handler has, or a broadcast of a message that returns a value.
  ///
  /// Messages named at run time are checked when they have a rule or were asked about. Empty
  /// when the configuration is sound.
  public var routingErrors: [RoutingError<Message>] {
    removeReleasedHandlers()
    var errors: [RoutingError<Message>] = messages.indices.compactMap { index in
      guard case .failed(let failure) = storage.route(at: index).outcome else { return nil }
      return routingError(failure, .message(messages[index], index: index))
    }
    for name in knownNames {
      if case .failed(let failure) = namedRoute(name).outcome {
        errors.append(routingError(failure, namedSubject(name)))
      }
    }
    return errors
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

  /// Throws the first routing error, or an error for the first message named in `required` (an
  /// Objective-C selector) that goes to nobody: ``validate(requiring:)`` for messages named at
  /// run time.
  ///
  /// ```swift
  /// try proxy.validate(requiringNamed: ["tableView:numberOfRowsInSection:"])
  /// ```
  public func validate(requiringNamed required: [String]) throws(RoutingError<Message>) {
    try validate()
    for name in required where targets(forNamed: name).isEmpty {
      if let error = error(for: namedSubject(name), route: namedRoute(name)) { throw error }
    }
  }

  /// The error for `message`, if its route has no target.
  func error(for message: Message) -> RoutingError<Message>? {
    let index = routeIndex(of: message)
    return error(for: .message(message, index: index), route: storage.route(at: index))
  }

  func error(for subject: Subject, route: Route) -> RoutingError<Message>? {
    switch route.outcome {
    case .routed: return nil
    case .failed(let failure): return routingError(failure, subject)
    case .unhandled:
      guard case .unhandled(let reason) = explanation(for: subject, route: route).outcome else {
        return nil
      }
      return RoutingError(
        message: subject.message, name: subject.name, rule: rule(for: subject).name,
        kind: .unhandled(reason: reason), handlers: summaries(for: subject))
    }
  }

  /// Each live handler and whether it implements the subject.
  func summaries(for subject: Subject) -> [HandlerDescription] {
    slots.enumerated().map { position, slot in
      slot.describe(at: position, implements: implements(at: position, subject))
    }
  }

  func explanation(for subject: Subject, route: Route) -> RouteExplanation<Message> {
    let rule = rule(for: subject)
    let candidates = summaries(for: subject)
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
      outcome = .unhandled(reason: reason ?? builtInReason(rule, subject))
    case .failed(let failure):
      outcome = .failed(routingError(failure, subject))
    }
    return RouteExplanation(
      message: subject.message, name: subject.name, rule: rule.name, outcome: outcome,
      candidates: candidates)
  }

  /// Why a built-in rule routes the subject to nobody.
  ///
  /// Only explanations ask, so rebuilds never build these strings.
  func builtInReason(_ rule: RoutingRule<Message>, _ subject: Subject) -> String {
    switch rule.kind {
    case .blocked:
      return "blocked by rule"
    case .alwaysObject(let reference):
      return "the \(reference.typeName) this rule names has been released"
    case .only(let role):
      // A missing role fails the route instead, so the role's handler is there.
      if let position = slots.firstIndex(where: { $0.hasRole(role) }) {
        return "\(slots[position].describe(at: position)) does not implement it"
      }
      fallthrough
    case .firstImplementer, .prefer, .broadcast, .always, .custom, .combining:
      return slots.isEmpty ? "the proxy has no handlers" : "no handler implements it"
    }
  }

  /// The live handler of `slot`, described with its current position.
  func describe(_ slot: HandlerSlot) -> HandlerDescription {
    slot.describe(at: slots.firstIndex { $0 === slot } ?? -1)
  }

  func routingError(_ failure: Route.Failure, _ subject: Subject) -> RoutingError<Message> {
    let kind: RoutingError<Message>.Kind =
      switch failure {
      case .handlerDoesNotImplement(let slot): .handlerDoesNotImplement(describe(slot))
      case .handlerNotInProxy(let typeName): .handlerNotInProxy(typeName)
      case .duplicateTarget(let slot): .duplicateTarget(describe(slot))
      case .unknownRole(let role): .unknownRole(role, roles: slots.flatMap(\.roles))
      case .broadcastOfValueReturningMessage: .broadcastOfValueReturningMessage
      case .answerTypeMismatch(let expected, let actual):
        .answerTypeMismatch(expected: expected, actual: actual)
      case .combiningNamedMessage: .combiningNamedMessage
      }
    return RoutingError(
      message: subject.message, name: subject.name, rule: rule(for: subject).name, kind: kind,
      handlers: summaries(for: subject))
  }

  /// The context a custom rule sees for `subject`.
  func context(for subject: Subject) -> RoutingContext<Message> {
    var candidates: [(HandlerDescription, AnyObject)] = []
    candidates.reserveCapacity(slots.count)
    for (position, slot) in slots.enumerated() {
      guard let object = slot.object else { continue }
      candidates.append(
        (slot.describe(at: position, implements: implements(at: position, subject)), object))
    }
    return RoutingContext(message: subject.message, name: subject.name, candidates: candidates)
  }
}
