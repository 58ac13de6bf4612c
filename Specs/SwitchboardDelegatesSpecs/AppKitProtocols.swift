import Foundation

@testable import Switchboard
@testable import SwitchboardLists

// AppKit's list protocols on the model of the runtime (UIKitModel.swift): selectors as the macOS
// 13.3 SDK's NSTableView.h and NSOutlineView.h declare them (a subset: each kind of method the
// specs send), and the outline proxy's side of the runtime. AppKit's tables cache the delegate's
// answers when it is assigned, as the model's views do.

/// `NSTableView`: `NSTableViewDataSource` and `NSTableViewDelegate`.
let appKitTableViewSelectors: [ModelSelector] = [
  ModelSelector("numberOfRowsInTableView:", .value, .dataSource),
  ModelSelector("tableView:objectValueForTableColumn:row:", .value, .dataSource),
  ModelSelector("tableView:sortDescriptorsDidChange:", .void, .dataSource),
  ModelSelector("tableView:pasteboardWriterForRow:", .value, .dataSource),
  ModelSelector("tableView:validateDrop:proposedRow:proposedDropOperation:", .value, .dataSource),
  ModelSelector("tableView:acceptDrop:row:dropOperation:", .value, .dataSource),
  ModelSelector("tableView:viewForTableColumn:row:", .value, .delegate),
  ModelSelector("tableView:rowViewForRow:", .value, .delegate),
  ModelSelector("tableView:heightOfRow:", .value, .delegate),
  ModelSelector("tableView:shouldSelectRow:", .value, .delegate),
  ModelSelector("tableView:selectionIndexesForProposedSelection:", .value, .delegate),
  ModelSelector("tableViewSelectionDidChange:", .void, .delegate),
  ModelSelector("tableView:shouldReorderColumn:toColumn:", .value, .delegate),
  ModelSelector("tableView:didClickTableColumn:", .void, .delegate),
]

/// `NSOutlineView`: `NSOutlineViewDataSource` and `NSOutlineViewDelegate`.
let appKitOutlineViewSelectors: [ModelSelector] = [
  ModelSelector("outlineView:numberOfChildrenOfItem:", .value, .dataSource),
  ModelSelector("outlineView:child:ofItem:", .value, .dataSource),
  ModelSelector("outlineView:isItemExpandable:", .value, .dataSource),
  ModelSelector("outlineView:objectValueForTableColumn:byItem:", .value, .dataSource),
  ModelSelector("outlineView:pasteboardWriterForItem:", .value, .dataSource),
  ModelSelector("outlineView:viewForTableColumn:item:", .value, .delegate),
  ModelSelector("outlineView:heightOfRowByItem:", .value, .delegate),
  ModelSelector("outlineView:shouldExpandItem:", .value, .delegate),
  ModelSelector("outlineView:shouldSelectItem:", .value, .delegate),
  ModelSelector("outlineView:shouldReorderColumn:toColumn:", .value, .delegate),
  ModelSelector("outlineViewSelectionDidChange:", .void, .delegate),
  ModelSelector("outlineViewItemDidExpand:", .void, .delegate),
]

/// `NSCollectionView`: `NSCollectionViewDataSource`, `NSCollectionViewPrefetching`,
/// `NSCollectionViewDelegate` and its flow layout's.
let appKitCollectionViewSelectors: [ModelSelector] = [
  ModelSelector("collectionView:numberOfItemsInSection:", .requiredValue, .dataSource),
  ModelSelector("collectionView:itemForRepresentedObjectAtIndexPath:", .requiredValue, .dataSource),
  ModelSelector("numberOfSectionsInCollectionView:", .value, .dataSource),
  ModelSelector(
    "collectionView:viewForSupplementaryElementOfKind:atIndexPath:", .value, .dataSource),
  ModelSelector("collectionView:prefetchItemsAtIndexPaths:", .requiredVoid, .prefetchDataSource),
  ModelSelector(
    "collectionView:cancelPrefetchingForItemsAtIndexPaths:", .void, .prefetchDataSource),
  ModelSelector(
    "collectionView:willDisplayItem:forRepresentedObjectAtIndexPath:", .void, .delegate),
  ModelSelector(
    "collectionView:didEndDisplayingItem:forRepresentedObjectAtIndexPath:", .void, .delegate),
  ModelSelector("collectionView:shouldSelectItemsAtIndexPaths:", .value, .delegate),
  ModelSelector("collectionView:didSelectItemsAtIndexPaths:", .void, .delegate),
  ModelSelector("collectionView:canDragItemsAtIndexPaths:withEvent:", .value, .delegate),
  ModelSelector("collectionView:layout:sizeForItemAtIndexPath:", .value, .delegate),
]

