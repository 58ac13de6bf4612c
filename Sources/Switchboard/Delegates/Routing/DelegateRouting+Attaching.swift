import Foundation

// Attaching to the parent's properties, keeping what they held, handing it over and giving it
// back.
extension DelegateRouting: CheckedAfterTurn {
  // MARK: - Attaching

  /// Connects `proxyObject` to the parent's `properties`, in place of `previous`, the routing of
  /// the proxy attached before, if any (whose kept objects it keeps).
  ///
  /// `proxyObject` owns this routing: while it lives, so does the routing (the check left for
  /// after the turn reaches the routing through it).
  ///
  /// The objects the properties hold are kept as the lowest-priority handlers unless
  /// `keepingInstalled` is `false`. A property that holds another Switchboard proxy
  /// (`isAnotherProxy`), one that `previous` is not, is left alone: attaching over it would
  /// hide its routes and stop it from re-asking the parent. That is reported, and `false`
  /// returned.
  ///
  /// `parentThread`, when given, says how the parent is re-asked (``ParentThread``); otherwise
  /// the scheduling given at initialization applies, through `nil`.
  @discardableResult
  package func attach(
    to properties: consuming [DelegateProperty], as proxyObject: AnyObject, keepingInstalled: Bool,
    replacing previous: DelegateRouting?, parentThread: ParentThread? = nil,
    isAnotherProxy: (AnyObject) -> Bool = { _ in false }
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
    let inherited = previous?.withLock {
      let handOver = previous?.handOver()
      previous?.disconnect(restoringKept: false)
      return handOver
    }
    // Taken, not copied: each gets what detach gives back in place.
    var attached = consume properties
    withLock {
      if let parentThread {
        schedule = parentThread.turnQueue.schedule
        checksQueue = parentThread.turnQueue
        reasksThroughNil = parentThread.reasksThroughNil
      }
      self.proxyObject = proxyObject
      // Each property's object, unless it is the proxy replaced: one the app set behind that
      // proxy's back is the app's latest word, and is kept first.
      var found: [KeptDelegate] = []
      for (index, object) in current.enumerated() {
        let name = attached[index].name
        let installed = object.flatMap {
          $0 === inherited?.proxyObject || $0 === proxyObject ? nil : $0
        }
        attached[index].restoring = WeakHandler(installed ?? inherited?.restoring(name))
        if let installed { KeptDelegate.add(installed, from: name, to: &found) }
      }
      self.properties = attached
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
      // Built before the parent is told anything: every change from now on is told.
      router.buildFirstRoutes()
      isAttached = true
      reportRefusedAtInit()
      router.withReleasedHandlersRemoved {
        reportSetupMistakes()
        for property in self.properties where holdsProxy(property) { assign(property) }
        checkWeakHandlersAfterThisTurn()
      }
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
  func holdsProxy(_ property: DelegateProperty) -> Bool {
    guard let selector = property.heldWhileAnswering else { return true }
    return routedAnswer(toSelector: selector)
  }

  /// Assigns the proxy to `property` once the lock is released.
  ///
  /// For the property whose routes the parent caches, remembers where they go. Under the lock.
  func assign(_ property: DelegateProperty) {
    noteAssigned(property)
    callAfterUnlocking(.set(property.access, to: proxyObject))
  }

  /// Remembers where the routes the parent caches go, as their property is assigned.
  ///
  /// Under the lock.
  func noteAssigned(_ property: DelegateProperty) {
    if property.name == configuration.cachedRoutesProperty {
      assignedRoutes = configuration.cachedRoutes(router, answers.keys)
    }
  }

  /// Whether the proxy has started: attached to its parent, or given to one.
  package var isStarted: Bool { withLock { isAttached } }

  /// Routes again after the runtime changed what the proxy adopts (before it starts), and
  /// checks the rules given at initialization against the methods now declared: a rule the
  /// adopted protocol makes impossible (a broadcast of a method that returns a value) is refused
  /// as one set later would be, and reported when the proxy starts.
  package func invalidateRoutes() {
    withLock {
      // One rebuild of the routes for both.
      router.batch {
        router.invalidateRoutes()
        let refused = refusedAtInit.count
        let accepted = refusingRulesThatCannotRoute(in: router.rules, keeping: RoutingRules()) {
          refusedAtInit.append($0)
        }
        // Set again only for a rule refused: setting the rules is a change to record.
        if refusedAtInit.count > refused { router.rules = accepted }
      }
    }
  }

  /// Starts the routing of a proxy that a parent receives at initialization.
  ///
  /// The parent keeps it as its delegate for good (`URLSession`'s,
  /// `UIContextMenuInteraction`'s): setup mistakes are reported now, and handlers nothing else
  /// keeps after this turn. `proxyObject` owns this routing.
  ///
  /// There is no property to set again, so the answers the parent cached when it received the
  /// proxy cannot be refreshed: a handler added later for a method the parent was told is not
  /// implemented never receives it. Everything else holds: fallbacks, reports, observation.
  package func startWithoutProperty(as proxyObject: AnyObject) {
    withLock {
      self.proxyObject = proxyObject
      // Built before the parent is told anything: every change from now on is told.
      router.buildFirstRoutes()
      isAttached = true
      reportRefusedAtInit()
      router.withReleasedHandlersRemoved {
        reportSetupMistakes()
        checkWeakHandlersAfterThisTurn()
      }
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
  ///
  /// Returns the parent of the first property, if it lives: where the proxy's owner finds what
  /// the parent kept the proxy in.
  @discardableResult
  package func detach() -> AnyObject? {
    disconnect(restoringKept: true)
  }

  /// What a proxy attached in place of this one takes over.
  private struct HandOver {
    /// The proxy object that held the properties.
    let proxyObject: AnyObject?
    /// What its ``detach()`` would have given back to each property.
    let restoring: [(property: String, object: AnyObject?)]
    /// The objects it kept, still alive, highest priority first.
    let kept: [KeptDelegate]

    /// What its ``detach()`` would have given back to the property `name`.
    func restoring(_ name: String) -> AnyObject? {
      restoring.first { $0.property == name }?.object ?? nil
    }
  }

  /// What a proxy attached in place of this one takes over.
  ///
  /// Under the lock.
  private func handOver() -> HandOver {
    HandOver(
      proxyObject: proxyObject,
      restoring: properties.map { ($0.name, $0.restoring.object) },
      kept: kept.filter { $0.object != nil })
  }

  /// Returns the parent of the first property, if it lives.
  @discardableResult
  private func disconnect(restoringKept: Bool) -> AnyObject? {
    withLock {
      let parent = properties.first?.access.parentObject
      if let proxyObject {
        // The parent's properties are read and set once the lock is released. The list is
        // handed over whole, not copied: nothing here reads it again.
        var taken: [DelegateProperty] = []
        swap(&taken, &properties)
        if !restoringKept {
          for index in taken.indices { taken[index].restoring = WeakHandler(nil) }
        }
        callAfterUnlocking(.restore(taken, from: proxyObject))
      }
      properties = []
      proxyObject = nil
      isAttached = false
      kept = []
      return parent
    }
  }

  /// Leaves for after the turn the check of the handlers held weakly (``AfterTurnCheck``).
  ///
  /// Called inside `withReleasedHandlersRemoved`: the router's handlers are those that live.
  private func checkWeakHandlersAfterThisTurn() {
    let check = AfterTurnCheck(proxy: proxyObject, routing: self, handlers: router.slots)
    // The router's list itself, shared until it changes: no list of its own per proxy.
    handlersAtAttach = check.isNeeded ? router.slots : []
    guard check.isNeeded else { return }
    if let checksQueue { checksQueue.check(check) } else { schedule { check.run() } }
  }

  /// Reports each handler held weakly at attach that nothing else kept past the turn.
  func checkHandlersAfterTurn() {
    withLock {
      guard isAttached else { return }
      for (position, slot) in handlersAtAttach.enumerated()
      where AfterTurnCheck.watches(slot) && slot.object == nil {
        report(
          DelegateProxyError(
            .handlerReleasedAfterAttach(handler: "\(slot.describe(at: position))")))
      }
      handlersAtAttach = []
    }
  }
}
