#if os(macOS)
import AppKit

/// An `NSTableView` data source and delegate that routes every message to a view controller or
/// a view model: the same proxy, members and meaning as the iOS `TableViewProxy`, on AppKit's
/// view-based table.
///
/// ```swift
/// override func viewDidLoad() {
///   super.viewDidLoad()
///   TableViewProxy.attach(to: tableView, view: self, viewModel: model)
/// }
/// ```
///
/// The view model adopts the host-free capabilities (`ListRowCounting`, …) and drives the iOS
/// screen too; the view controller makes the cell views (`ListCellProviding<NSTableView>`, or
/// `tableView(_:viewFor:row:)` itself when it makes one view per column). Sorting
/// (`tableView(_:sortDescriptorsDidChange:)`), drag and drop and selection changes go by
/// selector to whichever object implements them.
///
/// ## What differs from iOS
/// - One section: a row's index path is `IndexPath(row: row, section: 0)`; a view model's
///   other sections are not shown.
/// - The cell comes from the delegate's `tableView:viewForTableColumn:row:`: a
///   ``ListColumnCellProviding`` handler makes the columns it names, a ``ListCellProviding`` one
///   the first column's view.
/// - ``ListMessage/willSelectRow`` is `tableView:shouldSelectRow:`, yes or no: a row chosen
///   instead is selected, as a tap would.
/// - Updates are applied one after another, each counting on the rows the one before it left,
///   as AppKit takes them.
@MainActor
public final class TableViewProxy: ListViewProxy<NSTableView>, NSTableViewDataSource,
  NSTableViewDelegate
{
  /// The table view this proxy is attached to.
  public var tableView: NSTableView? { host }
}
#endif
