import Foundation

// Observers and async sequences of the messages the parent sends.
extension DelegateRouting {
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
      let reportedWrongThread = OnceFlag()
      let checked: (Arguments) -> Void =
        isolation == .anyThread
        ? body
        : { [weak self] arguments in
          guard isolation.allowsCallHere else {
            if reportedWrongThread.setFirstTime() {
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
        change { observation.cancel() }
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
    let id = withLock {
      nextStream += 1
      streams[nextStream] = (observation, { continuation.finish() })
      return nextStream
    }
    // Outside the lock: a stream already ended calls it at once.
    continuation.onTermination = { [weak self] _ in
      self?.endStream(id)
    }
  }

  /// Forgets the stream `id`, whose consumer stopped: its observation is cancelled, and released
  /// after the lock is.
  private func endStream(_ id: Int) {
    change { [self] in
      let ended = streams.removeValue(forKey: id)
      callAfterUnlocking { withExtendedLifetime(ended) {} }
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
    if router.targets(forNamed: selector).isEmpty, !callsItsCompletion(selector),
      let index = runtime.declaration(of: selector)?.completionArgument
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
    forgetDirectTargets()
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
    if let problem = observationProblem(selector) { return problem }
    if let effect = configuration.presenceEffects[selector],
      router.targets(forNamed: selector).isEmpty,
      // One that only silences a sibling nobody implements silences nothing.
      configuration.silencedSiblings[selector].map({ !router.targets(forNamed: $0).isEmpty })
        ?? true
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
    let reportedMismatch = OnceFlag()
    let event = MessageEvent<Message, [Any]>(named: selector)
    let kinds = BoxedArguments.kinds(
      of: types, declared: runtime.declaration(of: selector)?.argumentTypes)
    return observation(event, beforeHandler: beforeHandler, isolation: actor) {
      [weak self] boxed in
      if let mismatch = BoxedArguments.deliver(boxed, as: types, kinds: kinds, to: body) {
        guard reportedMismatch.setFirstTime() else { return }
        let reason =
          mismatch.index < 0
          ? "it has \(mismatch.found), not the \(mismatch.expected) of \(types)"
          : "its argument \(mismatch.index) is a \(mismatch.found), not \(mismatch.expected)"
        self?.report(
          DelegateProxyError(.undeliverableObservation(selector: selector, reason: reason)))
      }
    }
  }
}
