import Foundation

/// One section of a list as its own small data-source object, seeing only its own rows.
///
/// Instead of one data source that switches on `indexPath.section`, give each section an object
/// and let ``SectionedDataSource`` forward every call to the right one, with section-local row
/// numbers. Adding, removing or reordering sections then changes no other code.
///
/// Only ``numberOfRows`` and ``cell(forRow:in:)`` are required; every other member has a default
/// that gives the host's behaviour (no titles, the list's row height, nothing on selection).
///
/// ```swift
/// final class InputSection: ListSection {
///   var draft = ""
///   var numberOfRows: Int { 1 }
///   var headerTitle: String? { "New" }
///   func cell(forRow row: Int, in context: ListSectionContext) throws -> ListCell {
///     let cell = try context.dequeueReusableCell(withIdentifier: "input", forRow: row)
///     cell.text = "+ \(draft)"
///     return cell
///   }
///   func didSelectRow(_ row: Int, in context: ListSectionContext) { /* add the draft */ }
/// }
/// ```
@MainActor
public protocol ListSection: AnyObject {
  /// The number of rows in this section.
  var numberOfRows: Int { get }
  /// The cell for `row`, a row number within this section.
  func cell(forRow row: Int, in context: ListSectionContext) throws -> ListCell

  /// The header title; none by default.
  var headerTitle: String? { get }
  /// The footer title; none by default.
  var footerTitle: String? { get }
  /// The height of `row`, or `nil` for the list's ``ListView/rowHeight`` (the default).
  func height(forRow row: Int, in context: ListSectionContext) -> Double?
  /// `row` is about to appear; nothing by default.
  func willDisplayRow(_ row: Int, cell: ListCell, in context: ListSectionContext)
  /// `row` was selected; nothing by default.
  func didSelectRow(_ row: Int, in context: ListSectionContext)
  /// Whether `row` can be edited; `false` by default.
  func canEditRow(_ row: Int, in context: ListSectionContext) -> Bool
  /// Applies the user's edit of `row`; nothing by default.
  func commitEdit(_ style: ListEditingStyle, forRow row: Int, in context: ListSectionContext)
}

extension ListSection {
  /// No header.
  public var headerTitle: String? { nil }
  /// No footer.
  public var footerTitle: String? { nil }
  /// The list's row height.
  public func height(forRow row: Int, in context: ListSectionContext) -> Double? { nil }
  /// Nothing.
  public func willDisplayRow(_ row: Int, cell: ListCell, in context: ListSectionContext) {}
  /// Nothing.
  public func didSelectRow(_ row: Int, in context: ListSectionContext) {}
  /// Not editable.
  public func canEditRow(_ row: Int, in context: ListSectionContext) -> Bool { false }
  /// Nothing.
  public func commitEdit(_ style: ListEditingStyle, forRow row: Int, in context: ListSectionContext)
  {}
}

/// What a ``ListSection`` may know about where it is shown: the list and its own section index.
///
/// Sections work with row numbers; the context turns them into index paths where the list needs
/// them.
@MainActor
public struct ListSectionContext {
  /// The list showing the section.
  public let list: ListView
  /// The section's index in the list right now.
  ///
  /// It changes when sections are reordered; do not store it.
  public let section: Int

  /// Creates a context.
  public init(list: ListView, section: Int) {
    self.list = list
    self.section = section
  }

  /// The list's index path for `row` of this section.
  public func indexPath(forRow row: Int) -> IndexPath {
    IndexPath(row: row, section: section)
  }

  /// Dequeues a cell for `row` of this section; see ``ListView/dequeueReusableCell(withIdentifier:for:)``.
  public func dequeueReusableCell(withIdentifier identifier: String, forRow row: Int)
    throws(ListViewError)
    -> ListCell
  {
    try list.dequeueReusableCell(withIdentifier: identifier, for: indexPath(forRow: row))
  }
}
