#if canImport(UIKit)
import Switchboard
import SwitchboardDelegates
import SwitchboardLists
import SwitchboardObjC
import UIKit

/// A `UITableView` data source and delegate that routes every message to a view controller or
/// a view model, including the `UITableViewDelegate` and `UIScrollViewDelegate` methods
/// Switchboard does not model, which it routes by selector.
///
/// One line sets up a screen; the table view owns the proxy, and the proxy holds the view
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
/// methods (`tableView(_:cellForRowAt:)`, `scrollViewDidScroll(_:)`) exactly as it would for
/// UIKit. A method a `UITableViewController` subclass only inherits (for static cells) does
/// not count: the view model's answers it.
///
/// ## Routing
/// The modeled messages follow ``ListViewProxy/rules``, starting from `ListProxy.defaultRules`: the cell
/// always from the view, did-select to the view or nobody, anything else to the view first.
/// Every other selector goes to its first implementer, or as `rules[selector:]` says: a rule
/// can broadcast a method that returns nothing to every handler that implements it.
/// ``ListViewProxy/explain(_:)-(Selector)`` and ``ListViewProxy/routingTable`` show every route.
///
/// ## When a handler goes away
/// UIKit asks which methods the proxy implements when it is assigned, and remembers. A message
/// whose handler was released since goes to the next handler the rules allow, or is answered
/// with a zero value (`0`, `nil`, `false`) and reported to ``ListViewProxy/onError``: never an "unrecognized
/// selector" exception.
///
/// ## Telling UIKit about changes
/// When a route changes an answer UIKit remembers (a handler added, removed or released, a
/// rule changed), the proxy re-assigns itself after the current main-actor turn, once however
/// many answers changed, and only to the properties whose answers changed: re-assigning the
/// delegate costs nothing visible, re-assigning the data source makes the table reload.
/// Every method is answered only while a handler implements it or, for one that returns
/// nothing, something observes it, the proxy's own (did-select, will-display, scrolling)
/// included: observing a notification nobody implements re-assigns the delegate only.
///
/// ## Other objects
/// A data source, delegate or prefetching data source installed before `attach` (a
/// `UITableViewDiffableDataSource`, a storyboard's delegate) is kept as the lowest-priority
/// handler; one installed after is never replaced (reported instead).
@MainActor
public final class TableViewProxy: ListViewProxy<UITableView>, UITableViewDataSource,
  UITableViewDelegate, UITableViewDataSourcePrefetching
{
  /// The table view this proxy is attached to.
  public var tableView: UITableView? { host }

  // MARK: - UITableViewDataSource

  public func numberOfSections(in tableView: UITableView) -> Int {
    dataSource(.numberOfSections, (), in: tableView) { source in
      source.numberOfSections?(in: tableView)
    }
  }

  public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    dataSource(.numberOfRows, section, in: tableView) { source in
      source.tableView(tableView, numberOfRowsInSection: section)
    }
  }

  public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    // A table accepts a cell it did not dequeue, so the fallback is a plain one.
    adapter.provide(
      .cellForRow, at: indexPath, dequeuedBy: ReuseRecords.of(tableView).dequeues,
      fallback: UITableViewCell()
    ) {
      try adapter.send(.cellForRow, indexPath, in: tableView) {
        (source: any UITableViewDataSource) -> UITableViewCell?? in
        source.tableView(tableView, cellForRowAt: indexPath)
      }
    }
  }

  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  {
    dataSource(.titleForHeader, section, in: tableView) { source in
      source.tableView(_:titleForHeaderInSection:).map { $0(tableView, section) }
    }
  }

  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
    -> String?
  {
    dataSource(.titleForFooter, section, in: tableView) { source in
      source.tableView(_:titleForFooterInSection:).map { $0(tableView, section) }
    }
  }

  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    let answer = dataSource(.canEditRow, indexPath, in: tableView) { source in
      (source.tableView?(tableView, canEditRowAt: indexPath)).map { Optional($0) }
    }
    return answer ?? true
  }

  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    let answer = dataSource(.canMoveRow, indexPath, in: tableView) { source in
      (source.tableView?(tableView, canMoveRowAt: indexPath)).map { Optional($0) }
    }
    return answer ?? true
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
    let update = dataSource(.commitEdit, (style, indexPath), in: tableView) { source in
      source.tableView?(tableView, commit: editingStyle, forRowAt: indexPath)
      return ListUpdate()
    }
    do {
      try tableView.apply(update)
      adapter.changes?.announce(update, except: tableView)
    } catch {
      adapter.report(error)
      tableView.reloadData()
    }
  }

  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    dataSource(.moveRow, (sourceIndexPath, destinationIndexPath), in: tableView) { source in
      source.tableView?(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    }
  }

  public func sectionIndexTitles(for tableView: UITableView) -> [String]? {
    dataSource(.sectionIndexTitles, (), in: tableView) { source in
      source.sectionIndexTitles(for:).map { $0(tableView) }
    }
  }

  // MARK: - UITableViewDataSourcePrefetching

  public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    adapter.send(.prefetchRows, indexPaths, in: tableView) {
      (source: any UITableViewDataSourcePrefetching) in
      source.tableView(tableView, prefetchRowsAt: indexPaths)
    }
  }

  // MARK: - UITableViewDelegate

  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath)
    -> CGFloat
  {
    let height = delegate(.heightForRow, indexPath, in: tableView) { delegate in
      (delegate.tableView?(tableView, heightForRowAt: indexPath)).map { Double($0) }
    }
    return height.map { CGFloat($0) } ?? tableView.rowHeight
  }

  public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  {
    let height = delegate(.estimatedHeightForRow, indexPath, in: tableView) { delegate in
      (delegate.tableView?(tableView, estimatedHeightForRowAt: indexPath)).map { Double($0) }
    }
    return height.map { CGFloat($0) } ?? tableView.estimatedRowHeight
  }

  public func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    delegate(.willDisplayRow, (cell, indexPath), in: tableView) { delegate in
      delegate.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
    }
  }

  public func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  ) {
    delegate(.didEndDisplayingRow, (cell, indexPath), in: tableView) { delegate in
      delegate.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath)
    }
  }

  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath)
    -> IndexPath?
  {
    delegate(.willSelectRow, indexPath, in: tableView) { delegate in
      delegate.tableView(_:willSelectRowAt:).map { $0(tableView, indexPath) }
    }
  }

  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    delegate(.didSelectRow, indexPath, in: tableView) { delegate in
      delegate.tableView?(tableView, didSelectRowAt: indexPath)
    }
  }

  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
    delegate(.didDeselectRow, indexPath, in: tableView) { delegate in
      delegate.tableView?(tableView, didDeselectRowAt: indexPath)
    }
  }
}
#endif
