import Foundation
import Switchboard

/// A UIKit list proxy's configuration of the one ``DelegateRouting`` (`TableViewProxy`,
/// `CollectionViewProxy`), and what only a list needs beside it; its API is the proxies'.
///
/// The routing attaches, keeps, hands over, re-checks, reports and answers, for the list
/// proxies as for `DelegateProxy`. The configuration adds what is list-specific:
///
/// - The modeled messages (``ListSelectorTable``): their selectors are answered from their
///   messages' routes and sent through ``send(_:_:in:or:)-(ListCall<Host,Capability,Arguments,Result,Failure>,_,_,_)``;
///   the messages a list requires are checked at attach and on every change.
/// - The view's three properties: an answer changed for a data-source selector re-assigns the
///   data source, one for a delegate selector the delegate; the data source also when a
///   data-source message moved to another handler (UIKit's cached counts came from another
///   object); the prefetching data source holds the proxy only while a handler prefetches.
/// - A kept data source's checks (a split between it and another object) and its cells
///   (`cellForRow` prefers the view while the kept data source lives).
/// - The dequeue ledger (``provide(_:at:detail:dequeuedBy:fallback:_:)``) and the view model's
///   announced changes, applied to the host while attached.
@MainActor
final class ListRouting<Host: ListHost> {
  /// The list proxy whose router routes every message.
  let proxy: ListProxy<Host>
  /// The view's selector of each modeled message.
  let selectors: ListSelectorTable
  /// The one routing, configured for the list.
  let routing: DelegateRouting<ListMessage>
  /// What the Objective-C runtime says about selectors and handlers.
  var runtime: any SelectorRuntime { routing.runtime }

  /// The router of every message.
  var router: PrioritizedProxy<ListMessage> { proxy.router }
  /// Runs work on the main actor after the current turn, when the view's own work is done.
  let afterThisTurn: (@escaping @MainActor () -> Void) -> Void

  /// The view as a host, which applies the view model's announced changes while attached.
  private(set) weak var host: Host?
  /// Where the view model announces changes, while the host listens.
  private(set) weak var changes: ListChanges?
  private var routeObservation: ObservationToken?

