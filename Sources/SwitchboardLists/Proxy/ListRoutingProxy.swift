import Switchboard

/// What every list proxy offers, whatever view it serves: ``ListProxy`` for the headless hosts,
/// and the table and collection view proxies.
///
/// Internal: the package's code that works with any of them (pagination) names it; an app names
/// the proxy it made.
@MainActor
protocol ListRoutingProxy: AnyObject {
  /// The kind of list view the proxy serves, such as `ListView` or `UITableView`.
  associatedtype Host: ListHost

  /// The rule table: `proxy.rules[.didSelectRow] = .broadcast`.
  var rules: RoutingRules<ListMessage> { get set }

  /// Why `message` goes where it goes.
  func explain(_ message: ListMessage) -> RouteExplanation<ListMessage>

  /// The route of every list message asked about or given a rule.
  var routingTable: RoutingTable<ListMessage> { get }

  /// The live handlers in priority order.
  var handlers: [HandlerDescription] { get }

  /// Calls `body` with the arguments of every `call` the host sends, before or after its
  /// handlers.
  func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    beforeHandler: Bool, _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken
}
