import Switchboard

/// The platform-independent half of a UIKit list proxy: which handler gets each selector the
/// view sends, what `responds(to:)` answers, and when the view must ask again.
///
/// `TableViewProxy` and `CollectionViewProxy` (SwitchboardUIKit) implement UIKit's methods by
/// asking this object, and translate its answers to the Objective-C runtime; everything they
/// decide is decided here, in plain Swift that runs on every platform:
///
/// - A selector of a modeled message (``ListSelectorTable``) goes through ``proxy``'s routes:
///   the seed's default rules, the rule table, ``ListProxy/explain(_:)``.
/// - Any other selector is forwarded to the handler ``forwarded`` chooses (first implementer by
///   default, or the rule in `ForwardedRoutes.rules`), decided once per selector and again
///   when routes change.
/// - `responds(to:)` is true exactly when a handler will receive the message. Every answer given
///   is remembered; when routes change and one of those answers changes, ``onRecache`` runs so
///   the view forgets what it cached.
///
/// ```swift
/// let routing = SelectorRouting(
///   proxy: ListProxy<UITableView>(view: screen, viewModel: model), selectors: .tableView,
///   respondsTo: { selector, handler in
///     (handler as? NSObject)?.responds(to: NSSelectorFromString(selector)) ?? false
///   })
/// routing.responds(toSelector: "scrollViewDidScroll:")             // true if screen scrolls
/// routing.forwardingTarget(forSelector: "scrollViewDidScroll:")    // screen
/// print(routing.explain(selector: "tableView:didSelectRowAtIndexPath:"))
/// ```
@MainActor
public final class SelectorRouting<Host: ListHost> {
  /// The routes of the modeled messages.
  public let proxy: ListProxy<Host>
  /// The routes of every other selector.
  public let forwarded: ForwardedRoutes<ListMessage>
  /// The selectors of the modeled messages.
  public let selectors: ListSelectorTable
  /// Selectors not modeled that the proxy object implements itself so they can be observed
  /// (a UIKit proxy's scroll-view methods): each goes to its forwarded route's handler through
  /// ``forward(_:_:platform:)``, and the proxy responds to it while a handler implements it or
  /// something observes it.
  public let observableSelectors: Set<String>
  /// Called when an answer `responds(toSelector:implementedHere:)` gave has changed, so the view
  /// must ask again; a UIKit proxy re-assigns itself as the view's data source and delegate.
  public var onRecache: (() -> Void)?
  /// Called with each problem met while answering the view.
  ///
  /// The problems: a required message nobody handles, a cell provider that throws, a rule that
  /// cannot route. By default it stops a debug
  /// build with the error's description (`assertionFailure`); in a release build the view gets
  /// an empty answer and ``errors`` keeps the error.
  public var onError: (any Error) -> Void = { error in assertionFailure("\(error)") }
  /// Every problem reported to ``onError``, oldest first.
  public private(set) var errors: [any Error] = []
  /// How many times ``onRecache`` ran.
  public private(set) var recacheCount = 0

  private var answers: [String: Bool] = [:]
  private var observations: [RouteObservation] = []
  /// Each routed handler cast to its message's capability once, not on every call.
  @usableFromInline var capabilities = CapabilityCache(slots: ListMessage.allCases.count)

  /// Routing for `proxy`'s handlers, translating with `selectors`.
  ///
  /// - Parameters:
  ///   - proxy: The list proxy whose handlers and rules route the modeled messages; forwarded
  ///     selectors use the same handlers, in the same order.
  ///   - selectors: The platform's selector for each modeled message.
  ///   - observableSelectors: Selectors not modeled that the proxy object implements so that
  ///     they can be observed.
  ///   - respondsTo: Whether a handler implements a selector; on Apple platforms,
  ///     `NSObject.responds(to:)`.
  public init(
    proxy: ListProxy<Host>, selectors: ListSelectorTable, observableSelectors: Set<String> = [],
    respondsTo: @escaping (_ selector: String, _ handler: AnyObject) -> Bool
  ) {
    self.proxy = proxy
    self.selectors = selectors
    self.observableSelectors = observableSelectors
    forwarded = ForwardedRoutes(router: proxy.router, implementationCheck: respondsTo)
    observations = [
      proxy.observeRoutes { [weak self] _ in
        // Rebuilt routes keep no typed target: cast afresh, so `deliver` keeps them again.
        self?.capabilities.removeAll()
        self?.recheckAnswers()
      },
      forwarded.observeRoutes { [weak self] _ in
        MainActor.assumeIsolated { self?.recheckAnswers() }
      },
    ]
  }

