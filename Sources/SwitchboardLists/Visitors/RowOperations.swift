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
/// struct FeedConfiguration: RowVisitor {
///   func visit(_ row: FeedRow) -> RowConfiguration {
///     switch row {
///     case .post(let post): .configure(PostCell.self) { cell in cell.show(post) }
///     case .photo(let photo): .configure(PhotoCell.self) { cell in cell.show(photo) }
///     case .ad(let ad): .configure(AdCell.self) { cell in cell.show(ad) }
///     }
///   }
/// }
/// ```
///
/// ``VisitorDataSource`` checks at setup that each kind's configuration targets the cell type its
/// cell-kind visitor names.
@MainActor
public struct RowConfiguration {
  let cellTypeName: String?
  let apply: (AnyObject) -> Bool

  /// Configure the row's cell, which must be a `Cell`.
  public static func configure<Cell: AnyObject>(
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
