import Foundation

@testable import Switchboard
@testable import SwitchboardLists

// The adapter between the UIKit model and the proxy under test: what `TableViewProxy`,
// `CollectionViewProxy` and their Objective-C base (`SWBForwardingProxy`) do, translated to the
// model, on `ListRouting` and the one `DelegateRouting` under it.

/// The list view of the model as a list host, with supplementary views as a collection view has.
@MainActor
final class ModelHost: SupplementaryViewHost {
  typealias Cell = ModelCell
  typealias SupplementaryView = ModelCell
  /// The view this host is; `nil` for a host made on its own.
  weak var table: ModelTableView?

  /// A model object implements a message by capability, or by listing the message's selector
  /// on either view.
  nonisolated static func handler(_ handler: AnyObject, implements message: ListMessage) -> Bool {
    ListSelectorTable.tableView.handler(
      handler, implements: message, on: ModelHost.self, runtime: ModelRuntime())
      || ListSelectorTable.collectionView.handler(
        handler, implements: message, on: ModelHost.self,
        runtime: ModelRuntime(protocols: .collection))
      || ListSelectorTable.appKitTableView.handler(
        handler, implements: message, on: ModelHost.self,
        runtime: ModelRuntime(protocols: .appKitTable))
      || ListSelectorTable.appKitCollectionView.handler(
        handler, implements: message, on: ModelHost.self,
        runtime: ModelRuntime(protocols: .appKitCollection))
  }

  /// A cell from the view through Switchboard's one dequeue, as every host on a device
  /// dequeues: registered the first time, one per request.
  func dequeueCell(of cellType: ModelCell.Type, for indexPath: IndexPath) throws(ListViewError)
    -> ModelCell
  {
    try dequeueCell(exactly: cellType, for: indexPath)
  }

  func dequeueSupplementaryView(
    of viewType: ModelCell.Type, ofKind kind: SupplementaryKind, for indexPath: IndexPath
  ) throws(ListViewError) -> ModelCell {
    try dequeueSupplementaryView(exactly: viewType, ofKind: kind, for: indexPath)
  }

  /// The updates performed, in order, and whether each was animated.
  private(set) var applied: [ListUpdate] = []
  private(set) var animated: [Bool] = []
  /// Through Switchboard's one apply, as every host on a device applies.
  func apply(_ update: ListUpdate) throws(ListViewError) { try applyChecked(update) }
  func reloadData() throws(ListViewError) { table?.reloadData() }
  var needsMoreContent: Bool { false }
}

/// The model's view as the shared dequeue and apply see it: its own reuse and batch calls, as
/// `UITableView` and `UICollectionView` give theirs on a device.
extension ModelHost: ReusingSupplementaryListView, SectionedBatchUpdating {
  var reuseRecords: ReuseRecords { table?.reuseRecords ?? ReuseRecords() }

  func registerCell(_ cellType: ModelCell.Type, as identifier: String) {
    table?.register(cellType, as: identifier)
  }

  func reusedCell(_ cellType: ModelCell.Type, as identifier: String, for indexPath: IndexPath)
    -> ModelCell
  {
    table?.dequeueReusableView(withIdentifier: identifier) ?? cellType.init(dequeued: true)
  }

  func registerSupplementaryView(
    _ viewType: ModelCell.Type, ofKind kind: String, as identifier: String
  ) {
    table?.register(viewType, as: "\(kind) \(identifier)")
  }

  func reusedSupplementaryView(
    _ viewType: ModelCell.Type, ofKind kind: String, as identifier: String,
    for indexPath: IndexPath
  ) -> ModelCell {
    table?.dequeueReusableView(withIdentifier: "\(kind) \(identifier)")
      ?? viewType.init(dequeued: true)
  }

  var hasDataSource: Bool { table?.dataSource != nil }
  var isInWindow: Bool { table?.isInWindow ?? false }

  /// The sections the view laid out (it lays out first if it has not), and their rows.
  var numberOfSections: Int {
    table?.layoutIfNeeded()
    return table?.shownCounts?.count ?? 0
  }

  func shownCount(inSection section: Int) -> Int { table?.shownCounts?[section] ?? 0 }

  var dataSourceSectionCount: Int? { table?.sendCount(.numberOfSections) }

  func dataSourceCount(inSection section: Int) -> Int {
    table?.sendCount(.numberOfRows, [section]) ?? 0
  }

  /// The view's own `performBatchUpdates`, which checks the batch again against what it shows.
  func perform(_ update: ListUpdate, animated: Bool) {
    table?.performBatchUpdates(update)
    applied.append(update)
    self.animated.append(animated)
  }
}

/// The model's view as its proxy answers it, with UIKit's defaults for a table or a collection
/// view (`ListProxyHost`, which `UITableView` and `UICollectionView` implement on a device).
extension ModelHost: SupplementaryProxyHost {
  private var isCollection: Bool { table?.protocols.requiresOneDequeuePerRequest ?? false }

