import Foundation

@testable import Switchboard
@testable import SwitchboardLists

// A strict model of what UIKit and the Objective-C runtime do to a list view's data source and
// delegate, where it matters to a proxy. The view is a table or a collection view
// (`ModelProtocols`), with every selector of its protocols as the iOS 18.6 SDK declares them
// (UIKitProtocols.swift).
//
// - UIKit asks `respondsToSelector:` for its older optional methods when an object is assigned
//   as data source, delegate or prefetching data source, remembers the answers, and never asks
//   again until another object is assigned: assigning the object it already has changes
//   nothing. Newer methods (iOS 13 and later, in this model) are asked about just before each
//   use. Assigning another data source makes the view reload.
// - The view caches its section and row counts at its first layout. A batch update is checked
//   against them (rows after = rows before + inserted − deleted, with the data source's new
//   counts) and raises "Invalid update" when they do not add up; only a data-source assignment
//   or `reloadData` drops them.
// - A message UIKit sends goes to the receiver's own method; otherwise to the object
//   `forwardingTargetForSelector:` names; otherwise, if `methodSignatureForSelector:` gives a
//   signature, to `forwardInvocation:`; otherwise the runtime raises "unrecognized selector"
//   (recorded here as a crash).
// - Assigning the data source or delegate while the view is calling one of them (a callback)
//   is recorded as a failure: on a device it reloads mid-layout and loses selection and swipes.
// - A collection view (iOS 18) raises unless exactly one view is dequeued for each cell or
//   supplementary-view request and that view is returned.

/// The protocols of the modeled view: a table's or a collection view's.
struct ModelProtocols: Sendable {
  let viewName: String
  /// Every selector of the view's protocols.
  let selectors: [String: ModelSelector]
  /// The proxy's selectors for the modeled list messages on this view.
  let listSelectors: ListSelectorTable
  /// Whether the view enforces iOS 18's dequeue rule (a collection view does).
  let requiresOneDequeuePerRequest: Bool
  /// Whether the view names a row by its index, in one section (AppKit's `NSTableView`).
  let namesRowsByIndex: Bool

  init(
    _ viewName: String, _ list: [ModelSelector], _ listSelectors: ListSelectorTable,
    namesRowsByIndex: Bool = false
  ) {
    self.viewName = viewName
    var selectors: [String: ModelSelector] = [:]
    for selector in list { selectors[selector.name] = selector }
    self.selectors = selectors
    self.listSelectors = listSelectors
    requiresOneDequeuePerRequest = viewName == "UICollectionView"
    self.namesRowsByIndex = namesRowsByIndex
  }

  static let table = ModelProtocols("UITableView", tableViewSelectors, .tableView)
  static let collection = ModelProtocols(
    "UICollectionView", collectionViewSelectors, .collectionView)

  /// The selectors UIKit asks about when an object is assigned as `receiver`.
  func askedAtAssignment(by receiver: ListViewProperty) -> [String] {
    selectors.values.filter { $0.receiver == receiver && !$0.askedAtUse }.map(\.name).sorted()
  }

  /// The selector of a modeled message on this view.
  func selector(_ message: ListMessage) -> String {
    guard let selector = listSelectors.selector(for: message) else {
      preconditionFailure("\(viewName) sends no \(message)")
    }
    return selector
  }
}

/// An object that implements the Objective-C methods it names.
protocol ModelObject: AnyObject {
  /// The selectors the object implements, as `respondsToSelector:` reports them.
  nonisolated var selectors: Set<String> { get }
  /// The selectors it answers only through an implementation inherited from UIKit's own
  /// `UITableViewController` (it does not override them).
  nonisolated var inheritedFromTableViewController: Set<String> { get }
  /// Performs one of `selectors`.
  @MainActor func perform(_ selector: String, _ arguments: [Any]) -> Any?
}

extension ModelObject {
  nonisolated var inheritedFromTableViewController: Set<String> { [] }
}

/// `respondsToSelector:` for model objects.
func modelResponds(_ selector: String, _ object: AnyObject) -> Bool {
  guard let object = object as? any ModelObject else { return false }
  return object.selectors.contains(selector)
    || object.inheritedFromTableViewController.contains(selector)
}

