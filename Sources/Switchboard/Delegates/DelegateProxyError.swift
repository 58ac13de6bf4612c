import Foundation

/// A problem a delegate proxy met: a setup mistake, or something it recovered from at run
/// time; each names the selector, the handlers and what to do.
///
/// Every delegate proxy (``DelegateProxy``, and on iOS the table and collection view proxies)
/// reports this one type to its `onError` and keeps it in its `errors`. Tell kinds apart by
/// ``kind``; a new kind can be added without breaking a `switch` over it, since ``Kind`` is a
/// structure of static members, not an enum:
///
/// ```swift
/// proxy.onError = { error in
///   if error.isSetupMistake { assertionFailure("\(error)") }
///   if error.kind == .unansweredMessage { logger.info("\(error)") }
/// }
/// ```
public struct DelegateProxyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, with what the sentence needs.
  let problem: Problem

  package init(_ problem: Problem) { self.problem = problem }

  /// What kind of problem this is.
  public var kind: Kind { Kind(problem.code) }

  /// The selector the problem is about, when there is one.
  public var selector: String? { problem.selector }

  /// The error a list proxy's host or data source raised (``Kind/listProblem``): a
  /// `ListViewError`, which the list proxies' `listViewError` (`SwitchboardLists`) gives typed.
  package var hostError: (any Error & Sendable)? {
    if case .listProblem(let error) = problem { error.error } else { nil }
  }

  /// A problem a list proxy's host or data source raised while the proxy served its view.
  package init(listProblem error: any Error & Sendable, isSetupMistake: Bool) {
    self.init(.listProblem(HostError(error: error, isSetupMistake: isSetupMistake)))
  }

  /// Whether this is a setup mistake (a rule that cannot work, a misspelled selector, a handler
  /// nothing keeps, a split data source) rather than a problem met at run time and recovered
  /// from (a message whose handler is gone, another object that took the delegate).
  ///
  /// Setup mistakes are reported at attach or at the change that made them; the default
  /// `onError` stops a debug build for them only.
  public var isSetupMistake: Bool { problem.isSetupMistake }

  /// A sentence saying what went wrong and what to do.
  public var description: String { problem.description }
}

extension DelegateProxyError {
  /// A kind of ``DelegateProxyError``, to compare with `==` or match in a `switch`.
  ///
  /// ```swift
  /// switch error.kind {
  /// case .unansweredMessage: logger.info("\(error)")
  /// default: assertionFailure("\(error)")
  /// }
  /// ```
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let code: Code

    init(_ code: Code) { self.code = code }

    /// The kind's name, as its static member spells it.
    public var description: String { code.rawValue }

    /// A rule cannot work (it names a role nobody has, broadcasts a method that returns a
    /// value), or a message the view requires has no handler.
    public static let routeCannotWork = Kind(.routeCannotWork)
    /// A rule keyed by a selector no adopted protocol declares and no handler implements.
    public static let undeclaredSelector = Kind(.undeclaredSelector)
    /// A fallback keyed by a selector no adopted protocol declares and no handler implements.
    public static let undeclaredFallbackSelector = Kind(.undeclaredFallbackSelector)
    /// A rule or fallback keyed by a declared selector nobody implements, while a handler
    /// implements an overload of the same Swift name: a hint.
    public static let keyedSelectorNobodyImplements = Kind(.keyedSelectorNobodyImplements)
    /// A handler implements a selector no protocol declares that nearly names a declared one:
    /// a hint.
    public static let nearMiss = Kind(.nearMiss)
    /// A rule keyed by the selector of a message Switchboard models (a list proxy's
    /// `tableView:cellForRowAtIndexPath:`): it never applies.
    public static let ruleForModeledSelector = Kind(.ruleForModeledSelector)
    /// A weakly held handler was released right after attach.
    public static let handlerReleasedAfterAttach = Kind(.handlerReleasedAfterAttach)
    /// An observation of a selector the proxy cannot show to observers.
    public static let undeliverableObservation = Kind(.undeliverableObservation)
    /// The parent sent a message the proxy had said it answers, but no handler took it.
    public static let unansweredMessage = Kind(.unansweredMessage)
    /// Another object became the parent's delegate (or data source) after attach.
    public static let replacedByAnotherObject = Kind(.replacedByAnotherObject)
    /// The parent's delegate property holds another Switchboard proxy; the proxy was not
    /// attached.
    public static let propertyOwnedByAnotherProxy = Kind(.propertyOwnedByAnotherProxy)
    /// A cell provider returned another view than the one it dequeued.
    public static let returnedViewNotDequeued = Kind(.returnedViewNotDequeued)
    /// The data-source messages of a view that keeps its installed data source go to
    /// different objects.
    public static let dataSourceSplit = Kind(.dataSourceSplit)
    /// A closure registered to answer a selector cannot: no adopted protocol declares the
    /// selector, or the closure's argument or return types are not the method's.
    public static let closureCannotAnswer = Kind(.closureCannotAnswer)
    /// A problem the list layer raised while a list proxy served its view: a cell provider
    /// that threw, an update that does not fit, a required message nobody handles
    /// (`listViewError`, in `SwitchboardLists`).
    public static let listProblem = Kind(.listProblem)
    /// A handler was added with a role another live handler had, and took its place: two
    /// screens that add themselves to one shared proxy under the same role.
    public static let roleReplaced = Kind(.roleReplaced)
    /// A closure registered on the main actor was sent its message on another thread, so it
    /// was not called and the message got its fallback.
    public static let calledOffItsActor = Kind(.calledOffItsActor)
    /// A list view sent a message Switchboard models with arguments it could not read, so the
    /// message was answered zero.
    public static let unreadableArguments = Kind(.unreadableArguments)
    /// A method that takes a completion handler is answered by something that can go away (a
    /// handler held weakly, a closure tied to an owner), and neither a preset nor a declared
    /// `.completion` fallback would call its handler once that is gone.
    public static let completionMayGoUncalled = Kind(.completionMayGoUncalled)
    /// The delegate property's type names something no proxy can be (a Swift protocol without
    /// an Objective-C counterpart, a class), so the proxy was not attached and the property
    /// kept what it held.
    public static let propertyCannotBeServed = Kind(.propertyCannotBeServed)

