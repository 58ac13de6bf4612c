import Foundation
import Switchboard
import SwitchboardLists

@testable import SwitchboardUIKit

// A strict model of what UIKit and the Objective-C runtime do to a table view's data source and
// delegate, where it matters to a proxy:
//
// - UIKit asks `respondsToSelector:` for every optional method when an object is assigned as
//   data source, delegate or prefetching data source, remembers the answers, and never asks
//   again until the next assignment. Assigning a data source makes the table reload.
// - A message UIKit sends goes to the receiver's own method; otherwise to the object
//   `forwardingTargetForSelector:` names; otherwise, if `methodSignatureForSelector:` gives a
//   signature, to `forwardInvocation:`; otherwise the runtime raises "unrecognized selector"
//   (recorded here as a crash).
// - Assigning the data source or delegate while the table is calling one of them (a callback)
//   is recorded as a failure: on a device it reloads mid-layout and loses selection and swipes.
// - A collection view raises when a data source returns a cell it did not dequeue.

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

/// What the table view's protocols (data source, delegate with the scroll view's, prefetching)
/// declare: whether each method returns nothing, and which object receives it.
enum TableProtocols {
  typealias Receiver = ListViewProperty

  static let declared: [String: (returnsVoid: Bool, receiver: Receiver)] = [
    "numberOfSectionsInTableView:": (false, .dataSource),
    "tableView:numberOfRowsInSection:": (false, .dataSource),
    "tableView:cellForRowAtIndexPath:": (false, .dataSource),
    "tableView:titleForHeaderInSection:": (false, .dataSource),
    "tableView:titleForFooterInSection:": (false, .dataSource),
    "tableView:canEditRowAtIndexPath:": (false, .dataSource),
    "tableView:canMoveRowAtIndexPath:": (false, .dataSource),
    "tableView:commitEditingStyle:forRowAtIndexPath:": (true, .dataSource),
    "tableView:moveRowAtIndexPath:toIndexPath:": (true, .dataSource),
    "sectionIndexTitlesForTableView:": (false, .dataSource),
    "tableView:prefetchRowsAtIndexPaths:": (true, .prefetchDataSource),
    "tableView:cancelPrefetchingForRowsAtIndexPaths:": (true, .prefetchDataSource),
    "tableView:heightForRowAtIndexPath:": (false, .delegate),
    "tableView:estimatedHeightForRowAtIndexPath:": (false, .delegate),
    "tableView:heightForHeaderInSection:": (false, .delegate),
    "tableView:viewForHeaderInSection:": (false, .delegate),
    "tableView:willDisplayCell:forRowAtIndexPath:": (true, .delegate),
    "tableView:didEndDisplayingCell:forRowAtIndexPath:": (true, .delegate),
    "tableView:willSelectRowAtIndexPath:": (false, .delegate),
    "tableView:didSelectRowAtIndexPath:": (true, .delegate),
    "tableView:didDeselectRowAtIndexPath:": (true, .delegate),
    "tableView:didHighlightRowAtIndexPath:": (true, .delegate),
    "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:": (false, .delegate),
    "tableView:performPrimaryActionForRowAtIndexPath:": (true, .delegate),
    "scrollViewDidScroll:": (true, .delegate),
    "scrollViewWillBeginDragging:": (true, .delegate),
    "scrollViewDidEndDragging:willDecelerate:": (true, .delegate),
    "scrollViewDidEndDecelerating:": (true, .delegate),
    "scrollViewDidChangeAdjustedContentInset:": (true, .delegate),
    "viewForZoomingInScrollView:": (false, .delegate),
  ]

  /// The required methods: UIKit calls them without asking first.
  static let required: Set<String> = [
    "tableView:numberOfRowsInSection:", "tableView:cellForRowAtIndexPath:",
    "tableView:prefetchRowsAtIndexPaths:",
  ]

  /// The selectors UIKit asks about when an object is assigned as `receiver`.
  static func selectors(of receiver: Receiver) -> [String] {
    declared.filter { $0.value.receiver == receiver }.map(\.key).sorted()
  }
}

