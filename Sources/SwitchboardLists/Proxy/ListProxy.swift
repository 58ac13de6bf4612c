import Foundation
import Switchboard

/// A list data source and delegate that routes every message to a view handler or a view-model
/// handler, so neither writes methods that only pass calls along.
///
/// The view (a view controller) implements what concerns cells and interaction; the view model
/// implements what concerns data. Each adopts only its capabilities:
///
/// ```swift
/// final class TodoModel: ListRowCounting, ListHeaderTitling {
///   var items = ["Buy milk", "Walk the dog"]
///   func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int { items.count }
///   func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? { "To do" }
/// }
///
/// final class TodoScreen: ListCellProviding, ListDidSelectHandling {
///   let model = TodoModel()
///   let list = ListView()
///   lazy var proxy = ListProxy(view: self, viewModel: model)
///
///   func load() throws {
///     list.register(ListCell.self, forCellReuseIdentifier: "todo")
///     list.dataSource = proxy
///     list.delegate = proxy
///     try list.reloadData()
///   }
///   func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell {
///     let cell = try list.dequeueReusableCell(withIdentifier: "todo", for: indexPath)
///     cell.text = model.items[indexPath.row]
///     return cell
///   }
///   func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) { print("selected") }
/// }
/// ```
///
/// ## Default rules
/// ``defaultRules`` follow the Objective-C original: ``ListMessage/cellForRow`` always goes to
/// the view (an error if the view does not implement it), ``ListMessage/didSelectRow`` goes to the
/// view or nobody, and every other message goes to the view first, then the view model.
///
/// ## Lifetimes
/// The proxy holds the view weakly, always, and the view model weakly unless you ask otherwise;
/// ``ListView`` holds the proxy weakly. So the view controller owns the proxy and no cycle can
/// form through this API.
@MainActor
public final class ListProxy {
  /// The routing core.
  ///
  /// Use it to add handlers, change rules, or inspect routes.
  public let router: PrioritizedProxy<ListMessage>
  /// Typed references to each message's handler, valid for one route generation.
  ///
  /// Every access is a whole read or a whole assignment, never an `inout` access that could
  /// overlap another, so the run-time exclusivity check (several nanoseconds per dispatch) is
  /// turned off for it.
  @exclusivity(unchecked) private var cache = ListTargetCache()
  /// Empties ``cache`` as soon as routes change, so it never keeps a removed handler alive.
  private var routeObservation: RouteObservation?

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
  public convenience init(
    view: AnyObject, viewModel: AnyObject, viewModelRetention: HandlerRetention = .weak,
    rules: RoutingRules<ListMessage> = [:]
  ) {
    var table = Self.defaultRules.merging(rules)
    table.fallback = rules.fallback
    let router = PrioritizedProxy<ListMessage>(rules: table)
    if view === viewModel {
      router.add(view, roles: [.view, .viewModel], retention: .weak)
    } else {
      router.add(view, role: .view, retention: .weak)
      router.add(viewModel, role: .viewModel, retention: viewModelRetention)
    }
    self.init(router: router)
  }

  /// Creates a list proxy over a router you configured yourself.
  public init(router: PrioritizedProxy<ListMessage>) {
    self.router = router
    routeObservation = router.observeRoutes { [weak self] _ in
      self?.cache = ListTargetCache()
    }
  }

  /// The rule table of ``router``.
  public var rules: RoutingRules<ListMessage> {
    get { router.rules }
    set { router.rules = newValue }
  }

  /// Why `message` goes where it goes.
  public func explain(_ message: ListMessage) -> RouteExplanation<ListMessage> {
    router.explain(message)
  }

  /// The route of every list message.
  public var routingTable: RoutingTable<ListMessage> { router.routingTable }

  // The fast path of every message is kept small enough to inline into its protocol witness:
  // refilling the cache and asking the router are outlined.

  @inline(__always)
  private func refillCacheIfNeeded() {
    if cache.generation != router.routeGeneration { refillCache() }
  }

  @inline(never)
  private func refillCache() {
    cache = .filled(from: router)
  }

  @inline(never)
  private func sendThroughRouter<Capability, Result>(
    _ message: ListMessage, default defaultValue: () -> Result, _ body: (Capability) -> Result
  ) -> Result {
    router.send(message, as: Capability.self, default: defaultValue(), body)
  }