    enum Code: String, Sendable {
      case routeCannotWork, undeclaredSelector, undeclaredFallbackSelector,
        keyedSelectorNobodyImplements, nearMiss, ruleForModeledSelector,
        handlerReleasedAfterAttach, undeliverableObservation, unansweredMessage,
        replacedByAnotherObject, propertyOwnedByAnotherProxy, returnedViewNotDequeued,
        dataSourceSplit, closureCannotAnswer, listProblem, roleReplaced, calledOffItsActor,
        unreadableArguments, completionMayGoUncalled, propertyCannotBeServed
    }
  }
}

extension DelegateProxyError {
  /// The problem, with what its sentence needs.
  package enum Problem: Hashable, Sendable {
    /// `error` describes the rule that fails.
    case routeCannotWork(String)
    case undeclaredSelector(selector: String, suggestion: String?)
    case undeclaredFallbackSelector(selector: String, suggestion: String?)
    case keyedSelectorNobodyImplements(selector: String, implemented: String)
    case nearMiss(handler: String, method: String, declared: String)
    case ruleForModeledSelector(selector: String, message: String)
    case handlerReleasedAfterAttach(handler: String)
    case undeliverableObservation(selector: String, reason: String)
    case unansweredMessage(selector: String, handlers: [String])
    /// `property` is the parent's property (`delegate`, `dataSource`) another object took.
    case replacedByAnotherObject(property: String, typeName: String)
    case propertyOwnedByAnotherProxy(property: String, typeName: String)
    case returnedViewNotDequeued(request: String, IndexPath, returned: String, dequeued: String)
    case dataSourceSplit(kept: String, routes: [String])
    /// `reason` says why and what to write instead.
    case closureCannotAnswer(selector: String, reason: String)
    case listProblem(HostError)
    case roleReplaced(role: String, replaced: String, by: String)
    case calledOffItsActor(selector: String, thread: String)
    /// `found` describes the arguments the message arrived with.
    case unreadableArguments(selector: String, found: String)
    /// `handler` describes what answers the method; `argument` is the handler's index.
    case completionMayGoUncalled(selector: String, handler: String, argument: Int)
    /// `type` is the property's type; `reason` says what the proxy cannot be and what works.
    case propertyCannotBeServed(type: String, reason: String)

    var code: Kind.Code {
      switch self {
      case .routeCannotWork: .routeCannotWork
      case .undeclaredSelector: .undeclaredSelector
      case .undeclaredFallbackSelector: .undeclaredFallbackSelector
      case .keyedSelectorNobodyImplements: .keyedSelectorNobodyImplements
      case .nearMiss: .nearMiss
      case .ruleForModeledSelector: .ruleForModeledSelector
      case .handlerReleasedAfterAttach: .handlerReleasedAfterAttach
      case .undeliverableObservation: .undeliverableObservation
      case .unansweredMessage: .unansweredMessage
      case .replacedByAnotherObject: .replacedByAnotherObject
      case .propertyOwnedByAnotherProxy: .propertyOwnedByAnotherProxy
      case .returnedViewNotDequeued: .returnedViewNotDequeued
      case .dataSourceSplit: .dataSourceSplit
      case .closureCannotAnswer: .closureCannotAnswer
      case .listProblem: .listProblem
      case .roleReplaced: .roleReplaced
      case .calledOffItsActor: .calledOffItsActor
      case .unreadableArguments: .unreadableArguments
      case .completionMayGoUncalled: .completionMayGoUncalled
      case .propertyCannotBeServed: .propertyCannotBeServed
      }
    }

    var selector: String? {
      switch self {
      case .undeclaredSelector(let selector, _), .undeclaredFallbackSelector(let selector, _),
        .keyedSelectorNobodyImplements(let selector, _), .ruleForModeledSelector(let selector, _),
        .undeliverableObservation(let selector, _), .unansweredMessage(let selector, _),
        .closureCannotAnswer(let selector, _), .calledOffItsActor(let selector, _),
        .unreadableArguments(let selector, _), .completionMayGoUncalled(let selector, _, _):
        selector
      case .nearMiss(_, let method, _): method
      case .routeCannotWork, .handlerReleasedAfterAttach, .replacedByAnotherObject,
        .propertyOwnedByAnotherProxy, .returnedViewNotDequeued, .dataSourceSplit, .listProblem,
        .roleReplaced, .propertyCannotBeServed:
        nil
      }
    }

    /// Decided for each problem; no default, so a new one must say.
    var isSetupMistake: Bool {
      switch self {
      case .routeCannotWork, .undeclaredSelector, .undeclaredFallbackSelector,
        .ruleForModeledSelector, .handlerReleasedAfterAttach, .undeliverableObservation,
        .propertyOwnedByAnotherProxy, .dataSourceSplit, .closureCannotAnswer,
        .calledOffItsActor, .completionMayGoUncalled, .propertyCannotBeServed:
        true
      case .keyedSelectorNobodyImplements, .nearMiss, .unansweredMessage,
        .replacedByAnotherObject, .returnedViewNotDequeued, .roleReplaced, .unreadableArguments:
        false
      case .listProblem(let error): error.isSetupMistake
      }
    }

    var description: String {
      switch self {
      case .routeCannotWork(let error):
        return error
      case .undeclaredSelector(let selector, let suggestion):
        return
          "The rule for \(selector) names a selector no adopted protocol declares and no "
          + "handler implements, so it never applies.\(hint(suggestion)) Fix: spell the "
          + "selector as the protocol does, or use #selector(…)."
      case .undeclaredFallbackSelector(let selector, let suggestion):
        return
          "The fallback for \(selector) names a selector no adopted protocol declares and no "
          + "handler implements, so it never applies.\(hint(suggestion)) Fix: key it by the "
          + "selector the protocol declares, by name if Swift's is ambiguous: "
          + "NSSelectorFromString(\"…\")."
      case .keyedSelectorNobodyImplements(let selector, let implemented):
        return
          "\(selector) is keyed by a rule or fallback, but no handler implements it; a handler "
          + "implements \(implemented), an overload of the same Swift name. Did you mean "
          + "\(implemented)? Fix: key it by the Objective-C name, rules[named: "
          + "\"\(implemented)\"] or NSSelectorFromString(\"\(implemented)\"), instead of a "
          + "#selector that picks the other overload."
      case .nearMiss(let handler, let method, let declared):
        return
          "\(handler) implements \(method), which no adopted protocol declares, so the parent "
          + "never sends it. Did you mean \(declared)? Fix: name the Objective-C selector on "
          + "the method, @objc(\(declared)), or give it the protocol's Swift name."
      case .ruleForModeledSelector(let selector, let message):
        return
          "The rule for \(selector) never applies: the proxy implements it as \(message). Fix: "
          + "write rules[.\(message)] = … instead of rules[named: \"\(selector)\"]."
      case .handlerReleasedAfterAttach(let handler):
        return
          "\(handler) was released right after attach: the proxy holds its handlers weakly "
          + "and nothing else kept it, so its messages reach nobody. Fix: keep it in a "
          + "property of the object that attaches the proxy, or add it with retention: .strong."
      case .undeliverableObservation(let selector, let reason):
        return "\(selector) cannot be observed: \(reason)."
      case .completionMayGoUncalled(let selector, let handler, let argument):
        return
          "\(selector) takes a completion handler (argument \(argument)) and is answered by "
          + "\(handler), which can go away; no preset knows the parent's default for it, so "
          + "once it is gone nothing would call the handler and the parent would wait. Fix: "
          + "declare its fallback, fallbacks: [#selector(…): .completion(argumentAt: "
          + "\(argument)) { handler in handler(…) }], or hold the handler strongly "
          + "(retention: .strong)."
      case .unansweredMessage(let selector, let handlers):
        let listing = handlers.isEmpty ? "none" : handlers.joined(separator: ", ")
        return
          "\(selector) reached no handler: the one the parent was told about was released. It "
          + "was given its fallback answer (the parent's documented default, zero where none "
          + "is documented), and the parent will ask again after this turn. Handlers: "
          + "\(listing). Fix: keep the handler alive while the parent uses it, or declare the "
          + "method's fallback (fallbacks: [#selector(…): .value(…)])."
      case .replacedByAnotherObject(let property, let typeName):
        return
          "The parent's \(property) is now a \(typeName), set after the proxy was attached. "
          + "The proxy did not replace it. Fix: add that object to the proxy as a handler "
          + "(proxy.add(_:role:)) instead of assigning it, or detach the proxy first."
      case .propertyOwnedByAnotherProxy(let property, let typeName):
        return
          "The parent's \(property) is a \(typeName), another Switchboard proxy, so this proxy "
          + "was not attached: in front of it, it would hide that proxy's routes and keep it "
          + "from telling the parent when its answers change. Fix: add your handler to that "
          + "proxy (proxy.add(handler, role: …)), or detach it first."
      case .returnedViewNotDequeued(let request, let indexPath, let returned, let dequeued):
        return
          "\(request) at \(indexPath) returned a \(returned), not the \(dequeued) it "
          + "dequeued, which UIKit raises for. The dequeued one was returned. Fix: return the "
          + "view you dequeued."
      case .dataSourceSplit(let kept, let routes):
        return
          "The view keeps its installed data source, a \(kept), but its data-source messages "
          + "go to different objects: \(routes.joined(separator: ", ")). A kept data source "
          + "owns all of its data: a diffable data source's cells follow its own snapshot, not "
          + "another object's counts. Fix: route these messages to one object "
          + "(rules[.numberOfRows] = .always(HandlerRole(\"dataSource\")), and so on), or "
          + "attach with keepingInstalledObjects: false."
      case .propertyCannotBeServed(let type, let reason):
        return
          "The proxy was not attached, and the property keeps what it held: it is typed "
          + "\(type), and \(reason)"
      case .closureCannotAnswer(let selector, let reason):
        return "The closure for \(selector) cannot answer it: \(reason)."
      case .listProblem(let error):
        return "\(error.error)"
      case .roleReplaced(let role, let replaced, let by):
        return
          "A \(by) was added with the role \(role), which a \(replaced) had; the \(by) took its "
          + "place, and the \(replaced) no longer receives messages. Fix: if both should, give "
          + "each a role of its own (a screen's role can name its window or scene)."
      case .unreadableArguments(let selector, let found):
        return
          "\(selector) arrived with arguments the list proxy could not read (\(found)), so it "
          + "was answered zero and no handler received it. UIKit does not send it so; a view or "
          + "a test that sends it by hand must pass the view's arguments. Fix: send it with "
          + "the arguments its protocol declares, or report it to Switchboard."
      case .calledOffItsActor(let selector, let thread):
        return
          "The closure for \(selector) was registered on the main actor, but the parent sent "
          + "the message on \(thread), so it was not called: it would have run main-actor code "
          + "off the main thread. The message got its fallback. Fix: register it from "
          + "nonisolated code with a @Sendable closure, answer(…, isolation: nil) { @Sendable … }, "
          + "or hop to the main actor inside it."
      }
    }

    private func hint(_ suggestion: String?) -> String {
      suggestion.map { " Did you mean \($0)?" } ?? ""
    }
  }
}

extension DelegateProxyError {
  /// An error the list layer raised, kept as it was thrown, compared by its description (an
  /// `Error` need not be `Hashable`).
  package struct HostError: Hashable, Sendable {
    let error: any Error & Sendable
    let isSetupMistake: Bool

    package static func == (lhs: Self, rhs: Self) -> Bool {
      "\(lhs.error)" == "\(rhs.error)" && lhs.isSetupMistake == rhs.isSetupMistake
    }

    package func hash(into hasher: inout Hasher) { hasher.combine("\(error)") }
  }
}
