import Foundation
import Switchboard

/// Why a list host, a data source or an adapter could not do what it was asked, or what it
/// recovered from: every problem of the list layer, each with a sentence naming what to do.
///
/// A host's state is unchanged when an update is rejected. Problems a host or a UIKit proxy
/// recovered from (a handler released mid-call, a selector nobody answered) are kept in its
/// `diagnostics` or `errors` and passed to its `onError`.
///
/// ```swift
/// do {
///   try list.insertRows(at: [IndexPath(row: 0, section: 0)])
/// } catch {
///   print(error)
///   // Invalid update in section 0: 3 rows before, 1 inserted, 0 deleted (0 moved in, 0 moved
///   // out), so 4 expected after, but the data source reports 3. Update the data source before
///   // the list, and describe every change.
/// }
/// ```
public enum ListViewError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A required message (``ListMessage/numberOfRows`` or ``ListMessage/cellForRow``) reaches no
  /// handler. `handlers` lists the handlers asked and whether each implements it.
  case requiredMessageUnhandled(ListMessage, handlers: [String])
  /// The list's data source was released after it was assigned: a host holds it weakly.
  case dataSourceReleased
  /// The data source (or delegate) is a ``ListProxy`` for another kind of host (`proxy`, such
  /// as `"ListProxy<ListView>"`) than `host`, which it cannot serve.
  case proxyForAnotherHost(proxy: String, host: String)
  /// `handler` implements `message` for `otherHost` (its cells are that host's), not for
  /// `host`, the kind of host its proxy serves.
  case handlerForAnotherHost(ListMessage, handler: String, host: String, otherHost: String)
  /// A cell was dequeued with an identifier nothing was registered for.
  case unregisteredReuseIdentifier(String, registered: [String])
  /// A dequeued cell is not of the type the caller asked for.
  case cellTypeMismatch(reuseIdentifier: String, expected: String, actual: String)
  /// A cell type was dequeued from a host whose cells it is not, such as a ``ListCell`` subclass
  /// from a ``CollectionView``.
  case cellTypeNotForHost(cell: String, host: String, hostCell: String)
  /// The data source reported a negative count.
  case negativeCount(ListMessage, section: Int?, count: Int)
  /// A batch update does not add up to the data source's new section count.
  case sectionCountMismatch(before: Int, inserted: Int, deleted: Int, after: Int)
  /// A batch update does not add up to the data source's new row count for a section.
  case rowCountMismatch(
    section: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int, after: Int)
  /// A batch update names rows or sections that do not exist, or names one twice.
  case invalidUpdate(String)
  /// An index path outside the list was passed to the list.
  case indexPathOutOfRange(IndexPath, sections: Int, rowsInSection: Int?)
  /// The user tried to edit or move a row its data source does not allow.
  case actionNotAllowed(String, IndexPath)
  /// The cell provider threw an error that is not a `ListViewError`.
  case cellProviderFailed(IndexPath, String)
  /// The data source reports another number of sections than the list shows, without an update.
  case staleSectionCount(shown: Int, dataSource: Int)
  /// The data source reports another number of rows for a section than the list shows, without
  /// an update.
  case staleRowCount(section: Int, shown: Int, dataSource: Int)

  // MARK: Recovered by a headless host (its `diagnostics`)

  /// The data source or delegate that answered `message` has been released; the host used the
  /// message's default value.
  case respondentReleased(ListMessage)
  /// A ``ListProxy`` found the handler of `message` released while the host was sending it; the
  /// host used the default value and the next handler answers from now on.
  case handlerReleased(ListMessage)

  // MARK: Cell models and diffs

  /// Section ids must be unique; these repeat. Nothing was applied.
  case duplicateSectionIDs([String])
  /// A host was asked to apply a snapshot, but neither its data source nor a handler of its
  /// data source's proxy is a ``ListSnapshotDataSource`` with the snapshot's identifier types.
  case noSnapshotDataSource(host: String, snapshot: String, handlers: [String])
  /// A host was asked to apply a snapshot after its view model (`viewModel`, the handler that
  /// announced its changes) was released: the proxy holds it weakly.
  case viewModelReleased(host: String, viewModel: String)
  /// Item ids must be unique across the list (per type); these repeat. Nothing was applied.
  case duplicateItemIDs([String])

  // MARK: Visitor rows

  /// Visitors (keys) answered `.unhandled`, or `nil` for a cell type, for these row kinds.
  case unhandledRowKinds([String: [String]])
  /// For row kind `kind` the configuration targets `configures`, but the cell-kind visitor
  /// names `cell`.
  case rowConfigurationMismatch(kind: String, cell: String, configures: String)
  /// A `kind` row's configuration did not apply to the `cell` made for it (a row value unlike
  /// its kind's sample).
  case rowConfigurationFailed(kind: String, cell: String)

  // MARK: Driving a host in tests

  /// No visible row shows `text`; `visible` lists what the visible rows show.
  case noVisibleRow(text: String, visible: [String])

  // MARK: Routes and dequeues

  /// A route cannot work: its rule fails, or a required message has no handler (a host's
  /// `reloadData()`, or a list proxy's `validate(requiring:)`).
  case routeCannotWork(RoutingError<ListMessage>)
  /// A cell or supplementary view was asked of a host's dequeue a second time while the view
  /// was asking for one (`request`, such as `"cellForRow"`). UIKit (iOS 18) raises for a second
  /// dequeue: the host threw instead, and the first view was returned.
  case dequeuedTwice(request: String, IndexPath, first: String)

  /// Whether this is a setup mistake (a rule that cannot work, a handler or proxy written for
  /// another host), as opposed to a problem met at run time (an update that does not add up, a
  /// cell provider that threw, a handler released mid-call).
  ///
  /// Decided for each case, with no default. A list proxy's default `onError` stops a debug
  /// build for setup mistakes only.
  ///
  /// ```swift
  /// do { try list.reloadData() } catch {
  ///   if error.isSetupMistake { assertionFailure("\(error)") } else { logger.info("\(error)") }
  /// }
  /// ```
  public var isSetupMistake: Bool {
    switch self {
    case .routeCannotWork, .handlerForAnotherHost, .proxyForAnotherHost:
      true
    case .requiredMessageUnhandled, .dataSourceReleased, .unregisteredReuseIdentifier,
      .cellTypeMismatch, .cellTypeNotForHost, .negativeCount, .sectionCountMismatch,
      .rowCountMismatch, .invalidUpdate, .indexPathOutOfRange, .actionNotAllowed,
      .cellProviderFailed, .staleSectionCount, .staleRowCount, .respondentReleased,
      .handlerReleased, .duplicateSectionIDs, .noSnapshotDataSource, .viewModelReleased,
      .duplicateItemIDs, .unhandledRowKinds, .rowConfigurationMismatch, .rowConfigurationFailed,
      .noVisibleRow, .dequeuedTwice:
      false
    }
  }

  /// A sentence saying what went wrong and what to do.
  public var description: String {
    switch self {
    case .requiredMessageUnhandled(let message, let handlers):
      let listing = handlers.isEmpty ? "none" : handlers.joined(separator: ", ")
      return
        "No handler answers \(message), which a list requires. Handlers asked: \(listing). "
        + "Implement \(message) in one of them, or check the rule for \(message)."
    case .proxyForAnotherHost(let proxy, let host):
      return
        "The list's data source is a \(proxy), which serves another kind of host than this "
        + "\(host): its handlers' messages name that host. Fix: make it a "
        + "ListProxy<\(host)>(view:viewModel:), with a view written for \(host)."
    case .dataSourceReleased:
      return
        "The list's data source has been released. A list holds its data source weakly, as "
        + "UIKit does, so one that nothing else keeps (such as `list.dataSource = "
        + "ListProxy(view: self, viewModel: model)`) is freed at once and the list shows "
        + "nothing. Fix: keep the data source (or the ListProxy) in a property of the view "
        + "controller for as long as the list shows it."
    case .handlerForAnotherHost(let message, let handler, let host, let otherHost):
      return
        "\(handler) implements \(message) for \(otherHost), not for \(host), the host this "
        + "proxy serves, so it does not count here. Fix: show it in a \(otherHost) "
        + "(ListProxy<\(otherHost)>), or implement \(message) for \(host)."
    case .unregisteredReuseIdentifier(let identifier, let registered):
      let known = registered.isEmpty ? "none" : registered.map { "'\($0)'" }.joined(separator: ", ")
      return
        "No cell type is registered for the reuse identifier '\(identifier)' (registered: "
        + "\(known)). Call register(_:forCellReuseIdentifier:) before dequeuing."
    case .cellTypeMismatch(let identifier, let expected, let actual):
      return
        "The cell registered for '\(identifier)' is a \(actual), not a \(expected). Register "
        + "\(expected) for '\(identifier)' or dequeue the type that is registered."
    case .cellTypeNotForHost(let cell, let host, let hostCell):
      return
        "\(cell) is not a cell of \(host), whose cells are \(hostCell) subclasses. Make the cell "
        + "(or the cell model's Cell) a \(hostCell) subclass, or show it in a host it belongs to."
    case .negativeCount(let message, let section, let count):
      let place = section.map { " for section \($0)" } ?? ""
      return "The data source answered \(message)\(place) with \(count); counts cannot be negative."
    case .sectionCountMismatch(let before, let inserted, let deleted, let after):
      return
        "Invalid update: \(before) sections before, \(inserted) inserted, \(deleted) deleted, so "
        + "\(before + inserted - deleted) expected after, but the data source reports \(after). "
        + "Update the data source before the list, and describe every change."
    case .rowCountMismatch(
      let section, let before, let inserted, let deleted, let movedIn, let movedOut, let after):
      let expected = before + inserted - deleted + movedIn - movedOut
      return
        "Invalid update in section \(section): \(before) rows before, \(inserted) inserted, "
        + "\(deleted) deleted (\(movedIn) moved in, \(movedOut) moved out), so \(expected) "
        + "expected after, but the data source reports \(after). Update the data source before "
        + "the list, and describe every change."
    case .invalidUpdate(let reason):
      return "Invalid update: \(reason)."
    case .indexPathOutOfRange(let indexPath, let sections, let rows):
      let bound =
        rows.map { "section \(indexPath.section) has \($0) rows" }
        ?? "the list has \(sections) sections"
      return "Row \(indexPath.row) of section \(indexPath.section) does not exist: \(bound)."
    case .actionNotAllowed(let action, let indexPath):
      return
        "The data source does not allow \(action) the row at section \(indexPath.section), row "
        + "\(indexPath.row)."
    case .staleSectionCount(let shown, let dataSource):
      return
        "The list shows \(shown) sections but its data source now reports \(dataSource): it "
        + "changed without telling the list. Apply a batch update (or reload) with every change."
    case .staleRowCount(let section, let shown, let dataSource):
      return
        "Section \(section) shows \(shown) rows but its data source now reports \(dataSource): it "
        + "changed without telling the list. Apply a batch update (or reload) with every change."
    case .cellProviderFailed(let indexPath, let reason):
      return
        "The cell for section \(indexPath.section), row \(indexPath.row) could not be made: "
        + "\(reason)"
    case .respondentReleased(let message):
      return
        "\(message): the data source or delegate was released; the list used the default value."
    case .handlerReleased(let message):
      return
        "\(message): its handler was released during the call; the list used the default value "
        + "and asks the next handler from now on."
    case .duplicateSectionIDs(let ids):
      return
        "Section ids must be unique; these appear more than once: "
        + "\(ids.joined(separator: ", ")). Nothing was applied."
    case .duplicateItemIDs(let ids):
      return
        "Item ids must be unique across the list (per type); these appear more than once: "
        + "\(ids.joined(separator: ", ")). Nothing was applied."
    case .unhandledRowKinds(let kindsByVisitor):
      let listing = kindsByVisitor.sorted { $0.key < $1.key }.map { visitor, kinds in
        "\(visitor): \(kinds.joined(separator: ", "))"
      }
      return
        "Every visitor must handle every row kind; unhandled: "
        + listing.joined(separator: "; ") + ". Add the missing cases to those visitors."
    case .rowConfigurationMismatch(let kind, let cell, let configures):
      return
        "Row kind '\(kind)' uses \(cell) cells but its configuration is for \(configures). "
        + "Make the configuration visitor configure \(cell)."
    case .rowConfigurationFailed(let kind, let cell):
      return
        "A '\(kind)' row's configuration did not apply to its \(cell) cell. Make the cell-kind "
        + "and configuration visitors agree for every value of that kind."
    case .noVisibleRow(let text, let visible):
      let listing = visible.isEmpty ? "none" : visible.map { "'\($0)'" }.joined(separator: ", ")
      return "No visible row shows '\(text)'. Visible rows: \(listing)."
    case .routeCannotWork(let error):
      return error.description
    case .noSnapshotDataSource(let host, let snapshot, let handlers):
      let listing = handlers.isEmpty ? "none (no data source)" : handlers.joined(separator: ", ")
      return
        "\(host) cannot apply a \(snapshot): no handler of its data source is a "
        + "ListSnapshotDataSource with those identifier types. Handlers: \(listing). Fix: make "
        + "the view model adopt ListSnapshotDataSource (keeping `var snapshot` and `let "
        + "changes`), and connect the host to it before applying."
    case .viewModelReleased(let host, let viewModel):
      return
        "\(host) cannot apply a snapshot: its view model, \(viewModel), was released (the "
        + "proxy holds it weakly, and nothing else kept it). Fix: keep the view model in a "
        + "property of the screen, or attach with viewModelRetention: .strong."
    case .dequeuedTwice(let request, let indexPath, let first):
      return
        "\(request) at \(indexPath): a second view was dequeued for one request, which UIKit "
        + "raises for. The first one (\(first)) was returned. Fix: dequeue once in each call "
        + "and return that view, even when configuring it fails."
    }
  }
}