  // MARK: - The runtime's questions

  /// The answer for `responds(to:)`: for a modeled message, whether its route reaches a
  /// handler; for a method the proxy object implements itself (`implementedHere`, such as
  /// `NSObject`'s), `true`; for any other selector, whether it is forwarded to a handler.
  ///
  /// The answer is remembered, so that ``onRecache`` runs when it changes.
  public func responds(
    toSelector selector: String, implementedHere: () -> Bool = { false }
  ) -> Bool {
    let answer: Bool
    if let message = selectors.message(forSelector: selector) {
      answer = proxy.responds(to: message)
    } else if observableSelectors.contains(selector) {
      answer = forwarded.responds(to: selector) || forwarded.isObserved(selector)
    } else if implementedHere() {
      return true
    } else {
      answer = forwarded.responds(to: selector)
    }
    answers[selector] = answer
    return answer
  }

  /// The handler the runtime should send `selector` to, for a selector that is not modeled;
  /// `nil` for modeled selectors (the proxy implements them) and for selectors nobody handles.
  public func forwardingTarget(forSelector selector: String) -> AnyObject? {
    guard selectors.message(forSelector: selector) == nil,
      !observableSelectors.contains(selector)
    else { return nil }
    return forwarded.target(for: selector)
  }

  /// The selectors whose answers were given, with the answers, sorted by selector.
  public var givenAnswers: [(selector: String, responds: Bool)] {
    answers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  private func currentAnswer(_ selector: String) -> Bool {
    if let message = selectors.message(forSelector: selector) {
      return proxy.responds(to: message)
    }
    if observableSelectors.contains(selector), forwarded.isObserved(selector) { return true }
    return forwarded.responds(to: selector)
  }

  /// Asks again for every answer given; runs ``onRecache`` once when any changed.
  private func recheckAnswers() {
    var changed = false
    for (selector, old) in answers {
      let new = currentAnswer(selector)
      if new != old {
        answers[selector] = new
        changed = true
      }
    }
    guard changed else { return }
    recacheCount += 1
    onRecache?()
  }

  // MARK: - Sending

  /// Sends `message` to its routed handler, through its Switchboard capability or the
  /// platform's own protocol, whichever the handler adopts; `defaultValue` when nobody
  /// handles it.
  ///
  /// A required message nobody handles is reported to ``onError`` as
  /// ``ListViewError/requiredMessageUnhandled(_:handlers:)``.
  ///
  /// ```swift
  /// routing.ask(.numberOfRows, default: 0,
  ///   { (model: any ListRowCounting) in model.numberOfRows(inSection: section) },
  ///   platform: { (screen: any UITableViewDataSource) in screen.tableView(tableView, numberOfRowsInSection: section) })
  /// ```
  @inlinable
  public func ask<Capability, Platform, Result>(
    _ message: ListMessage, default defaultValue: @autoclosure () -> Result,
    _ capability: (Capability) throws -> Result, platform: (Platform) -> Result?
  ) rethrows -> Result {
    // A handler that adopts the capability, once cast, is called the way `send` calls it.
    if let answer = try proxy.router.sendToTypedTarget(message, as: Capability.self, capability) {
      return answer
    }
    guard let target = proxy.router.target(for: message) else {
      reportIfRequired(message)
      return defaultValue()
    }
    return try deliver(message, to: target, capability, platform: platform) ?? defaultValue()
  }

  /// Reports a required message that nobody handles.
  @usableFromInline
  func reportIfRequired(_ message: ListMessage) {
    guard message.isRequired else { return }
    report(ListViewError.requiredMessageUnhandled(message, handlers: handlerSummaries(message)))
  }

  /// Sends a notification to every handler its rule chooses (one, or several for a broadcast
  /// rule), through each one's capability or the platform's protocol, and shows `arguments` to
  /// the event's observers before and after.
  @inlinable
  public func notify<Capability, Platform, Arguments>(
    _ event: ListEvent<Host, Arguments>, _ arguments: @autoclosure () -> Arguments,
    _ capability: (Capability) -> Void, platform: (Platform) -> Void?
  ) {
    let router = proxy.router
    let message = event.message
    router.withObservers(of: event.event, arguments()) {
      if router.sendToTypedTarget(message, as: Capability.self, capability) == nil {
        _ = router.forEachTarget(of: message) { target in
          _ = deliver(message, to: target, capability, platform: platform)
        }
      }
    }
  }

  /// ``ask(_:default:_:platform:)`` for a value-returning message that observers see (commit
  /// edit): they see `arguments` before and after, and never change the answer.
  @inlinable
  public func ask<Capability, Platform, Arguments, Result>(
    _ event: ListEvent<Host, Arguments>, _ arguments: @autoclosure () -> Arguments,
    default defaultValue: @autoclosure () -> Result, _ capability: (Capability) -> Result,
    platform: (Platform) -> Result?
  ) -> Result {
    proxy.router.withObservers(of: event.event, arguments()) {
      ask(event.message, default: defaultValue(), capability, platform: platform)
    }
  }

  /// Calls the handler of an observable selector that is not modeled (see
  /// ``observableSelectors``) through the platform's protocol, and shows `arguments` to the
  /// event's observers before and after.
  ///
  /// ```swift
  /// routing.forward(.didScroll, scrollView) { (delegate: any UIScrollViewDelegate) in
  ///   delegate.scrollViewDidScroll?(scrollView)
  /// }
  /// ```
  public func forward<Platform, Arguments>(
    _ event: ForwardedEvent<Arguments>, _ arguments: @autoclosure () -> Arguments,
    platform: (Platform) -> Void
  ) {
    let shown = forwarded.isObserved(event.name) ? arguments() : nil
    if let shown { forwarded.emit(event, shown, timing: .beforeHandler) }
    if let target = forwarded.target(for: event.name) {
      if let handler = target as? Platform {
        platform(handler)
      } else {
        report(
          ForwardingError(
            name: event.name, rule: forwarded.explain(event.name).rule,
            reason: "\(type(of: target)) implements it but does not adopt \(Platform.self), so the "
              + "proxy cannot call it",
            handlers: forwarded.explain(event.name).candidates))
      }
    }
    if let shown { forwarded.emit(event, shown, timing: .afterHandler) }
  }

  /// Calls `target` through `capability` when it adopts the Switchboard capability (cast once
  /// per handler and route, see ``capabilities``), or else through the platform's protocol.
  @inlinable
  func deliver<Capability, Platform, Result>(
    _ message: ListMessage, to target: AnyObject, _ capability: (Capability) throws -> Result,
    platform: (Platform) -> Result?
  ) rethrows -> Result? {
    let handler = capabilities.cast(target, slot: message.rawValue, to: Capability.self) {
      // Cast for the first time: when the route goes to this handler alone, it keeps the typed
      // handler, so the next call takes `sendToTypedTarget`'s path.
      if let cast = $0 { proxy.router.keepTypedTarget(cast, of: target, for: message) }
    }
    if let handler { return try capability(handler) }
    if let handler = target as? Platform { return platform(handler) }
    adoptsNeither(message, target, Capability.self, Platform.self)
  }

  @usableFromInline
  func adoptsNeither(
    _ message: ListMessage, _ target: AnyObject, _ capability: Any.Type, _ platform: Any.Type
  ) -> Never {
    preconditionFailure(
      "\(selectors.hostName) proxy: \(type(of: target)) was routed \(message) but adopts neither "
        + "\(capability) nor \(platform). This is a bug in the proxy's method for "
        + "\(selectors.selector(for: message) ?? "\(message)").")
  }

  /// Reports a problem to ``onError`` and keeps it in ``errors``.
  public func report(_ error: any Error) {
    errors.append(error)
    onError(error)
  }

  private func handlerSummaries(_ message: ListMessage) -> [String] {
    proxy.explain(message).candidates.map(\.description)
  }

  // MARK: - Inspection

  /// Why `selector` goes where it goes: a modeled message's route, or a forwarded one's.
  public func explain(selector: String) -> SelectorRouteExplanation {
    if let message = selectors.message(forSelector: selector) {
      return .modeled(selector: selector, proxy.explain(message))
    }
    return .forwarded(forwarded.explain(selector))
  }

  /// The route of every modeled selector and of every forwarded selector asked for or given a
  /// rule.
  public var routingTable: SelectorRoutingTable {
    SelectorRoutingTable(
      hostName: selectors.hostName,
      modeled: selectors.modeledMessages.map { message in
        .modeled(selector: selectors.selector(for: message) ?? "\(message)", proxy.explain(message))
      },
      forwarded: forwarded.routingTable.map { .forwarded($0) })
  }

  /// Throws for the first route that cannot work: a rule that fails for a modeled message, a
  /// required message nobody handles, or a forwarded selector's rule that cannot route it.
  public func validate() throws(SelectorRoutingError) {
    do {
      try proxy.router.validate(requiring: selectors.modeledMessages.filter(\.isRequired))
    } catch {
      throw .message(error)
    }
    do {
      try forwarded.validate()
    } catch {
      throw .forwarded(error)
    }
  }
}

/// Why a selector goes where it goes; see ``SelectorRouting/explain(selector:)``.
public enum SelectorRouteExplanation: Hashable, Sendable, CustomStringConvertible {
  /// A modeled message, routed by the list proxy's rules.
  case modeled(selector: String, RouteExplanation<ListMessage>)
  /// Any other selector, forwarded by the Objective-C runtime.
  case forwarded(ForwardedRouteExplanation)

