import Foundation
import Switchboard
import SwitchboardLists

/// The routing of a UIKit list proxy (`TableViewProxy`, `CollectionViewProxy`); its API is the
/// proxy's.
///
/// It is everything the proxies decide, in plain Swift that runs and is specified on every
/// platform: the proxies only translate UIKit's calls and the Objective-C runtime's questions
/// into calls here.
///
/// - Selectors of modeled messages (``ListSelectorTable``) go through the router's message
///   routes; every other selector is routed by name, with the same handlers and rules.
/// - `responds(to:)` answers from the routes, except that notifications whose presence changes
///   nothing in UIKit are always answered (delivered to whoever handles them, or to nobody), so
///   observing one never changes an answer.
/// - A message UIKit sends after its handler was released goes to the next handler the rules
///   allow, or is answered with a zero value and reported: never "unrecognized selector".
/// - When an answer UIKit cached changes, the view is told once, after the current main-actor
///   turn, and only through properties that still hold the proxy.
@MainActor
final class SelectorRouting<Host: ListHost> {
  /// The list proxy whose router routes every message.
  let proxy: ListProxy<Host>
  /// The view's selector of each modeled message.
  let selectors: ListSelectorTable
  /// What the Objective-C runtime says about selectors and handlers.
  let runtime: any SelectorRuntime
  /// Runs work after the current main-actor turn.
  let schedule: (@escaping @MainActor () -> Void) -> Void
  /// Called with each problem; by default it stops a debug build with the problem's
  /// description (`assertionFailure`), and a release build goes on with the recovery.
  var onError: (ListViewError) -> Void = { error in assertionFailure("\(error)") }
  /// Every problem reported, oldest first.
  private(set) var errors: [ListViewError] = []
  /// Called with a selector no protocol declares when the proxy answers it, and the handler
  /// that implements it, so the runtime can keep that method's signature for the day the
  /// handler is gone.
  var onUndeclaredSelectorAnswered: ((String, AnyObject) -> Void)?

  /// The router of every message.
  var router: PrioritizedProxy<ListMessage> { proxy.router }

  private weak var view: (any ListViewProperties)?
  private weak var proxyObject: AnyObject?
  /// The view as a host, which applies the view model's announced changes while attached.
  private weak var host: Host?
  /// Where the view model announces changes, while the host listens.
  private(set) weak var changes: ListChanges?
  /// The answers given to `responds(to:)`, by selector, to notice when one changes.
  private var answers: [String: Bool] = [:]
  private var recheckScheduled = false
  private var routeObservation: ObservationToken?

  /// Routing for a view and a view model, with ``ListProxy/defaultRules`` extended by `rules`.
  init(
    view: AnyObject, viewModel: AnyObject, viewModelRetention: HandlerRetention,
    rules: RoutingRules<ListMessage>, selectors: ListSelectorTable, runtime: any SelectorRuntime,
    schedule: @escaping (@escaping @MainActor () -> Void) -> Void
  ) {
    var table = ListProxy<Host>.defaultRules.merging(rules)
    table.fallback = rules.fallback
    let router = PrioritizedProxy<ListMessage>(
      rules: table,
      implementationCheck: { message, handler in Host.handler(handler, implements: message) },
      namedImplementationCheck: { name, handler in
        runtime.implementation(of: name, by: handler).counts
      },
      namedNotificationCheck: { name in runtime.declaration(of: name)?.returnsVoid ?? false })
    if view === viewModel {
      router.add(view, roles: [.view, .viewModel], retention: .weak)
    } else {
      router.add(view, role: .view, retention: .weak)
      router.add(viewModel, role: .viewModel, retention: viewModelRetention)
    }
    proxy = ListProxy(router: router)
    self.selectors = selectors
    self.runtime = runtime
    self.schedule = schedule
    routeObservation = router.observeRoutes { [weak self] _ in
      self?.scheduleRecheck()
      // A view model added after attaching is listened to from now.
      self?.listenToViewModel()
    }
    // One policy: a failed route met by a call goes to this proxy's `onError`, once.
    router.onError = { [weak self] error in
      guard let self, !self.errors.contains(.routeCannotWork(error)) else { return }
      self.report(.routeCannotWork(error))
    }
  }

  // MARK: - Attaching