  /// Routing for a view and a view model, with ``ListProxy/defaultRules`` extended by `rules`;
  /// `typedEvents` are the typed scroll-view events observers can ask for.
  init(
    view: AnyObject, viewModel: AnyObject, viewModelRetention: HandlerRetention,
    rules: RoutingRules<ListMessage>, selectors: ListSelectorTable, runtime: any SelectorRuntime,
    typedEvents: [String: TypedEvent] = [:],
    schedule: @escaping (@escaping @MainActor () -> Void) -> Void
  ) {
    var table = ListProxy<Host>.defaultRules.merging(rules)
    table.fallback = rules.fallback
    let router = PrioritizedProxy<ListMessage>(
      rules: table,
      implementationCheck: { message, handler in Host.handler(handler, implements: message) },
      namedImplementationCheck: { name, handler in
        DelegateRouting<ListMessage>.handler(handler, implements: name, runtime: runtime)
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
    afterThisTurn = schedule
    routing = DelegateRouting(
      router: router, runtime: runtime,
      configuration: Self.configuration(selectors, runtime: runtime, rules, typedEvents),
      schedule: { work in schedule { work() } })
    // A view model added after attaching is listened to from now.
    routeObservation = router.observeRoutes { [weak self] _ in self?.listenToViewModel() }
  }

  /// The list's configuration of the routing.
  private nonisolated static func configuration(
    _ selectors: ListSelectorTable, runtime: any SelectorRuntime,
    _ rules: RoutingRules<ListMessage>, _ typedEvents: [String: TypedEvent]
  ) -> RoutingConfiguration<ListMessage> {
    let dataSource = ListViewProperty.dataSource.rawValue
    var configuration = RoutingConfiguration<ListMessage>()
    configuration.modeledMessage = { selectors.message(forSelector: $0) }
    configuration.deliversOnMainThread = true
    configuration.requiredMessages = selectors.modeledMessages.filter(\.isRequired)
    configuration.presenceSensitive = selectors.presenceSensitive
    configuration.typedNotifications = DelegatePreset.typedNotifications
    configuration.typedEvents = typedEvents
    configuration.propertyOfSelector = { selector in
      if let message = selectors.message(forSelector: selector) {
        return selectors.property(of: message).rawValue
      }
      return runtime.declaration(of: selector)?.property ?? ListViewProperty.delegate.rawValue
    }
    configuration.cachedRoutesProperty = dataSource
    configuration.cachedRoutes = { router, answered in
      // Every modeled data-source selector, and those UIKit asked about.
      var routes: [String: WeakHandler] = [:]
      for message in selectors.modeledMessages
      where selectors.property(of: message) == .dataSource {
        guard let selector = selectors.selector(for: message) else { continue }
        routes[selector] = WeakHandler(router.targets(for: message).first)
      }
      for selector in answered
      where routes[selector] == nil && runtime.declaration(of: selector)?.property == dataSource {
        routes[selector] = WeakHandler(router.targets(forNamed: selector).first)
      }
      return routes
    }
    configuration.didKeep = { router, kept in
      // Cells come from the view while a kept data source (a diffable one) lives, unless the
      // app's rules say otherwise.
      if kept.contains(where: { $0.properties.contains(dataSource) }), rules[.cellForRow] == nil {
        router.rules[.cellForRow] = .prefer(.view)
      }
    }
    configuration.setupMistakes = { router, kept in
      dataSourceSplit(router, selectors, kept: kept).map { [$0] } ?? []
    }
    return configuration
  }

  // MARK: - Attaching

  /// Connects `proxyObject` (the proxy UIKit sees) to `view`, in place of `previous`, the
  /// routing of the proxy attached to it before, if any; `false` when the view's properties
  /// hold another kind of Switchboard proxy (`isAnotherProxy`), which is reported.
  ///
  /// Objects already installed as the view's data source, delegate or prefetching data source,
  /// and those `previous` kept, are kept as the lowest-priority handlers unless
  /// `keepingInstalled` is `false`; with a kept data source, cells come from the view if it
  /// makes them, or else from the kept data source (`cellForRow` is `prefer(.view)` unless
  /// `rules` names it).
  @discardableResult
  func attach(
    to view: any ListViewProperties, host: Host, as proxyObject: AnyObject,
    keepingInstalled: Bool, replacing previous: ListRouting<Host>? = nil,
    isAnotherProxy: (AnyObject) -> Bool = { _ in false }
  ) -> Bool {
    let properties = ListViewProperty.allCases.map { property in
      DelegateProperty(
        property, of: view,
        heldWhileAnswering: property == .prefetchDataSource
          ? selectors.selector(for: .prefetchRows) ?? "" : nil)
    }
    previous?.stopListening()
    guard
      routing.attach(
        to: properties, as: proxyObject, keepingInstalled: keepingInstalled,
        replacing: previous?.routing, isAnotherProxy: isAnotherProxy)
    else { return false }
    self.host = host
    listenToViewModel()
    return true
  }

  /// Disconnects the proxy from its view: each property that holds the proxy gets back the
  /// object it had before attach, or is cleared.
  func detach() {
    stopListening()
    routing.detach()
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

  private func stopListening() {
    if let host { changes?.removeHost(host) }
    changes = nil
    host = nil
  }

  /// Calls `body`, on the main actor, with the arguments of every `event` the view sends, as
  /// the routing shows them (``DelegateRouting/observe(_:beforeHandler:isolation:_:)``).
  func observe<Arguments>(
    _ event: MessageEvent<ListMessage, Arguments>, beforeHandler: Bool,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    let body = RuntimeHandOver(body)
    return routing.observe(event, beforeHandler: beforeHandler) { arguments in
      let arguments = RuntimeHandOver(arguments)
      MainActor.assumeIsolated { body.value(arguments.value) }
    }
  }

}

/// How a UIKit list proxy sees its view's helper properties.
@MainActor
protocol ListViewProperties: AnyObject {
  subscript(property: ListViewProperty) -> AnyObject? { get set }
}

/// The data-source messages of the group a kept data source owns (sections, rows, cells,
/// supplementary views, edit commits), when some go to the kept data source and others to
/// another object.
private func dataSourceSplit(
  _ router: PrioritizedProxy<ListMessage>, _ selectors: ListSelectorTable,
  kept: [KeptDelegate]
) -> DelegateProxyError? {
  let dataSource = ListViewProperty.dataSource.rawValue
  guard
    let keptDataSource = kept.first(where: { $0.properties.contains(dataSource) })?.object
  else { return nil }
  let group: [ListMessage] = [
    .numberOfSections, .numberOfRows, .cellForRow, .supplementaryView, .commitEdit,
  ]
  let routed = group.filter { selectors.selector(for: $0) != nil && router.responds(to: $0) }
  let toKept = routed.filter { router.targets(for: $0).first === keptDataSource }
  guard !toKept.isEmpty, toKept.count < routed.count else { return nil }
  return DelegateProxyError(
    .dataSourceSplit(
      kept: "\(type(of: keptDataSource))",
      routes: routed.map { message in
        "\(message) → " + (router.explain(message).targets.first.map { "\($0)" } ?? "nobody")
      }))
}
