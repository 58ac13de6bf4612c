/// The cached routing decision for one message, valid until the proxy rebuilds its routes.
///
/// It holds no strings: descriptions, reasons and errors are built only when asked for
/// (``PrioritizedProxy/explain(_:)``, the routing table, errors). A replaced route is never
/// changed again, so a dispatch in progress keeps using the one it loaded.
@usableFromInline
final class Route {
  /// Who receives the message.
  @usableFromInline
  enum Targets {
    case one(HandlerSlot)
    case many([HandlerSlot])
    case none
  }

  /// How the rule's decision turned out.
  enum Outcome {
    case routed
    /// Nobody, on purpose; `reason` is `nil` when the rule is built in (explanations ask it
    /// again for its words).
    case unhandled(reason: String?)
    case failed(Failure)
  }

  /// A rule's invalid choice, with what a ``RoutingError`` needs to describe it.
  enum Failure {
    case handlerDoesNotImplement(HandlerSlot)
    case handlerNotInProxy(typeName: String)
    case duplicateTarget(HandlerSlot)
    case unknownRole(HandlerRole)
    case broadcastOfValueReturningMessage
    case answerTypeMismatch(expected: String, actual: String)
    case combiningNamedMessage
  }

  @usableFromInline let targets: Targets
  /// The only target, when there is exactly one and nothing else to watch: the fast path.
  @usableFromInline let single: HandlerSlot?
  /// Weakly held handlers, besides the targets, whose release can change the rule's decision.
  ///
  /// Dispatch checks them, so a route to nobody notices them too.
  @usableFromInline let watched: [HandlerSlot]
  let outcome: Outcome
  /// Whether a problem with this route (its failed outcome, or a handler of another
  /// capability) was reported to the proxy's `onError`.
  var failureReported = false
  /// The combiner's way, read by every send.
  ///
  /// Beside the other one-byte fields, so a route fits a smaller allocation (a delegate proxy
  /// keeps one per name asked).
  @usableFromInline let combining: CombiningWay?
  /// The slots this route delivers to, in order: stored, so a broadcast on an ordinary route
  /// allocates nothing per call.
  @usableFromInline let slots: [HandlerSlot]
  /// The targets already cast to the capability they were last sent as; `nil` for the route
  /// of a message named at run time, which is never sent typed (a delegate proxy's every
  /// route: a list of thousands of proxies would otherwise keep an unused one per route).
  @usableFromInline let kept: DispatchStorage.KeptTargets?
  /// How the answers of several targets combine, for a rule that combines them.
  @usableFromInline let combiner: AnswerCombiner?

  init(
    _ targets: Targets, watched: [HandlerSlot], outcome: Outcome,
    combiner: AnswerCombiner? = nil, sentTyped: Bool
  ) {
    self.targets = targets
    self.combiner = combiner
    combining = combiner?.way
    switch targets {
    case .one(let slot): slots = [slot]
    case .many(let all): slots = all
    case .none: slots = []
    }
    self.watched = watched
    self.outcome = outcome
    if case .one(let slot) = targets, watched.isEmpty {
      single = slot
    } else {
      single = nil
    }
    kept = sentTyped ? DispatchStorage.KeptTargets(single: single) : nil
  }

  /// Whether a handler this route depends on has been released since it was built.
  @usableFromInline
  var dependsOnReleasedHandler: Bool {
    !watched.isEmpty && watched.contains { $0.object == nil }
  }
}
