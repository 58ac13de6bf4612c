extension PrioritizedProxy {
  /// What a send found on a route that combines answers.
  @usableFromInline
  enum Combined<Result> {
    /// The route does not combine answers: send to its one handler.
    case notCombined
    /// The implementers' combined answer.
    case answered(Result)
    /// Every implementer was released before it could answer.
    case unanswered
  }

  /// Asks every target of the route at `index` through `capability` or `alternative`, in
  /// order, and combines their answers as its rule says; ``Combined/notCombined`` for a route
  /// to one handler or nobody.
  ///
  /// Answers that do not fit the rule (it combines `Bool`s and the call answers `Int`) are
  /// reported to ``onError`` once per route, and the first implementer's answer stands.
  @inlinable
  func combinedAnswer<Capability, Alternative, Result, Failure: Error>(
    at index: Int, _ message: Message, as capability: Capability.Type,
    or alternative: Alternative.Type, _ body: (Capability) throws(Failure) -> Result,
    or alternativeBody: (Alternative) throws(Failure) -> Result
  ) throws(Failure) -> Combined<Result> {
    // As in `callKeptTarget`: the route is read without a retain, and only before any handler
    // is called (a handler may change the routes); the combining way is copied out, and the
    // receivers below are walked as a borrowing call, which parks whatever a handler replaces.
    unowned(unsafe) let route = storage.route(at: index)
    guard let way = route.combining else { return .notCombined }
    // Only a fold reads the route's combiner (for its closure), which costs a retain.
    guard
      var combined = way == .fold
        ? CombinedAnswer<Result>(folding: route.combiner) : CombinedAnswer<Result>(way)
    else {
      reportUnfitAnswer(Result.self, of: message, route: route)
      guard let first = targets(for: message).first else { return .unanswered }
      if let handler = first as? Capability { return .answered(try body(handler)) }
      if let handler = first as? Alternative { return .answered(try alternativeBody(handler)) }
      reportMismatch(of: message, object: first, capability, alternative)
      return .unanswered
    }
    // The route's typed receivers are walked as a broadcast walks them, skipping released ones;
    // the answers are gathered in a local the closures borrow.
    // (Closure literals, not local values: non-escaping, they capture `combined` in place.)
    let walked = try storage.callEachKeptReceiver(
      at: index, as: capability, or: alternative,
      { (handler: Capability) throws(Failure) in
        if !combined.isFinal { combined.add(try body(handler)) }
      },
      or: { (handler: Alternative) throws(Failure) in
        if !combined.isFinal { combined.add(try alternativeBody(handler)) }
      })
    if let (_, metReleased) = walked {
      if metReleased { routeAroundReleasedHandlers() }
    } else {
      _ = try broadcastSlowly(
        message, as: capability, or: alternative,
        { (handler: Capability) throws(Failure) in
          if !combined.isFinal { combined.add(try body(handler)) }
        },
        or: { (handler: Alternative) throws(Failure) in
          if !combined.isFinal { combined.add(try alternativeBody(handler)) }
        })
    }
    return combined.answer.map(Combined.answered) ?? .unanswered
  }

  /// Reports once per route that a send's answer type does not fit the route's combining rule.
  @usableFromInline
  func reportUnfitAnswer(
    _ answerType: Any.Type, of message: Message, route: Route
  ) {
    guard let combiner = route.combiner else { return }
    let explanation = explain(message)
    report(
      RoutingError(
        message: message, rule: explanation.rule,
        kind: .answerTypeMismatch(expected: combiner.expected, actual: "\(answerType)"),
        handlers: explanation.candidates),
      onceFor: route)
  }
}