  /// A table's rows can be edited and moved and are 44 points high; a collection view's items
  /// do not move.
  func platformDefault(for message: ListMessage) -> Any? {
    switch message {
    case .canEditRow: true
    case .canMoveRow: !isCollection
    case .heightForRow, .estimatedHeightForRow: 44.0
    default: nil
    }
  }

  /// A collection view's fallback cell must be dequeued; a table accepts a plain one.
  func fallbackCell(at indexPath: IndexPath) -> ModelCell {
    guard isCollection, table != nil else { return ModelCell(dequeued: false) }
    return reusableCell(ModelCell.self, as: "Switchboard.FallbackCell", for: indexPath)
  }

  func fallbackSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> ModelCell {
    reusableSupplementaryView(
      ModelCell.self, ofKind: kind, as: "Switchboard.FallbackView", for: indexPath)
  }

  /// A collection view and AppKit's table ask yes or no.
  var selectsByAllowing: Bool { isCollection || table?.protocols.namesRowsByIndex == true }

  /// Selects the item as a tap does: the view sends did-select to its delegate (AppKit's table
  /// records the selection and posts its own notification).
  func selectRow(at indexPath: IndexPath) {
    guard let table else { return }
    guard !table.protocols.namesRowsByIndex else { return table.selections.append(indexPath) }
    table.send(table.protocols.selector(.didSelectRow), [indexPath])
  }

  /// AppKit's table names rows by index, as `NSTableView`'s proxy reads them.
  func listArguments(_ values: [Any]) -> MessageArguments {
    table?.protocols.namesRowsByIndex == true ? .rowIndexed(values) : MessageArguments(values)
  }

  /// AppKit's table asks its cell views per column, and a group row's with no column
  /// (`NSTableView.h`: `tableView:viewForTableColumn:row:`); UIKit's views have no columns.
  func column(of arguments: MessageArguments) -> ListColumn? {
    guard table?.protocols.namesRowsByIndex == true else { return nil }
    guard let column = arguments.first(ModelColumn.self) else { return .groupRow }
    return ListColumn(identifier: column.identifier, index: column.index)
  }

  /// AppKit's own view for a column nobody makes (the view registered under its identifier).
  func fallbackCell(at indexPath: IndexPath, column: ListColumn) -> ModelCell {
    let cell = ModelCell(dequeued: false)
    cell.text = "the table's own \(column)"
    return cell
  }
}

/// The model's hosts include AppKit's table, whose rows have a cell per column.
extension ModelHost: ListColumnHost {}

/// An `NSTableColumn` as AppKit passes it to `tableView:viewForTableColumn:row:`.
final class ModelColumn {
  let identifier: String
  let index: Int
  init(_ identifier: String, at index: Int) {
    self.identifier = identifier
    self.index = index
  }
}

/// A message the model's runtime hands to `forwardInvocation:`, as `SWBForwardedMessage` does.
@MainActor
final class ModelInvocation: @MainActor ForwardedInvocation {
  let selectorName: String
  let returnsVoid: Bool
  let arguments: [Any]
  /// The answer: what the last target invoked returned, or zero.
  private(set) var answer: Any?
  private(set) var answeredZero = false

  init(_ selector: String, _ arguments: [Any], returnsVoid: Bool) {
    selectorName = selector
    self.arguments = arguments
    self.returnsVoid = returnsVoid
  }

  func invoke(on target: AnyObject) {
    answer = (target as? any ModelObject)?.perform(selectorName, arguments)
  }

  func answerZero() {
    answer = nil
    answeredZero = true
  }

  func answer(with value: Any) { answer = value }

  var returnedObject: Any? { answer as AnyObject? }
  var returnedValue: Any? { answer }

  func answerWithArgument(at index: Int) {
    answer = index < arguments.count ? arguments[index] : nil
  }
}

/// `TableViewProxy` or `CollectionViewProxy` in the model, as the model's view requires.
@MainActor
final class ModelProxy: ModelDispatching, @MainActor ModelRoutingProxy, ListRoutingProxy {
  typealias Host = ModelHost
  /// The list's configuration of the routing, and what only a list needs.
  let list: ListRouting<ModelHost>
  /// The one routing under it.
  var routing: DelegateRouting<ListMessage> { list.routing }
  private weak var table: ModelTableView?
  /// Selectors whose signature the Objective-C base remembered from a handler.
  private(set) var rememberedSignatures: Set<String> = []
  /// The messages `forwardInvocation:` received, each as it was answered.
  ///
  /// Not the invocations themselves: their arguments (the view, first) would keep the view and
  /// this proxy alive, as a device's `NSInvocation`, gone after the call, does not.
  private(set) var invocations: [(selectorName: String, answeredZero: Bool)] = []

  /// The router under the routing, for what a spec checks of it directly.
  var router: PrioritizedProxy<ListMessage> { list.router }

  /// `TableViewProxy.explain(_:)` of a list message.
  func explain(_ message: ListMessage) -> RouteExplanation<ListMessage> {
    routing.withLock { list.router.explain(message) }
  }

