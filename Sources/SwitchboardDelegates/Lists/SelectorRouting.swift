import Foundation
import Switchboard
import SwitchboardLists

/// The routing of a UIKit list proxy (`TableViewProxy`, `CollectionViewProxy`), a
/// configuration of the one ``SelectorRouter`` that `DelegateProxy` uses too; its API is the
/// proxy's.
///
/// It is everything the proxies decide, in plain Swift that runs and is specified on every
/// platform: the proxies only translate UIKit's calls and the Objective-C runtime's questions
/// into calls here.
///
/// - Selectors of modeled messages (``ListSelectorTable``) go through the router's message
///   routes; every other selector is routed by name by the selector router, with the same
///   handlers and rules.
/// - `responds(to:)` answers one way for every selector, modeled or not, the proxy class's
///   own typed methods included: yes while a live handler implements it or, for a method that
///   returns nothing and whose presence changes nothing in UIKit, something observes it.
/// - A message UIKit sends after its handler was released goes to the next handler the rules
///   allow, or is answered with UIKit's documented default for it (zero where none is
///   documented) and reported: never "unrecognized selector".
/// - When an answer UIKit cached changes, or a data-source message moves to another handler (so
///   UIKit's cached section and row counts came from another object), the view is told once,
///   after the current main-actor turn, and only through properties that still hold the proxy.
/// - Objects the view had installed are kept as handlers, handed to a proxy attached after this
///   one, and given back their properties by ``detach()``.
@MainActor
final class SelectorRouting<Host: ListHost> {
  /// The list proxy whose router routes every message.
  let proxy: ListProxy<Host>
  /// The view's selector of each modeled message.
  let selectors: ListSelectorTable
  /// The router of every selector: modeled ones answered from their messages' routes, the
  /// others routed by name.
  let selectorRouter: SelectorRouter<ListMessage>
  /// What the Objective-C runtime says about selectors and handlers.
  var runtime: any SelectorRuntime { selectorRouter.runtime }
  /// Runs work after the current main-actor turn.
  let schedule: (@escaping @MainActor () -> Void) -> Void
  /// Called with each problem; by default a debug build stops for setup mistakes only
  /// (`reportByDefault(_:isSetupMistake:)`).
  var onError: (ListViewError) -> Void = { reportByDefault($0, isSetupMistake: $0.isSetupMistake) }
  /// Every problem reported, oldest first.
  private(set) var errors: [ListViewError] = []
  /// Called with a selector no protocol declares when the proxy answers it or hands it to a
  /// handler, and that handler, so the runtime can keep that method's signature for the day
  /// the handler is gone.
  var onUndeclaredSelectorAnswered: ((String, AnyObject) -> Void)? {
    get { selectorRouter.onUndeclaredSelectorAnswered }
    set { selectorRouter.onUndeclaredSelectorAnswered = newValue }
  }

  /// The router of every message.
  var router: PrioritizedProxy<ListMessage> { proxy.router }

