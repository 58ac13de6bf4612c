import Foundation
import Switchboard

/// A list data source and delegate that routes every message to a view handler or a view-model
/// handler, so neither writes methods that only pass calls along.
///
/// The view (a view controller) implements what concerns cells and interaction, for its host;
/// the view model implements what concerns data, for any host. Each adopts only its
/// capabilities:
///
/// ```swift
/// final class TodoModel: ListRowCounting, ListHeaderTitling {      // imports SwitchboardLists only
///   var items = ["Buy milk", "Walk the dog"]
///   func numberOfRows(inSection section: Int) -> Int { items.count }
///   func titleForHeader(inSection section: Int) -> String? { "To do" }
/// }
///
/// final class TodoScreen: ListCellProviding, ListDidSelectHandling {
///   let model = TodoModel()
///   let list = ListView()
///   lazy var proxy = ListProxy(view: self, viewModel: model)
///
///   func load() throws {
///     list.dataSource = proxy
///     list.delegate = proxy
///     try list.reloadData()
///   }
///   func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
///     let cell = try list.dequeueCell(ListCell.self, for: indexPath)
///     cell.text = model.items[indexPath.row]
///     return cell
///   }
///   func didSelectRow(at indexPath: IndexPath, in list: ListView) { print("selected") }
/// }
/// ```
///
/// The same view model serves a ``CollectionView`` screen through a `ListProxy<CollectionView>`.
///
/// ## Default rules
/// ``defaultRules``: ``ListMessage/cellForRow`` always goes to
/// the view (an error if the view does not implement it), ``ListMessage/didSelectRow`` goes to the
/// view or nobody, and every other message goes to the view first, then the view model.
///
/// ## Sending
/// The proxy has no method per message: a host sends each message through ``router`` (with
/// `send` for an answer, `broadcast` for a notification), which calls the routed handler with
/// its cached, typed reference. The headless hosts do this for you.
///
/// ## Lifetimes
/// The proxy holds the view weakly, always, and the view model weakly unless you ask otherwise;
/// hosts hold the proxy weakly. So the view controller owns the proxy and no cycle can form
/// through this API.
@MainActor
public final class ListProxy<Host: ListHost>: ListRoutingProxy {
  /// The routing core underneath.
  ///
  /// For what the proxy does not repeat: messages named at run time, and sending with
  /// `PrioritizedProxy`'s API. Handlers, rules and routes are on the
  /// proxy itself (``add(_:role:retention:)``, ``rules``, ``explain(_:)``). It decides which
  /// handler implements which message with `Host.handler(_:implements:)`.
  public let router: PrioritizedProxy<ListMessage>

  /// The rules the view/view-model setup applies: `cellForRow` always to the view, `didSelectRow`
  /// only to the view, everything else to the first implementer (the view, then the view model).
  public static var defaultRules: RoutingRules<ListMessage> {
    [.cellForRow: .always(.view), .didSelectRow: .only(.view)]
  }

  /// Creates a proxy for a view and a view model, with ``defaultRules`` extended by `rules`.
  ///
  /// The view is always held weakly: it is the object that owns the proxy, so holding it strongly
  /// would form a view → proxy → view cycle. The view model is held weakly too unless you say
  /// otherwise; hold it strongly only when nothing else owns it.
  ///
  /// `rules` wins: its entries replace the defaults for the messages they name, and its
  /// fallback applies to every other message (`RoutingRule.firstImplementer` unless you chose
  /// another).
  ///
  /// A screen that is its own view model can pass itself twice. It is then one handler with both
  /// roles, `HandlerRole.view` and `HandlerRole.viewModel`, held weakly (whatever
  /// `viewModelRetention` says, since it owns the proxy):
  ///
  /// ```swift
  /// lazy var proxy = ListProxy(view: self, viewModel: self)
  /// ```
  ///
  /// - Parameters:
  ///   - view: The view-layer handler, registered with the role `HandlerRole.view`
  ///     and the higher priority. Held weakly.
  ///   - viewModel: The view-model handler, registered with the role
  ///     `HandlerRole.viewModel`.
  ///   - viewModelRetention: How the view model is held; weakly by default.
  ///   - rules: Rules that replace the defaults for the messages they name.
  public convenience init<View: AnyObject>(
    view: View, viewModel: AnyObject, viewModelRetention: HandlerRetention = .weak,
    rules: RoutingRules<ListMessage> = [:]
  ) {
    var table = Self.defaultRules.merging(rules)
    table.fallback = rules.fallback
    let router = Self.makeRouter(rules: table)
    if view === viewModel {
      router.add(view, roles: [.view, .viewModel], retention: .weak)
    } else {
      router.add(view, role: .view, retention: .weak)
      router.add(viewModel, role: .viewModel, retention: viewModelRetention)
    }
    self.init(router: router)
    initialRoles = [.view, .viewModel]
  }

