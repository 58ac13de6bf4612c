/// Which Objective-C selector of a UIKit list view's protocols carries each ``ListMessage``, and
/// which of its other selectors change the view's behaviour by being implemented at all.
///
/// A message without a selector here is not sent by that view (a collection view has no section
/// header titles); every other selector is routed by name (see ``ListRouting``).
struct ListSelectorTable: Sendable {
  /// The view the table is for, such as `"UITableView"`.
  let hostName: String
  private let selectors: [ListMessage: String]
  private let messages: [String: ListMessage]
  /// Selectors that return nothing but whose mere presence changes what the view does (a
  /// primary action changes how selection works; a move method shows reorder controls): the
  /// proxy answers them only when a handler implements them.
  let presenceSensitive: Set<String>
  /// Messages this view sends its delegate that UIKit sends the data source (an
  /// `NSTableView`'s cell view).
  private let sentToDelegate: Set<ListMessage>

  init(
    hostName: String, selectors: [ListMessage: String], presenceSensitive: Set<String>,
    sentToDelegate: Set<ListMessage> = []
  ) {
    var messages: [String: ListMessage] = [:]
    for (message, selector) in selectors {
      if let other = messages.updateValue(message, forKey: selector) {
        preconditionFailure(
          "ListSelectorTable(\(hostName)): \(selector) is given for both \(other) and \(message).")
      }
    }
    self.hostName = hostName
    self.selectors = selectors
    self.messages = messages
    self.presenceSensitive = presenceSensitive
    self.sentToDelegate = sentToDelegate
  }

  /// The selector that carries `message`, or `nil` when this view does not send it.
  func selector(for message: ListMessage) -> String? { selectors[message] }

  /// The message a selector carries, or `nil` for a selector that is routed by name.
  func message(forSelector selector: String) -> ListMessage? { messages[selector] }

  /// Every message this view sends, in ``ListMessage`` order.
  var modeledMessages: [ListMessage] { ListMessage.allCases.filter { selectors[$0] != nil } }

  /// The view's property whose object receives `message`.
  func property(of message: ListMessage) -> ListViewProperty {
    if message == .prefetchRows { return .prefetchDataSource }
    return message.isDataSourceMessage && !sentToDelegate.contains(message)
      ? .dataSource : .delegate
  }

  /// Whether `handler` implements `message` on `host`: it adopts the message's capability for
  /// that host, or it implements the view's own method itself (not only by inheriting UIKit's
  /// controller implementation).
  func handler<Host: ListHost>(
    _ handler: AnyObject, implements message: ListMessage, on host: Host.Type,
    runtime: some SelectorRuntime
  ) -> Bool {
    if message.isImplemented(by: handler, on: host) { return true }
    guard let selector = selectors[message] else { return false }
    return runtime.implementation(of: selector, by: handler).counts
  }

  /// `UITableView`'s data source, prefetching data source and delegate.
  static let tableView = ListSelectorTable(
    hostName: "UITableView",
    selectors: [
      .numberOfSections: "numberOfSectionsInTableView:",
      .numberOfRows: "tableView:numberOfRowsInSection:",
      .cellForRow: "tableView:cellForRowAtIndexPath:",
      .titleForHeader: "tableView:titleForHeaderInSection:",
      .titleForFooter: "tableView:titleForFooterInSection:",
      .canEditRow: "tableView:canEditRowAtIndexPath:",
      .canMoveRow: "tableView:canMoveRowAtIndexPath:",
      .commitEdit: "tableView:commitEditingStyle:forRowAtIndexPath:",
      .moveRow: "tableView:moveRowAtIndexPath:toIndexPath:",
      .sectionIndexTitles: "sectionIndexTitlesForTableView:",
      .prefetchRows: "tableView:prefetchRowsAtIndexPaths:",
      .heightForRow: "tableView:heightForRowAtIndexPath:",
      .estimatedHeightForRow: "tableView:estimatedHeightForRowAtIndexPath:",
      .willDisplayRow: "tableView:willDisplayCell:forRowAtIndexPath:",
      .didEndDisplayingRow: "tableView:didEndDisplayingCell:forRowAtIndexPath:",
      .willSelectRow: "tableView:willSelectRowAtIndexPath:",
      .didSelectRow: "tableView:didSelectRowAtIndexPath:",
      .didDeselectRow: "tableView:didDeselectRowAtIndexPath:",
    ],
    presenceSensitive: [
      "tableView:performPrimaryActionForRowAtIndexPath:",
      "tableView:didBeginMultipleSelectionInteractionAtIndexPath:",
    ])