  @inline(never)
  private func broadcastThroughRouter<Capability>(
    _ message: ListMessage, _ body: (Capability) -> Void
  ) {
    router.broadcast(message, as: Capability.self, body)
  }

  /// Sends a message that returns a value to its cached handler, or through the router when
  /// the cache has none (nobody handles it, or its weakly held handler was released).
  ///
  /// `cached` is read after the cache is refilled, so it must read ``cache``.
  @inline(__always)
  private func forward<Capability, Result>(
    _ message: ListMessage, _ cached: @autoclosure () -> Capability?,
    default defaultValue: @autoclosure () -> Result, _ body: (Capability) -> Result
  ) -> Result {
    refillCacheIfNeeded()
    if let handler = cached() { return body(handler) }
    return sendThroughRouter(message, default: defaultValue, body)
  }

  /// Sends a message that returns nothing to its cached handler, or through the router: to
  /// every handler of a broadcast, or to nobody.
  @inline(__always)
  private func notify<Capability>(
    _ message: ListMessage, _ cached: @autoclosure () -> Capability?,
    _ body: (Capability) -> Void
  ) {
    refillCacheIfNeeded()
    if let handler = cached() { return body(handler) }
    broadcastThroughRouter(message, body)
  }
}

extension ListProxy: ListRouting {
  /// Whether `message` reaches a handler that implements it.
  public func responds(to message: ListMessage) -> Bool {
    router.responds(to: message)
  }

  /// Each handler and whether it implements `message`, such as `"view (Screen) ✗"`.
  public func handlerSummaries(for message: ListMessage) -> [String] {
    router.explain(message).candidates.map(\.description)
  }

  /// Calls `onChange` whenever routes change; see `PrioritizedProxy.observeRoutes(_:)`.
  public func observeRoutes(
    _ onChange: @escaping @MainActor (RouteChange<ListMessage>) -> Void
  ) -> RouteObservation {
    router.observeRoutes(onChange)
  }
}

