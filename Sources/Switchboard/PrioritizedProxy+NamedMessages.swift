// Messages named at run time: the Objective-C selectors a delegate proxy forwards, routed by the
// same handlers, rules and routes as the message set's cases.

extension PrioritizedProxy {
  /// Every handler that receives the message named `name`, in order: one for an ordinary route,
  /// several for a broadcast, none when it goes to nobody.
  ///
  /// The route is decided the first time a name is asked for, and again whenever the routes are
  /// rebuilt; a released target makes the proxy route again first.
  ///
  /// ```swift
  /// proxy.targets(forNamed: "scrollViewDidScroll:")   // [screen]
  /// ```
  public func targets(forNamed name: String) -> [AnyObject] {
    var objects: [AnyObject] = []
    _ = forEachTarget(named: name) { objects.append($0) }
    return objects
  }

  /// Whether the message named `name` reaches a handler that implements it, or is a
  /// notification that something observes.
  public func responds(toNamed name: String) -> Bool {
    if forEachTarget(named: name, { _ in }) > 0 { return true }
    guard namedNotificationCheck?(name) == true else { return false }
    return isObserved(named: name)
  }

  func forEachTarget(named name: String, _ body: (AnyObject) throws -> Void) rethrows -> Int {
    if namedRoutes[name] == nil, slots.contains(where: { $0.object == nil }) {
      // Decide a new name over live handlers only.
      rebuildRoutes(.handlersReleased)
    }
    return try forEachTarget(of: namedRoute(name), body)
  }

  /// Broadcasts the message named `name` to each of its targets, typed as `capability`.
  @usableFromInline
  func broadcast<Capability, Failure: Error>(
    named name: String, as capability: Capability.Type,
    _ body: (Capability) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    let targets = targets(forNamed: name)
    return try withExtendedLifetime(targets) { () throws(Failure) -> Int in
      for target in targets { try body(typed(target, named: name, as: capability)) }
      return targets.count
    }
  }

  /// Sends the message named `name` to its one target, typed as `capability`, or answers
  /// `defaultValue` when it goes to nobody.
  @usableFromInline
  func send<Capability, Result, Failure: Error>(
    named name: String, as capability: Capability.Type,
    default defaultValue: @autoclosure () throws(Failure) -> Result,
    _ body: (Capability) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let targets = targets(forNamed: name)
    if targets.count > 1 {
      preconditionFailure(
        "\(self.name): \(explain(named: name)). send delivers to one handler and would reach "
          + "only the first; broadcast \(name) instead, or route it to one handler.")
    }
    guard let target = targets.first else { return try defaultValue() }
    return try body(typed(target, named: name, as: capability))
  }

  func typed<Capability>(
    _ object: AnyObject, named name: String, as capability: Capability.Type
  ) -> Capability {
    guard let typed = object as? Capability else {
      preconditionFailure(
        "\(self.name): \(type(of: object)) implements \(name) according to the proxy's "
          + "namedImplementationCheck, but is not \(Capability.self). Send \(name) as a "
          + "capability its handlers adopt (AnyObject for an Objective-C message).")
    }
    return typed
  }
}
