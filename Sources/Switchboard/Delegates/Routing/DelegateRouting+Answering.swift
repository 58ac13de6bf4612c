import Foundation

// Closures as handlers, and the answers to the Objective-C runtime's three questions.
extension DelegateRouting {
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
  /// Adds a closure answering `selector` that lives as long as `owner`, and receives it as its
  /// first argument: `keep` gives the returned token to `owner` to keep (the Objective-C
  /// runtime's associated objects), so the closure need not capture the owner, and one that does
  /// not makes no cycle.
  package func answer<Owner: AnyObject, each Argument, Answer>(
    _ selector: String, owner: Owner, role: HandlerRole, at position: Int?,
    isolation actor: (any Actor)?, keep: (ObservationToken) -> Void,
    _ body: @escaping (Owner, repeat each Argument) -> Answer
  ) -> ObservationToken {
    // Held by the proxy, which it goes with; the owner keeps its token, which removes it when
    // the owner goes first.
    let token = answer(
      selector, role: role, at: position, retention: .strong, isolation: actor, owner: owner
    ) { [weak owner] (argument: repeat each Argument) -> Answer in
      // The handler checks its owner before each call and keeps it alive for the call.
      guard let owner else { preconditionFailure("\(selector): called without its owner") }
      return body(owner, repeat each argument)
    }
    keep(token)
    return token
  }

  package func answer<each Argument, Answer>(
    _ selector: String, role: HandlerRole, at position: Int?, retention: HandlerRetention,
    isolation actor: (any Actor)?, owner: AnyObject? = nil,
    _ body: @escaping (repeat each Argument) -> Answer
  ) -> ObservationToken {
    withLock {
      let declaration = runtime.declaration(of: selector)
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
        discardsAnswer: declaration?.returnsVoid == true,
        isolation: isolation ?? .anyThread, owner: owner, body
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
      // that dropping the caller's reference removes nothing; but an owned one, whose token its
      // owner keeps and lets go of when it goes.
      let kept = retention == .weak ? handler : nil
      let token = ObservationToken { [weak self, serial = handler.serial] in
        // Kept until the change is made (on the main thread, for some proxies).
        self?.change {
          withExtendedLifetime(kept) {
            guard let handler = self?.closureHandler(numbered: serial) else { return }
            _ = self?.router.remove(handler)
          }
        }
      }
      if retention == .strong, owner == nil { handler.token = token }
      return token
    }
  }

  /// The closure handler numbered `serial`, while the proxy holds it.
  private func closureHandler(numbered serial: UInt64) -> ClosureHandler? {
    for slot in router.slots where slot.handlerType == ClosureHandler.self {
      guard let object = slot.object else { continue }
      let handler = unsafeDowncast(object, to: ClosureHandler.self)
      if handler.serial == serial { return handler }
    }
    return nil
  }

  /// How many kept delegates are handlers still.
  var keptCount: Int { kept.count { $0.object.map(router.contains) == true } }

  /// Why a closure for `selector`, which no adopted protocol declares, cannot answer it.
  private func undeclaredClosureProblem(_ selector: String) -> String {
    let hint = closestSelector(to: selector, in: runtime.declaredSelectors).map {
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
    // A closure for a method that returns nothing may produce a value (a discardable result
    // Swift inferred, `{ bar in bar.resignFirstResponder() }`): it is discarded.
    if declaration.returnsVoid { return nil }
    if Answer.self == Void.self { return "the method returns a value, the closure nothing" + fix }
    if let encoding = declaration.returnType, !TypeEncoding.accepts(encoding, Answer.self) {
      return "the method returns \(TypeEncoding.describe(encoding)), not \(Answer.self)" + fix
    }
    return nil
  }

  // MARK: - The runtime's questions

  /// The answer for `responds(to:)` (``routedAnswer(toSelector:implementedHere:)``):
  /// a configuration's modeled selector is answered from its message's route; a method the
  /// proxy class implements itself (`implementedHere`) is answered yes, but for its typed
  /// notifications (``RoutingConfiguration/typedNotifications``), answered like any other
  /// selector: yes only while a handler implements one or something observes it.
  package func responds(toSelector selector: String, implementedHere: () -> Bool = { false })
    -> Bool
  {
    let typed = configuration.typedNotifications.contains(selector)
    return withLock {
      routedAnswer(toSelector: selector) { !typed && implementedHere() }
    }
  }

  /// The handler the runtime sends `selector` to directly, or `nil`
  /// (``directTarget(forSelector:)-(String)``).
  package func forwardingTarget(forSelector selector: String) -> AnyObject? {
    withLock { directTarget(forSelector: selector) }
  }

  /// The handler the runtime sends the selector `key` identifies to directly, or `nil`;
  /// `name` is asked only when the routes changed since it was last asked.
  package func forwardingTarget(forSelector key: SelectorKey, named name: () -> String)
    -> AnyObject?
  {
    withLock { directTarget(forSelector: key, named: name) }
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

  /// Delivers a message no forwarding target took.
  ///
  /// Where it goes is decided under the lock (``plannedDelivery(of:returnsVoid:)``), and its
  /// handlers, closures, observers and fallback are called after the lock is released. One that
  /// reached no handler is reported, and the parent asked again after this turn.
  ///
  /// A configuration's modeled message (a list proxy's, on the main actor) is answered by
  /// ``performModeled``, outside the lock too.
  package func forward(_ invocation: some ForwardedInvocation) {
    if let performModeled, let message = configuration.modeledMessage(invocation.selectorName) {
      return performModeled(invocation, message)
    }
    let selector = invocation.selectorName
    let delivery = plan(selector, returnsVoid: invocation.returnsVoid)
    let isUnanswered = delivery.run(
      invocation, isLive: { check in withLock(check) },
      closureFallback: { fallback(of: selector) },
      onAnswerMismatch: { name, expected, answer in
        report(
          DelegateProxyError(
            .routeCannotWork(
              "\(name): its rule combines answers of type \(expected), and a handler "
                + "answered \(answer.map { "\(type(of: $0))" } ?? "nil"); the answer so far "
                + "stands. Fix: name the method's return type in .combining(_:as:_:)")))
      })
    guard isUnanswered else { return }
    withLock {
      let handlers = router.explain(named: selector).candidates.map(\.description)
      report(DelegateProxyError(.unansweredMessage(selector: selector, handlers: handlers)))
      scheduleRecheck()
    }
  }
}
