/// What a cell-kind visitor answers for a row: the cell type and its reuse identifier.
///
/// ```swift
/// case .photo: .cell(PhotoCell.self)          // reuse identifier "PhotoCell"
/// ```
public struct RowCellKind: Equatable, Sendable {
  /// The reuse identifier; `nil` when the visitor does not handle the row.
  public let reuseIdentifier: String?
  let cellTypeName: String
  let cellType: ListCell.Type?

  /// The row uses `cellType`, registered under `reuseIdentifier` (by default the type's name).
  public static func cell<Cell: ListCell>(_ cellType: Cell.Type, reuseIdentifier: String? = nil)
    -> RowCellKind
  {
    RowCellKind(
      reuseIdentifier: reuseIdentifier ?? String(describing: Cell.self),
      cellTypeName: String(describing: Cell.self), cellType: cellType)
  }

  /// The visitor does not handle this kind of row.
  ///
  /// ``VisitorDataSource`` rejects it at setup.
  public static let unhandled = RowCellKind(reuseIdentifier: nil, cellTypeName: "", cellType: nil)

  /// Equal when the same type is used under the same identifier.
  public static func == (lhs: RowCellKind, rhs: RowCellKind) -> Bool {
    lhs.reuseIdentifier == rhs.reuseIdentifier && lhs.cellTypeName == rhs.cellTypeName
  }
}

/// What a height visitor answers for a row.
///
/// Write a number for a fixed height: `case .post: 64`.
public enum RowHeight: Equatable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// This many points.
  case points(Double)
  /// The list's row height.
  case automatic
  /// The visitor does not handle this kind of row. ``VisitorDataSource`` rejects it at setup.
  case unhandled

  /// A fixed height.
  public init(floatLiteral value: Double) { self = .points(value) }
  /// A fixed height.
  public init(integerLiteral value: Int) { self = .points(Double(value)) }
}

/// What a configuration visitor answers for a row: how to fill its cell, typed by the cell.
///
/// The closure receives the cell as its own type, so there is no cast to get wrong:
///
/// ```swift
/// case .post(let post): .configure(PostCell.self) { cell in cell.show(post) }
/// ```
///
/// ``VisitorDataSource`` checks at setup that each kind's configuration targets the cell type its
/// cell-kind visitor names.
@MainActor
public struct RowConfiguration {
  let cellTypeName: String?
  let apply: (ListCell) -> Bool

  /// Configure the row's cell, which must be a `Cell`.
  public static func configure<Cell: ListCell>(
    _ cellType: Cell.Type, _ body: @escaping (Cell) -> Void
  ) -> RowConfiguration {
    RowConfiguration(cellTypeName: String(describing: Cell.self)) { cell in
      guard let typed = cell as? Cell else { return false }
      body(typed)
      return true
    }
  }

  /// The visitor does not handle this kind of row.
  ///
  /// ``VisitorDataSource`` rejects it at setup.
  public static var unhandled: RowConfiguration {
    RowConfiguration(cellTypeName: nil) { _ in false }
  }
}
