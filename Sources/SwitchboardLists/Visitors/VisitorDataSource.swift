import Foundation

/// A list data source for visitable rows: one visitor says which cell each row uses, one how
/// tall it is, one how to configure its cell.
///
/// ```swift
/// let source = try VisitorDataSource<ListView, FeedRow>(
///   rows: feed, cellKinds: FeedCells(), heights: FeedHeights(), configuration: FeedConfiguration())
/// list.dataSource = source
/// list.delegate = source
/// ```
///
/// The cell-kind visitor answers a cell type (`nil` for a kind it does not handle), the height
/// visitor a ``RowHeight``, the configuration visitor a ``RowConfiguration``.
///
/// At setup every visitor visits one row of every kind (``VisitableRow/kindSamples``); an
/// unhandled answer, or a configuration for another cell type than the cell-kind visitor
/// names, throws a ``ListViewError``. Cells are registered lazily from the cell-kind answers.
@MainActor
public final class VisitorDataSource<Host: ListHost, Row: VisitableRow> {
  /// The rows, in order, all in one section.
  public var rows: [Row]
  private let cellKind: (Row) -> AnyObject.Type?
  private let height: (Row) -> RowHeight
  private let configuration: (Row) -> RowConfiguration

  /// Creates a data source and checks its visitors against every row kind.
  ///
  /// - Throws: ``ListViewError/unhandledRowKinds(_:)`` listing every unhandled kind, or
  ///   ``ListViewError/rowConfigurationMismatch(kind:cell:configures:)`` for the first kind whose
  ///   configuration targets another cell type.
  public init<Cells: RowVisitor, Heights: RowVisitor, Configuration: RowVisitor>(
    rows: [Row], cellKinds: Cells, heights: Heights, configuration: Configuration
  ) throws(ListViewError)
  where
    Cells.Row == Row, Cells.Result == AnyObject.Type?, Heights.Row == Row,
    Heights.Result == RowHeight, Configuration.Row == Row,
    Configuration.Result == RowConfiguration
  {
    var unhandled: [String: [String]] = [:]
    for sample in Row.kindSamples {
      let kind = sample.kindName
      let cell: AnyObject.Type? = sample.accept(cellKinds)
      if cell == nil { unhandled["\(Cells.self)", default: []].append(kind) }
      if sample.accept(heights) == .unhandled {
        unhandled["\(Heights.self)", default: []].append(kind)
      }
      guard let configured = sample.accept(configuration).cellTypeName else {
        unhandled["\(Configuration.self)", default: []].append(kind)
        continue
      }
      if let cell, configured != "\(cell)" {
        throw .rowConfigurationMismatch(kind: kind, cell: "\(cell)", configures: configured)
      }
    }
    guard unhandled.isEmpty else { throw .unhandledRowKinds(unhandled) }
    self.rows = rows
    self.cellKind = { $0.accept(cellKinds) }
    self.height = { $0.accept(heights) }
    self.configuration = { $0.accept(configuration) }
  }
}

extension VisitorDataSource: ListRowCounting, ListCellProviding {
  /// The number of rows.
  public func numberOfRows(inSection section: Int) -> Int { rows.count }

  /// The row's cell: the cell-kind visitor's type (registered on first use), configured by the
  /// configuration visitor.
  ///
  /// - Throws: ``ListViewError/rowConfigurationFailed(kind:cell:)`` when the configuration does
  ///   not apply to the cell, and ``ListViewError/cellTypeNotForHost(cell:host:hostCell:)`` when
  ///   the cell type is not one of `Host`'s.
  public func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell {
    let row = rows[indexPath.row]
    guard let cellType = cellKind(row) else {
      throw ListViewError.unhandledRowKinds(["cell kinds": [row.kindName]])
    }
    guard let hostCellType = cellType as? Host.Cell.Type else {
      throw ListViewError.cellTypeNotForHost(
        cell: "\(cellType)", host: "\(Host.self)", hostCell: "\(Host.Cell.self)")
    }
    let cell = try host.dequeueCell(of: hostCellType, for: indexPath)
    guard configuration(row).apply(cell) else {
      throw ListViewError.rowConfigurationFailed(kind: row.kindName, cell: "\(type(of: cell))")
    }
    return cell
  }
}

extension VisitorDataSource: ListRowHeightProviding where Host == ListView {
  /// The height visitor's answer; the list's row height for `.automatic`.
  public func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    switch height(rows[indexPath.row]) {
    case .points(let points): points
    case .automatic, .unhandled: list.rowHeight
    }
  }
}