/// The Objective-C runtime of the model: objects implement what they list, and the table's
/// protocols declare what `TableProtocols` says.
struct ModelRuntime: SelectorRuntime {
  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    guard let object = handler as? any ModelObject else { return .none }
    if object.selectors.contains(selector) { return .own }
    if object.inheritedFromTableViewController.contains(selector) {
      return .inherited(from: "UITableViewController")
    }
    return .none
  }

  func declaration(of selector: String) -> SelectorDeclaration? {
    TableProtocols.declared[selector].map {
      SelectorDeclaration(returnsVoid: $0.returnsVoid, property: $0.receiver)
    }
  }

  var declaredSelectors: [String] { TableProtocols.declared.keys.sorted() }
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

/// A cell as the model's table hands it out.
final class ModelCell {
  /// Whether the table dequeued it (UICollectionView raises for a cell it did not).
  let dequeued: Bool
  var text = ""
  init(dequeued: Bool) { self.dequeued = dequeued }
}

/// `UITableView` (or, with `requiresDequeuedCells`, `UICollectionView`) toward its data source
/// and delegate.
@MainActor
final class ModelTableView: ListViewProperties {
  /// Crashes: "unrecognized selector", a cell that was not dequeued.
  private(set) var crashes: [String] = []
  /// Misuse that does not crash but breaks a screen: re-assignment inside a callback.
  private(set) var failures: [String] = []
  /// How many reloads assignments caused.
  private(set) var reloads = 0
  /// Every assignment of an object as data source, delegate or prefetching data source, in
  /// order (clearing one is not counted).
  private(set) var assignments: [TableProtocols.Receiver] = []
  /// What the table keeps alive: the attached proxy (an associated object on a device).
  var attachedObject: AnyObject?
  /// The table as a list host: what applies the view model's announced changes.
  let host = ModelHost()
  /// Whether a returned cell must have been dequeued (a collection view's rule).
  var requiresDequeuedCells = false

  private var answers: [String: Bool] = [:]
  private var callbackDepth = 0
  private var callbackSelector = ""

  weak var dataSource: AnyObject? {
    didSet { assigned(.dataSource) }
  }
  weak var delegate: AnyObject? {
    didSet { assigned(.delegate) }
  }
  weak var prefetchDataSource: AnyObject? {
    didSet { assigned(.prefetchDataSource) }
  }

  /// How UIKit's runtime delivers a message to an object of the proxy's kind.
  var dispatcher: (any ModelDispatching)?

  private func object(for receiver: TableProtocols.Receiver) -> AnyObject? {
    switch receiver {
    case .dataSource: dataSource
    case .delegate: delegate
    case .prefetchDataSource: prefetchDataSource
    }
  }

  private func assigned(_ receiver: TableProtocols.Receiver) {
    if object(for: receiver) != nil { assignments.append(receiver) }
    if callbackDepth > 0 {
      failures.append("\(receiver) re-assigned during \(callbackSelector)")
    }
    let object = object(for: receiver)
    for selector in TableProtocols.selectors(of: receiver) {
      answers[selector] = object.map { respondsTo(selector, $0) } ?? false
    }
    if receiver == .dataSource { reloads += 1 }
  }

  private func respondsTo(_ selector: String, _ object: AnyObject) -> Bool {
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

  /// The answer UIKit remembers for `selector`.
  func cachedAnswer(_ selector: String) -> Bool { answers[selector] ?? false }

  /// Sends `selector` as UIKit does: a required method always, an optional one only when the
  /// remembered answer is yes; through the runtime.
  ///
  /// Returns the answer, or `nil` when the message was not sent.
  @discardableResult
  func send(_ selector: String, _ arguments: [Any] = []) -> Any? {
    guard cachedAnswer(selector) || TableProtocols.required.contains(selector),
      let receiver = TableProtocols.declared[selector]?.receiver,
      let object = object(for: receiver)
    else { return nil }
    callbackDepth += 1
    let outer = callbackSelector
    callbackSelector = selector
    defer {
      callbackDepth -= 1
      callbackSelector = outer
    }
    let answer = deliver(selector, arguments, to: object)
    if requiresDequeuedCells, let cell = answer as? ModelCell, !cell.dequeued {
      crashes.append("\(selector) returned a cell that was not dequeued")
    }
    return answer
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

  /// The cell for a row when the fallback path must dequeue one.
  func dequeueFallbackCell() -> ModelCell { ModelCell(dequeued: true) }
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
