#if os(macOS)
import AppKit

extension BatchUpdating where Self: NSView {
  var isInWindow: Bool { window != nil }
}

extension ObjectiveCRuntime {
  /// The runtime for `NSTableView`'s protocols.
  static let appKitTableView = ObjectiveCRuntime(
    protocols: [
      (NSTableViewDataSource.self, "dataSource"), (NSTableViewDelegate.self, "delegate"),
    ],
    controllers: [])

  /// The runtime for `NSCollectionView`'s protocols, flow layout's delegate included.
  static let appKitCollectionView = ObjectiveCRuntime(
    protocols: [
      (NSCollectionViewDataSource.self, "dataSource"),
      (NSCollectionViewDelegate.self, "delegate"),
      (NSCollectionViewDelegateFlowLayout.self, "delegate"),
      (NSCollectionViewPrefetching.self, "prefetchDataSource"),
    ],
    controllers: [])

  /// The runtime for `NSOutlineView`'s protocols.
  static let appKitOutlineView = ObjectiveCRuntime(
    protocols: [
      (NSOutlineViewDataSource.self, "dataSource"), (NSOutlineViewDelegate.self, "delegate"),
    ],
    controllers: [])
}

extension NSTableView: ProxiedListView, ListColumnHost {
  nonisolated static var listSelectors: ListSelectorTable { .appKitTableView }
  nonisolated static var listRuntime: ObjectiveCRuntime { .appKitTableView }
  static var protocolsWithRequiredMethods: [Protocol] { [] }
  var listProperties: ViewProperties {
    ViewProperties(of: self, dataSource: \.dataSource, delegate: \.delegate)
  }

  /// `NSTableView`'s own answer: rows are as high as its `rowHeight`.
  func platformDefault(for message: ListMessage) -> Any? {
    message == .heightForRow ? Double(rowHeight) : nil
  }

  /// An empty view: a table shows no view for a row whose delegate makes none.
  func fallbackCell(at indexPath: IndexPath) -> NSView { NSView() }

  /// The column a cell request names; a request without one is a group row's.
  func column(of arguments: MessageArguments) -> ListColumn? {
    guard let column = arguments.first(NSTableColumn.self) else { return .groupRow }
    return ListColumn(
      identifier: column.identifier.rawValue, index: tableColumns.firstIndex(of: column) ?? 0)
  }

  /// AppKit's own view for a column no handler makes: the one registered (in a storyboard or
  /// with `register(_:forIdentifier:)`) under the column's identifier, or an empty view.
  func fallbackCell(at indexPath: IndexPath, column: ListColumn) -> NSView {
    column.identifier.flatMap {
      makeView(withIdentifier: NSUserInterfaceItemIdentifier($0), owner: delegate)
    } ?? NSView()
  }

  /// A table asks `tableView(_:shouldSelectRow:)`, yes or no.
  var selectsByAllowing: Bool { true }

  /// Selects the row; the table posts its selection-did-change notification to its delegate.
  func selectRow(at indexPath: IndexPath) {
    selectRowIndexes(IndexSet(integer: indexPath.row), byExtendingSelection: false)
  }

  /// A table names a row by its index (``MessageArguments/rowIndexed(_:)``).
  func listArguments(_ values: [Any]) -> MessageArguments { .rowIndexed(values) }
}

extension NSCollectionView: ProxiedListView, SupplementaryProxyHost {
  nonisolated static var listSelectors: ListSelectorTable { .appKitCollectionView }
  nonisolated static var listRuntime: ObjectiveCRuntime { .appKitCollectionView }
  static var protocolsWithRequiredMethods: [Protocol] {
    [NSCollectionViewDataSource.self, NSCollectionViewPrefetching.self]
  }
  var listProperties: ViewProperties {
    ViewProperties(
      of: self, dataSource: \.dataSource, delegate: \.delegate,
      prefetchDataSource: \.prefetchDataSource)
  }

  func platformDefault(for message: ListMessage) -> Any? { nil }

  /// An empty item of a class registered for the purpose: a collection view needs an item for
  /// every index path it asks about.
  func fallbackCell(at indexPath: IndexPath) -> NSCollectionViewItem {
    reusableCell(FallbackItem.self, as: "Switchboard.FallbackItem", for: indexPath)
  }

  /// An empty supplementary view of `kind`, made for the same reason.
  func fallbackSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> NSView {
    reusableSupplementaryView(
      FallbackSupplementaryView.self, ofKind: kind, as: "Switchboard.FallbackView", for: indexPath)
  }

  var selectsByAllowing: Bool { false }

  func selectRow(at indexPath: IndexPath) {
    selectItems(at: [indexPath], scrollPosition: [])
    delegate?.collectionView?(self, didSelectItemsAt: [indexPath])
  }

  /// AppKit's section header and footer kinds are ``SupplementaryKind/header`` and
  /// ``SupplementaryKind/footer``.
  func supplementaryKind(named name: String) -> SupplementaryKind {
    switch name {
    case NSCollectionView.elementKindSectionHeader: .header
    case NSCollectionView.elementKindSectionFooter: .footer
    default: SupplementaryKind(name)
    }
  }
}

extension SupplementaryKind {
  /// The kind as AppKit names it.
  @MainActor var appKitName: String {
    switch self {
    case .header: NSCollectionView.elementKindSectionHeader
    case .footer: NSCollectionView.elementKindSectionFooter
    default: rawValue
    }
  }
}

/// The item a collection view shows where no handler makes one: an empty view, made in code
/// (an `NSCollectionViewItem` without a nib must make its view).
private final class FallbackItem: NSCollectionViewItem {
  override func loadView() { view = NSView() }
}

/// The supplementary view a collection view shows where no handler makes one.
private final class FallbackSupplementaryView: NSView, NSCollectionViewElement {}
#endif