  /// The selector.
  public var selector: String {
    switch self {
    case .modeled(let selector, _): selector
    case .forwarded(let explanation): explanation.name
    }
  }

  /// The handler that receives the selector's message, if exactly one does.
  public var target: HandlerDescription? {
    switch self {
    case .modeled(_, let explanation):
      if case .handler(let handler) = explanation.outcome { return handler }
      return nil
    case .forwarded(let explanation): return explanation.target
    }
  }

  /// `"tableView:didSelectRowAtIndexPath: (didSelectRow) → view (Screen), by rule 'only view'"`,
  /// or `"scrollViewDidScroll: (forwarded) → view (Screen), by rule 'first implementer'"`.
  public var description: String {
    switch self {
    case .modeled(let selector, let explanation):
      let route = explanation.description
      let rest = route.drop { $0 != " " }
      return "\(selector) (\(explanation.message))\(rest)"
    case .forwarded(let explanation):
      let route = explanation.description
      let rest = route.dropFirst(explanation.name.count)
      return "\(explanation.name) (forwarded)\(rest)"
    }
  }
}

/// Every route of a UIKit list proxy: modeled selectors, then forwarded ones.
public struct SelectorRoutingTable: Hashable, Sendable, CustomStringConvertible {
  /// The platform view, such as `"UITableView"`.
  public let hostName: String
  /// The modeled selectors, in ``ListMessage`` order.
  public let modeled: [SelectorRouteExplanation]
  /// The forwarded selectors asked for or given a rule, sorted.
  public let forwarded: [SelectorRouteExplanation]

  /// The explanation for `selector`, if the table has it.
  public subscript(selector: String) -> SelectorRouteExplanation? {
    (modeled + forwarded).first { $0.selector == selector }
  }

  /// One line per route.
  public var description: String {
    var lines = ["\(hostName) routes:"]
    lines += modeled.map { "  \($0)" }
    lines.append(forwarded.isEmpty ? "  (no forwarded selector asked for yet)" : "  forwarded:")
    lines += forwarded.map { "  \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// A route of a UIKit list proxy that cannot work; thrown by ``SelectorRouting/validate()``.
public enum SelectorRoutingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A modeled message's rule fails, or a required message reaches nobody.
  case message(RoutingError<ListMessage>)
  /// A forwarded selector's rule cannot route it.
  case forwarded(ForwardingError)

  /// The underlying error's description: the message, the handlers, and what to do.
  public var description: String {
    switch self {
    case .message(let error): "\(error)"
    case .forwarded(let error): "\(error)"
    }
  }
}
