import Foundation
import Switchboard
import SwitchboardLists

@testable import SwitchboardDelegates
@testable import SwitchboardUIKit

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
  }

  /// A cell from the view, through Switchboard's dequeue record, as the UIKit hosts dequeue.
  func dequeueCell(of cellType: ModelCell.Type, for indexPath: IndexPath) throws(ListViewError)
    -> ModelCell
  {
    guard let table else { return ModelCell(dequeued: true) }
    return try table.dequeues.dequeue { table.dequeueReusableView() }
  }

  func dequeueSupplementaryView(
    of viewType: ModelCell.Type, ofKind kind: SupplementaryKind, for indexPath: IndexPath
  ) throws(ListViewError) -> ModelCell {
    try dequeueCell(of: viewType, for: indexPath)
  }

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

  func answer(with value: Any) { answer = value }

  func answerWithArgument(at index: Int) {
    answer = index < arguments.count ? arguments[index] : nil
  }
}

/// `TableViewProxy` or `CollectionViewProxy` in the model, as the model's view requires.
@MainActor
final class ModelProxy: ModelDispatching, ListRoutingProxy {
  typealias Host = ModelHost
  /// The list's configuration of the routing, and what only a list needs.
  let list: ListRouting<ModelHost>
  /// The one routing under it.
  var routing: DelegateRouting<ListMessage> { list.routing }
  private weak var table: ModelTableView?
  /// Selectors whose signature the Objective-C base remembered from a handler.
  private(set) var rememberedSignatures: Set<String> = []
  /// The messages `forwardInvocation:` received.
  private(set) var invocations: [ModelInvocation] = []

  var router: PrioritizedProxy<ListMessage> { list.router }
  /// Every problem reported, as text.
  var errors: [String] { routing.errors.map { "\($0)" } }

  private init(list: ListRouting<ModelHost>, keepingDefaultOnError: Bool) {
    self.list = list
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
    turns: ModelTurns
  ) -> ModelProxy {
    var rules = rules
    for (selector, rule) in forwardingRules { rules[named: selector] = rule }
    let proxy = ModelProxy(
      list: ListRouting(
        view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules,
        selectors: table.protocols.listSelectors,
        runtime: ModelRuntime(protocols: table.protocols), schedule: turns.schedule),
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

  func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<ModelHost, Capability, Arguments, Result, Failure>,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    list.proxy.observe(call, body)
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

  /// The proxy class implements the selector of every message its view sends, as
  /// `TableViewProxy` and `CollectionViewProxy` do (each checks it in debug builds).
  func implementsHere(_ selector: String) -> Bool {
    list.selectors.message(forSelector: selector) != nil
  }

  /// What the proxy's method for `selector` does: the model's counterpart of each method of
  /// `TableViewProxy` and `CollectionViewProxy`.
  func performHere(_ selector: String, _ arguments: [Any]) -> Any? {
    guard let message = list.selectors.message(forSelector: selector), let table else {
      preconditionFailure("ModelProxy does not implement \(selector)")
    }
    let host = table.host
    let isCollection = table.protocols.requiresOneDequeuePerRequest
    let path =
      arguments.lazy.compactMap { $0 as? IndexPath }.first ?? IndexPath(item: 0, section: 0)
    let section = arguments.lazy.compactMap { $0 as? Int }.first ?? 0
    // A handler's own UIKit method, as the model's runtime calls it.
    func platform<Result>(_ object: any ModelObject) -> Result? {
      object.perform(selector, arguments) as? Result
    }
    func flag(_ object: any ModelObject) -> Bool?? {
      (object.perform(selector, arguments) as? Bool).map { Optional($0) }
    }
    func notify(_ object: any ModelObject) { _ = object.perform(selector, arguments) }
    switch message {
    case .numberOfSections:
      return list.send(.numberOfSections, (), in: host, or: platform)
    case .numberOfRows:
      return list.send(.numberOfRows, section, in: host, or: platform)
    case .cellForRow:
      return list.provide(
        .cellForRow, at: path, dequeuedBy: table.dequeues,
        fallback: isCollection ? table.dequeueReusableView() : ModelCell(dequeued: false)
      ) {
        try list.send(.cellForRow, path, in: host) { (object: any ModelObject) -> ModelCell?? in
          platform(object)
        }
      }
    case .supplementaryView:
      let kind = SupplementaryKind(arguments.lazy.compactMap { $0 as? String }.first ?? "header")
      return list.provide(
        .supplementaryView, at: path, detail: "\(kind.rawValue): ", dequeuedBy: table.dequeues,
        fallback: table.dequeueReusableView()
      ) {
        try list.send(.supplementaryView, (kind, path), in: host) {
          (object: any ModelObject) -> ModelCell?? in platform(object)
        }
      }
    case .titleForHeader:
      return list.send(.titleForHeader, section, in: host) {
        (object: any ModelObject) -> String?? in platform(object)
      }
    case .titleForFooter:
      return list.send(.titleForFooter, section, in: host) {
        (object: any ModelObject) -> String?? in platform(object)
      }
    case .canEditRow:
      return list.send(.canEditRow, path, in: host, or: flag) ?? true
    case .canMoveRow:
      return list.send(.canMoveRow, path, in: host, or: flag) ?? !isCollection
    case .commitEdit:
      let update = list.send(.commitEdit, (.delete, path), in: host) {
        (object: any ModelObject) -> ListUpdate? in
        notify(object)
        return ListUpdate()
      }
      do {
        try host.apply(update)
        list.changes?.announce(update, except: host)
      } catch {
        list.report(error)
      }
      return nil
    case .moveRow:
      list.send(.moveRow, (path, path), in: host, or: notify)
      return nil
    case .sectionIndexTitles:
      return list.send(.sectionIndexTitles, (), in: host) {
        (object: any ModelObject) -> [String]?? in platform(object)
      }
    case .prefetchRows:
      let paths = arguments.lazy.compactMap { $0 as? [IndexPath] }.first ?? [path]
      list.send(.prefetchRows, paths, in: host, or: notify)
      return nil
    case .heightForRow:
      return list.send(.heightForRow, path, in: host, or: platform) ?? 44.0
    case .estimatedHeightForRow:
      return list.send(.estimatedHeightForRow, path, in: host, or: platform) ?? 44.0
    case .willDisplayRow:
      list.send(.willDisplayRow, (ModelCell(dequeued: true), path), in: host, or: notify)
      return nil
    case .didEndDisplayingRow:
      list.send(.didEndDisplayingRow, (ModelCell(dequeued: true), path), in: host, or: notify)
      return nil
    case .willSelectRow:
      let choice = list.send(.willSelectRow, path, in: host) {
        (object: any ModelObject) -> IndexPath?? in platform(object)
      }
      return isCollection ? choice != nil : choice
    case .didSelectRow:
      list.send(.didSelectRow, path, in: host, or: notify)
      return nil
    case .didDeselectRow:
      list.send(.didDeselectRow, path, in: host, or: notify)
      return nil
    }
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
    invocations.append(invocation)
    routing.forward(invocation)
    return invocation.answer
  }
}
