import Foundation

/// A view that shows sections of rows (or a collection's items) from a data source and a
/// delegate: ``ListView``, ``CollectionView``, or a UIKit table or collection view through an
/// adapter.
///
/// The view half of the list vocabulary is generic over the host: a cell provider for
/// ``ListView`` and ``CollectionView`` return ``ListCell``s.
/// Every pattern (``ListProxy``, ``SectionedDataSource``, ``ModelListDataSource``,
/// ``VisitorDataSource``, ``Paginating``) works with any host through this protocol.
///
/// To add a host of your own, give its cell type, dequeue cells by type, and apply batch
/// updates:
///
/// ```swift
/// extension MyGrid: ListHost {
///   func dequeueCell(of cellType: MyGridCell.Type, for indexPath: IndexPath)
///     throws(ListViewError) -> MyGridCell { reusedCell(for: indexPath) ?? cellType.init() }
///   func apply(_ update: ListUpdate) throws(ListViewError) { animate(update) }
///   func reloadData() throws(ListViewError) { redraw() }
///   var needsMoreContent: Bool { contentHeight < visibleHeight }
/// }
/// ```
@MainActor
public protocol ListHost: AnyObject {
  /// The base class of the host's cells.
  associatedtype Cell: AnyObject

  /// Whether `handler` implements `message` when it serves this kind of host.
  ///
  /// The default checks the message's capability, specialized to this host for view messages
  /// (``ListMessage/isImplemented(by:on:)``). A host whose handlers may also implement a
  /// platform's own protocol (a UIKit view controller's `tableView(_:cellForRowAt:)`) answers
  /// for those too. ``ListProxy`` asks this once per handler and message.
  nonisolated static func handler(_ handler: AnyObject, implements message: ListMessage) -> Bool

  /// A cell of exactly `cellType` for the row at `indexPath`: a reused one, or a new one.
  ///
  /// Hosts register a cell type the first time it is dequeued, so user code names types, not
  /// reuse strings. This is the host's side: cell providers call ``dequeueCell(_:for:)``, which
  /// returns the type they name.
  func dequeueCell(of cellType: Cell.Type, for indexPath: IndexPath) throws(ListViewError) -> Cell

  /// Applies `update` after the data source changed its data; throws when it does not add up.
  func apply(_ update: ListUpdate) throws(ListViewError)

  /// Shows the data source's data anew, as after a change no update describes (or one that did
  /// not add up).
  func reloadData() throws(ListViewError)

  /// Whether the content is shorter than the visible window, so more rows should be loaded.
  var needsMoreContent: Bool { get }
}

extension ListHost {
  /// The message's capability, specialized to this host for view messages.
  public nonisolated static func handler(
    _ handler: AnyObject, implements message: ListMessage
  ) -> Bool {
    message.isImplemented(by: handler, on: Self.self)
  }

  /// A cell of type `cellType` for the row at `indexPath`, registered on first use.
  ///
  /// ```swift
  /// let cell = try list.dequeueCell(TodoCell.self, for: indexPath)
  /// ```
  ///
  /// - Throws: ``ListViewError/cellTypeNotForHost(cell:host:hostCell:)`` when `cellType` is not
  ///   a cell of this host, and the host's own errors.
  public func dequeueCell<Typed: AnyObject>(_ cellType: Typed.Type, for indexPath: IndexPath)
    throws(ListViewError) -> Typed
  {
    guard let hostCellType = cellType as? Cell.Type else {
      throw .cellTypeNotForHost(cell: "\(cellType)", host: "\(Self.self)", hostCell: "\(Cell.self)")
    }
    let cell = try dequeueCell(of: hostCellType, for: indexPath)
    guard let typed = cell as? Typed else {
      throw .cellTypeMismatch(
        reuseIdentifier: String(reflecting: cellType), expected: "\(cellType)",
        actual: "\(type(of: cell))")
    }
    return typed
  }

  /// Applies several changes at once, after the data source has changed its data.
  ///
  /// The host checks the update the way UIKit does: for every section, rows after = rows
  /// before + inserted − deleted (± moved), against its data source's new counts. When it does
  /// not add up, or names rows that do not exist, the host throws and keeps exactly the state
  /// it had.
  ///
  /// ```swift
  /// model.items.append("Buy bread")
  /// try list.performBatchUpdates { $0.insertRows(at: [IndexPath(row: 2, section: 0)]) }
  /// ```
  public func performBatchUpdates(_ build: (inout ListUpdate) -> Void) throws(ListViewError) {
    var update = ListUpdate()
    build(&update)
    try apply(update)
  }