  private weak var view: (any ListViewProperties)?
  private weak var proxyObject: AnyObject?
  /// The view as a host, which applies the view model's announced changes while attached.
  private weak var host: Host?
  /// Where the view model announces changes, while the host listens.
  private(set) weak var changes: ListChanges?
  /// The objects the view had installed, kept as handlers, with the properties they came from.
  private var kept: [KeptObject] = []
  /// The handler each data-source selector went to when the proxy was last assigned as the data
  /// source: the one whose counts UIKit has cached.
  private var dataSourceRoutes: [String: WeakHandler] = [:]
  /// The setup mistakes found by the last check, so each is reported once while it lasts.
  private var setupMistakes: [ListViewError] = []
  /// Whether `attach` has finished: setup mistakes are checked on route changes from then on.
  private var isAttached = false
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
    selectorRouter = SelectorRouter(
      router: router, runtime: runtime, presenceSensitive: selectors.presenceSensitive,
      modeledAnswer: { selector in
        // One policy: a live handler implements it, or something observes it.
        selectors.message(forSelector: selector).map { router.responds(to: $0) }
      })
    self.schedule = schedule
    routeObservation = router.observeRoutes { [weak self] change in
      self?.routesChanged(change)
    }
    // One policy: a failed route met by a call goes to this proxy's `onError`, once.
    router.onError = { [weak self] error in
      guard let self, !self.errors.contains(.routeCannotWork(error)) else { return }
      self.report(.routeCannotWork(error))
    }
  }

  // MARK: - Attaching

  /// Connects `proxyObject` (the proxy UIKit sees) to `view`, in place of `previous`, the
  /// routing of the proxy attached to it before, if any.
  ///
  /// Objects already installed as the view's data source, delegate or prefetching data source,
  /// and those `previous` kept, are kept as the lowest-priority handlers unless
  /// `keepingInstalled` is `false`; with a kept data source, cells come from the view if it
  /// makes them, or else from the kept data source (`cellForRow` is `prefer(.view)` unless
  /// `rules` names it). Setup mistakes are reported, and weakly held handlers that nothing else
  /// keeps are reported after this turn.
  func attach(
    to view: any ListViewProperties, host: Host, as proxyObject: AnyObject,
    keepingInstalled: Bool, rules: RoutingRules<ListMessage>,
    replacing previous: SelectorRouting<Host>? = nil
  ) {
    let inherited = previous?.disconnect(restoringKeptObjects: false) ?? []
    self.view = view
    self.host = host
    self.proxyObject = proxyObject
    if keepingInstalled { keepInstalledObjects(of: view, inherited: inherited, rules: rules) }
    isAttached = true
    reportSetupMistakes()
    for property in [ListViewProperty.dataSource, .delegate] {
      assign(property, of: view)
    }
    if answersPrefetching { view[.prefetchDataSource] = proxyObject }
    checkWeakHandlersAfterThisTurn()
    listenToViewModel()
  }

  /// Assigns the proxy to `property`; for the data source, remembers where each data-source
  /// message goes, since UIKit now caches counts from those handlers.
  private func assign(_ property: ListViewProperty, of view: any ListViewProperties) {
    if property == .dataSource { dataSourceRoutes = currentDataSourceRoutes() }
    view[property] = proxyObject
  }

  private func routesChanged(_ change: RouteChange<ListMessage>) {
    selectorRouter.routesChanged()
    scheduleRecheck()
    // A view model added after attaching is listened to from now.
    listenToViewModel()
    // A change made on purpose (through the proxy or its router) is checked as attach checks;
    // a released handler or a new observer is no setup mistake.
    if isAttached, !change.causes.isDisjoint(with: [.handlersChanged, .rulesChanged]) {
      reportSetupMistakes()
    }
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

  /// Disconnects the proxy from its view: each property that holds the proxy gets back the
  /// object it had before attach (kept as a handler), or is cleared.
  func detach() {
    disconnect(restoringKeptObjects: true)
  }

  /// Disconnects the proxy from its view, and returns the objects it kept, still alive.
  @discardableResult
  private func disconnect(restoringKeptObjects: Bool) -> [KeptObject] {
    let keptObjects = kept.filter { $0.object != nil }
    if let host { changes?.removeHost(host) }
    changes = nil
    host = nil
    if let view, let proxyObject {
      for property in ListViewProperty.allCases where view[property] === proxyObject {
        let original = keptObjects.first { $0.properties.contains(property) }?.object
        view[property] = restoringKeptObjects ? original : nil
      }
    }
    view = nil
    proxyObject = nil
    isAttached = false
    kept = []
    return keptObjects
  }

  private func keepInstalledObjects(
    of view: any ListViewProperties, inherited: [KeptObject], rules: RoutingRules<ListMessage>
  ) {
    var found = inherited.filter { $0.object != nil }
    for property in ListViewProperty.allCases {
      guard let object = view[property], object !== proxyObject else { continue }
      if let index = found.firstIndex(where: { $0.object === object }) {
        if !found[index].properties.contains(property) { found[index].properties.append(property) }
      } else {
        found.append(KeptObject(object: object, properties: [property]))
      }
    }
    kept = []
    for entry in found {
      guard let object = entry.object, !router.contains(object) else { continue }
      router.add(
        object, roles: entry.properties.map { HandlerRole($0.rawValue) }, retention: .weak)
      kept.append(entry)
    }
    if keptDataSource != nil, rules[.cellForRow] == nil {
      router.rules[.cellForRow] = .prefer(.view)
    }
  }

  /// The kept object that came from the view's `dataSource`, while it lives.
  private var keptDataSource: AnyObject? {
    kept.first { $0.properties.contains(.dataSource) }?.object
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

  /// The answer for `responds(to:)` (``SelectorRouter/responds(toSelector:implementedHere:)``).
  ///
  /// A modeled message is answered from its route (a live handler, or an observer of a
  /// notification); a method the proxy object implements itself (`implementedHere`, such as
  /// `NSObject`'s) is answered yes, but for the typed scroll-view methods, answered like any
  /// other selector: only while a live handler implements it or, for a method that returns
  /// nothing and whose presence changes nothing in UIKit, something observes it. Every answer is
  /// remembered, so the view is told when one changes.
  func responds(toSelector selector: String, implementedHere: () -> Bool = { false }) -> Bool {
    if typedSelectors[selector] != nil {
      return selectorRouter.responds(toSelector: selector)
    }
    return selectorRouter.responds(toSelector: selector, implementedHere: implementedHere)
  }

  /// The handler the runtime sends `selector` to directly, when it is not modeled, goes to
  /// exactly one handler and nothing observes it; otherwise `nil`, and the message reaches
  /// ``forward(_:)``.
  func forwardingTarget(forSelector selector: String) -> AnyObject? {
    selectorRouter.forwardingTarget(forSelector: selector)
  }

  /// The handler the runtime sends the selector `key` identifies to directly, or `nil`;
  /// `name` is asked only when the routes changed since it was last asked.
  func forwardingTarget(forSelector key: SelectorKey, named name: () -> String) -> AnyObject? {
    selectorRouter.forwardingTarget(forSelector: key, named: name)
  }

  /// Delivers a message the runtime could not send to a forwarding target
  /// (``SelectorRouter/forward(_:)``); one that reaches nobody gets UIKit's documented default
  /// for the method (zero where none is documented), and is reported.
  func forward(_ invocation: some ForwardedInvocation) {
    guard let unanswered = selectorRouter.forward(invocation) else { return }
    report(
      ListViewError.unansweredMessage(
        selector: unanswered.selector, handlers: unanswered.handlers))
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
    for selector in selectorRouter.changedAnswers() {
      let property = self.property(of: selector)
      if property != .prefetchDataSource { stale.insert(property) }
    }
    if dataSourceRoutesMoved() { stale.insert(.dataSource) }
    let prefetches = answersPrefetching
    if prefetches != (view[.prefetchDataSource] === proxyObject) {
      stale.insert(.prefetchDataSource)
    }
    for property in ListViewProperty.allCases where stale.contains(property) {
      let installed = view[property]
      if installed === proxyObject || (installed == nil && property == .prefetchDataSource) {
        // Nil first: UIKit asks nothing again when the same object is assigned.
        view[property] = nil
        if property != .prefetchDataSource || prefetches { assign(property, of: view) }
      } else if let installed {
        report(
          ListViewError.replacedByAnotherObject(
            property: property.rawValue, typeName: "\(type(of: installed))"))
      }
    }
  }

  /// Where each data-source selector goes now: every modeled one, and those UIKit asked about.
  private func currentDataSourceRoutes() -> [String: WeakHandler] {
    var routes: [String: WeakHandler] = [:]
    for message in selectors.modeledMessages where selectors.property(of: message) == .dataSource {
      guard let selector = selectors.selector(for: message) else { continue }
      routes[selector] = WeakHandler(router.targets(for: message).first)
    }
    for selector in selectorRouter.answers.keys
    where routes[selector] == nil && runtime.declaration(of: selector)?.property == .dataSource {
      routes[selector] = WeakHandler(router.targets(forNamed: selector).first)
    }
    return routes
  }

  /// Whether a data-source message goes to another handler than when the proxy was last
  /// assigned as the data source: UIKit's cached counts then belong to another object.
  private func dataSourceRoutesMoved() -> Bool {
    currentDataSourceRoutes().contains { selector, now in
      dataSourceRoutes[selector]?.object !== now.object
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

  /// A cell (or supplementary view) from `make`, as the request `request` of the view whose
  /// dequeues `ledger` records: exactly one view is dequeued for it, and that one is returned.
  ///
  /// When `make` throws after it dequeued, or returns another view than the one it dequeued,
  /// the dequeued view is the answer; when it makes none, `fallback` makes the answer (a
  /// collection view's must be dequeued). Each problem is reported.
  func provide<View: AnyObject>(
    _ request: ListMessage, at indexPath: IndexPath, detail: String = "",
    dequeuedBy ledger: DequeueLedger, fallback: @autoclosure () -> View,
    _ make: () throws -> View?
  ) -> View {
    ledger.request(request, at: indexPath) {
      var made: View?
      do {
        made = try make()
      } catch {
        report(ListViewError.cellProviderFailed(indexPath, detail + "\(error)"))
      }
      let dequeued = ledger.dequeued as? View
      if let made, let dequeued, made !== dequeued {
        report(
          ListViewError.returnedViewNotDequeued(
            request: "\(request)", indexPath, returned: "\(type(of: made))",
            dequeued: "\(type(of: dequeued))"))
      }
      return dequeued ?? made ?? fallback()
    }
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

  /// Reports every setup mistake not reported since it appeared: a rule that fails, a required
  /// message nobody handles, a rule keyed by a modeled selector, a rule keyed by a selector no
  /// protocol declares and no handler implements, data-source messages split between a kept
  /// data source and another object.
  func reportSetupMistakes() {
    var found: [ListViewError] = []
    do {
      try router.validate(requiring: selectors.modeledMessages.filter(\.isRequired))
    } catch {
      found.append(.routeCannotWork(error))
    }
    for name in router.rules.namesWithEntries {
      if let message = selectors.message(forSelector: name) {
        found.append(.ruleForModeledSelector(selector: name, message: message))
      }
    }
    for (selector, suggestion) in selectorRouter.undeclaredRuleSelectors() {
      found.append(.undeclaredSelector(selector: selector, suggestion: suggestion))
    }
    if let split = dataSourceSplit() { found.append(split) }
    for mistake in found where !setupMistakes.contains(mistake) { report(mistake) }
    setupMistakes = found
  }

  /// The data-source messages of the group a kept data source owns (sections, rows, cells,
  /// supplementary views, edit commits), when some go to the kept data source and others to
  /// another object.
  private func dataSourceSplit() -> ListViewError? {
    guard let keptDataSource else { return nil }
    let group: [ListMessage] = [
      .numberOfSections, .numberOfRows, .cellForRow, .supplementaryView, .commitEdit,
    ]
    let routed = group.filter { selectors.selector(for: $0) != nil && router.responds(to: $0) }
    let toKept = routed.filter { router.targets(for: $0).first === keptDataSource }
    guard !toKept.isEmpty, toKept.count < routed.count else { return nil }
    return .dataSourceSplit(
      kept: "\(type(of: keptDataSource))",
      routes: routed.map { message in
        "\(message) → " + (router.explain(message).targets.first.map { "\($0)" } ?? "nobody")
      })
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
    selectorRouter.forgetDirectTargets()
    return router.observe(event, beforeHandler: beforeHandler, body)
  }

  /// Every `event` from now on, as ``observe(_:beforeHandler:_:)`` shows it; a stream that ends
  /// at once when the event cannot be shown (the problem is reported).
  func events<Arguments: Sendable>(
    _ event: MessageEvent<ListMessage, Arguments>, beforeHandler: Bool,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy
  ) -> AsyncStream<Arguments> {
    guard isObservable(event) else { return AsyncStream { $0.finish() } }
    selectorRouter.forgetDirectTargets()
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
    } else if let problem = selectorRouter.observationProblem(selector) {
      reason = problem
    } else if Arguments.self != [Any].self {
      reason =
        "its arguments come boxed as [Any], not \(Arguments.self); observe "
        + "MessageEvent<ListMessage, [Any]>(#selector(…))"
    } else {
      reason = nil
    }
    if let reason {
      report(ListViewError.undeliverableObservation(selector: selector, reason: reason))
    }
    return reason == nil
  }
}

/// How a UIKit list proxy sees its view's helper properties.
@MainActor
protocol ListViewProperties: AnyObject {
  subscript(property: ListViewProperty) -> AnyObject? { get set }
}

/// An object the view had installed, kept as a handler, and the properties it was in.
struct KeptObject {
  weak var object: AnyObject?
  var properties: [ListViewProperty]
}