/// `NSControlTextEditingDelegate`'s methods, which `NSTableViewDelegate` and
/// `NSOutlineViewDelegate` inherit (NSTableView.h, NSOutlineView.h).
private let controlTextEditing: [(name: String, kind: ModelSelector.Kind)] = [
  ("control:textShouldEndEditing:", .value),
  ("controlTextDidEndEditing:", .void),
]

/// The selectors of an inherited protocol, received by the property the proxy's rule for
/// inherited protocols gives them (``protocolsWithInherited(_:inherited:name:)``, which the
/// runtime's `ObjectiveCRuntime` applies on a device): the view's `dataSource` and `delegate`
/// protocols are the roots, and `delegateProtocol` inherits `NSControlTextEditingDelegate`.
private func inheritedSelectors(dataSource: String, delegate delegateProtocol: String)
  -> [ModelSelector]
{
  let received = protocolsWithInherited(
    [(dataSource, "dataSource"), (delegateProtocol, "delegate")],
    inherited: { $0 == delegateProtocol ? ["NSControlTextEditingDelegate"] : [] }, name: { $0 })
  guard
    let property = received.first(where: { $0.0 == "NSControlTextEditingDelegate" })?.property,
    let receiver = ListViewProperty(rawValue: property)
  else { return [] }
  return controlTextEditing.map { ModelSelector($0.name, $0.kind, receiver) }
}

extension ModelProtocols {
  static let appKitCollection = ModelProtocols(
    "NSCollectionView", appKitCollectionViewSelectors, .appKitCollectionView)
  static let appKitTable = ModelProtocols(
    "NSTableView",
    appKitTableViewSelectors
      + inheritedSelectors(dataSource: "NSTableViewDataSource", delegate: "NSTableViewDelegate"),
    .appKitTableView, namesRowsByIndex: true)
  static let appKitOutline = ModelProtocols(
    "NSOutlineView",
    appKitOutlineViewSelectors
      + inheritedSelectors(
        dataSource: "NSOutlineViewDataSource", delegate: "NSOutlineViewDelegate"),
    ListSelectorTable(hostName: "NSOutlineView", selectors: [:], presenceSensitive: []))
}

/// `OutlineViewProxy` in the model: its routing (`OutlineRouting`) and what its Objective-C base
/// answers the runtime.
@MainActor
final class ModelOutlineProxy: ModelDispatching {
  let adapter: OutlineRouting
  var routing: DelegateRouting<Never> { adapter.routing }
  private weak var outline: ModelTableView?

  private init(_ adapter: OutlineRouting) { self.adapter = adapter }

  /// `OutlineViewProxy.attach(to:view:viewModel:...)`.
  @discardableResult
  static func attach(
    to outline: ModelTableView, view: AnyObject, viewModel: AnyObject,
    keepingInstalledObjects: Bool = true, turns: ModelTurns
  ) -> ModelOutlineProxy {
    let proxy = ModelOutlineProxy(
      OutlineRouting(
        view: view, viewModel: viewModel, viewModelRetention: .weak, rules: [:],
        runtime: ModelRuntime(protocols: outline.protocols), schedule: turns.schedule))
    proxy.routing.onError = { _ in }
    proxy.outline = outline
    outline.dispatcher = proxy
    _ = proxy.adapter.attach(
      to: outline, as: proxy, keepingInstalled: keepingInstalledObjects, replacing: nil,
      isAnotherProxy: { $0 is ModelOutlineProxy })
    outline.attachedObject = proxy
    return proxy
  }

  func detach() {
    routing.detach()
    outline?.attachedObject = nil
  }

  func responds(_ selector: String) -> Bool {
    routing.responds(toSelector: selector) { implementsHere(selector) }
  }
  func implementsHere(_ selector: String) -> Bool {
    DelegatePreset.typedNotifications.contains(selector)
  }
  func performHere(_ selector: String, _ arguments: [Any]) -> Any? { nil }
  func forwardingTarget(_ selector: String) -> AnyObject? {
    routing.forwardingTarget(forSelector: selector)
  }
  func hasMethodSignature(_ selector: String) -> Bool {
    outline?.protocols.selectors[selector] != nil
  }
  func forwardInvocation(_ selector: String, _ arguments: [Any]) -> Any? {
    let invocation = ModelInvocation(
      selector, arguments,
      returnsVoid: outline?.protocols.selectors[selector]?.returnsVoid ?? false)
    routing.forward(invocation)
    return invocation.answer
  }
}
