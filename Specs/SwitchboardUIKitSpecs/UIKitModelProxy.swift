import Foundation
import Switchboard
import SwitchboardLists

@testable import SwitchboardUIKit

// The adapter between the UIKit model and the proxy under test: what `TableViewProxy` and its
// Objective-C base (`SWBForwardingProxy`) do, translated to the model, on `SelectorRouting`.

/// The table view host type of the model.
@MainActor
final class ModelHost: ListHost {
  typealias Cell = ModelCell
  nonisolated static func handler(_ handler: AnyObject, implements message: ListMessage) -> Bool {
    ListSelectorTable.tableView.handler(
      handler, implements: message, on: ModelHost.self, runtime: ModelRuntime())
  }
  func dequeueCell(of cellType: ModelCell.Type, for indexPath: IndexPath) throws(ListViewError)
    -> ModelCell
  { ModelCell(dequeued: true) }
  /// The updates applied, in order.
  private(set) var applied: [ListUpdate] = []
  /// How many times the host reloaded.
  private(set) var reloads = 0
  func apply(_ update: ListUpdate) throws(ListViewError) { applied.append(update) }
  func reloadData() throws(ListViewError) { reloads += 1 }
  var needsMoreContent: Bool { false }
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
}

/// `TableViewProxy` in the model.
@MainActor
final class ModelProxy: ModelDispatching {
  let routing: SelectorRouting<ModelHost>
  private weak var table: ModelTableView?
  private(set) var errors: [String] = []
  /// Selectors whose signature the Objective-C base remembered from a handler.
  private(set) var rememberedSignatures: Set<String> = []
  /// The messages `forwardInvocation:` received.
  private(set) var invocations: [ModelInvocation] = []

  var router: PrioritizedProxy<ListMessage> { routing.router }

  private init(routing: SelectorRouting<ModelHost>) {
    self.routing = routing
    routing.onError = { [weak self] in self?.errors.append("\($0)") }
    routing.onUndeclaredSelectorAnswered = { [weak self] selector, _ in
      self?.rememberedSignatures.insert(selector)
    }
  }

  /// `TableViewProxy.attach(to:view:viewModel:...)`; `forwardingRules` are rules by selector.
  @discardableResult
  static func attach(
    to table: ModelTableView, view: AnyObject, viewModel: AnyObject,
    viewModelRetention: HandlerRetention = .weak, rules: RoutingRules<ListMessage> = [:],
    forwardingRules: [String: RoutingRule<ListMessage>] = [:],
    keepingInstalledObjects: Bool = true, turns: ModelTurns
  ) -> ModelProxy {
    var rules = rules
    for (selector, rule) in forwardingRules { rules[named: selector] = rule }
    let proxy = ModelProxy(
      routing: SelectorRouting(
        view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules,
        selectors: .tableView, runtime: ModelRuntime(), schedule: turns.schedule))
    (table.attachedObject as? ModelProxy)?.routing.detach()
    proxy.table = table
    table.dispatcher = proxy
    table.attachedObject = proxy
    proxy.routing.attach(
      to: table, host: table.host, as: proxy, keepingInstalled: keepingInstalledObjects,
      rules: rules)
    return proxy
  }

  func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<ModelHost, Capability, Arguments, Result, Failure>,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    routing.proxy.observe(call, body)
  }

  /// Observes a selector Switchboard does not model, with its arguments as the runtime boxes
  /// them (`MessageEvent(#selector(…))` on a device).
  func observe(
    selector: String, beforeHandler: Bool = false,
    _ body: @escaping @MainActor ([Any]) -> Void
  ) -> ObservationToken {
    routing.observe(MessageEvent(named: selector), beforeHandler: beforeHandler, body)
  }

  // MARK: ModelDispatching

  func responds(_ selector: String) -> Bool {
    routing.responds(toSelector: selector) { implementsHere(selector) }
  }

  private let implemented: Set<String> = [
    "numberOfSectionsInTableView:", "tableView:numberOfRowsInSection:",
    "tableView:cellForRowAtIndexPath:", "tableView:didSelectRowAtIndexPath:",
    "tableView:willDisplayCell:forRowAtIndexPath:", "tableView:heightForRowAtIndexPath:",
    "tableView:prefetchRowsAtIndexPaths:", "tableView:commitEditingStyle:forRowAtIndexPath:",
    "tableView:didDeselectRowAtIndexPath:", "tableView:didEndDisplayingCell:forRowAtIndexPath:",
  ]

  func implementsHere(_ selector: String) -> Bool { implemented.contains(selector) }

  func performHere(_ selector: String, _ arguments: [Any]) -> Any? {
    let path = arguments.first as? IndexPath ?? IndexPath(item: 0, section: 0)
    let host = ModelHost()
    // A handler's own UIKit method, as the model's runtime calls it.
    func platform<Result>(_ object: any ModelObject) -> Result? {
      object.perform(selector, arguments) as? Result
    }
    func notify(_ object: any ModelObject) { _ = object.perform(selector, arguments) }
    switch selector {
    case "numberOfSectionsInTableView:":
      return routing.send(.numberOfSections, (), in: host, or: platform)
    case "tableView:numberOfRowsInSection:":
      return routing.send(.numberOfRows, 0, in: host, or: platform)
    case "tableView:cellForRowAtIndexPath:":
      // A collection view's fallback: a dequeued cell (a table accepts any cell).
      return routing.provide(
        at: path, fallback: table?.dequeueFallbackCell() ?? ModelCell(dequeued: false)
      ) {
        try routing.send(.cellForRow, path, in: host) { (object: any ModelObject) -> ModelCell?? in
          platform(object)
        }
      }
    case "tableView:heightForRowAtIndexPath:":
      return routing.send(.heightForRow, path, in: host, or: platform) ?? 44.0
    case "tableView:didSelectRowAtIndexPath:":
      routing.send(.didSelectRow, path, in: host, or: notify)
      return nil
    case "tableView:didDeselectRowAtIndexPath:":
      routing.send(.didDeselectRow, path, in: host, or: notify)
      return nil
    case "tableView:willDisplayCell:forRowAtIndexPath:":
      routing.send(.willDisplayRow, (ModelCell(dequeued: true), path), in: host, or: notify)
      return nil
    case "tableView:didEndDisplayingCell:forRowAtIndexPath:":
      routing.send(.didEndDisplayingRow, (ModelCell(dequeued: true), path), in: host, or: notify)
      return nil
    case "tableView:prefetchRowsAtIndexPaths:":
      routing.send(.prefetchRows, [path], in: host, or: notify)
      return nil
    case "tableView:commitEditingStyle:forRowAtIndexPath:":
      _ = routing.send(.commitEdit, (.delete, path), in: host) {
        (object: any ModelObject) -> ListUpdate? in
        notify(object)
        return ListUpdate()
      }
      return nil
    default:
      preconditionFailure("ModelProxy does not implement \(selector)")
    }
  }

  func forwardingTarget(_ selector: String) -> AnyObject? {
    routing.forwardingTarget(forSelector: selector)
  }

  /// `methodSignatureForSelector:` of the Objective-C base: the adopted protocols' declaration,
  /// or a signature remembered from a handler.
  func hasMethodSignature(_ selector: String) -> Bool {
    TableProtocols.declared[selector] != nil || rememberedSignatures.contains(selector)
  }

  func forwardInvocation(_ selector: String, _ arguments: [Any]) -> Any? {
    let invocation = ModelInvocation(
      selector, arguments, returnsVoid: TableProtocols.declared[selector]?.returnsVoid ?? false)
    invocations.append(invocation)
    routing.forward(invocation)
    return invocation.answer
  }
}
