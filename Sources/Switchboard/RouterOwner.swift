/// The routing that owns a ``PrioritizedProxy`` routed by selector name (every delegate proxy's):
/// it answers the proxy's questions about messages named at run time, and is told of route
/// changes and of routes that cannot work.
///
/// The proxy keeps an unowned reference to it, in place of a closure for each question: a list
/// whose every row attaches a delegate proxy would otherwise give each proxy five closure
/// contexts and a weak reference's side table (`ProxyAttach`'s heap row).
///
/// ```swift
/// final class Owner: RouterOwner {
///   func handler(_ handler: AnyObject, implementsNamed name: String) -> Bool { name == "tap:" }
///   func isNotification(named name: String) -> Bool { true }
///   func answerType(named name: String) -> Any.Type? { nil }
///   func routesChanged(_ change: RouteChange<Never>) {}
///   func routeFailed(_ error: RoutingError<Never>) {}
/// }
/// let owner = Owner()
/// let router = PrioritizedProxy<Never>(rules: [:], handlers: [])
/// router.owner = owner   // before the first build of its routes
/// router.buildFirstRoutes()
/// ```
package protocol RouterOwner<Message>: AnyObject {
  associatedtype Message: MessageSet
  /// Whether `handler` implements the message named `name`.
  func handler(_ handler: AnyObject, implementsNamed name: String) -> Bool
  /// Whether the message named `name` returns nothing.
  func isNotification(named name: String) -> Bool
  /// The answer type of the message named `name`, when the owner knows it; a rule that combines
  /// the answers of such messages is checked against it.
  func answerType(named name: String) -> Any.Type?
  /// Told of every route change, before the proxy's observers.
  func routesChanged(_ change: RouteChange<Message>)
  /// Told of a route that cannot work the first time a call meets it, unless the proxy's
  /// `onError` was replaced.
  func routeFailed(_ error: RoutingError<Message>)
}
