import Foundation

/// Why a ``ListView`` could not do what it was asked.
///
/// The list's state is unchanged when an update is rejected.
///
/// ```swift
/// do {
///   try list.insertRows(at: [IndexPath(row: 0, section: 0)])
/// } catch {
///   print(error)
///   // Invalid update in section 0: 3 rows before, 1 inserted, 0 deleted (0 moved in, 0 moved
///   // out), so 4 expected after, but the data source reports 3. Update the data source before
///   // the list, and describe every change.
/// }
/// ```
public enum ListViewError: Error, Equatable, CustomStringConvertible {
  /// A required message (``ListMessage/numberOfRows`` or ``ListMessage/cellForRow``) reaches no
  /// handler. `handlers` lists the handlers asked and whether each implements it.
  case requiredMessageUnhandled(ListMessage, handlers: [String])
  /// The list has rows to show but its data source has been released.
  case dataSourceReleased
  /// A cell was dequeued with an identifier nothing was registered for.
  case unregisteredReuseIdentifier(String, registered: [String])
  /// A dequeued cell is not of the type the caller asked for.
  case cellTypeMismatch(reuseIdentifier: String, expected: String, actual: String)
  /// A cell type was dequeued from a host whose cells it is not, such as a ``ListCell`` subclass
  /// from a ``CollectionView``.
  case cellTypeNotForHost(cell: String, host: String, hostCell: String)
  /// The data source reported a negative count.
  case negativeCount(ListMessage, section: Int?, count: Int)
  /// A batch update does not add up to the data source's new section count.
  case sectionCountMismatch(before: Int, inserted: Int, deleted: Int, after: Int)
  /// A batch update does not add up to the data source's new row count for a section.
  case rowCountMismatch(
    section: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int, after: Int)
  /// A batch update names rows or sections that do not exist, or names one twice.
  case invalidUpdate(String)
  /// An index path outside the list was passed to the list.
  case indexPathOutOfRange(IndexPath, sections: Int, rowsInSection: Int?)
  /// The user tried to edit or move a row its data source does not allow.
  case actionNotAllowed(String, IndexPath)
  /// The cell provider threw an error that is not a `ListViewError`.
  case cellProviderFailed(IndexPath, String)
  /// The data source reports another number of sections than the list shows, without an update.
  case staleSectionCount(shown: Int, dataSource: Int)
  /// The data source reports another number of rows for a section than the list shows, without
  /// an update.
  case staleRowCount(section: Int, shown: Int, dataSource: Int)

  /// A sentence saying what went wrong and what to do.
  public var description: String {
    switch self {
    case .requiredMessageUnhandled(let message, let handlers):
      let listing = handlers.isEmpty ? "none" : handlers.joined(separator: ", ")
      return
        "No handler answers \(message), which a list requires. Handlers asked: \(listing). "
        + "Implement \(message) in one of them, or check the rule for \(message)."
    case .dataSourceReleased:
      return
        "The list has rows but its data source has been released. Keep the data source (or the "
        + "ListProxy) alive for as long as the list shows it."
    case .unregisteredReuseIdentifier(let identifier, let registered):
      let known = registered.isEmpty ? "none" : registered.map { "'\($0)'" }.joined(separator: ", ")
      return
        "No cell type is registered for the reuse identifier '\(identifier)' (registered: "
        + "\(known)). Call register(_:forCellReuseIdentifier:) before dequeuing."
    case .cellTypeMismatch(let identifier, let expected, let actual):
      return
        "The cell registered for '\(identifier)' is a \(actual), not a \(expected). Register "
        + "\(expected) for '\(identifier)' or dequeue the type that is registered."
    case .cellTypeNotForHost(let cell, let host, let hostCell):
      return
        "\(cell) is not a cell of \(host), whose cells are \(hostCell) subclasses. Make the cell "
        + "(or the cell model's Cell) a \(hostCell) subclass, or show it in a host it belongs to."
    case .negativeCount(let message, let section, let count):
      let place = section.map { " for section \($0)" } ?? ""
      return "The data source answered \(message)\(place) with \(count); counts cannot be negative."
    case .sectionCountMismatch(let before, let inserted, let deleted, let after):
      return
        "Invalid update: \(before) sections before, \(inserted) inserted, \(deleted) deleted, so "
        + "\(before + inserted - deleted) expected after, but the data source reports \(after). "
        + "Update the data source before the list, and describe every change."
    case .rowCountMismatch(
      let section, let before, let inserted, let deleted, let movedIn, let movedOut, let after):
      let expected = before + inserted - deleted + movedIn - movedOut
      return
        "Invalid update in section \(section): \(before) rows before, \(inserted) inserted, "
        + "\(deleted) deleted (\(movedIn) moved in, \(movedOut) moved out), so \(expected) "
        + "expected after, but the data source reports \(after). Update the data source before "
        + "the list, and describe every change."
    case .invalidUpdate(let reason):
      return "Invalid update: \(reason)."
    case .indexPathOutOfRange(let indexPath, let sections, let rows):
      let bound =
        rows.map { "section \(indexPath.section) has \($0) rows" }
        ?? "the list has \(sections) sections"
      return "Row \(indexPath.row) of section \(indexPath.section) does not exist: \(bound)."
    case .actionNotAllowed(let action, let indexPath):
      return
        "The data source does not allow \(action) the row at section \(indexPath.section), row "
        + "\(indexPath.row)."
    case .staleSectionCount(let shown, let dataSource):
      return
        "The list shows \(shown) sections but its data source now reports \(dataSource): it "
        + "changed without telling the list. Apply a batch update (or reload) with every change."
    case .staleRowCount(let section, let shown, let dataSource):
      return
        "Section \(section) shows \(shown) rows but its data source now reports \(dataSource): it "
        + "changed without telling the list. Apply a batch update (or reload) with every change."
    case .cellProviderFailed(let indexPath, let reason):
      return
        "The cell for section \(indexPath.section), row \(indexPath.row) could not be made: "
        + "\(reason)"
    }
  }
}
