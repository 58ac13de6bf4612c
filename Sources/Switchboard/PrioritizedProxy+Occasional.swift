// What only some proxies keep: route and message observers, an `onError` of the app's, the
// roles of handlers that left. Kept in one object made when first given something, so that a
// list whose rows each attach a delegate proxy does not carry them in every proxy
// (`ProxyAttach`'s heap row).
extension PrioritizedProxy {
  /// The state only some proxies keep.
  final class Occasional {
    var rolesOfGoneHandlers = ShortTable<HandlerRole, Void>()
    var namedObservers: [String: ObserverList] = [:]
    var observers = ChangeObservers<RouteChange<Message>>()
    var nextObserverID = 0
    var lifetime: ProxyLifetime?
    var replacedOnError: ((RoutingError<Message>) -> Void)?
  }

  /// The occasional state, made now if it was not.
  private var madeOccasional: Occasional {
    if let occasional { return occasional }
    let made = Occasional()
    occasional = made
    return made
  }

  /// The roles of handlers no longer registered (removed, or released and dropped), so a rule
  /// can tell a role whose handler is gone from a misspelled one (``roleWasGiven(_:)``).
  var rolesOfGoneHandlers: ShortTable<HandlerRole, Void> {
    get { occasional?.rolesOfGoneHandlers ?? ShortTable() }
    set {
      if occasional != nil || !newValue.isEmpty { madeOccasional.rolesOfGoneHandlers = newValue }
    }
  }

  /// The observers of messages named at run time.
  var namedObservers: [String: ObserverList] {
    get { occasional?.namedObservers ?? [:] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.namedObservers = newValue } }
  }

  /// The observers of the routes (``observeRoutes(_:)``).
  var observers: ChangeObservers<RouteChange<Message>> {
    get { occasional?.observers ?? ChangeObservers() }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.observers = newValue } }
  }

  /// The number of the next observer.
  var nextObserverID: Int {
    get { occasional?.nextObserverID ?? 0 }
    set { madeOccasional.nextObserverID = newValue }
  }

  /// An object only the proxy holds, so observations can tell whether it still exists without
  /// a weak reference to it; made by the first observation.
  var lifetime: ProxyLifetime {
    if let made = occasional?.lifetime { return made }
    let made = ProxyLifetime()
    madeOccasional.lifetime = made
    return made
  }

  /// What ``onError`` was set to, if it was: otherwise an error goes to the owner, or stops a
  /// debug build.
  var replacedOnError: ((RoutingError<Message>) -> Void)? {
    get { occasional?.replacedOnError }
    set { madeOccasional.replacedOnError = newValue }
  }
}
