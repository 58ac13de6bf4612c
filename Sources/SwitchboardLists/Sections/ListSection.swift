import Foundation

/// One section of a list as its own small data-source object, seeing only its own rows.
///
/// Instead of one data source that switches on `indexPath.section`, give each section an object
/// and let ``SectionedDataSource`` forward every call to the right one, with section-local row
/// numbers. Adding, removing or reordering sections then changes no other code.
///
/// Only ``numberOfRows`` and ``cell(forRow:at:in:)`` are required; every other member has a
/// default that gives the host's behaviour (no titles, the list's row height, nothing on
/// selection).
///
/// A row's calls name it twice: `row`, its number within the section, and `indexPath`, where the
/// host shows it right now (for dequeuing a cell, or for an update). The index path changes when
/// sections are added, removed or reordered; do not store it.
///
/// ```swift
/// final class InputSection: ListSection {
///   var draft = ""
///   var numberOfRows: Int { 1 }
///   var headerTitle: String? { "New" }
///   func cell(forRow row: Int, at indexPath: IndexPath, in list: ListView) throws -> ListCell {
///     let cell = try list.dequeueCell(ListCell.self, for: indexPath)
///     cell.text = "+ \(draft)"
///     return cell
///   }
///   func didSelectRow(_ row: Int, at indexPath: IndexPath, in list: ListView) { /* add the draft */ }
/// }
/// ```
///
/// A section is written for one kind of host (its cells are that host's cells); make it generic
/// over the host when it should serve several.
@MainActor
public protocol ListSection<Host>: AnyObject {
  /// The kind of host the section makes cells for.
  associatedtype Host: ListHost
  /// The number of rows in this section.
  var numberOfRows: Int { get }
  /// The cell for `row`, a row number within this section, shown at `indexPath` in `host`.
  func cell(forRow row: Int, at indexPath: IndexPath, in host: Host) throws -> Host.Cell

  /// The header title; none by default.
  var headerTitle: String? { get }
  /// The footer title; none by default.
  var footerTitle: String? { get }
  /// The height of `row`, or `nil` for the list's ``ListView/rowHeight`` (the default).
  func height(forRow row: Int, at indexPath: IndexPath, in host: Host) -> Double?
  /// `row` is about to appear; nothing by default.
  func willDisplayRow(_ row: Int, cell: Host.Cell, at indexPath: IndexPath, in host: Host)
  /// `row` was selected; nothing by default.
  func didSelectRow(_ row: Int, at indexPath: IndexPath, in host: Host)
  /// Whether `row` can be edited; `false` by default.
  func canEditRow(_ row: Int) -> Bool
  /// Applies the user's edit of `row` (at `indexPath` in the list) to the section's data, and
  /// answers the matching update; an empty update by default.
  ///
  /// ```swift
  /// func commitEdit(_ style: ListEditingStyle, forRow row: Int, at indexPath: IndexPath) -> ListUpdate {
  ///   items.remove(at: row)
  ///   return ListUpdate(deletingRowsAt: [indexPath])
  /// }
  /// ```
  func commitEdit(_ style: ListEditingStyle, forRow row: Int, at indexPath: IndexPath)
    -> ListUpdate
}

extension ListSection {
  /// No header.
  public var headerTitle: String? { nil }
  /// No footer.
  public var footerTitle: String? { nil }
  /// The list's row height.
  public func height(forRow row: Int, at indexPath: IndexPath, in host: Host) -> Double? { nil }
  /// Nothing.
  public func willDisplayRow(_ row: Int, cell: Host.Cell, at indexPath: IndexPath, in host: Host) {}
  /// Nothing.
  public func didSelectRow(_ row: Int, at indexPath: IndexPath, in host: Host) {}
  /// Not editable.
  public func canEditRow(_ row: Int) -> Bool { false }
  /// No change.
  public func commitEdit(_ style: ListEditingStyle, forRow row: Int, at indexPath: IndexPath)
    -> ListUpdate
  { ListUpdate() }
}
