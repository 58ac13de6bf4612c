/// A row of a heterogeneous list that accepts visitors: usually an enum with one case per kind.
///
/// ```swift
/// enum FeedRow: VisitableRow {
///   case post(Post), photo(Photo), ad(Ad)
///
///   static var kindSamples: [FeedRow] { [.post(.sample), .photo(.sample), .ad(.sample)] }
///   var kindName: String {
///     switch self { case .post: "post"; case .photo: "photo"; case .ad: "ad" }
///   }
/// }
/// ```
///
/// Each operation over rows is a ``RowVisitor`` whose `visit` switches over the cases without a
/// `default`, so adding a row kind does not compile until every operation handles it.
public protocol VisitableRow {
  /// One row of every kind, which ``VisitorDataSource`` visits at setup to check that every
  /// operation handles every kind.
  static var kindSamples: [Self] { get }
  /// The name of this row's kind, for error messages.
  var kindName: String { get }
}

extension VisitableRow {
  /// Lets `visitor` carry out its operation on this row.
  @MainActor
  public func accept<Visitor: RowVisitor>(_ visitor: Visitor) -> Visitor.Result
  where Visitor.Row == Self {
    visitor.visit(self)
  }
}

/// One operation over every kind of row, such as "which cell", "how tall" or "how to configure".
///
/// Adding an operation is adding a visitor; no data source changes.
///
/// ```swift
/// struct FeedHeights: RowVisitor {
///   func visit(_ row: FeedRow) -> RowHeight {
///     switch row {
///     case .post: 64
///     case .photo: 200
///     case .ad: .automatic
///     }
///   }
/// }
/// ```
@MainActor
public protocol RowVisitor<Row, Result> {
  /// The rows this visitor handles.
  associatedtype Row: VisitableRow
  /// What the operation produces for a row.
  associatedtype Result
  /// Carries out the operation for `row`.
  func visit(_ row: Row) -> Result
}
