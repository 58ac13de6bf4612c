import Foundation
import Switchboard

/// A list view as its proxy answers it.
///
/// The few answers and views that come from the view itself. `UITableView` and
/// `UICollectionView` are such views; so is the specs' model of them.
@MainActor
protocol ListProxyHost: ListHost {
  /// The views dequeued for the cell or supplementary-view request UIKit is making.
  var dequeues: DequeueLedger { get }
  /// What the view answers `message` with when no handler does (a table's `rowHeight`, its
  /// editing default), or `nil` for zero.
  func platformDefault(for message: ListMessage) -> Any?
  /// The cell the proxy returns when no handler makes one (a collection view's must be
  /// dequeued).
  func fallbackCell(at indexPath: IndexPath) -> Cell
  /// Whether the view asks ``ListMessage/willSelectRow`` as a yes-or-no question (a collection
  /// view's `shouldSelectItemAt`), so that another row chosen is selected by the proxy.
  var selectsByAllowing: Bool { get }
  /// Selects the row at `indexPath` as a user's tap would, and tells the view's delegate (the
  /// proxy, which tells its handlers): the choice of a handler that redirected a selection.
  func selectRow(at indexPath: IndexPath)
  /// Answers a supplementary-view request (`invocation`) through `list`, the routing of this
  /// view's proxy; a view without supplementary views answers zero.
  func answerSupplementaryView<Host>(
    _ invocation: any ForwardedInvocation, with list: ListRouting<Host>)
  /// A message's arguments as the list reads them: a view that names a row by its index alone
  /// (`NSTableView`) gives it as an index path in section 0.
  func listArguments(_ values: [Any]) -> MessageArguments
  /// The kind of a supplementary view, named as the view's framework names it.
  func supplementaryKind(named name: String) -> SupplementaryKind
  /// The column a cell request (its arguments) is for, in a table with columns
  /// (``ListColumnHost``); `nil` for a view without columns.
  func column(of arguments: MessageArguments) -> ListColumn?
  /// The view the table shows for `column` when no handler makes one: its own.
  func fallbackCell(at indexPath: IndexPath, column: ListColumn) -> Cell
}

extension ListProxyHost {
  func listArguments(_ values: [Any]) -> MessageArguments { MessageArguments(values) }

  func supplementaryKind(named name: String) -> SupplementaryKind { SupplementaryKind(name) }

  func column(of arguments: MessageArguments) -> ListColumn? { nil }

  func fallbackCell(at indexPath: IndexPath, column: ListColumn) -> Cell {
    fallbackCell(at: indexPath)
  }

  func answerSupplementaryView<Host>(
    _ invocation: any ForwardedInvocation, with list: ListRouting<Host>
  ) {
    invocation.answerZero()
  }
}

/// A list view with supplementary views (a collection view), as its proxy answers it.
@MainActor
protocol SupplementaryProxyHost: ListProxyHost, SupplementaryViewHost {
  /// The supplementary view the proxy returns when no handler makes one; dequeued, as a
  /// collection view requires.
  func fallbackSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> SupplementaryView
}

extension SupplementaryProxyHost {
  func answerSupplementaryView<Host>(
    _ invocation: any ForwardedInvocation, with list: ListRouting<Host>
  ) {
    guard let list = list as? ListRouting<Self> else { return invocation.answerZero() }
    let arguments = listArguments(invocation.arguments)
    guard let indexPath = arguments.indexPaths.first else { return list.unreadable(invocation) }
    let kind = arguments.first(String.self) ?? SupplementaryKind.header.rawValue
    let view = list.provide(
      .supplementaryView, at: indexPath, detail: "\(kind): ", dequeuedBy: dequeues,
      fallback: fallbackSupplementaryView(ofKind: kind, at: indexPath)
    ) {
      try list.send(.supplementaryView, (supplementaryKind(named: kind), indexPath), in: self) {
        (handler: AnyObject) -> SupplementaryView?? in invocation.view(answeredBy: handler)
      }
    }
    invocation.answer(with: view)
  }
}

extension ForwardedInvocation {
  /// Sends the message to `handler`'s own method and reads the view it answered (`nil` for
  /// none, or another kind of object), as the `platform` closure of a cell request gives it.
  func view<View>(answeredBy handler: AnyObject) -> View?? {
    invoke(on: handler)
    return .some(returnedObject as? View)
  }
}

