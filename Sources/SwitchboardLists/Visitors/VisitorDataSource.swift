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
/// At setup every visitor visits one row of every kind (``VisitableRow/kindSamples``); an
/// `.unhandled` answer, or a configuration for another cell type than the cell-kind visitor
/// names, throws ``VisitorSetupError``. Cells are registered lazily from the cell-kind answers.
@MainActor
public final class VisitorDataSource<Host: ListHost, Row: VisitableRow> {
  /// The rows, in order, all in one section.
  public var rows: [Row]
  private let cellKind: (Row) -> RowCellKind
  private let height: (Row) -> RowHeight
  private let configuration: (Row) -> RowConfiguration

  /// Creates a data source and checks its visitors against every row kind.
  ///
  /// - Throws: ``VisitorSetupError`` listing every unhandled kind, or the first mismatch between
  ///   cell kind and configuration.
  public init<Cells: RowVisitor, Heights: RowVisitor, Configuration: RowVisitor>(
    rows: [Row], cellKinds: Cells, heights: Heights, configuration: Configuration
  ) throws(VisitorSetupError)
  where
    Cells.Row == Row, Cells.Result == RowCellKind, Heights.Row == Row,
    Heights.Result == RowHeight, Configuration.Row == Row,
    Configuration.Result == RowConfiguration
  {
    var unhandled: [VisitorSetupError.UnhandledKind] = []
    for sample in Row.kindSamples {
      let kind = sample.kindName
      let cell = sample.accept(cellKinds)
      if cell == .unhandled { unhandled.append(.init(visitor: "\(Cells.self)", kind: kind)) }
      if sample.accept(heights) == .unhandled {
        unhandled.append(.init(visitor: "\(Heights.self)", kind: kind))
      }
      let configure = sample.accept(configuration)
      guard let configured = configure.cellTypeName else {
        unhandled.append(.init(visitor: "\(Configuration.self)", kind: kind))
        continue
      }
      if let cellName = cell.cellTypeName, configured != cellName {
        throw .configurationMismatch(kind: kind, cell: cellName, configures: configured)
      }
    }
    guard unhandled.isEmpty else { throw .unhandledKinds(unhandled) }
    self.rows = rows
    self.cellKind = { $0.accept(cellKinds) }
    self.height = { $0.accept(heights) }
    self.configuration = { $0.accept(configuration) }
  }
}

extension VisitorDataSource: ListRowCounting, ListCellProviding, ListDelegate {
  /// The number of rows.
  public func numberOfRows(inSection section: Int) -> Int { rows.count }

  /// The row's cell: the cell-kind visitor's type (registered on first use), configured by the
  /// configuration visitor.
  ///
  /// - Throws: ``VisitorSetupError/configurationFailed(kind:cell:)`` when the configuration does
  ///   not apply to the cell, and ``ListViewError/cellTypeNotForHost(cell:host:hostCell:)`` when
  ///   the cell type is not one of `Host`'s.
  public func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell {
    let row = rows[indexPath.row]
    guard let cellType = cellKind(row).cellType else {
      throw VisitorSetupError.unhandledKinds([.init(visitor: "cell kinds", kind: row.kindName)])
    }
    guard let hostCellType = cellType as? Host.Cell.Type else {
      throw ListViewError.cellTypeNotForHost(
        cell: "\(cellType)", host: "\(Host.self)", hostCell: "\(Host.Cell.self)")
    }
    let cell = try host.dequeueCell(of: hostCellType, for: indexPath)
    guard configuration(row).apply(cell) else {
      throw VisitorSetupError.configurationFailed(kind: row.kindName, cell: "\(type(of: cell))")
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
