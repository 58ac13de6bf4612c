// What only some routings keep: reports and setup mistakes, an `onError` of the app's, a list
// proxy's modeled messages and cached routes, event streams. Kept in one object made when first
// given something, so that a list whose rows each attach a delegate proxy does not carry them
// in every routing (`ProxyAttach`'s heap row). Each is read and written under the lock.
extension DelegateRouting {
  /// The state only some routings keep.
  final class Occasional {
    var unanswered: [String: DelegateFallback] = [:]
    var onErrorHandler: (@Sendable (DelegateProxyError) -> Void)?
    var reported: [DelegateProxyError] = []
    var refusedAtInit: [DelegateProxyError] = []
    var setupMistakes: [DelegateProxyError] = []
    var nearMisses: [DelegateProxyError] = []
    var assignedRoutes: [String: WeakHandler] = [:]
    var streams: [Int: (observation: ObservationToken, finish: () -> Void)] = [:]
    var nextStream = 0
    var performModeled: ((any ForwardedInvocation, Message) -> Void)?
    var laterCallouts: [Callout] = []
  }

  /// The occasional state, made now if it was not.
  private var madeOccasional: Occasional {
    if let occasional { return occasional }
    let made = Occasional()
    occasional = made
    return made
  }

  /// Selectors reported unanswered since the parent was last told and the routes last changed,
  /// with their fallbacks, so a message the parent keeps sending until then is reported once
  /// (and its fallback found once).
  var unanswered: [String: DelegateFallback] {
    get { occasional?.unanswered ?? [:] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.unanswered = newValue } }
  }

  /// Where problems are reported: the app's `onError`, or else the default (a debug build
  /// stops for a setup mistake).
  var onErrorHandler: @Sendable (DelegateProxyError) -> Void {
    get {
      if let handler = occasional?.onErrorHandler { return handler }
      return { error in reportByDefault(error, isSetupMistake: error.isSetupMistake) }
    }
    set { madeOccasional.onErrorHandler = newValue }
  }

  /// The call-outs a lock region asked for after its first, in order.
  var laterCallouts: [Callout] {
    get { occasional?.laterCallouts ?? [] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.laterCallouts = newValue } }
  }

  /// The problems reported so far.
  var reported: [DelegateProxyError] {
    get { occasional?.reported ?? [] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.reported = newValue } }
  }

  /// The rules given at initialization that were refused, reported when the proxy starts.
  var refusedAtInit: [DelegateProxyError] {
    get { occasional?.refusedAtInit ?? [] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.refusedAtInit = newValue } }
  }

  /// The setup mistakes last found, each reported when first found.
  var setupMistakes: [DelegateProxyError] {
    get { occasional?.setupMistakes ?? [] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.setupMistakes = newValue } }
  }

  /// The handlers' near misses as last found; they depend on the handlers only.
  var nearMisses: [DelegateProxyError] {
    get { occasional?.nearMisses ?? [] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.nearMisses = newValue } }
  }

  /// Where each selector of ``RoutingConfiguration/cachedRoutes`` went when its property was
  /// last assigned: the handlers whose answers the parent cached (a table's row counts).
  var assignedRoutes: [String: WeakHandler] {
    get { occasional?.assignedRoutes ?? [:] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.assignedRoutes = newValue } }
  }

  /// The streams of ``events(_:as:beforeHandler:bufferingPolicy:)`` being consumed, each with
  /// its observation and what ends it, finished when the routing goes away.
  var streams: [Int: (observation: ObservationToken, finish: () -> Void)] {
    get { occasional?.streams ?? [:] }
    set { if occasional != nil || !newValue.isEmpty { madeOccasional.streams = newValue } }
  }

  /// The number of the next stream.
  var nextStream: Int {
    get { occasional?.nextStream ?? 0 }
    set { madeOccasional.nextStream = newValue }
  }

  /// Answers a modeled message (``RoutingConfiguration/modeledMessage``) that reached
  /// ``forward(_:)``: a list proxy's `tableView:numberOfRowsInSection:`, which its class does not
  /// implement; set once, before the proxy is attached.
  package var performModeled: ((any ForwardedInvocation, Message) -> Void)? {
    get { occasional?.performModeled }
    set { madeOccasional.performModeled = newValue }
  }
}