  /// Inserts rows (index paths after the change) in a batch of their own.
  public func insertRows(at indexPaths: [IndexPath]) throws(ListViewError) {
    try apply(ListUpdate(insertingRowsAt: indexPaths))
  }
}

/// Section changes in a batch of their own, for the hosts whose cells are ``ListCell``s (the
/// headless ``ListView`` and ``CollectionView``); UIKit's views have their own methods of these
/// names.
///
/// ```swift
/// model.folders.remove(at: 2)
/// try list.deleteSections([2])
/// ```
extension ListHost where Cell == ListCell {
  /// Inserts sections (indices after the change) in a batch of their own.
  public func insertSections(_ sections: [Int]) throws(ListViewError) {
    try performBatchUpdates { $0.insertSections(sections) }
  }

  /// Deletes sections, rows and all (indices before the change), in a batch of their own.
  public func deleteSections(_ sections: [Int]) throws(ListViewError) {
    try performBatchUpdates { $0.deleteSections(sections) }
  }

  /// Moves a section, rows and all, in a batch of its own.
  public func moveSection(_ section: Int, toSection newSection: Int) throws(ListViewError) {
    try performBatchUpdates { $0.moveSection(section, toSection: newSection) }
  }

  /// Reads every row of sections again (indices before the change), in a batch of their own.
  public func reloadSections(_ sections: [Int]) throws(ListViewError) {
    try performBatchUpdates { $0.reloadSections(sections) }
  }
}

/// A host with supplementary views by kind, such as ``CollectionView``'s section headers and
/// footers.
@MainActor
public protocol SupplementaryViewHost: ListHost {
  /// The base class of the host's supplementary views.
  associatedtype SupplementaryView: AnyObject

  /// A supplementary view of exactly `viewType` for `kind` at `indexPath`: a reused one, or a
  /// new one. Hosts register a view type the first time it is dequeued.
  func dequeueSupplementaryView(
    of viewType: SupplementaryView.Type, ofKind kind: SupplementaryKind, for indexPath: IndexPath
  ) throws(ListViewError) -> SupplementaryView
}

extension SupplementaryViewHost {
  /// A supplementary view of type `viewType` for `kind` at `indexPath`, registered on first use.
  ///
  /// ```swift
  /// let header = try grid.dequeueSupplementaryView(TitleView.self, ofKind: .header, for: indexPath)
  /// ```
  ///
  /// - Throws: ``ListViewError/cellTypeNotForHost(cell:host:hostCell:)`` when `viewType` is not
  ///   a supplementary view of this host, and the host's own errors.
  public func dequeueSupplementaryView<Typed: AnyObject>(
    _ viewType: Typed.Type, ofKind kind: SupplementaryKind, for indexPath: IndexPath
  ) throws(ListViewError) -> Typed {
    guard let hostViewType = viewType as? SupplementaryView.Type else {
      throw .cellTypeNotForHost(
        cell: "\(viewType)", host: "\(Self.self)", hostCell: "\(SupplementaryView.self)")
    }
    let view = try dequeueSupplementaryView(of: hostViewType, ofKind: kind, for: indexPath)
    guard let typed = view as? Typed else {
      throw .cellTypeMismatch(
        reuseIdentifier: String(reflecting: viewType), expected: "\(viewType)",
        actual: "\(type(of: view))")
    }
    return typed
  }
}

/// The kind of a supplementary view: the string a layout names it with, such as
/// `UICollectionView.elementKindSectionHeader`, unchanged.
///
/// ``header`` and ``footer`` are UIKit's section header and footer kinds, on every host; a
/// layout's own kinds are their names:
///
/// ```swift
/// extension SupplementaryKind { static let badge: SupplementaryKind = "badge" }
/// ```
public struct SupplementaryKind: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The kind's name.
  public let rawValue: String
  /// A kind named `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }
  /// A kind named by a string literal.
  public init(stringLiteral value: String) { self.init(value) }
  /// A section's header: `UICollectionView.elementKindSectionHeader`.
  public static let header: SupplementaryKind = "UICollectionElementKindSectionHeader"
  /// A section's footer: `UICollectionView.elementKindSectionFooter`.
  public static let footer: SupplementaryKind = "UICollectionElementKindSectionFooter"
  /// `"header"` and `"footer"` for the section kinds, the name for any other.
  public var description: String {
    switch self {
    case .header: "header"
    case .footer: "footer"
    default: rawValue
    }
  }
}