  /// Connects `proxyObject` (the proxy UIKit sees) to `view`.
  ///
  /// Objects already installed as the view's data source, delegate or prefetching data source
  /// are kept, as the lowest-priority handlers, unless `keepingInstalled` is `false`; with a
  /// kept data source, cells come from the view if it makes them, or else from the kept data
  /// source (`cellForRow` is `prefer(.view)` unless `rules` names it). Setup mistakes are
  /// reported, and weakly held handlers that nothing else keeps are reported after this turn.
  func attach(
    to view: any ListViewProperties, host: Host, as proxyObject: AnyObject,
    keepingInstalled: Bool, rules: RoutingRules<ListMessage>
  ) {
    self.view = view
    self.host = host
    self.proxyObject = proxyObject
    if keepingInstalled { keepInstalledObjects(of: view, rules: rules) }
    reportSetupMistakes()
    for property in [ListViewProperty.dataSource, .delegate] {
      view[property] = proxyObject
    }
    if answersPrefetching { view[.prefetchDataSource] = proxyObject }
    checkWeakHandlersAfterThisTurn()
    listenToViewModel()
  }

  /// Makes the host receive its view model's announced changes (``ListChanges``): an update
  /// that does not fit is reported, and the host reloads instead of raising UIKit's exception.
  private func listenToViewModel() {
    let current = router.firstHandler(as: (any ListChangeAnnouncing).self)?.changes
    guard current !== changes, let host else { return }
    changes?.removeHost(host)
    changes = current
    current?.addHost(host) { [weak self] host, update in
      if let problem = host.applyOrReload(update) { self?.report(problem) }
    }
  }

  /// Disconnects the proxy from its view: the properties that hold it are cleared.
  func detach() {
    if let host { changes?.removeHost(host) }
    changes = nil
    host = nil
    if let view, let proxyObject {
      for property in ListViewProperty.allCases where view[property] === proxyObject {
        view[property] = nil
      }
    }
    view = nil
    proxyObject = nil
  }

  private func keepInstalledObjects(
    of view: any ListViewProperties, rules: RoutingRules<ListMessage>
  ) {
    var kept: [(object: AnyObject, roles: [HandlerRole])] = []
    for property in ListViewProperty.allCases {
      guard let object = view[property], object !== proxyObject, !router.contains(object) else {
        continue
      }
      let role = HandlerRole(property.rawValue)
      if let index = kept.firstIndex(where: { $0.object === object }) {
        kept[index].roles.append(role)
      } else {
        kept.append((object, [role]))
      }
    }
    for (object, roles) in kept { router.add(object, roles: roles, retention: .weak) }
    if kept.contains(where: { $0.roles.contains(HandlerRole(ListViewProperty.dataSource.rawValue)) }
    ),
      rules[.cellForRow] == nil
    {
      router.rules[.cellForRow] = .prefer(.view)
    }
  }

  private func checkWeakHandlersAfterThisTurn() {
    let weaklyHeld = router.handlers.compactMap { description in
      description.role.flatMap { role in
        description.retention == .weak
          ? (description, WeakHandler(router.handler(withRole: role))) : nil
      }
    }
    schedule { [weak self] in
      guard let self, view != nil else { return }
      for (description, reference) in weaklyHeld where reference.object == nil {
        report(ListViewError.handlerReleasedAfterAttach(handler: "\(description)"))
      }
    }
  }

  // MARK: - The runtime's questions

  /// The answer for `responds(to:)`.
  ///
  /// A modeled message is answered from its route, an inert notification always; a method the
  /// proxy object implements itself (`implementedHere`, such as `NSObject`'s) is answered yes;
  /// any other selector from its route by name, or always when it is an inert notification.
  /// Every answer is remembered, so the view is told when one changes.
  func responds(toSelector selector: String, implementedHere: () -> Bool = { false }) -> Bool {
    let answer: Bool
    if let message = selectors.message(forSelector: selector) {
      answer = selectors.isInert(message) || !router.targets(for: message).isEmpty
    } else if implementedHere() {
      return true
    } else {
      let declaration = runtime.declaration(of: selector)
      let targets = router.targets(forNamed: selector)
      answer = selectors.isInert(selector, declaration) || !targets.isEmpty
      if declaration == nil, let target = targets.first {
        onUndeclaredSelectorAnswered?(selector, target)
      }
    }
    answers[selector] = answer
    return answer
  }

  /// The handler the runtime sends `selector` to directly, when it is not modeled, goes to
  /// exactly one handler and nothing observes it; otherwise `nil`, and the message reaches
  /// ``forward(_:)``.
  func forwardingTarget(forSelector selector: String) -> AnyObject? {
    guard selectors.message(forSelector: selector) == nil, !router.isObserved(named: selector)
    else { return nil }
    let targets = router.targets(forNamed: selector)
    return targets.count == 1 ? targets[0] : nil
  }

