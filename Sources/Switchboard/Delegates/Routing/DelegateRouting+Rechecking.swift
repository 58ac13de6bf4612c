import Foundation

// Telling the parent when an answer it remembered changed: once, after the turn.
extension DelegateRouting {
  // MARK: - Telling the parent

  package func routesChanged(_ change: RouteChange<Message>) {
    forgetRouteCaches()
    scheduleRecheck()
    // A change made on purpose (through the proxy or its router) is checked as attach checks;
    // a released handler or a new observer is no setup mistake.
    if isAttached, !change.causes.isDisjoint(with: [.handlersChanged, .rulesChanged]) {
      reportSetupMistakes(handlersChanged: change.causes.contains(.handlersChanged))
    }
  }

  func scheduleRecheck() {
    guard !recheckScheduled, !properties.isEmpty else { return }
    recheckScheduled = true
    schedule { [weak self] in self?.recheck() }
  }

  /// Asks again for every answer given, and tells the parent when one changed.
  ///
  /// Each property whose object received a changed answer (or whose cached routes moved) is
  /// given the proxy again (through `nil` first for a parent of the main thread, which reads
  /// its delegate's answers only when given another object), so the parent asks again. A
  /// property another object took is left alone and reported. What is stale is decided under
  /// the lock; the parent's properties are read and set after it is released.
  private func recheck() {
    let (proxy, throughNil, reassigned) = withLock {
      () -> (AnyObject?, Bool, [(DelegateProperty, holdsProxy: Bool)]) in
      recheckScheduled = false
      guard let proxyObject, let first = properties.first else { return (nil, false, []) }
      var stale: Set<String> = []
      for selector in changedAnswers() {
        stale.insert(configuration.propertyOfSelector(selector) ?? first.name)
      }
      if let name = configuration.cachedRoutesProperty,
        configuration.cachedRoutes(router, answers.keys).contains(where: {
          selector, now in assignedRoutes[selector]?.object !== now.object
        })
      {
        stale.insert(name)
      }
      return (
        proxyObject, reasksThroughNil,
        properties.compactMap { property in
          let isStale = stale.contains(property.name) || property.heldWhileAnswering != nil
          return isStale ? (property, holdsProxy(property)) : nil
        }
      )
    }
    guard let proxy else { return }
    for (property, holdsProxy) in reassigned {
      let installed = property.get()
      if property.heldWhileAnswering != nil {
        // Held only while answering: stale exactly when holding it no longer matches.
        guard holdsProxy != (installed === proxy) else { continue }
      }
      if installed === proxy || (installed == nil && property.heldWhileAnswering != nil) {
        if throughNil || !holdsProxy { property.set(nil) }
        if holdsProxy {
          withLock { noteAssigned(property) }
          property.set(proxy)
        }
      } else if let installed {
        report(
          DelegateProxyError(
            .replacedByAnotherObject(property: property.name, typeName: "\(type(of: installed))")
          ))
      }
    }
  }
}