/// A message's arguments as the runtime boxes them (objects as they are, numbers as
/// `NSNumber`), read by type: the first index path, the first integer, and so on.
struct MessageArguments {
  let values: [Any]
  init(_ values: [Any]) { self.values = values }

  /// Every index path, in order (a move's source, then its destination).
  var indexPaths: [IndexPath] { values.compactMap { $0 as? IndexPath } }
  /// The first argument of type `type`.
  func first<Value>(_ type: Value.Type) -> Value? { values.lazy.compactMap { $0 as? Value }.first }

  /// The arguments of a view that names a row by its index alone, in one section
  /// (`NSTableView`): the row, read as its index path in section 0, follows them; a message
  /// without a row (the row count) is one about section 0.
  static func rowIndexed(_ values: [Any]) -> MessageArguments {
    let row = values.lazy.compactMap { $0 as? Int }.first
    return MessageArguments(values + [row.map { IndexPath(row: $0, section: 0) } ?? 0])
  }
}

extension ListRouting where Host: ListProxyHost {
  /// Makes the routing answer each modeled message with ``perform(_:_:)``.
  ///
  /// Every list proxy does, before it is attached: a modeled message reaches
  /// `forwardInvocation:`, then here. A message sent after the proxy went away is answered zero.
  func answerModeledMessages() {
    routing.performModeled = { [weak self] invocation, message in
      let handed = RuntimeHandOver((invocation, message))
      MainActor.assumeIsolated {
        guard let self else { return handed.value.0.answerZero() }
        self.perform(handed.value.0, handed.value.1)
      }
    }
  }

  /// Answers `invocation`, a modeled message of the view (``ListSelectorTable``), as UIKit
  /// expects.
  ///
  /// Through the handler's Switchboard capability or its own method of the view's protocol,
  /// with the view's defaults, the dequeue record and the view model's announced changes. The
  /// one code of every list proxy's modeled messages, run by the specs on the
  /// model of UIKit and on a device by `forwardInvocation:`.
  func perform(_ invocation: any ForwardedInvocation, _ message: ListMessage) {
    guard let host else { return invocation.answerZero() }
    let arguments = host.listArguments(invocation.arguments)
    let indexPath = arguments.indexPaths.first
    let number = arguments.first(Int.self)
    // A handler's own method: the runtime's message, answered by the handler itself.
    var answeredByHandler = false
    func own<Result>(_ handler: AnyObject) -> Result? {
      invocation.invoke(on: handler)
      answeredByHandler = true
      return nil
    }
    func notify(_ handler: AnyObject) { invocation.invoke(on: handler) }
    func answer(_ value: Any?) {
      if answeredByHandler { return }
      if let value { invocation.answer(with: value) } else { invocation.answerZero() }
    }
    switch message {
    case .numberOfSections:
      answer(send(.numberOfSections, (), in: host, or: own))
    case .numberOfRows:
      guard let section = number else { return unreadable(invocation) }
      answer(send(.numberOfRows, section, in: host, or: own))
    case .cellForRow:
      guard let indexPath else { return unreadable(invocation) }
      if let column = host.column(of: arguments) {
        answer(cell(at: indexPath, column: column, in: host, invocation))
      } else {
        answer(cell(at: indexPath, in: host, invocation))
      }
    case .supplementaryView:
      host.answerSupplementaryView(invocation, with: self)
    case .titleForHeader, .titleForFooter:
      guard let section = number else { return unreadable(invocation) }
      answer(
        message == .titleForHeader
          ? send(.titleForHeader, section, in: host, or: own)
          : send(.titleForFooter, section, in: host, or: own))
    case .canEditRow, .canMoveRow:
      guard let indexPath else { return unreadable(invocation) }
      let allowed =
        message == .canEditRow
        ? send(.canEditRow, indexPath, in: host, or: own)
        : send(.canMoveRow, indexPath, in: host, or: own)
      answer(allowed.map { $0 as Any } ?? host.platformDefault(for: message))
    case .commitEdit:
      // UIKit's raw values: UITableViewCellEditingStyleDelete is 1, Insert 2.
      guard let indexPath else { return unreadable(invocation) }
      // UIKit's `none` commits nothing.
      guard let style = number.flatMap(Self.editingStyle) else { return }
      commitEdit(style, at: indexPath, in: host, notify)
    case .moveRow:
      let paths = arguments.indexPaths
      guard paths.count == 2 else { return unreadable(invocation) }
      send(.moveRow, (paths[0], paths[1]), in: host, or: notify)
    case .sectionIndexTitles:
      answer(send(.sectionIndexTitles, (), in: host, or: own))
    case .prefetchRows:
      guard let indexPaths = arguments.first([IndexPath].self) else {
        return unreadable(invocation)
      }
      send(.prefetchRows, indexPaths, in: host, or: notify)
    case .heightForRow, .estimatedHeightForRow:
      guard let indexPath else { return unreadable(invocation) }
      let height =
        message == .heightForRow
        ? send(.heightForRow, indexPath, in: host, or: own)
        : send(.estimatedHeightForRow, indexPath, in: host, or: own)
      answer(height.map { $0 as Any } ?? host.platformDefault(for: message))
    case .willDisplayRow, .didEndDisplayingRow:
      guard let indexPath, let cell = arguments.first(Host.Cell.self) else {
        return unreadable(invocation)
      }
      if message == .willDisplayRow {
        send(.willDisplayRow, (cell, indexPath), in: host, or: notify)
      } else {
        send(.didEndDisplayingRow, (cell, indexPath), in: host, or: notify)
      }
    case .willSelectRow:
      guard let indexPath else { return unreadable(invocation) }
      let choice = send(.willSelectRow, indexPath, in: host, or: own)
      // A collection view asks yes or no: yes only for the row itself; a row chosen instead
      // is selected as a tap would select it (its handlers are told), after the view's turn:
      // AppKit is still tracking the mouse inside `tableView:shouldSelectRow:`.
      guard host.selectsByAllowing, !answeredByHandler else { return answer(choice) }
      invocation.answer(with: choice == indexPath)
      if let choice, choice != indexPath {
        afterThisTurn { [weak host] in host?.selectRow(at: choice) }
      }
    case .didSelectRow:
      guard let indexPath else { return unreadable(invocation) }
      send(.didSelectRow, indexPath, in: host, or: notify)
    case .didDeselectRow:
      guard let indexPath else { return unreadable(invocation) }
      send(.didDeselectRow, indexPath, in: host, or: notify)
    }
  }

