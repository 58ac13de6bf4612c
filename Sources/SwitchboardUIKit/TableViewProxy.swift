#if canImport(UIKit)
import Switchboard
import SwitchboardLists
import UIKit

/// A `UITableView` data source and delegate that routes every message to a view controller or
/// a view model, including the `UITableViewDelegate` and `UIScrollViewDelegate` methods
/// Switchboard does not model, which it forwards through the Objective-C runtime.
///
/// Three lines set up a screen; the table view owns the proxy, and the proxy holds the view
/// controller and the view model weakly:
///
/// ```swift
/// override func viewDidLoad() {
///   super.viewDidLoad()
///   TableViewProxy.attach(to: tableView, view: self, viewModel: model)
/// }
/// ```
///
/// ## Two kinds of handlers
/// A view model adopts Switchboard's host-free capabilities (`ListRowCounting`,
/// `ListEditCommitting`, …) and never imports UIKit. A view controller adopts the host
/// capabilities for `UITableView` (`ListCellProviding<UITableView>`), or implements UIKit's own
/// methods (`tableView(_:cellForRowAt:)`, `tableView(_:trailingSwipeActionsConfigurationForRowAt:)`,
/// `scrollViewDidScroll(_:)`) exactly as it would for UIKit. Either counts as implementing the
/// message.
///
/// ## Routing
/// The modeled messages (``ListSelectorTable/tableView``) follow ``rules``, starting from the
/// seed's defaults: the cell always from the view, did-select to the view or nobody, anything
/// else to the view first. Every other selector goes to its first implementer, or to the
/// handler ``forwardingRules`` names. `responds(to:)` is true exactly when a handler will
/// receive the message. ``explain(_:)``, ``explain(selector:)`` and ``routingTable`` show
/// every route.
///
/// ## Re-caching
/// `UITableView` asks which optional methods its data source and delegate implement when they
/// are assigned, and remembers. When a route changes an answer the proxy already gave (a
/// handler added, removed or released, a rule changed), the proxy assigns itself again as
/// data source, delegate and prefetching data source, so the table asks again. Assigning a
/// data source reloads the table.
///
/// ## Problems
/// A route that cannot work (a rule naming a handler that does not implement the message, a
/// required message nobody handles) is reported when the proxy is attached, and a cell
/// provider that throws is reported when it throws, to ``onError``: by default a debug build
/// stops with the error's description, naming the message, the handlers and the fix.
@MainActor
public final class TableViewProxy: NSObject, ListViewProxying, UITableViewDataSource,
  UITableViewDelegate,
  UITableViewDataSourcePrefetching
{
  /// The platform-independent routing this proxy translates.
  public let routing: SelectorRouting<UITableView>
  /// The table view this proxy is attached to.
  public private(set) weak var tableView: UITableView?

  private init(list: ListProxy<UITableView>) {
    routing = SelectorRouting(
      proxy: list, selectors: .tableView, observableSelectors: observableScrollSelectors,
      respondsTo: objectiveCResponds)
    super.init()
    routing.onRecache = { [weak self] in self?.connect() }
    checkSelectorTable()
  }

  /// Makes a proxy for a view controller and a view model, makes `tableView` own it, and
  /// connects it as the table's data source, delegate and prefetching data source.
  ///
  /// - Parameters:
  ///   - tableView: The table. It keeps the proxy alive; a proxy attached before is detached.
  ///   - view: The view controller, with the role `HandlerRole.view` and the higher priority.
  ///     Held weakly.
  ///   - viewModel: The view model, with the role `HandlerRole.viewModel`. Held weakly unless
  ///     `viewModelRetention` says otherwise.
  ///   - viewModelRetention: How the view model is held.
  ///   - rules: Rules for modeled messages that replace the defaults for the messages they
  ///     name.
  ///   - forwardingRules: Rules for other selectors, by selector name.
  /// - Returns: The proxy, to configure or inspect.
  @discardableResult
  public static func attach(
    to tableView: UITableView, view: AnyObject, viewModel: AnyObject,
    viewModelRetention: HandlerRetention = .weak, rules: RoutingRules<ListMessage> = [:],
    forwardingRules: [String: RoutingRule<ListMessage>] = [:]
  ) -> TableViewProxy {
    let proxy = TableViewProxy(
      list: ListProxy<UITableView>(
        view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules))
    proxy.routing.forwarded.rules = forwardingRules
    proxy.attach(to: tableView)
    return proxy
  }

  /// Makes a proxy over a router you configured (made with
  /// `ListProxy<UITableView>.makeRouter(rules:)`), and attaches it to `tableView`.
  @discardableResult
  public static func attach(
    to tableView: UITableView, router: PrioritizedProxy<ListMessage>
  ) -> TableViewProxy {
    let proxy = TableViewProxy(list: ListProxy<UITableView>(router: router))
    proxy.attach(to: tableView)
    return proxy
  }

  /// The proxy attached to `tableView`, if any.
  public static func attached(to tableView: UITableView) -> TableViewProxy? {
    attachedObject(to: tableView) as? TableViewProxy
  }

  private func attach(to tableView: UITableView) {
    Self.attached(to: tableView)?.detach()
    setAttachedObject(self, to: tableView)
    self.tableView = tableView
    routing.reportInvalidRoutes()
    connect()
  }

  /// Disconnects the proxy from its table view, which then no longer owns it.
  public func detach() {
    guard let tableView else { return }
    if tableView.dataSource === self { tableView.dataSource = nil }
    if tableView.delegate === self { tableView.delegate = nil }
    if tableView.prefetchDataSource === self { tableView.prefetchDataSource = nil }
    if Self.attached(to: tableView) === self { setAttachedObject(nil, to: tableView) }
    self.tableView = nil
  }

  /// Assigns the proxy again, so the table asks again what it responds to.
  private func connect() {
    guard let tableView else { return }
    tableView.dataSource = nil
    tableView.delegate = nil
    tableView.prefetchDataSource = nil
    tableView.dataSource = self
    tableView.delegate = self
    if answersPrefetching { tableView.prefetchDataSource = self }
  }

  // MARK: - UIScrollViewDelegate (forwarded, observable)

  public func scrollViewDidScroll(_ scrollView: UIScrollView) {
    routing.scrollViewDidScroll(scrollView)
  }

  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    routing.scrollViewWillBeginDragging(scrollView)
  }

  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  {
    routing.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
  }

  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    routing.scrollViewDidEndDecelerating(scrollView)
  }

  // MARK: - The Objective-C runtime

  /// True exactly when a handler will receive the message.
  public nonisolated override func responds(to selector: Selector!) -> Bool {
    guard let selector else { return false }
    let name = NSStringFromSelector(selector)
    return MainActor.assumeIsolated {
      routing.responds(toSelector: name) { super.responds(to: selector) }
    }
  }

  /// The handler a selector Switchboard does not model is forwarded to.
  public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
    guard let selector else { return nil }
    let name = NSStringFromSelector(selector)
    nonisolated(unsafe) var target: AnyObject?
    MainActor.assumeIsolated { target = routing.forwardingTarget(forSelector: name) }
    return target ?? super.forwardingTarget(for: selector)
  }

  // MARK: - UITableViewDataSource

  public func numberOfSections(in tableView: UITableView) -> Int {
    routing.ask(
      .numberOfSections, default: 1,
      { (model: any ListSectionCounting) in model.numberOfSections() },
      platform: { (source: any UITableViewDataSource) in source.numberOfSections?(in: tableView) })
  }

  public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    routing.ask(
      .numberOfRows, default: 0,
      { (model: any ListRowCounting) in model.numberOfRows(inSection: section) },
      platform: { (source: any UITableViewDataSource) in
        source.tableView(tableView, numberOfRowsInSection: section)
      })
  }

  public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    do {
      return try routing.ask(
        .cellForRow, default: UITableViewCell(),
        { (view: any ListCellProviding<UITableView>) in
          try view.cellForRow(at: indexPath, in: tableView)
        },
        platform: { (source: any UITableViewDataSource) in
          source.tableView(tableView, cellForRowAt: indexPath)
        })
    } catch {
      routing.report(ListViewError.cellProviderFailed(indexPath, "\(error)"))
      return UITableViewCell()
    }
  }

  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  {
    routing.ask(
      .titleForHeader, default: nil,
      { (model: any ListHeaderTitling) in model.titleForHeader(inSection: section) },
      platform: { (source: any UITableViewDataSource) -> String?? in
        source.tableView(_:titleForHeaderInSection:).map { $0(tableView, section) }
      })
  }

  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
    -> String?
  {
    routing.ask(
      .titleForFooter, default: nil,
      { (model: any ListFooterTitling) in model.titleForFooter(inSection: section) },
      platform: { (source: any UITableViewDataSource) -> String?? in
        source.tableView(_:titleForFooterInSection:).map { $0(tableView, section) }
      })
  }

  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    routing.ask(
      .canEditRow, default: true,
      { (model: any ListRowEditability) in model.canEditRow(at: indexPath) },
      platform: { (source: any UITableViewDataSource) in
        source.tableView?(tableView, canEditRowAt: indexPath)
      })
  }

  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    routing.ask(
      .canMoveRow, default: true,
      { (model: any ListRowMovability) in model.canMoveRow(at: indexPath) },
      platform: { (source: any UITableViewDataSource) in
        source.tableView?(tableView, canMoveRowAt: indexPath)
      })
  }

  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    let style: ListEditingStyle
    switch editingStyle {
    case .delete: style = .delete
    case .insert: style = .insert
    default: return
    }
    let update = routing.ask(
      .commitEdit, (style, indexPath), default: ListUpdate(),
      { (model: any ListEditCommitting) in model.commitEdit(style, forRowAt: indexPath) },
      platform: { (source: any UITableViewDataSource) -> ListUpdate? in
        source.tableView?(tableView, commit: editingStyle, forRowAt: indexPath)
        return ListUpdate()
      })
    do {
      try tableView.apply(update)
    } catch {
      routing.report(error)
      tableView.reloadData()
    }
  }

  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    routing.notify(
      .moveRow, (sourceIndexPath, destinationIndexPath),
      { (model: any ListRowMoving) in model.moveRow(from: sourceIndexPath, to: destinationIndexPath)
      },
      platform: { (source: any UITableViewDataSource) in
        source.tableView?(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
      })
  }

  public func sectionIndexTitles(for tableView: UITableView) -> [String]? {
    routing.ask(
      .sectionIndexTitles, default: nil,
      { (model: any ListSectionIndexing) in model.sectionIndexTitles() },
      platform: { (source: any UITableViewDataSource) -> [String]?? in
        source.sectionIndexTitles(for:).map { $0(tableView) }
      })
  }

  // MARK: - UITableViewDataSourcePrefetching

  public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    routing.notify(
      .prefetchRows, indexPaths,
      { (model: any ListPrefetching) in model.prefetchRows(at: indexPaths) },
      platform: { (source: any UITableViewDataSourcePrefetching) in
        source.tableView(tableView, prefetchRowsAt: indexPaths)
      })
  }

  // MARK: - UITableViewDelegate

  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath)
    -> CGFloat
  {
    routing.ask(
      .heightForRow, default: tableView.rowHeight,
      { (view: any ListRowHeightProviding<UITableView>) in
        CGFloat(view.heightForRow(at: indexPath, in: tableView))
      },
      platform: { (delegate: any UITableViewDelegate) in
        delegate.tableView?(tableView, heightForRowAt: indexPath)
      })
  }

  public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  {
    routing.ask(
      .estimatedHeightForRow, default: tableView.estimatedRowHeight,
      { (view: any ListEstimatedRowHeightProviding<UITableView>) in
        CGFloat(view.estimatedHeightForRow(at: indexPath, in: tableView))
      },
      platform: { (delegate: any UITableViewDelegate) in
        delegate.tableView?(tableView, estimatedHeightForRowAt: indexPath)
      })
  }

  public func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    routing.notify(
      .willDisplayRow, (cell, indexPath),
      { (view: any ListWillDisplayObserving<UITableView>) in
        view.willDisplay(cell, forRowAt: indexPath, in: tableView)
      },
      platform: { (delegate: any UITableViewDelegate) in
        delegate.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
      })
  }

  public func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  ) {
    routing.notify(
      .didEndDisplayingRow, (cell, indexPath),
      { (view: any ListDidEndDisplayingObserving<UITableView>) in
        view.didEndDisplaying(cell, forRowAt: indexPath, in: tableView)
      },
      platform: { (delegate: any UITableViewDelegate) in
        delegate.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath)
      })
  }

  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath)
    -> IndexPath?
  {
    routing.ask(
      .willSelectRow, default: indexPath,
      { (view: any ListWillSelectHandling<UITableView>) in
        view.willSelectRow(at: indexPath, in: tableView)
      },
      platform: { (delegate: any UITableViewDelegate) -> IndexPath?? in
        delegate.tableView(_:willSelectRowAt:).map { $0(tableView, indexPath) }
      })
  }

  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    routing.notify(
      .didSelectRow, indexPath,
      { (view: any ListDidSelectHandling<UITableView>) in
        view.didSelectRow(at: indexPath, in: tableView)
      },
      platform: { (delegate: any UITableViewDelegate) in
        delegate.tableView?(tableView, didSelectRowAt: indexPath)
      })
  }

  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
    routing.notify(
      .didDeselectRow, indexPath,
      { (view: any ListDidDeselectHandling<UITableView>) in
        view.didDeselectRow(at: indexPath, in: tableView)
      },
      platform: { (delegate: any UITableViewDelegate) in
        delegate.tableView?(tableView, didDeselectRowAt: indexPath)
      })
  }
}
#endif
