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
    _ = forEachTarget(named: name) { object in
      // Made to hold the route's every target at the first: a list grown as it is filled
      // allocates twice for a broadcast to two.
      if objects.isEmpty { objects.reserveCapacity(namedRoutes[name]?.slots.count ?? 1) }
      objects.append(object)
    }
    return objects
  }

  /// The first handler the message named `name` goes to (its one handler, or a broadcast's
  /// first), or `nil`; unlike ``targets(forNamed:)``, it allocates nothing.
  ///
  /// ```swift
  /// let handler = proxy.firstTarget(forNamed: "textFieldShouldReturn:")
  /// ```
  public func firstTarget(forNamed name: String) -> AnyObject? {
    var known = decidedRoute(named: name)
    return firstTarget(of: known.take() ?? namedRoute(name))
  }

  /// Whether the message named `name` goes to several handlers (a broadcast, or answers a rule
  /// combines), as its route says: no handler is loaded.
  func goesToSeveral(named name: String) -> Bool {
    // A new name is decided over live handlers, as for a delivery.
    (decidedRoute(named: name) ?? namedRoute(name)).slots.count > 1
  }

  /// Whether the message named `name` reaches a handler that implements it, or is a
  /// notification that something observes.
  public func responds(toNamed name: String) -> Bool {
    if forEachTarget(named: name, { _ in }) > 0 { return true }
    guard isNotification(named: name) else { return false }
    return isObserved(named: name)
  }

  func forEachTarget(
    named name: String, _ body: (consuming AnyObject) throws -> Void
  ) rethrows -> Int {
    // The route looked up once; after a rebuild, the rebuilt one.
    var known = decidedRoute(named: name)
    return try forEachTarget(of: known.take() ?? namedRoute(name), body)
  }

  /// The route of `name` if it was decided; `nil` for a new name, once released handlers are
  /// dropped, so that it is decided over live handlers only.
  private func decidedRoute(named name: String) -> Route? {
    if let known = namedRoutes[name] { return known }
    if slots.contains(where: { $0.object == nil }) { rebuildRoutes(.handlersReleased) }
    return nil
  }

  /// A delivery of a message named at run time: its targets, and the arguments shown to its
  /// observers (before the handlers already; after them at ``finish(_:)``).
  @usableFromInline
  struct NamedDelivery {
    @usableFromInline let name: String
    @usableFromInline let targets: [AnyObject]
    let show: ((ObserverTiming) -> Void)?
  }

  /// Finds the targets of the message named `name` and shows `arguments` (built only when
  /// something observes it) to the observers that watch before the handlers; with
  /// `expectingOne`, a route to several targets is a programming error (a value has one
  /// answer).
  @usableFromInline
  func startDelivery<Arguments>(
    named name: String, _ arguments: Arguments?, expectingOne: Bool = false
  ) -> NamedDelivery {
    var shown: ((ObserverTiming) -> Void)?
    // The closure is made only for a message something observes: it would allocate.
    if let value = arguments, isObserved(named: name) {
      shown = { [unowned self] timing in self.showObservers(named: name, value, timing) }
      shown?(.beforeHandler)
    }
    let targets = targets(forNamed: name)
    if expectingOne, targets.count > 1 {
      preconditionFailure(
        "\(self.name): \(explain(named: name)). send delivers to one handler and would reach "
          + "only the first; broadcast \(name) instead, or route it to one handler.")
    }
    return NamedDelivery(name: name, targets: targets, show: shown)
  }

  /// Shows a delivery's arguments to the observers that watch after the handlers.
  @usableFromInline
  func finish(_ delivery: NamedDelivery) {
    delivery.show?(.afterHandler)
  }

  /// `object`, a target of the message named `name`, as `capability` or else `alternative`;
  /// `nil`, reported to ``onError`` once per route, when it adopts neither.
  @usableFromInline
  func typed<Capability, Alternative>(
    _ object: AnyObject, named name: String, as capability: Capability.Type,
    or alternative: Alternative.Type
  ) -> Either<Capability, Alternative>? {
    if let handler = object as? Capability { return .first(handler) }
    if let handler = object as? Alternative { return .second(handler) }
    report(
      mismatch(explain(named: name), object: object, capability, alternative),
      onceFor: namedRoute(name))
    return nil
  }
}