  /// Creates a proxy for a view that makes cells for `Host`, and a view model: the host is the
  /// one the view's ``ListCellProviding/cellForRow(at:in:)`` names, so you do not spell it.
  ///
  /// ```swift
  /// lazy var proxy = ListProxy(view: self, viewModel: model)   // ListProxy<ListView>
  /// ```
  ///
  /// Otherwise the same as ``init(view:viewModel:viewModelRetention:rules:)``, which a view that
  /// makes no cells uses (`ListProxy<ListView>(view: self, viewModel: model)`).
  public convenience init<View: ListCellProviding>(
    view: View, viewModel: AnyObject, viewModelRetention: HandlerRetention = .weak,
    rules: RoutingRules<ListMessage> = [:]
  ) where View.Host == Host {
    self.init(
      view: view as AnyObject, viewModel: viewModel, viewModelRetention: viewModelRetention,
      rules: rules)
  }

  /// A router without handlers that asks `Host` which handler implements which message.
  ///
  /// ```swift
  /// let router = ListProxy<CollectionView>.makeRouter(rules: [.didSelectRow: .broadcast])
  /// router.add(screen, role: .view)
  /// let proxy = ListProxy<CollectionView>(router: router)
  /// ```
  public static func makeRouter(rules: RoutingRules<ListMessage> = [:])
    -> PrioritizedProxy<ListMessage>
  {
    PrioritizedProxy<ListMessage>(rules: rules) { message, handler in
      Host.handler(handler, implements: message)
    }
  }

  /// Creates a list proxy over a router you configured yourself.
  ///
  /// Make it with ``makeRouter(rules:)``, so that it checks view messages for `Host`.
  public init(router: PrioritizedProxy<ListMessage>) {
    self.router = router
  }

  /// The roles the proxy was made with (``HandlerRole/view`` and ``HandlerRole/viewModel`` for
  /// ``init(view:viewModel:viewModelRetention:rules:)``), to tell a released one in errors.
  private var initialRoles: [HandlerRole] = []

  /// The handlers the proxy was made with that have since been released, each described with
  /// the fix, for an error that lists the handlers a message reached.
  var releasedHandlerNotes: [String] {
    initialRoles.filter { router.handler(withRole: $0) == nil }.map { role in
      role == .viewModel
        ? "viewModel: released (the proxy holds it weakly; keep it in a property, or pass "
          + "viewModelRetention: .strong)"
        : "\(role): released (the proxy holds it weakly; keep it while its list is shown)"
    }
  }

  /// Called with each routing error found while routing or sending; stops a debug build by
  /// default.
  ///
  /// ```swift
  /// proxy.onError = { error in logger.error("\(error)") }   // report instead of stopping
  /// ```
  public var onError: (RoutingError<ListMessage>) -> Void {
    get { router.onError }
    set { router.onError = newValue }
  }

  /// Whether `message` reaches a handler that implements it.
  public func responds(to message: ListMessage) -> Bool {
    router.responds(to: message)
  }