  /// `UICollectionView`'s data source, prefetching data source and delegate (flow layout's
  /// included).
  ///
  /// ``ListMessage/willSelectRow`` is `collectionView:shouldSelectItemAtIndexPath:`, which can
  /// only allow or cancel.
  static let collectionView = ListSelectorTable(
    hostName: "UICollectionView",
    selectors: [
      .numberOfSections: "numberOfSectionsInCollectionView:",
      .numberOfRows: "collectionView:numberOfItemsInSection:",
      .cellForRow: "collectionView:cellForItemAtIndexPath:",
      .supplementaryView: "collectionView:viewForSupplementaryElementOfKind:atIndexPath:",
      .canMoveRow: "collectionView:canMoveItemAtIndexPath:",
      .moveRow: "collectionView:moveItemAtIndexPath:toIndexPath:",
      .prefetchRows: "collectionView:prefetchItemsAtIndexPaths:",
      .willDisplayRow: "collectionView:willDisplayCell:forItemAtIndexPath:",
      .didEndDisplayingRow: "collectionView:didEndDisplayingCell:forItemAtIndexPath:",
      .willSelectRow: "collectionView:shouldSelectItemAtIndexPath:",
      .didSelectRow: "collectionView:didSelectItemAtIndexPath:",
      .didDeselectRow: "collectionView:didDeselectItemAtIndexPath:",
    ],
    presenceSensitive: [
      "collectionView:performPrimaryActionForItemAtIndexPath:",
      "collectionView:didBeginMultipleSelectionInteractionAtIndexPath:",
    ])
}

extension ListSelectorTable {
  /// AppKit's view-based `NSTableView`: its data source and delegate, as the macOS 13.3 SDK's
  /// `NSTableView.h` declares them.
  ///
  /// One section; a row is named by its index (``ListProxyHost/listArguments(_:)`` makes it an
  /// index path in section 0). The cell is the delegate's `tableView:viewForTableColumn:row:`,
  /// for the first column (a handler that makes one view per column implements the method
  /// itself); ``ListMessage/willSelectRow`` is `tableView:shouldSelectRow:`, which can only
  /// allow or refuse. Selection changes, sorting and drag and drop are routed by selector.
  static let appKitTableView = ListSelectorTable(
    hostName: "NSTableView",
    selectors: [
      .numberOfRows: "numberOfRowsInTableView:",
      .cellForRow: "tableView:viewForTableColumn:row:",
      .heightForRow: "tableView:heightOfRow:",
      .willSelectRow: "tableView:shouldSelectRow:",
    ],
    presenceSensitive: [], sentToDelegate: [.cellForRow])

  /// AppKit's `NSCollectionView`: its data source, prefetching data source and delegate, as
  /// the macOS 13.3 SDK's `NSCollectionView.h` declares them.
  ///
  /// Its items are `NSCollectionViewItem`s; selection, which AppKit sends as sets of index
  /// paths, is routed by selector.
  static let appKitCollectionView = ListSelectorTable(
    hostName: "NSCollectionView",
    selectors: [
      .numberOfSections: "numberOfSectionsInCollectionView:",
      .numberOfRows: "collectionView:numberOfItemsInSection:",
      .cellForRow: "collectionView:itemForRepresentedObjectAtIndexPath:",
      .supplementaryView: "collectionView:viewForSupplementaryElementOfKind:atIndexPath:",
      .prefetchRows: "collectionView:prefetchItemsAtIndexPaths:",
      .willDisplayRow: "collectionView:willDisplayItem:forRepresentedObjectAtIndexPath:",
      .didEndDisplayingRow: "collectionView:didEndDisplayingItem:forRepresentedObjectAtIndexPath:",
    ],
    presenceSensitive: [])
}

/// A property of a list view that holds one of its helpers.
enum ListViewProperty: String, Hashable, Sendable, CaseIterable {
  case dataSource
  case delegate
  case prefetchDataSource
}
/// A list view's property (`dataSource`, `delegate`, `prefetchDataSource`), as the one
/// ``DelegateRouting`` reads and sets it, with the view held weakly.
///
/// `@unchecked Sendable`: the routing is `Sendable`, but a list proxy calls it only on the main
/// actor (its methods are `@MainActor`, and the runtime's questions pass through
/// `MainActor.assumeIsolated`), so `get` and `set` run there, which `assumeIsolated` checks.
struct ListViewPropertyAccess: @unchecked Sendable {
  weak var view: (any ListViewProperties)?
  let property: ListViewProperty

  func get() -> AnyObject? {
    MainActor.assumeIsolated { RuntimeHandOver(view?[property]) }.value
  }

  func set(_ object: AnyObject?) {
    let object = RuntimeHandOver(object)
    MainActor.assumeIsolated { view?[property] = object.value }
  }
}

extension DelegateProperty {
  /// `property` of `view`, as the routing reads and sets it, its object kept under the
  /// property's name; `heldWhileAnswering` as ``DelegateProperty`` says.
  init(
    _ property: ListViewProperty, of view: any ListViewProperties,
    heldWhileAnswering: String? = nil
  ) {
    let access = ListViewPropertyAccess(view: view, property: property)
    self.init(
      name: property.rawValue, keptRole: HandlerRole(property.rawValue),
      heldWhileAnswering: heldWhileAnswering, get: { access.get() }, set: { access.set($0) })
  }
}