  /// Delivers a message the runtime could not send to a forwarding target: to every handler
  /// its rule chooses (several for a broadcast rule), showing it to observers; a message that
  /// reaches nobody is answered with a zero value, and reported unless it is an inert
  /// notification.
  func forward(_ invocation: some ForwardedInvocation) {
    let selector = invocation.selectorName
    let event = MessageEvent<ListMessage, [Any]>(named: selector)
    if invocation.returnsVoid {
      let delivered = router.broadcast(event, invocation.arguments, as: AnyObject.self) {
        invocation.invoke(on: $0)
      }
      if delivered == 0, !selectors.isInert(selector, runtime.declaration(of: selector)) {
        reportUnanswered(selector)
      }
    } else {
      var answered = false
      router.send(event, invocation.arguments, as: AnyObject.self, default: ()) {
        invocation.invoke(on: $0)
        answered = true
      }
      if !answered {
        invocation.answerZero()
        reportUnanswered(selector)
      }
    }
  }

  private func reportUnanswered(_ selector: String) {
    let handlers = router.explain(named: selector).candidates.map(\.description)
    report(ListViewError.unansweredMessage(selector: selector, handlers: handlers))
    scheduleRecheck()
  }

  /// Whether a handler prefetches: UIKit never asks about this required method, so the proxy
  /// is the view's prefetching data source only while one does.
  var answersPrefetching: Bool {
    guard let selector = selectors.selector(for: .prefetchRows) else { return false }
    return responds(toSelector: selector)
  }

  // MARK: - Telling the view

  private func scheduleRecheck() {
    guard !recheckScheduled, view != nil else { return }
    recheckScheduled = true
    schedule { [weak self] in self?.recheck() }
  }

  /// Asks again for every answer given, and re-assigns the proxy to each property whose object
  /// received a changed answer, so the view asks again; a property that another object now
  /// holds is left alone and reported.
  private func recheck() {
    recheckScheduled = false
    guard let view, let proxyObject else { return }
    var stale: Set<ListViewProperty> = []
    for (selector, old) in answers {
      let property = self.property(of: selector)
      if property == .prefetchDataSource { continue }
      if responds(toSelector: selector) != old { stale.insert(property) }
    }
    let prefetches = answersPrefetching
    if prefetches != (view[.prefetchDataSource] === proxyObject) {
      stale.insert(.prefetchDataSource)
    }
    for property in ListViewProperty.allCases where stale.contains(property) {
      let installed = view[property]
      if installed === proxyObject || (installed == nil && property == .prefetchDataSource) {
        view[property] = nil
        if property != .prefetchDataSource || prefetches { view[property] = proxyObject }
      } else if let installed {
        report(
          ListViewError.replacedByAnotherObject(
            property: property.rawValue, typeName: "\(type(of: installed))"))
      }
    }
  }

  private func property(of selector: String) -> ListViewProperty {
    if let message = selectors.message(forSelector: selector) {
      return selectors.property(of: message)
    }
    return runtime.declaration(of: selector)?.property ?? .delegate
  }

  // MARK: - Modeled messages