/// The Objective-C runtime of the model: objects implement what they list, and the view's
/// protocols declare what `protocols` says.
struct ModelRuntime: SelectorRuntime {
  var protocols = ModelProtocols.table

  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    guard let object = handler as? any ModelObject else { return .none }
    if object.selectors.contains(selector) { return .own }
    if object.inheritedFromTableViewController.contains(selector) {
      return .inherited(from: "UITableViewController")
    }
    return .none
  }

  func declaration(of selector: String) -> SelectorDeclaration? {
    protocols.selectors[selector].map {
      SelectorDeclaration(returnsVoid: $0.returnsVoid, property: $0.receiver.rawValue)
    }
  }

  var declaredSelectors: [String] { protocols.selectors.keys.sorted() }
}

/// The run loop's turns: work scheduled "after the current main-actor turn" runs at `endTurn()`.
@MainActor
final class ModelTurns {
  private var pending: [() -> Void] = []
  /// How many blocks have been scheduled.
  private(set) var scheduled = 0

  func schedule(_ work: @escaping () -> Void) {
    scheduled += 1
    pending.append(work)
  }

  /// Runs everything scheduled, including what that schedules.
  func endTurn() {
    while !pending.isEmpty {
      let work = pending.removeFirst()
      work()
    }
  }
}

/// A cell (or supplementary view) as the model's view hands it out; a subclass is another cell
/// class, as one registered under another's name.
class ModelCell {
  /// Whether the view dequeued it.
  let dequeued: Bool
  var text = ""
  required init(dequeued: Bool) { self.dequeued = dequeued }
}

/// `UITableView` or `UICollectionView` toward its data source and delegate.
@MainActor
final class ModelTableView: ListViewProperties {
  let protocols: ModelProtocols
  /// Crashes: "unrecognized selector", "Invalid update", a dequeue UIKit rejects.
  private(set) var crashes: [String] = []
  /// Misuse that does not crash but breaks a screen: re-assignment inside a callback.
  private(set) var failures: [String] = []
  /// How many times the view reloaded: assignments of another data source, and `reloadData()`.
  private(set) var reloads = 0
  /// Every assignment of an object as data source, delegate or prefetching data source, in
  /// order (clearing one is not counted).
  private(set) var assignments: [ListViewProperty] = []
  /// The rows selected in code, as a proxy selects a row a handler chose instead (AppKit's
  /// `selectRowIndexes(_:byExtendingSelection:)`).
  var selections: [IndexPath] = []
  /// How many times the view asked an assigned object `respondsToSelector:`.
  private(set) var questions = 0
  /// The section and row counts the view cached at its last layout; `nil` until then.
  private(set) var shownCounts: [Int]?
  /// What the view keeps alive: the attached proxy (an associated object on a device).
  var attachedObject: AnyObject?
  /// The view as a list host: what applies the view model's announced changes, and dequeues.
  let host: ModelHost
  /// Switchboard's record of the types registered and the view dequeued for the current
  /// request (on a device, an object associated with the view).
  let reuseRecords = ReuseRecords()
  /// Whether the view is in a window: one that is not reloads instead of animating a batch.
  var isInWindow = true
  /// Every registration, in order: a reuse identifier (with its kind, for a supplementary view).
  private(set) var registrations: [String] = []
  private var registered: [String: ModelCell.Type] = [:]

  private var answers: [String: Bool] = [:]
  private var callbackDepth = 0
  private var callbackSelector = ""
  /// The views dequeued for each open cell or supplementary-view request, innermost last.
  private var requests: [[ModelCell]] = []

  init(_ protocols: ModelProtocols = .table) {
    self.protocols = protocols
    host = ModelHost()
    host.table = self
  }

  weak var dataSource: AnyObject? {
    didSet { assigned(.dataSource, replacing: oldValue) }
  }
  weak var delegate: AnyObject? {
    didSet { assigned(.delegate, replacing: oldValue) }
  }
  weak var prefetchDataSource: AnyObject? {
    didSet { assigned(.prefetchDataSource, replacing: oldValue) }
  }

