import Switchboard

/// What every list proxy offers, whatever view it serves.
///
/// ``ListProxy`` for the headless hosts, and the UIKit table and collection view proxies. Code
/// that works with any of them (a view
/// model that paginates through whichever proxy shows it) names this protocol.
///
/// ```swift
/// func showRoutes(of proxy: some ListRoutingProxy) {
///   print(proxy.explain(.didSelectRow))
/// }
/// ```
@MainActor
public protocol ListRoutingProxy: AnyObject {
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
