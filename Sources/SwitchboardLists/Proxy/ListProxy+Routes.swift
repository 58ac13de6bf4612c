import Switchboard

// The handlers, rules and routes of a `ListProxy`, each with `PrioritizedProxy`'s meaning, so
// everyday work never goes through `router`.
extension ListProxy {
  /// The rule table: `proxy.rules[.didSelectRow] = .broadcast`.
  ///
  /// Changing it rebuilds the routes and tells the hosts, which ask again what the proxy
  /// responds to.
  public var rules: RoutingRules<ListMessage> {
    get { router.rules }
    set { router.rules = newValue }
  }

  /// Why `message` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(.cellForRow))   // cellForRow → view (TodoScreen), by rule 'always view'
  /// ```
  public func explain(_ message: ListMessage) -> RouteExplanation<ListMessage> {
    router.explain(message)
  }

  /// The route of every list message: `print(proxy.routingTable)`.
  public var routingTable: RoutingTable<ListMessage> { router.routingTable }

  /// The live handlers in priority order (released weak handlers are dropped first).
  ///
  /// ```swift
  /// proxy.handlers.map(\.typeName)   // ["TodoScreen", "TodoModel"]
  /// ```
  public var handlers: [HandlerDescription] { router.handlers }

  /// Adds a handler with the lowest priority; see `PrioritizedProxy.add(_:role:retention:)`.
  ///
  /// ```swift
  /// proxy.add(analytics, role: "analytics", retention: .strong)
  /// ```
  public func add(
    _ handler: AnyObject, role: HandlerRole? = nil, retention: HandlerRetention = .weak
  ) {
    router.add(handler, role: role, retention: retention)
  }

  /// Inserts a handler at a priority position, 0 being the highest; see
  /// `PrioritizedProxy.insert(_:at:role:retention:)`.
  ///
  /// ```swift
  /// proxy.insert(overlay, at: 0, role: "overlay")   // asked before the view
  /// ```
  public func insert(
    _ handler: AnyObject, at position: Int, role: HandlerRole? = nil,
    retention: HandlerRetention = .weak
  ) {
    router.insert(handler, at: position, role: role, retention: retention)
  }

  /// Removes a handler.
  ///
  /// ```swift
  /// proxy.remove(overlay)
  /// ```
  ///
  /// - Returns: `true` if the handler was registered.
  @discardableResult
  public func remove(_ handler: AnyObject) -> Bool { router.remove(handler) }

  /// Removes the handler registered with `role` (with all of its roles).
  ///
  /// ```swift
  /// proxy.removeHandler(withRole: "overlay")
  /// ```
  ///
  /// - Returns: `true` if a handler had that role.
  @discardableResult
  public func removeHandler(withRole role: HandlerRole) -> Bool {
    router.removeHandler(withRole: role)
  }

  /// Moves a handler to a new priority position, 0 being the highest (past the last, the last).
  ///
  /// ```swift
  /// proxy.move(model, to: 0)   // the view model is asked first
  /// ```
  ///
  /// - Returns: `false` when `handler` is not a handler: nothing moved.
  @discardableResult
  public func move(_ handler: AnyObject, to position: Int) -> Bool {
    router.move(handler, to: position)
  }

  /// The handler registered with `role`, if it is still alive.
  ///
  /// ```swift
  /// proxy.handler(withRole: .viewModel) === model   // true
  /// ```
  public func handler(withRole role: HandlerRole) -> AnyObject? { router.handler(withRole: role) }

  /// How the proxy holds `handler`, or `nil` when it is not a live handler of the proxy.
  ///
  /// ```swift
  /// proxy.retention(of: model)   // .weak, unless made with viewModelRetention: .strong
  /// ```
  public func retention(of handler: AnyObject) -> HandlerRetention? {
    router.retention(of: handler)
  }

  /// Makes several handler and rule changes with one rebuild of the routes, after the last.
  ///
  /// ```swift
  /// proxy.batch {
  ///   proxy.add(analytics, role: "analytics")
  ///   proxy.rules[.didSelectRow] = .broadcast
  /// }
  /// ```
  public func batch<Failure: Error>(_ changes: () throws(Failure) -> Void) throws(Failure) {
    try router.batch(changes)
  }

  /// Every handler that receives `message`, in order: one for an ordinary route, several for a
  /// broadcast, none when it goes to nobody.
  ///
  /// ```swift
  /// proxy.targets(for: .numberOfRows).first === model   // true
  /// ```
  public func targets(for message: ListMessage) -> [AnyObject] { router.targets(for: message) }

  /// The routes whose rule made an invalid choice; empty when the configuration is sound.
  ///
  /// ```swift
  /// proxy.routingErrors.isEmpty   // true
  /// ```
  public var routingErrors: [RoutingError<ListMessage>] { router.routingErrors }

  /// Throws the first routing error, or an error for the first of `required` that goes to
  /// nobody.
  ///
  /// ```swift
  /// try proxy.validate(requiring: [.numberOfRows, .cellForRow])
  /// ```
  public func validate(requiring required: [ListMessage] = []) throws(RoutingError<ListMessage>) {
    try router.validate(requiring: required)
  }

  /// Calls `body` with the arguments of every `call` the host sends (`.didSelectRow`,
  /// `.willDisplayRow`, any list message), before or after its handlers.
  ///
  /// Observing never changes an answer or who handles a message. Observing a notification no
  /// handler implements makes the proxy answer it while the observation lasts, and a host
  /// asks again when that changes.
  ///
  /// ```swift
  /// let token = proxy.observe(.willDisplayRow, beforeHandler: true) { cell, indexPath in
  ///   print("showing", indexPath.row)
  /// }
  /// ```
  ///
  /// - Returns: The observation: it ends when you release it or call `cancel()`.
  public func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    beforeHandler: Bool = false, _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    router.observe(call.event, beforeHandler: beforeHandler, body)
  }

  /// The arguments of every `call` the host sends from now on, as an async sequence that ends
  /// when the proxy goes away or the iterating task is cancelled.
  ///
  /// ```swift
  /// for await indexPath in proxy.events(.didSelectRow) { open(indexPath) }
  /// ```
  public func events<Capability, Arguments: Sendable, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    beforeHandler: Bool = false,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    router.events(call.event, beforeHandler: beforeHandler, bufferingPolicy: bufferingPolicy)
  }
}