  /// Answers zero a message whose arguments are not the view's, and reports it.
  func unreadable(_ invocation: any ForwardedInvocation) {
    invocation.answerZero()
    routing.report(
      DelegateProxyError(
        .unreadableArguments(
          selector: invocation.selectorName,
          found: invocation.arguments.map { "\(type(of: $0))" }.joined(separator: ", "))))
  }

  /// `ListEditingStyle` for UIKit's raw editing style, or `nil` for none.
  private static func editingStyle(_ raw: Int) -> ListEditingStyle? {
    switch raw {
    case 1: .delete
    case 2: .insert
    default: nil
    }
  }

  /// The cell for `indexPath`, exactly one dequeued, from a capability or the handler's own
  /// method.
  private func cell(at indexPath: IndexPath, in host: Host, _ invocation: any ForwardedInvocation)
    -> Host.Cell
  {
    provide(
      .cellForRow, at: indexPath, dequeuedBy: host.dequeues,
      fallback: host.fallbackCell(at: indexPath)
    ) {
      try send(.cellForRow, indexPath, in: host) { (handler: AnyObject) -> Host.Cell?? in
        invocation.view(answeredBy: handler)
      }
    }
  }

  /// The cell of `column` for `indexPath` in a table with columns: asked of each handler that
  /// makes cells, the rule's choice first and then the others in priority order, until one
  /// makes it; the table's own view when none does.
  ///
  /// The others are looked up only for a column the rule's choice leaves: every cell of a table
  /// whose view makes all its columns costs one route lookup, no explanation.
  private func cell(
    at indexPath: IndexPath, column: ListColumn, in host: Host,
    _ invocation: any ForwardedInvocation
  ) -> Host.Cell {
    provide(
      .cellForRow, at: indexPath, detail: "column \(column): ", dequeuedBy: host.dequeues,
      fallback: host.fallbackCell(at: indexPath, column: column)
    ) {
      let chosen = router.targets(for: .cellForRow)
      if let cell = try cell(of: column, at: indexPath, byFirstOf: chosen, in: host, invocation) {
        return cell
      }
      let others = proxy.explain(.cellForRow).candidates.lazy
        .filter { $0.implementsMessage == true }
        .compactMap { $0.roles.first.flatMap(self.router.handler(withRole:)) }
        .filter { other in !chosen.contains { $0 === other } }
      return try cell(of: column, at: indexPath, byFirstOf: others, in: host, invocation)
    }
  }