  /// Sends `call`'s message to its handler through its Switchboard capability or the view's
  /// own protocol, whichever it adopts.
  ///
  /// The answer is the call's default when nobody handles it (or the handler's optional UIKit
  /// method answers nothing). A required message nobody handles is reported.
  func send<Capability, Platform, Arguments, Result, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, _ arguments: Arguments,
    in host: Host, or platform: (Platform) -> Result?
  ) throws(Failure) -> Result {
    if call.message.isRequired, !proxy.responds(to: call.message) { reportRequired(call.message) }
    return try proxy.send(call, arguments, in: host, or: platform)
  }

  /// Sends a notification to every handler its rule chooses (one, or several for a broadcast
  /// rule), each through its Switchboard capability or the view's protocol, showing the
  /// arguments to observers.
  func send<Capability, Platform, Arguments, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Void, Failure>, _ arguments: Arguments,
    in host: Host, or platform: (Platform) -> Void
  ) throws(Failure) {
    try proxy.send(call, arguments, in: host, or: platform)
  }

  /// A cell (or supplementary view) from `make`; when nobody makes one or the maker throws,
  /// the problem is reported and `fallback` makes the answer (a collection view's must be
  /// dequeued).
  func provide<View>(
    at indexPath: IndexPath, detail: String = "",
    fallback: @autoclosure () -> View, _ make: () throws -> View?
  ) -> View {
    do {
      if let view = try make() { return view }
    } catch {
      report(ListViewError.cellProviderFailed(indexPath, detail + "\(error)"))
    }
    return fallback()
  }

  private func reportRequired(_ message: ListMessage) {
    report(
      ListViewError.requiredMessageUnhandled(
        message, handlers: proxy.explain(message).candidates.map(\.description)))
  }

  // MARK: - Problems

  /// Reports a problem to ``onError`` and keeps it in ``errors``.
  func report(_ error: ListViewError) {
    errors.append(error)
    onError(error)
  }

  /// Reports every route that cannot work: a rule that fails, a required message nobody
  /// handles, a rule keyed by a modeled selector, a rule keyed by a selector no protocol
  /// declares and no handler implements.
  func reportSetupMistakes() {
    do {
      try router.validate(requiring: selectors.modeledMessages.filter(\.isRequired))
    } catch {
      report(.routeCannotWork(error))
    }
    for name in router.rules.namesWithEntries {
      if let message = selectors.message(forSelector: name) {
        report(ListViewError.ruleForModeledSelector(selector: name, message: message))
      } else if runtime.declaration(of: name) == nil, router.targets(forNamed: name).isEmpty {
        report(
          ListViewError.undeclaredSelector(
            selector: name, suggestion: closestDeclaredSelector(to: name)))
      }
    }
  }

  /// Selectors the proxy object implements itself so that their observers get typed
  /// arguments, with the type of those arguments (`UIScrollView` for `scrollViewDidScroll:`).
  var typedSelectors: [String: Any.Type] = [:]

  /// Shows every `event` the view sends to `body`, when it can be shown.
  ///
  /// It can be when it is a notification the view's protocols declare, observed with the
  /// arguments the proxy sends it with (typed for ``typedSelectors``, otherwise `[Any]`, boxed
  /// by the runtime). Otherwise the problem is reported, and the returned observation never
  /// calls `body`.
  func observe<Arguments>(
    _ event: MessageEvent<ListMessage, Arguments>, beforeHandler: Bool,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    guard isObservable(event) else { return ObservationToken {} }
    return router.observe(event, beforeHandler: beforeHandler, body)
  }

  /// Every `event` from now on, as ``observe(_:beforeHandler:_:)`` shows it; a stream that ends
  /// at once when the event cannot be shown (the problem is reported).
  func events<Arguments: Sendable>(
    _ event: MessageEvent<ListMessage, Arguments>, beforeHandler: Bool,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy
  ) -> AsyncStream<Arguments> {
    guard isObservable(event) else { return AsyncStream { $0.finish() } }
    return router.events(event, beforeHandler: beforeHandler, bufferingPolicy: bufferingPolicy)
  }

  /// Whether `event` can be shown to observers with its arguments type; reported when not.
  private func isObservable<Arguments>(_ event: MessageEvent<ListMessage, Arguments>) -> Bool {
    let selector = event.name
    let reason: String?
    if let message = event.message ?? selectors.message(forSelector: selector) {
      reason = "it is modeled; observe its list call instead (proxy.observe(.\(message)))"
    } else if let typed = typedSelectors[selector] {
      reason =
        typed == Arguments.self
        ? nil : "its arguments are \(typed), not \(Arguments.self); observe its typed event"
    } else if let declaration = runtime.declaration(of: selector) {
      if !declaration.returnsVoid {
        reason = "it returns a value, so only one handler answers it"
      } else if Arguments.self != [Any].self {
        reason =
          "its arguments come boxed as [Any], not \(Arguments.self); observe "
          + "MessageEvent<ListMessage, [Any]>(#selector(…))"
      } else {
        reason = nil
      }
    } else {
      reason = "no protocol of the view declares it"
    }
    if let reason {
      report(ListViewError.undeliverableObservation(selector: selector, reason: reason))
    }
    return reason == nil
  }

  /// The declared selector nearest to `name`, if one is close enough to be a misspelling.
  func closestDeclaredSelector(to name: String) -> String? {
    let candidates = runtime.declaredSelectors.map { ($0, editDistance($0, name)) }
    guard let best = candidates.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, name.count / 8) ? best.0 : nil
  }
}

/// How a UIKit list proxy sees its view's helper properties.
@MainActor
protocol ListViewProperties: AnyObject {
  subscript(property: ListViewProperty) -> AnyObject? { get set }
}

/// A message the Objective-C runtime hands to the proxy's `forwardInvocation:`.
protocol ForwardedInvocation {
  /// The selector, such as `"scrollViewDidScroll:"`.
  var selectorName: String { get }
  /// Whether the method returns nothing.
  var returnsVoid: Bool { get }
  /// The arguments, boxed: objects as they are, numbers as `NSNumber`, other values as
  /// `NSValue`.
  var arguments: [Any] { get }
  /// Sends the message to `target`, which then gives the answer.
  func invoke(on target: AnyObject)
  /// Answers zero: `0`, `false`, `nil` or a zeroed structure.
  func answerZero()
}

/// A weak reference to a handler found by its description.
private struct WeakHandler {
  weak var object: AnyObject?
  init(_ object: AnyObject?) { self.object = object }
}

/// The Levenshtein distance between two strings.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.utf8)
  let b = Array(b.utf8)
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1] + Array(repeating: 0, count: b.count)
    for (j, y) in b.enumerated() {
      current[j + 1] = Swift.min(
        previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
    }
    previous = current
  }
  return previous[b.count]
}