  /// How UIKit's runtime delivers a message to an object of the proxy's kind.
  var dispatcher: (any ModelDispatching)?

  private func object(for receiver: ListViewProperty) -> AnyObject? {
    switch receiver {
    case .dataSource: dataSource
    case .delegate: delegate
    case .prefetchDataSource: prefetchDataSource
    }
  }

  private func assigned(_ receiver: ListViewProperty, replacing old: AnyObject?) {
    let object = object(for: receiver)
    if object != nil { assignments.append(receiver) }
    if callbackDepth > 0 {
      failures.append("\(receiver) re-assigned during \(callbackSelector)")
    }
    // The object the view already has: UIKit keeps what it knows, and does not reload.
    if let object, object === old { return }
    for selector in protocols.askedAtAssignment(by: receiver) {
      answers[selector] = object.map { respondsTo(selector, $0) } ?? false
    }
    if receiver == .dataSource {
      // Cleared, the view shows nothing; another data source, the view reloads from it.
      shownCounts = nil
      if object != nil { reloads += 1 }
    }
  }

  private func respondsTo(_ selector: String, _ object: AnyObject) -> Bool {
    questions += 1
    if let proxy = object as? any ModelDispatching, proxy === dispatcher {
      return proxy.responds(selector)
    }
    return modelResponds(selector, object)
  }

  subscript(property: ListViewProperty) -> AnyObject? {
    get { object(for: property) }
    set {
      switch property {
      case .dataSource: dataSource = newValue
      case .delegate: delegate = newValue
      case .prefetchDataSource: prefetchDataSource = newValue
      }
    }
  }

  /// Whether UIKit would send `selector` now: the answer remembered at assignment, or, for a
  /// selector asked about at use, the answer of the object now.
  func cachedAnswer(_ selector: String) -> Bool {
    guard let declared = protocols.selectors[selector] else { return false }
    if declared.askedAtUse {
      return object(for: declared.receiver).map { respondsTo(selector, $0) } ?? false
    }
    return answers[selector] ?? false
  }

  /// Sends `selector` as UIKit does: a required method always, an optional one only when the
  /// object responds to it (as remembered, or asked now); through the runtime.
  ///
  /// Returns the answer, or `nil` when the message was not sent.
  @discardableResult
  func send(_ selector: String, _ arguments: [Any] = []) -> Any? {
    guard let declared = protocols.selectors[selector],
      declared.isRequired || cachedAnswer(selector),
      let object = object(for: declared.receiver)
    else { return nil }
    callbackDepth += 1
    let outer = callbackSelector
    callbackSelector = selector
    defer {
      callbackDepth -= 1
      callbackSelector = outer
    }
    guard protocols.requiresOneDequeuePerRequest, requestsOneView(selector) else {
      return deliver(selector, arguments, to: object)
    }
    requests.append([])
    let answer = deliver(selector, arguments, to: object)
    let dequeued = requests.removeLast()
    if dequeued.count != 1 {
      crashes.append("\(selector): \(dequeued.count) views dequeued for one request")
    } else if (answer as AnyObject?) !== dequeued[0] {
      crashes.append("\(selector) returned a view it did not dequeue for the request")
    }
    return answer
  }

  private func requestsOneView(_ selector: String) -> Bool {
    selector == protocols.listSelectors.selector(for: .cellForRow)
      || selector == protocols.listSelectors.selector(for: .supplementaryView)
  }

  /// The runtime's message send.
  private func deliver(_ selector: String, _ arguments: [Any], to object: AnyObject) -> Any? {
    guard let proxy = object as? any ModelDispatching else {
      return perform(selector, arguments, on: object)
    }
    if proxy.implementsHere(selector) { return proxy.performHere(selector, arguments) }
    if let target = proxy.forwardingTarget(selector) {
      return perform(selector, arguments, on: target)
    }
    if proxy.hasMethodSignature(selector) { return proxy.forwardInvocation(selector, arguments) }
    crashes.append("unrecognized selector \(selector) sent to \(type(of: proxy))")
    return nil
  }

