import Foundation

/// A list data source and delegate made of ``ListSection`` objects: it forwards every call to
/// the section at `indexPath.section`, with the row number inside that section.
///
/// ```swift
/// let input = InputSection()
/// let todos = TodoSection(items: ["Buy milk"])
/// let source = SectionedDataSource(sections: [input, todos])
/// list.dataSource = source
/// list.delegate = source
/// try list.reloadData()
///
/// // Reordering is a data change with a matching batch update:
/// try list.apply(source.moveSection(from: 1, to: 0))
/// ```
///
/// It can also be the view model of a ``ListProxy``, with the view owning cells:
/// `ListProxy<ListView>(view: screen, viewModel: source)`; the proxy's rules send `cellForRow`
/// and `didSelectRow` to the view.
///
/// Its sections make cells for one kind of host, `Host`: ``ListView``, ``CollectionView`` or a
/// UIKit view.
@MainActor
public final class SectionedDataSource<Host: ListHost> {
  /// The sections, in display order.
  public private(set) var sections: [any ListSection<Host>]

  /// Creates a data source over `sections`, in display order.
  public init(sections: [any ListSection<Host>]) {
    Self.checkUnique(sections)
    self.sections = sections
  }

  private static func checkUnique(_ sections: [any ListSection<Host>]) {
    var seen: Set<ObjectIdentifier> = []
    for (index, section) in sections.enumerated()
    where !seen.insert(ObjectIdentifier(section)).inserted {
      preconditionFailure(
        "SectionedDataSource: the same \(type(of: section)) object appears twice (again at "
          + "\(index)). Each section object can be shown once; make another instance instead.")
    }
  }

  private func section(_ index: Int) -> any ListSection<Host> {
    precondition(
      sections.indices.contains(index),
      "SectionedDataSource: the list asked about section \(index), but there are "
        + "\(sections.count) sections. Apply the ListUpdate each change returns to the list.")
    return sections[index]
  }

  // MARK: Changing sections

  /// Inserts `newSection` at `index` and returns the update to apply to the list.
  public func insertSection(_ newSection: any ListSection<Host>, at index: Int) -> ListUpdate {
    Self.checkUnique(sections + [newSection])
    precondition(
      (0...sections.count).contains(index),
      "SectionedDataSource: cannot insert a section at \(index); valid positions are 0...\(sections.count)."
    )
    sections.insert(newSection, at: index)
    var update = ListUpdate()
    update.insertSections([index])
    return update
  }

  /// Removes the section at `index` and returns the update to apply to the list.
  @discardableResult
  public func removeSection(at index: Int) -> ListUpdate {
    precondition(
      sections.indices.contains(index),
      "SectionedDataSource: cannot remove section \(index); there are \(sections.count) sections.")
    sections.remove(at: index)
    var update = ListUpdate()
    update.deleteSections([index])
    return update
  }

  /// Moves the section at `source` to `destination` and returns the update to apply to the list
  /// (a deletion and an insertion: the rows of a moved section are made again).
  public func moveSection(from source: Int, to destination: Int) -> ListUpdate {
    precondition(
      sections.indices.contains(source) && sections.indices.contains(destination),
      "SectionedDataSource: cannot move section \(source) to \(destination); there are "
        + "\(sections.count) sections.")
    var update = ListUpdate()
    guard source != destination else { return update }
    sections.insert(sections.remove(at: source), at: destination)
    update.deleteSections([source])
    update.insertSections([destination])
    return update
  }

  /// Replaces every section and returns the update to apply to the list.
  ///
  /// Sections are matched by identity: kept objects keep their rows, others are inserted or
  /// deleted.
  public func replaceSections(with newSections: [any ListSection<Host>]) -> ListUpdate {
    Self.checkUnique(newSections)
    let old = sections
    sections = newSections
    let oldIndex = Dictionary(
      uniqueKeysWithValues: old.enumerated().map { (ObjectIdentifier($1), $0) })
    var update = ListUpdate()
    var kept: [Int] = []  // old indices of kept sections, in new order
    for (newPosition, section) in newSections.enumerated() {
      if let position = oldIndex[ObjectIdentifier(section)] {
        kept.append(position)
      } else {
        update.insertSections([newPosition])
      }
    }
    // Kept sections that changed relative order are deleted and inserted again.
    let stay = Set(longestIncreasingSubsequence(kept).map { kept[$0] })
    let newIndex = Dictionary(
      uniqueKeysWithValues: newSections.enumerated().map { (ObjectIdentifier($1), $0) })
    for (position, section) in old.enumerated() {
      guard let target = newIndex[ObjectIdentifier(section)] else {
        update.deleteSections([position])
        continue
      }
      if !stay.contains(position) {
        update.deleteSections([position])
        update.insertSections([target])
      }
    }
    return update
  }
}

extension SectionedDataSource: ListSectionCounting, ListRowCounting, ListCellProviding,
  ListHeaderTitling, ListFooterTitling, ListRowEditability, ListEditCommitting,
  ListWillDisplayObserving, ListDidSelectHandling
{
  /// The number of sections.
  public func numberOfSections() -> Int { sections.count }

  /// The section's ``ListSection/numberOfRows``.
  public func numberOfRows(inSection section: Int) -> Int {
    self.section(section).numberOfRows
  }

  /// The section's cell for the local row.
  public func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell {
    try section(indexPath.section).cell(forRow: indexPath.row, at: indexPath, in: host)
  }

  /// The section's header title.
  public func titleForHeader(inSection section: Int) -> String? {
    self.section(section).headerTitle
  }

  /// The section's footer title.
  public func titleForFooter(inSection section: Int) -> String? {
    self.section(section).footerTitle
  }

  /// Whether the section lets the local row be edited.
  public func canEditRow(at indexPath: IndexPath) -> Bool {
    section(indexPath.section).canEditRow(indexPath.row)
  }

  /// Forwards the edit to the section, and answers the update it makes.
  public func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    section(indexPath.section).commitEdit(style, forRow: indexPath.row, at: indexPath)
  }

  /// Tells the section its row is about to appear.
  public func willDisplay(_ cell: Host.Cell, forRowAt indexPath: IndexPath, in host: Host) {
    section(indexPath.section).willDisplayRow(indexPath.row, cell: cell, at: indexPath, in: host)
  }

  /// Tells the section its row was selected.
  public func didSelectRow(at indexPath: IndexPath, in host: Host) {
    section(indexPath.section).didSelectRow(indexPath.row, at: indexPath, in: host)
  }
}

extension SectionedDataSource: ListRowHeightProviding where Host == ListView {
  /// The section's height for the local row, or the list's row height.
  public func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    section(indexPath.section).height(forRow: indexPath.row, at: indexPath, in: list)
      ?? list.rowHeight
  }
}
