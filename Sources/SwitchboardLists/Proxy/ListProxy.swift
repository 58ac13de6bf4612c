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
    router.send(.numberOfSections, as: (any ListSectionCounting).self, default: 1) {
      $0.numberOfSections(in: list)
    }
  }

  /// Forwards ``ListMessage/numberOfRows``; 0 when nobody handles it.
  public func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int {
    router.send(.numberOfRows, as: (any ListRowCounting).self, default: 0) {
      $0.list(list, numberOfRowsInSection: section)
    }
  }

  /// Forwards ``ListMessage/cellForRow``.
  ///
  /// - Throws: ``ListViewError/requiredMessageUnhandled(_:handlers:)`` when nobody handles it.
  public func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell {
    try router.send(.cellForRow, as: (any ListCellProviding).self, default: try unhandledCell()) {
      try $0.list(list, cellForRowAt: indexPath)
    }
  }

  private func unhandledCell() throws(ListViewError) -> ListCell {
    throw ListViewError.requiredMessageUnhandled(
      .cellForRow, handlers: handlerSummaries(for: .cellForRow))
  }

  /// Forwards ``ListMessage/titleForHeader``; `nil` when nobody handles it.
  public func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? {
    router.send(.titleForHeader, as: (any ListHeaderTitling).self, default: nil) {
      $0.list(list, titleForHeaderInSection: section)
    }
  }

  /// Forwards ``ListMessage/titleForFooter``; `nil` when nobody handles it.
  public func list(_ list: ListView, titleForFooterInSection section: Int) -> String? {
    router.send(.titleForFooter, as: (any ListFooterTitling).self, default: nil) {
      $0.list(list, titleForFooterInSection: section)
    }
  }

  /// Forwards ``ListMessage/canEditRow``; `true` when nobody handles it but someone commits edits.
  public func list(_ list: ListView, canEditRowAt indexPath: IndexPath) -> Bool {
    router.send(
      .canEditRow, as: (any ListRowEditability).self, default: responds(to: .commitEdit)
    ) {
      $0.list(list, canEditRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/canMoveRow``; `true` when nobody handles it but someone moves rows.
  public func list(_ list: ListView, canMoveRowAt indexPath: IndexPath) -> Bool {
    router.send(
      .canMoveRow, as: (any ListRowMovability).self, default: responds(to: .moveRow)
    ) {
      $0.list(list, canMoveRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/commitEdit``.
  public func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath)
  {
    router.broadcast(.commitEdit, as: (any ListEditCommitting).self) {
      $0.list(list, commit: style, forRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/moveRow``.
  public func list(_ list: ListView, moveRowAt source: IndexPath, to destination: IndexPath) {
    router.broadcast(.moveRow, as: (any ListRowMoving).self) {
      $0.list(list, moveRowAt: source, to: destination)
    }
  }

  /// Forwards ``ListMessage/sectionIndexTitles``; `nil` when nobody handles it.
  public func sectionIndexTitles(for list: ListView) -> [String]? {
    router.send(.sectionIndexTitles, as: (any ListSectionIndexing).self, default: nil) {
      $0.sectionIndexTitles(for: list)
    }
  }

  /// Forwards ``ListMessage/prefetchRows``.
  public func list(_ list: ListView, prefetchRowsAt indexPaths: [IndexPath]) {
    router.broadcast(.prefetchRows, as: (any ListPrefetching).self) {
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
    router.send(.heightForRow, as: (any ListRowHeightProviding).self, default: list.rowHeight) {
      $0.list(list, heightForRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/estimatedHeightForRow``; the list's `rowHeight` when nobody handles it.
  public func list(_ list: ListView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    router.send(
      .estimatedHeightForRow, as: (any ListEstimatedRowHeightProviding).self,
      default: list.rowHeight
    ) {
      $0.list(list, estimatedHeightForRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/willDisplayRow``.
  public func list(_ list: ListView, willDisplay cell: ListCell, forRowAt indexPath: IndexPath) {
    router.broadcast(.willDisplayRow, as: (any ListWillDisplayObserving).self) {
      $0.list(list, willDisplay: cell, forRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/didEndDisplayingRow``.
  public func list(_ list: ListView, didEndDisplaying cell: ListCell, forRowAt indexPath: IndexPath)
  {
    router.broadcast(.didEndDisplayingRow, as: (any ListDidEndDisplayingObserving).self) {
      $0.list(list, didEndDisplaying: cell, forRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/willSelectRow``; the row itself when nobody handles it.
  public func list(_ list: ListView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    router.send(.willSelectRow, as: (any ListWillSelectHandling).self, default: indexPath) {
      $0.list(list, willSelectRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/didSelectRow``.
  public func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) {
    router.broadcast(.didSelectRow, as: (any ListDidSelectHandling).self) {
      $0.list(list, didSelectRowAt: indexPath)
    }
  }

  /// Forwards ``ListMessage/didDeselectRow``.
  public func list(_ list: ListView, didDeselectRowAt indexPath: IndexPath) {
    router.broadcast(.didDeselectRow, as: (any ListDidDeselectHandling).self) {
      $0.list(list, didDeselectRowAt: indexPath)
    }
  }
}
