import Foundation

// Problems: reported to `onError`, kept in `errors`, setup mistakes found on every change.
extension DelegateRouting {
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
    withLock { undeclaredSelectorAnswered = body }
  }

  /// Reports a problem a configuration met (a list proxy's cell provider that threw) to
  /// ``onError``, and keeps it in ``errors``.
  package func report(_ error: DelegateProxyError) {
    withLock {
      reported.append(error)
      let onError = onErrorHandler
      callAfterUnlocking { onError(error) }
    }
  }

  /// Reports every setup mistake not reported since it appeared: a rule that fails or a
  /// required message nobody handles, a rule keyed by a modeled selector or by one no protocol
  /// declares and no handler implements, a fallback keyed so, an overload keyed by mistake, a
  /// handler's near miss, and the configuration's own.
  func reportSetupMistakes(handlersChanged: Bool = true) {
    router.withReleasedHandlersRemoved { reportSetupMistakesOfLiveHandlers(handlersChanged) }
  }

  private func reportSetupMistakesOfLiveHandlers(_ handlersChanged: Bool) {
    var found: [DelegateProxyError] = []
    do {
      try router.validate(requiring: configuration.requiredMessages)
    } catch {
      found.append(DelegateProxyError(.routeCannotWork(error.description)))
    }
    let ruled = router.rules.namesWithEntries
    for name in ruled {
      if let message = configuration.modeledMessage(name) {
        found.append(
          DelegateProxyError(.ruleForModeledSelector(selector: name, message: "\(message)")))
      }
    }
    for (selector, suggestion) in undeclaredRuleSelectors() {
      found.append(
        DelegateProxyError(.undeclaredSelector(selector: selector, suggestion: suggestion)))
    }
    for (selector, suggestion) in undeclaredFallbackSelectors() {
      found.append(
        DelegateProxyError(.undeclaredFallbackSelector(selector: selector, suggestion: suggestion))
      )
    }
    // Read once for the checks below, sorted (the runtime's list usually is: kept as it is).
    let listed = runtime.declaredSelectors
    let declared = zip(listed, listed.dropFirst()).allSatisfy(<=) ? listed : listed.sorted()
    let keyed =
      fallbacks.isEmpty ? ruled : Set(ruled).union(fallbacks.keys).sorted()
    for (selector, sibling) in unimplementedKeyedSelectors(keyed, declared: declared) {
      found.append(
        DelegateProxyError(
          .keyedSelectorNobodyImplements(selector: selector, implemented: sibling)))
    }
    found += completionsThatMayGoUncalled()
    if handlersChanged {
      nearMisses = nearMisses(declared: declared).map {
        DelegateProxyError(
          .nearMiss(handler: $0.handler, method: $0.method, declared: $0.declared))
      }
    }
    found += nearMisses
    found += configuration.setupMistakes(router, kept)
    for mistake in found where !setupMistakes.contains(mistake) { report(mistake) }
    setupMistakes = found
  }

  /// The methods taking a completion handler that nothing would call once their handler goes.
  ///
  /// Each is answered by something that can go away (a handler held weakly, a closure tied to an
  /// owner), with no preset or declared `.completion` fallback. Under the lock.
  private func completionsThatMayGoUncalled() -> [DelegateProxyError] {
    runtime.selectorsTakingCompletions.compactMap { selector in
      guard let argument = runtime.declaration(of: selector)?.completionArgument,
        !callsItsCompletion(selector),
        let target = router.targets(forNamed: selector).first(where: canGoAway)
      else { return nil }
      let handler =
        (target as? ClosureHandler).map { "a closure tied to its owner (\($0.selector))" }
        ?? "\(type(of: target)), held weakly"
      return DelegateProxyError(
        .completionMayGoUncalled(selector: selector, handler: handler, argument: argument))
    }
  }

  /// Whether `handler` can go away while the parent still sends its messages.
  private func canGoAway(_ handler: AnyObject) -> Bool {
    if let closure = handler as? ClosureHandler { return closure.isOwned }
    return router.retention(of: handler) == .weak
  }
}
