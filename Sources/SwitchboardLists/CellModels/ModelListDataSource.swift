import Foundation

/// A list data source over ``ModelSection`` values: no per-screen code, no reuse strings.
///
/// Each item makes its own cell (``CellModel/makeCell(in:at:)``), registered lazily, in any host
/// whose cells its cell types are. Sections
/// show by ascending ``ModelSection/sortOrder``. Give it new sections and it works out the batch
/// update by identity, applies it to the list, and reloads items that changed:
///
/// ```swift
/// let source = try ModelListDataSource<ListView>(sections: [contacts])
/// list.dataSource = source
/// try list.reloadData()
///
/// contacts.items.insert(Contact(id: 7, name: "Grace", phone: "…"), at: 0)
/// try source.update(to: [contacts], in: list)   // inserts exactly one row
/// ```
@MainActor
public final class ModelListDataSource<Host: ListHost> {
  /// The sections as shown, sorted by sort order.
  public private(set) var sections: [ModelSection]

  /// Creates a data source.
  ///
  /// - Throws: ``ListViewError/duplicateSectionIDs(_:)`` or ``ListViewError/duplicateItemIDs(_:)``
  ///   when section ids or item identities repeat.
  public init(sections: [ModelSection]) throws(ListViewError) {
    let sorted = Self.sorted(sections)
    try ModelDiff.validate(sorted)
    self.sections = sorted
  }

  /// The item shown at `indexPath`.
  public func item(at indexPath: IndexPath) -> any CellModel {
    sections[indexPath.section].items[indexPath.row]
  }

  /// The batch update that turns the current sections into `newSections`, without applying it.
  ///
  /// - Throws: ``ListViewError/duplicateSectionIDs(_:)`` or ``ListViewError/duplicateItemIDs(_:)``
  ///   naming repeated section ids or item identities.
  /// - Complexity: O(n log n) for n items: one pass to match identities, and a longest increasing
  ///   subsequence per section to keep moves to the fewest.
  public func changes(to newSections: [ModelSection]) throws(ListViewError) -> ListUpdate {
    try ModelDiff(old: sections, new: Self.sorted(newSections)).update
  }

  /// Replaces the sections and applies the matching batch update to `host`.
  ///
  /// Either both change or neither does: on any error the data source keeps its sections and the
  /// list its state.
  ///
  /// - Returns: The update that was applied.
  /// - Throws: Repeated ids as ``changes(to:)`` does, or the host's error when it rejects the
  ///   update (its count check, say).
  @discardableResult
  public func update(to newSections: [ModelSection], in host: Host) throws(ListViewError)
    -> ListUpdate
  {
    let sorted = Self.sorted(newSections)
    let update = try ModelDiff(old: sections, new: sorted).update
    let previous = sections
    sections = sorted
    do {
      try host.apply(update)
    } catch {
      sections = previous
      throw error
    }
    return update
  }

  private static func sorted(_ sections: [ModelSection]) -> [ModelSection] {
    sections.enumerated()
      .sorted { ($0.element.sortOrder, $0.offset) < ($1.element.sortOrder, $1.offset) }
      .map(\.element)
  }
}

extension ModelListDataSource: ListSectionCounting, ListRowCounting, ListCellProviding,
  ListHeaderTitling, ListFooterTitling
{
  /// The number of sections.
  public func numberOfSections() -> Int { sections.count }

  /// The number of items in the section.
  public func numberOfRows(inSection section: Int) -> Int {
    sections[section].items.count
  }

  /// The item's own cell, registered on first use.
  public func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell {
    try item(at: indexPath).makeCell(in: host, at: indexPath)
  }

  /// The section's header.
  public func titleForHeader(inSection section: Int) -> String? {
    sections[section].header
  }

  /// The section's footer.
  public func titleForFooter(inSection section: Int) -> String? {
    sections[section].footer
  }
}