  /// Calls `onChange` whenever routes change; see `PrioritizedProxy.observeRoutes(_:)`.
  ///
  /// Hosts use it to refresh their responds-to cache.
  public func observeRoutes(
    _ onChange: @escaping @MainActor (RouteChange<ListMessage>) -> Void
  ) -> ObservationToken {
    router.observeRoutes(onChange)
  }
}

// MARK: - Sending and observing list messages

extension ListProxy {
  /// Sends `call`'s message with `arguments` to the handler its rule chooses, and returns the
  /// handler's answer, or the call's default when nobody handles it.
  ///
  /// ```swift
  /// let rows = proxy.send(.numberOfRows, 0, in: list)
  /// let cell = try proxy.send(.cellForRow, indexPath, in: list)
  /// ```
  ///
  /// Observers of the message see `arguments` before and after the handler.
  @inlinable @inline(__always)
  public func send<Capability, Arguments, Result, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, _ arguments: Arguments,
    in host: Host
  ) throws(Failure) -> Result {
    let invoke = call.invoke
    return try router.send(
      call.event, arguments, as: Capability.self, default: call.defaultValue(arguments)
    ) { (handler: Capability) throws(Failure) -> Result in
      try invoke(handler, arguments, host)
    }
  }

  /// Sends a notification (a call that answers nothing) to every handler its rule chooses: one
  /// by default, each implementer for a `.broadcast` rule.
  ///
  /// ```swift
  /// proxy.send(.didSelectRow, indexPath, in: list)
  /// ```
  @inlinable @inline(__always)
  public func send<Capability, Arguments, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Void, Failure>, _ arguments: Arguments,
    in host: Host
  ) throws(Failure) {
    let invoke = call.invoke
    try router.broadcast(call.event, arguments, as: Capability.self) {
      (handler: Capability) throws(Failure) in
      try invoke(handler, arguments, host)
    }
  }

  /// Sends a call that takes no arguments: `proxy.send(.numberOfSections, in: list)`.
  @inlinable @inline(__always)
  public func send<Capability, Result, Failure: Error>(
    _ call: ListCall<Host, Capability, Void, Result, Failure>, in host: Host
  ) throws(Failure) -> Result {
    try send(call, (), in: host)
  }

  /// Sends `call`'s message to its handler through the call's capability or, for a handler that
  /// implements the platform's own method instead, through `platform`; the call's default when
  /// nobody handles it, or when the platform's optional method answers nothing (`nil`).
  ///
  /// For adapters whose handlers may implement a message either way, such as a UIKit view
  /// controller implementing `tableView(_:numberOfRowsInSection:)`:
  ///
  /// <!-- snippet-uikit -->
  /// ```swift
  /// proxy.send(.numberOfRows, section, in: tableView) { (source: any UITableViewDataSource) in
  ///   source.tableView(tableView, numberOfRowsInSection: section)
  /// }
  /// ```
  @inlinable @inline(__always)
  public func send<Capability, Platform, Arguments, Result, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, _ arguments: Arguments,
    in host: Host, or platform: (Platform) -> Result?
  ) throws(Failure) -> Result {
    try call.send(through: router, arguments, in: host, or: platform)
  }

  /// Sends a notification to every handler its rule chooses, each through the call's capability
  /// or the platform's own method.
  @inlinable @inline(__always)
  public func send<Capability, Platform, Arguments, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Void, Failure>, _ arguments: Arguments,
    in host: Host, or platform: (Platform) -> Void
  ) throws(Failure) {
    try call.send(through: router, arguments, in: host, or: platform)
  }
}

/// A list proxy, whatever host it serves, so a host can tell one made for another host.
@MainActor
protocol HostedListProxy: AnyObject {
  /// The proxy's type, such as `"ListProxy<ListView>"`.
  var proxyTypeName: String { get }
}

extension ListProxy: HostedListProxy {
  var proxyTypeName: String { "ListProxy<\(Host.self)>" }
}
