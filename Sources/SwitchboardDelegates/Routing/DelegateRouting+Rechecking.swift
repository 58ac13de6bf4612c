import Foundation
import Switchboard

// Telling the parent when an answer it remembered changed: once, after the turn.
extension DelegateRouting {
  // MARK: - Telling the parent

  func routesChanged(_ change: RouteChange<Message>) {
    selectors.routesChanged()
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
}
