import Foundation

/// A column of a table that has several (AppKit's `NSTableView`): which cell a cell provider is
/// asked for.
///
/// A table with columns asks its cell provider once per column of each row, and once for a group
/// row, whose one cell spans every column (AppKit asks with no column).
///
/// ```swift
/// let title = column.isGroupRow ? "Section" : column.identifier ?? ""
/// ```
public struct ListColumn: Hashable, Sendable, CustomStringConvertible {
  /// The column's identifier (`NSTableColumn.identifier`); `nil` for a group row.
  public let identifier: String?
  /// The column's position among the table's columns, from 0; `nil` for a group row.
  public let index: Int?

  /// The column `identifier`, at position `index` among the table's columns.
  ///
  /// ```swift
  /// let size = ListColumn(identifier: "size", index: 1)
  /// ```
  public init(identifier: String, index: Int) {
    self.identifier = identifier
    self.index = index
  }

  private init() {
    identifier = nil
    index = nil
  }

  /// A group row's cell, the width of the table.
  ///
  /// ```swift
  /// let spansTheTable = column == .groupRow
  /// ```
  public static let groupRow = ListColumn()

  /// Whether this is a group row's cell, the width of the table.
  public var isGroupRow: Bool { index == nil }

  /// `"name"`, or `"group row"`.
  public var description: String { identifier ?? "group row" }
}

/// A host whose rows have several cells, one per column (AppKit's `NSTableView`).
///
/// Its cell providers are asked per column: a ``ListColumnCellProviding`` handler for the
/// columns it makes, a ``ListCellProviding`` one for the first column and group rows. A host
/// without columns asks only the latter.
@MainActor protocol ListColumnHost: ListHost {}

/// Implements ``ListMessage/cellForRow`` for some columns of a table with several (AppKit's
/// `NSTableView`).
///
/// A column it leaves (`nil`) goes to the next handler that makes cells, then to the table's
/// own view for it. A host without columns (`UITableView`, the headless hosts) never asks it.
///
/// <!-- snippet-appkit -->
/// ```swift
/// extension FilesScreen: ListColumnCellProviding {
///   func cellForRow(at indexPath: IndexPath, column: ListColumn, in tableView: NSTableView)
///     throws -> NSView?
///   {
///     guard column.identifier == "size" else { return nil }
///     let cell = try tableView.dequeueCell(SizeCellView.self, for: indexPath)
///     cell.show(files[indexPath.row].size)
///     return cell
///   }
/// }
/// ```
@MainActor public protocol ListColumnCellProviding<Host>: AnyObject {
  /// The kind of host this handler makes cells for.
  associatedtype Host: ListHost
  /// The cell of `column` for the row at `indexPath`, usually dequeued from `host`, or `nil` to
  /// leave that column to the next handler.
  ///
  /// - Throws: Errors from dequeueing, or your own: reported, and the table's own view shown.
  func cellForRow(at indexPath: IndexPath, column: ListColumn, in host: Host) throws -> Host.Cell?
}
