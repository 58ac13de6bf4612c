#if canImport(UIKit)
import Switchboard
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
/// The modeled messages follow `rules`, starting from `ListProxy.defaultRules`: the cell
/// always from the view, did-select to the view or nobody, anything else to the view first.
/// Every other selector goes to its first implementer, or as `rules[selector:]` says: a rule
/// can broadcast a method that returns nothing to every handler that implements it.
/// `explain(_:)` and `routingTable` show every route.
///
/// ## When a handler goes away
/// UIKit asks which methods the proxy implements when it is assigned, and remembers. A message
/// whose handler was released since goes to the next handler the rules allow, or is answered
/// with a zero value (`0`, `nil`, `false`) and reported to `onError`: never an "unrecognized
/// selector" exception.
///
/// ## Telling UIKit about changes
/// When a route changes an answer UIKit remembers (a handler added, removed or released, a
/// rule changed), the proxy re-assigns itself after the current main-actor turn, once however
/// many answers changed, and only to the properties whose answers changed: re-assigning the
/// delegate costs nothing visible, re-assigning the data source makes the table reload.
/// Every method is answered only while a handler implements it or, for one that returns
/// nothing, something observes it, the modeled ones (did-select, will-display) and scrolling
/// included: observing a notification nobody implements re-assigns the delegate only.
///
/// ## Other objects
/// A data source, delegate or prefetching data source installed before `attach` (a
/// `UITableViewDiffableDataSource`, a storyboard's delegate) is kept as the lowest-priority
/// handler; one installed after is never replaced (reported instead).
@MainActor
public final class TableViewProxy: ListViewProxy<UITableView>, UITableViewDelegate {
  /// The table view this proxy is attached to.
  public var tableView: UITableView? { host }
}
#endif