// Every capability forwards to the routed handler. When nobody handles a message, the answer is
// UIKit's default; a host asks `responds(to:)` first and does not send it at all.
extension ListProxy: ListSectionCounting, ListRowCounting, ListCellProviding, ListHeaderTitling,
  ListFooterTitling, ListRowEditability, ListRowMovability, ListEditCommitting, ListRowMoving,
  ListSectionIndexing, ListPrefetching
{
  /// Forwards ``ListMessage/numberOfSections``; 1 when nobody handles it.
  public func numberOfSections(in list: ListView) -> Int {
    forward(.numberOfSections, cache.sectionCounting ?? cache.weakSectionCounting, default: 1) {
      $0.numberOfSections(in: list)
    }
  }

  /// Forwards ``ListMessage/numberOfRows``; 0 when nobody handles it.
  public func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int {
    forward(.numberOfRows, cache.rowCounting ?? cache.weakRowCounting, default: 0) {
      $0.list(list, numberOfRowsInSection: section)
    }
  }

  /// Forwards ``ListMessage/cellForRow``.
  ///
  /// - Throws: ``ListViewError/requiredMessageUnhandled(_:handlers:)`` when nobody handles it.
  public func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell {
    refillCacheIfNeeded()
    if let handler = cache.cellProviding ?? cache.weakCellProviding {
      return try handler.list(list, cellForRowAt: indexPath)
    }
    guard let handler = router.target(for: .cellForRow, as: (any ListCellProviding).self) else {
      throw ListViewError.requiredMessageUnhandled(
        .cellForRow, handlers: handlerSummaries(for: .cellForRow))
    }
    return try handler.list(list, cellForRowAt: indexPath)
  }

  /// Forwards ``ListMessage/titleForHeader``; `nil` when nobody handles it.
  public func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? {
    forward(.titleForHeader, cache.headerTitling ?? cache.weakHeaderTitling, default: nil) {
      $0.list(list, titleForHeaderInSection: section)
    }
  }

  /// Forwards ``ListMessage/titleForFooter``; `nil` when nobody handles it.
  public func list(_ list: ListView, titleForFooterInSection section: Int) -> String? {
    forward(.titleForFooter, cache.footerTitling ?? cache.weakFooterTitling, default: nil) {
      $0.list(list, titleForFooterInSection: section)
    }
  }

  /// Forwards ``ListMessage/canEditRow``; `true` when nobody handles it but someone commits edits.
  public func list(_ list: ListView, canEditRowAt indexPath: IndexPath) -> Bool {
    forward(
      .canEditRow, cache.rowEditability ?? cache.weakRowEditability,
      default: responds(to: .commitEdit)
    ) {
      $0.list(list, canEditRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/canMoveRow``; `true` when nobody handles it but someone moves rows.
  public func list(_ list: ListView, canMoveRowAt indexPath: IndexPath) -> Bool {
    forward(
      .canMoveRow, cache.rowMovability ?? cache.weakRowMovability, default: responds(to: .moveRow)
    ) {
      $0.list(list, canMoveRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/commitEdit``.
  public func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath)
  {
    notify(.commitEdit, cache.editCommitting ?? cache.weakEditCommitting) {
      $0.list(list, commit: style, forRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/moveRow``.
  public func list(_ list: ListView, moveRowAt source: IndexPath, to destination: IndexPath) {
    notify(.moveRow, cache.rowMoving ?? cache.weakRowMoving) {
      $0.list(list, moveRowAt: source, to: destination)
    }
  }

  /// Forwards ``ListMessage/sectionIndexTitles``; `nil` when nobody handles it.
  public func sectionIndexTitles(for list: ListView) -> [String]? {
    forward(.sectionIndexTitles, cache.sectionIndexing ?? cache.weakSectionIndexing, default: nil) {
      $0.sectionIndexTitles(for: list)
    }
  }

  /// Forwards ``ListMessage/prefetchRows``.
  public func list(_ list: ListView, prefetchRowsAt indexPaths: [IndexPath]) {
    notify(.prefetchRows, cache.prefetching ?? cache.weakPrefetching) {
      $0.list(list, prefetchRowsAt: indexPaths)
    }
  }
}

extension ListProxy: ListRowHeightProviding, ListEstimatedRowHeightProviding,
  ListWillDisplayObserving, ListDidEndDisplayingObserving, ListWillSelectHandling,
  ListDidSelectHandling, ListDidDeselectHandling
{
  /// Forwards ``ListMessage/heightForRow``; the list's `rowHeight` when nobody handles it.
  public func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double {
    forward(.heightForRow, cache.rowHeight ?? cache.weakRowHeight, default: list.rowHeight) {
      $0.list(list, heightForRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/estimatedHeightForRow``; the list's `rowHeight` when nobody handles it.
  public func list(_ list: ListView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    forward(
      .estimatedHeightForRow, cache.estimatedRowHeight ?? cache.weakEstimatedRowHeight,
      default: list.rowHeight
    ) {
      $0.list(list, estimatedHeightForRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/willDisplayRow``.
  public func list(_ list: ListView, willDisplay cell: ListCell, forRowAt indexPath: IndexPath) {
    notify(.willDisplayRow, cache.willDisplay ?? cache.weakWillDisplay) {
      $0.list(list, willDisplay: cell, forRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/didEndDisplayingRow``.
  public func list(_ list: ListView, didEndDisplaying cell: ListCell, forRowAt indexPath: IndexPath)
  {
    notify(.didEndDisplayingRow, cache.didEndDisplaying ?? cache.weakDidEndDisplaying) {
      $0.list(list, didEndDisplaying: cell, forRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/willSelectRow``; the row itself when nobody handles it.
  public func list(_ list: ListView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    forward(.willSelectRow, cache.willSelect ?? cache.weakWillSelect, default: indexPath) {
      $0.list(list, willSelectRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/didSelectRow``.
  public func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) {
    notify(.didSelectRow, cache.didSelect ?? cache.weakDidSelect) {
      $0.list(list, didSelectRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/didDeselectRow``.
  public func list(_ list: ListView, didDeselectRowAt indexPath: IndexPath) {
    notify(.didDeselectRow, cache.didDeselect ?? cache.weakDidDeselect) {
      $0.list(list, didDeselectRowAt: indexPath)
    }
  }
}