  /// What the first of `handlers` that makes `column` makes, each asked in turn: through
  /// ``ListColumnCellProviding``, through ``ListCellProviding`` for the first column and a group
  /// row, or through its own method of the view's protocol; `nil` when each leaves it.
  private func cell(
    of column: ListColumn, at indexPath: IndexPath, byFirstOf handlers: some Sequence<AnyObject>,
    in host: Host, _ invocation: any ForwardedInvocation
  ) throws -> Host.Cell? {
    for handler in handlers {
      func columns<ColumnHost: ListColumnHost>(_ host: ColumnHost) throws -> Host.Cell?? {
        guard let provider = handler as? any ListColumnCellProviding<ColumnHost> else {
          return nil
        }
        return .some(
          try provider.cellForRow(at: indexPath, column: column, in: host) as? Host.Cell)
      }
      let made: Host.Cell?
      if let columnHost = host as? any ListColumnHost, let byColumn = try columns(columnHost) {
        made = byColumn
      } else if let provider = handler as? any ListCellProviding<Host> {
        made =
          column.isGroupRow || column.index == 0
          ? try provider.cellForRow(at: indexPath, in: host) : nil
      } else {
        made = invocation.view(answeredBy: handler) ?? nil
      }
      if let made { return made }
    }
    return nil
  }

  /// Commits an edit, then applies the view model's update to the view and to every other host
  /// showing it; an update that does not fit is reported, and the view reloads.
  private func commitEdit(
    _ style: ListEditingStyle, at indexPath: IndexPath, in host: Host,
    _ notify: (AnyObject) -> Void
  ) {
    let update = send(.commitEdit, (style, indexPath), in: host) { (handler: AnyObject) in
      notify(handler)
      return ListUpdate()
    }
    do {
      try host.apply(update)
      changes?.announce(update, except: host)
    } catch {
      report(error)
      try? host.reloadData()
    }
  }
}

extension ListRouting {
  /// Sends `call`'s message to its handler through its Switchboard capability or the view's
  /// own protocol, whichever it adopts.
  ///
  /// The answer is the call's default when nobody handles it (or the handler's optional UIKit
  /// method answers nothing). A required message nobody handles is reported.
  func send<Capability, Platform, Arguments, Result, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, _ arguments: Arguments,
    in host: Host, or platform: (Platform) -> Result?
  ) throws(Failure) -> Result {
    if call.message.isRequired, !router.responds(to: call.message) {
      reportRequired(call.message)
    }
    return try call.send(through: router, arguments, in: host, or: platform)
  }

  /// Sends a notification to every handler its rule chooses (one, or several for a broadcast
  /// rule), each through its Switchboard capability or the view's protocol, showing the
  /// arguments to observers.
  func send<Capability, Platform, Arguments, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Void, Failure>, _ arguments: Arguments,
    in host: Host, or platform: (Platform) -> Void
  ) throws(Failure) {
    try call.send(through: router, arguments, in: host, or: platform)
  }

  /// A cell (or supplementary view) from `make`, as the request `request` of the view whose
  /// dequeues `ledger` records: exactly one view is dequeued for it, and that one is returned.
  ///
  /// When `make` throws after it dequeued, or returns another view than the one it dequeued,
  /// the dequeued view is the answer; when it makes none, `fallback` makes the answer (a
  /// collection view's must be dequeued). Each problem is reported.
  func provide<View: AnyObject>(
    _ request: ListMessage, at indexPath: IndexPath, detail: String = "",
    dequeuedBy ledger: DequeueLedger, fallback: @autoclosure () -> View,
    _ make: () throws -> View?
  ) -> View {
    ledger.open(request, at: indexPath)
    defer { ledger.close() }
    var made: View?
    do {
      made = try make()
    } catch {
      report(.cellProviderFailed(indexPath, detail + "\(error)"))
    }
    let dequeued = ledger.dequeued as? View
    if let made, let dequeued, made !== dequeued {
      routing.report(
        DelegateProxyError(
          .returnedViewNotDequeued(
            request: "\(request)", indexPath, returned: "\(type(of: made))",
            dequeued: "\(type(of: dequeued))")))
    }
    return dequeued ?? made ?? fallback()
  }

  func reportRequired(_ message: ListMessage) {
    report(
      .requiredMessageUnhandled(
        message, handlers: proxy.explain(message).candidates.map(\.description)))
  }

  /// Reports a problem the list layer raised while serving the view.
  func report(_ error: ListViewError) {
    routing.report(DelegateProxyError(listProblem: error, isSetupMistake: error.isSetupMistake))
  }
}
