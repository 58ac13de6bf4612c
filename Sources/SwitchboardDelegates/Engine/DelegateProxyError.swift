import Switchboard

/// A problem a ``DelegateProxy`` met: a setup mistake, or something it recovered from at run
/// time; each names the selector, the handlers and what to do.
///
/// ```swift
/// proxy.onError = { error in
///   if error.isSetupMistake { assertionFailure("\(error)") } else { logger.info("\(error)") }
/// }
/// ```
public enum DelegateProxyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A rule cannot work (it names a role nobody has, broadcasts a method that returns a value).
  case routeCannotWork(RoutingError<DelegateMessage>)
  /// A rule keyed by a selector no adopted protocol declares and no handler implements;
  /// `suggestion` is the declared selector it resembles.
  case undeclaredSelector(selector: String, suggestion: String?)
  /// A weakly held handler was released right after attach: nothing else kept it.
  case handlerReleasedAfterAttach(handler: String)
  /// An observation of a selector the proxy cannot show to observers.
  case undeliverableObservation(selector: String, reason: String)
  /// The parent sent a message the proxy had said it answers, but no handler took it (the one
  /// that did was released): the proxy gave the method's fallback answer, and tells the parent
  /// after this turn.
  case unansweredMessage(selector: String, handlers: [String])
  /// Another object became the parent's delegate after attach; the proxy did not replace it.
  case replacedByAnotherObject(typeName: String)
  /// A fallback keyed by a selector that no adopted protocol declares and no handler
  /// implements, so it never applies; `suggestion` is the declared selector it resembles.
  case undeclaredFallbackSelector(selector: String, suggestion: String?)
  /// A rule or fallback keyed by a declared selector that no handler implements, while a
  /// handler implements `implemented`, an overload of the same Swift name: usually a
  /// `#selector` that named the other overload. A hint, not a setup mistake.
  case keyedSelectorNobodyImplements(selector: String, implemented: String)
  /// A handler implements `method`, a selector no adopted protocol declares that nearly names
  /// `declared`: the parent sends `declared` and never `method`. A hint,
  /// not a setup mistake (an action method can look alike), reported once while it lasts.
  case nearMiss(handler: String, method: String, declared: String)
  /// The parent's delegate property already holds another Switchboard proxy (a table or
  /// collection view proxy, or another delegate proxy class); the proxy was not attached.
  case propertyOwnedByAnotherProxy(typeName: String)

  /// Whether this is a setup mistake rather than a problem met at run time and recovered from.
  ///
  /// Setup mistakes are reported at attach or at the change that made them; the default
  /// `onError` stops a debug build for them only.
  public var isSetupMistake: Bool {
    switch self {
    case .routeCannotWork, .undeclaredSelector, .handlerReleasedAfterAttach,
      .undeliverableObservation, .propertyOwnedByAnotherProxy, .undeclaredFallbackSelector:
      true
    case .unansweredMessage, .replacedByAnotherObject, .nearMiss, .keyedSelectorNobodyImplements:
      false
    }
  }

  /// A sentence saying what went wrong and what to do.
  public var description: String {
    switch self {
    case .routeCannotWork(let error):
      return error.description
    case .undeclaredSelector(let selector, let suggestion):
      let hint = suggestion.map { " Did you mean \($0)?" } ?? ""
      return
        "The rule for \(selector) names a selector no adopted protocol declares and no handler "
        + "implements, so it never applies.\(hint) Fix: spell the selector as the protocol "
        + "does, or use #selector(…)."
    case .handlerReleasedAfterAttach(let handler):
      return
        "\(handler) was released right after attach: the proxy holds its handlers weakly and "
        + "nothing else kept it, so its messages reach nobody. Fix: keep it in a property of "
        + "the object that attaches the proxy."
    case .undeliverableObservation(let selector, let reason):
      return "\(selector) cannot be observed: \(reason)."
    case .unansweredMessage(let selector, let handlers):
      let listing = handlers.isEmpty ? "none" : handlers.joined(separator: ", ")
      return
        "\(selector) reached no handler: the one the parent was told about was released. It "
        + "was given its fallback answer, and the parent will ask again after this turn. "
        + "Handlers: \(listing). Fix: keep the handler alive while the parent uses it, or "
        + "declare the method's fallback (fallbacks: [#selector(…): .value(…)])."
    case .undeclaredFallbackSelector(let selector, let suggestion):
      let hint = suggestion.map { " Did you mean \($0)?" } ?? ""
      return
        "The fallback for \(selector) names a selector no adopted protocol declares and no "
        + "handler implements, so it never applies.\(hint) Fix: key it by the selector the "
        + "protocol declares, by name if Swift's is ambiguous: NSSelectorFromString(\"…\")."
    case .keyedSelectorNobodyImplements(let selector, let implemented):
      return
        "\(selector) is keyed by a rule or fallback, but no handler implements it; a handler "
        + "implements \(implemented), an overload of the same Swift name. Did you mean "
        + "\(implemented)? Fix: key it by the Objective-C name, rules[named: "
        + "\"\(implemented)\"] or NSSelectorFromString(\"\(implemented)\"), instead of a #selector that "
        + "picks the other overload."
    case .nearMiss(let handler, let method, let declared):
      return
        "\(handler) implements \(method), which no adopted protocol declares, so the parent "
        + "never sends it. Did you mean \(declared)? Fix: name the Objective-C selector on the "
        + "method, @objc(\(declared)), or give it the protocol's Swift name."
    case .propertyOwnedByAnotherProxy(let typeName):
      return
        "The parent's delegate is a \(typeName), another Switchboard proxy, so this proxy was not "
        + "attached: in front of it, it would hide that proxy's routes and keep it from telling "
        + "the parent when its answers change. Fix: add your handler to that proxy "
        + "(proxy.add(handler, role: …)), or detach it first."
    case .replacedByAnotherObject(let typeName):
      return
        "The parent's delegate is now a \(typeName), set after the proxy was attached. The "
        + "proxy did not replace it. Fix: add that object to the proxy as a handler instead of "
        + "assigning it, or detach the proxy first."
    }
  }
}
