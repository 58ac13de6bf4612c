/// Which Objective-C selector of a platform's list protocols carries each ``ListMessage``: the
/// table a UIKit proxy translates with, kept as plain strings so it is specified on every
/// platform.
///
/// A message without a selector here is not sent by that platform's view (a collection view has
/// no section header titles); every selector not here is forwarded to a handler by the
/// Objective-C runtime (see ``SelectorRouting``).
///
/// ```swift
/// ListSelectorTable.tableView.message(forSelector: "tableView:didSelectRowAtIndexPath:")
/// // .didSelectRow
/// ListSelectorTable.collectionView.selector(for: .numberOfRows)
/// // "collectionView:numberOfItemsInSection:"
/// ```
public struct ListSelectorTable: Hashable, Sendable, CustomStringConvertible {
  /// The platform view the table is for, such as `"UITableView"`.
  public let hostName: String
  private let selectors: [ListMessage: String]
  private let messages: [String: ListMessage]

  /// A table for `hostName`'s protocols.
  ///
  /// - Precondition: No two messages share a selector.
  public init(hostName: String, selectors: [ListMessage: String]) {
    var messages: [String: ListMessage] = [:]
    for (message, selector) in selectors {
      if let other = messages.updateValue(message, forKey: selector) {
        preconditionFailure(
          "ListSelectorTable(\(hostName)): \(selector) is given for both \(other) and \(message). "
            + "Give each message its own selector.")
      }
    }
    self.hostName = hostName
    self.selectors = selectors
    self.messages = messages
  }

  /// The selector that carries `message`, or `nil` when this platform does not send it.
  public func selector(for message: ListMessage) -> String? { selectors[message] }

  /// The message a selector carries, or `nil` for a selector that is forwarded.
  public func message(forSelector selector: String) -> ListMessage? { messages[selector] }

  /// Every message this platform sends, in ``ListMessage`` order.
  public var modeledMessages: [ListMessage] { ListMessage.allCases.filter { selectors[$0] != nil } }

  /// Whether `handler` implements `message` on `host`: it adopts the message's capability for
  /// that host, or it implements the platform's own method (`respondsTo` answers for the
  /// selector, as `NSObject.responds(to:)` does).
  ///
  /// A UIKit host's ``ListHost/handler(_:implements:)`` answers with this, so a view controller
  /// that implements `tableView(_:didSelectRowAt:)` is as much a handler as one that adopts
  /// ``ListDidSelectHandling``.
  public func handler<Host: ListHost>(
    _ handler: AnyObject, implements message: ListMessage, on host: Host.Type,
    respondsTo: (_ selector: String, _ handler: AnyObject) -> Bool
  ) -> Bool {
    if message.isImplemented(by: handler, on: host) { return true }
    guard let selector = selectors[message] else { return false }
    return respondsTo(selector, handler)
  }

  /// `"UITableView: 19 selectors"`.
  public var description: String { "\(hostName): \(selectors.count) selectors" }

  /// `UITableView`'s data source, prefetching data source and delegate.
  public static let tableView = ListSelectorTable(
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
    ])

  /// `UICollectionView`'s data source, prefetching data source and delegate.
  ///
  /// ``ListMessage/willSelectRow`` is `collectionView:shouldSelectItemAtIndexPath:`, which can
  /// only allow or cancel. Sizes (`UICollectionViewDelegateFlowLayout`) are not modeled: they
  /// are forwarded to the handler that implements them.
  public static let collectionView = ListSelectorTable(
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
    ])
}