  private func perform(_ selector: String, _ arguments: [Any], on object: AnyObject) -> Any? {
    guard let object = object as? any ModelObject, modelResponds(selector, object) else {
      crashes.append("unrecognized selector \(selector) sent to \(type(of: object))")
      return nil
    }
    return object.perform(selector, arguments)
  }

  /// A reusable cell or supplementary view, counted against the open request.
  func dequeueReusableView() -> ModelCell { dequeueReusableView(of: ModelCell.self) }

  /// Registers `cellType` under `identifier`, in place of a class registered before.
  func register(_ cellType: ModelCell.Type, as identifier: String) {
    registrations.append(identifier)
    registered[identifier] = cellType
  }

  /// A reusable view of the class registered under `identifier`, counted against the open
  /// request; UIKit raises for an identifier nothing is registered under.
  func dequeueReusableView(withIdentifier identifier: String) -> ModelCell {
    guard let cellType = registered[identifier] else {
      crashes.append("unable to dequeue a view with identifier \(identifier): none registered")
      return dequeueReusableView()
    }
    return dequeueReusableView(of: cellType)
  }

  private func dequeueReusableView(of cellType: ModelCell.Type) -> ModelCell {
    let view = cellType.init(dequeued: true)
    if !requests.isEmpty { requests[requests.count - 1].append(view) }
    return view
  }

  // MARK: Counts

  /// Lays the view out: the first layout after a reload asks the data source for its counts.
  func layoutIfNeeded() {
    guard shownCounts == nil else { return }
    shownCounts = dataSourceCounts()
  }

  /// Drops the cached counts; the next layout asks the data source again.
  func reloadData() {
    shownCounts = nil
    reloads += 1
  }

  /// `performBatchUpdates` with `update`, as an app calls it directly (not through
  /// Switchboard): checked against the cached counts; "Invalid update" when the data source's
  /// new counts do not add up.
  func performBatchUpdates(_ update: ListUpdate) {
    layoutIfNeeded()
    let before = shownCounts ?? []
    let after = dataSourceCounts()
    do {
      try update.validate(rowCountsBefore: before, after: after)
      shownCounts = after
    } catch {
      crashes.append("Invalid update: \(error)")
    }
  }

  private func dataSourceCounts() -> [Int] {
    let sections = sendCount(.numberOfSections) ?? 1
    return (0..<sections).map { sendCount(.numberOfRows, [$0]) ?? 0 }
  }

  /// Sends a count message to the data source; `nil` when it is not sent (an optional method
  /// the data source does not implement) or not answered with a count.
  func sendCount(_ message: ListMessage, _ arguments: [Any] = []) -> Int? {
    send(protocols.selector(message), arguments) as? Int
  }
}

/// The proxy's side of the runtime: what the model's table asks of it.
@MainActor
protocol ModelDispatching: AnyObject {
  func responds(_ selector: String) -> Bool
  func implementsHere(_ selector: String) -> Bool
  func performHere(_ selector: String, _ arguments: [Any]) -> Any?
  func forwardingTarget(_ selector: String) -> AnyObject?
  func hasMethodSignature(_ selector: String) -> Bool
  func forwardInvocation(_ selector: String, _ arguments: [Any]) -> Any?
}

/// A simple model object that records what it receives and answers from a table.
@MainActor
final class Recorder: ModelObject {
  nonisolated let selectors: Set<String>
  nonisolated let inheritedFromTableViewController: Set<String>
  var answers: [String: Any] = [:]
  private(set) var received: [String] = []
  /// Runs when a message arrives, before the answer is given.
  var onReceive: ((String) -> Void)?

  init(_ selectors: Set<String>, inherited: Set<String> = [], answers: [String: Any] = [:]) {
    self.selectors = selectors
    self.inheritedFromTableViewController = inherited
    self.answers = answers
  }

  func perform(_ selector: String, _ arguments: [Any]) -> Any? {
    received.append(selector)
    onReceive?(selector)
    return answers[selector]
  }
}
