import Foundation

@testable import Switchboard

/// The members every proxy offers (`RoutingProxy`: `DelegateProxy`, `TableViewProxy`,
/// `CollectionViewProxy`), for the models of both kinds of proxy: each is the one line
/// `RoutingProxy` runs, into the same `DelegateRouting`, so the list specs and the delegate
/// specs exercise one surface through one code.
protocol ModelRoutingProxy: AnyObject {
  associatedtype Message: MessageSet
  /// The proxy's one routing.
  var routing: DelegateRouting<Message> { get }
}

extension ModelRoutingProxy {
  /// `rules`.
  var rules: RoutingRules<Message> {
    get { routing.rules }
    set { routing.rules = newValue }
  }

  /// `add(_:role:retention:)`: above the kept delegates.
  func add(_ handler: AnyObject, role: HandlerRole? = nil, retention: HandlerRetention = .weak) {
    routing.add(handler, role: role, retention: retention)
  }

  /// `insert(_:at:role:retention:)`.
  func insert(
    _ handler: AnyObject, at position: Int, role: HandlerRole? = nil,
    retention: HandlerRetention = .weak
  ) {
    routing.insert(handler, at: position, role: role, retention: retention)
  }

  /// `remove(_:)`.
  @discardableResult
  func remove(_ handler: AnyObject) -> Bool { routing.remove(handler) }

  /// `move(_:to:)`.
  @discardableResult
  func move(_ handler: AnyObject, to position: Int) -> Bool { routing.move(handler, to: position) }

  /// `handlers`.
  var handlers: [HandlerDescription] { routing.handlers }

  /// `explain(_:)` of a selector (`#selector(…)` on a device), by its name.
  func explain(named selector: String) -> RouteExplanation<Message> { routing.explain(selector) }

  /// `targets(for:)` of a selector, by its name.
  func targets(forNamed selector: String) -> [AnyObject] {
    routing.targets(forSelector: selector)
  }

  /// `routingTable`.
  var routingTable: RoutingTable<Message> { routing.routingTable }

  /// `observe(named:beforeHandler:_:)`: the boxed arguments of every message named `selector`.
  func observe(
    named selector: String, beforeHandler: Bool = false, isolation: (any Actor)? = #isolation,
    _ body: @escaping ([Any]) -> Void
  ) -> ObservationToken {
    routing.observe(
      MessageEvent(named: selector), beforeHandler: beforeHandler, isolation: isolation, body)
  }

  /// `answer(named:role:at:retention:with:)`.
  @discardableResult
  func answer<each Argument, Answer>(
    named selector: String, role: HandlerRole? = nil, at position: Int? = nil,
    retention: HandlerRetention = .weak, isolation: (any Actor)? = #isolation,
    with body: @escaping (repeat each Argument) -> Answer
  ) -> ObservationToken {
    routing.answer(
      selector, role: role ?? HandlerRole(selector), at: position, retention: retention,
      isolation: isolation, body)
  }

  /// `answer(named:owner:role:at:isolation:with:)`: the owner keeps the closure as
  /// `RoutingProxy` makes it keep it, through the object associated with it (`OwnedAnswers`),
  /// which the model's owners hold as a stored property.
  @discardableResult
  func answer<Owner: ModelAnswerOwner, each Argument, Answer>(
    named selector: String, owner: Owner, role: HandlerRole? = nil, at position: Int? = nil,
    isolation: (any Actor)? = #isolation,
    with body: @escaping (Owner, repeat each Argument) -> Answer
  ) -> ObservationToken {
    let role = role ?? HandlerRole(selector)
    let routing = routing
    return routing.answer(
      selector, owner: owner, role: role, at: position, isolation: isolation,
      keep: { owner.ownedAnswers.keep($0, for: routing, role: role) }, body)
  }

  /// `events(named:as:beforeHandler:bufferingPolicy:)`.
  func events<each Argument>(
    named selector: String, as types: (repeat each Argument).Type,
    bufferingPolicy: AsyncStream<(repeat each Argument)>.Continuation.BufferingPolicy =
      .unbounded
  ) -> AsyncStream<(repeat each Argument)> {
    routing.events(selector, as: types, beforeHandler: false, bufferingPolicy: bufferingPolicy)
  }
}

/// An owner of closures in the model: what `OwnedAnswers.of(_:)` associates with an object on
/// the Objective-C runtime (retained by it until it is deallocated), as a stored property.
protocol ModelAnswerOwner: AnyObject {
  var ownedAnswers: OwnedAnswers { get }
}
