import SwitchboardLists

/// A problem a UIKit list proxy met and recovered from, reported to its `onError` with what to
/// do about it.
///
/// ```swift
/// proxy.onError = { error in logger.error("\(error)") }
/// ```
public enum ListViewProxyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// UIKit sent a message the proxy had said it answers, but no handler took it (the one that
  /// did was released, and no other implements it): the proxy answered with a zero value, and
  /// tells UIKit after this turn.
  case unansweredMessage(selector: String, handlers: [String])
  /// A rule keyed by the selector of a message Switchboard models: it never applies, because
  /// the proxy implements that selector itself.
  case ruleForModeledSelector(selector: String, message: ListMessage)
  /// A rule keyed by a selector that no protocol of the view declares and no handler
  /// implements: usually a misspelling; `suggestion` is the declared selector it resembles.
  case undeclaredSelector(selector: String, suggestion: String?)
  /// An observation of a selector the proxy cannot show to observers.
  case undeliverableObservation(selector: String, reason: String)
  /// A weakly held handler was released right after attach: nothing else kept it.
  case handlerReleasedAfterAttach(handler: String)
  /// Another object became the view's data source, delegate or prefetching data source after
  /// attach; the proxy did not replace it, so UIKit's cached answers for the proxy are stale.
  case replacedByAnotherObject(property: String, typeName: String)

  /// The problem, and what to do.
  public var description: String {
    switch self {
    case .unansweredMessage(let selector, let handlers):
      let listing = handlers.isEmpty ? "none" : handlers.joined(separator: ", ")
      return
        "\(selector) reached no handler: the one UIKit was told about was released. It was "
        + "answered with a zero value, and UIKit will ask again after this turn. Handlers: "
        + "\(listing). Fix: keep the handler alive while the view shows it (a property, or "
        + "viewModelRetention: .strong)."
    case .ruleForModeledSelector(let selector, let message):
      return
        "The rule for \(selector) never applies: the proxy implements it as \(message). Fix: "
        + "write rules[.\(message)] = … instead of rules[named: \"\(selector)\"]."
    case .undeclaredSelector(let selector, let suggestion):
      let hint = suggestion.map { " Did you mean \($0)?" } ?? ""
      return
        "The rule for \(selector) names a selector no protocol of the view declares and no "
        + "handler implements, so it never applies.\(hint) Fix: spell the selector as the "
        + "protocol does, or use #selector(…)."
    case .undeliverableObservation(let selector, let reason):
      return "\(selector) cannot be observed: \(reason)."
    case .handlerReleasedAfterAttach(let handler):
      return
        "\(handler) was released right after attach: the proxy holds it weakly and nothing "
        + "else kept it, so its messages reach nobody. Fix: keep it in a property of the view "
        + "controller, or attach with viewModelRetention: .strong."
    case .replacedByAnotherObject(let property, let typeName):
      return
        "The view's \(property) is now a \(typeName), set after the proxy was attached. The "
        + "proxy did not replace it. Fix: add that object to the proxy as a handler "
        + "(proxy.router.add(_:)) instead of assigning it, or detach the proxy first."
    }
  }
}
