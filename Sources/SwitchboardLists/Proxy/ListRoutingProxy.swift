import Switchboard

/// What pagination needs of every list proxy, whatever view it serves.
///
/// ``ListProxy`` for the headless hosts and the table and collection view proxies adopt it:
/// the host type their calls name, and observing them. Their public members are their own; an
/// app names the proxy it made.
@MainActor
protocol ListRoutingProxy: AnyObject {
  /// The kind of list view the proxy serves, such as `ListView` or `UITableView`.
  associatedtype Host: ListHost

  /// Calls `body` with the arguments of every `call` the host sends, before or after its
  /// handlers.
  func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>,
    beforeHandler: Bool, _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken
}