  /// `TableViewProxy.targets(for:)` of a list message.
  func targets(for message: ListMessage) -> [AnyObject] {
    routing.withLock { list.router.targets(for: message) }
  }
  /// Every problem reported, as text.
  var errors: [String] { routing.errors.map { "\($0)" } }

  private init(list: ListRouting<ModelHost>, keepingDefaultOnError: Bool) {
    self.list = list
    list.answerModeledMessages()
    let routing = list.routing
    // A spec reads `errors`; the default `onError` would stop the run at a setup mistake.
    if !keepingDefaultOnError { routing.onError = { _ in } }
    routing.onUndeclaredSelectorAnswered { [weak self] selector, _ in
      MainActor.assumeIsolated { _ = self?.rememberedSignatures.insert(selector) }
    }
  }

  /// `TableViewProxy.attach(to:view:viewModel:...)` (or `CollectionViewProxy`'s, as the view
  /// is); `forwardingRules` are rules by selector.
  @discardableResult
  static func attach(
    to table: ModelTableView, view: AnyObject, viewModel: AnyObject,
    viewModelRetention: HandlerRetention = .weak, rules: RoutingRules<ListMessage> = [:],
    forwardingRules: [String: RoutingRule<ListMessage>] = [:],
    keepingInstalledObjects: Bool = true, keepingDefaultOnError: Bool = false,
    typedEvents: [String: TypedEvent] = [:], turns: ModelTurns
  ) -> ModelProxy {
    var rules = rules
    for (selector, rule) in forwardingRules { rules[named: selector] = rule }
    let proxy = ModelProxy(
      list: ListRouting(
        view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules,
        selectors: table.protocols.listSelectors,
        runtime: ModelRuntime(protocols: table.protocols), typedEvents: typedEvents,
        schedule: turns.schedule),
      keepingDefaultOnError: keepingDefaultOnError)
    let previous = table.attachedObject as? ModelProxy
    proxy.table = table
    table.dispatcher = proxy
    // Refused over a proxy it does not replace, as `attach(to:…)` is over a ForwardingProxy.
    guard
      proxy.list.attach(
        to: table, host: table.host, as: proxy, keepingInstalled: keepingInstalledObjects,
        replacing: previous?.list, isAnotherProxy: { $0 is ModelProxy })
    else {
      table.dispatcher = previous
      return proxy
    }
    table.attachedObject = proxy
    return proxy
  }

  /// `detach()`: the view's properties get back what they held before attach.
  func detach() {
    list.detach()
    if table?.attachedObject === self { table?.attachedObject = nil }
  }

  /// `TableViewProxy.observe(_:beforeHandler:_:)` of a list call.
  func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<ModelHost, Capability, Arguments, Result, Failure>,
    beforeHandler: Bool = false, _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    list.observe(call.event, beforeHandler: beforeHandler, body)
  }

  /// `TableViewProxy.observe(_:beforeHandler:_:)` of an event: a typed scroll event, or any
  /// method of the view's protocols that returns nothing.
  func observe<Arguments>(
    _ event: MessageEvent<ListMessage, Arguments>, beforeHandler: Bool = false,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    list.observe(event, beforeHandler: beforeHandler, body)
  }

  /// Observes a selector Switchboard does not model, with its arguments as the runtime boxes
  /// them (`MessageEvent(#selector(…))` on a device).
  func observe(
    selector: String, beforeHandler: Bool = false,
    _ body: @escaping @MainActor ([Any]) -> Void
  ) -> ObservationToken {
    list.observe(MessageEvent(named: selector), beforeHandler: beforeHandler, body)
  }

  // MARK: ModelDispatching

  func responds(_ selector: String) -> Bool {
    routing.responds(toSelector: selector) { implementsHere(selector) }
  }

  /// The proxy class implements the typed notifications (`scrollViewDidScroll:`), as every
  /// proxy's class does (`RoutingProxy`); every other message reaches it through the runtime.
  func implementsHere(_ selector: String) -> Bool {
    DelegatePreset.typedNotifications.contains(selector)
  }

  /// A typed notification method of the proxy class, as `RoutingProxy` implements it.
  func performHere(_ selector: String, _ arguments: [Any]) -> Any? {
    routing.deliver(selector, arguments) { target in
      _ = (target as? any ModelObject)?.perform(selector, arguments)
    }
    return nil
  }

  func forwardingTarget(_ selector: String) -> AnyObject? {
    routing.forwardingTarget(forSelector: selector)
  }

  /// `methodSignatureForSelector:` of the Objective-C base: the adopted protocols' declaration,
  /// or a signature remembered from a handler.
  func hasMethodSignature(_ selector: String) -> Bool {
    table?.protocols.selectors[selector] != nil || rememberedSignatures.contains(selector)
  }

  func forwardInvocation(_ selector: String, _ arguments: [Any]) -> Any? {
    let invocation = ModelInvocation(
      selector, arguments,
      returnsVoid: table?.protocols.selectors[selector]?.returnsVoid ?? false)
    routing.forward(invocation)
    invocations.append((invocation.selectorName, invocation.answeredZero))
    return invocation.answer
  }
}
