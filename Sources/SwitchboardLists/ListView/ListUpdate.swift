import Foundation

/// A set of row and section changes to apply to a ``ListView`` in one batch, as
/// `UITableView.performBatchUpdates` takes them.
///
/// Deletions, reloads and move sources use index paths from before the update; insertions and
/// move destinations use index paths from after it.
///
/// ```swift
/// items.remove(at: 2)
/// items.insert("New", at: 0)
/// try list.performBatchUpdates { update in
///   update.deleteRows(at: [IndexPath(row: 2, section: 0)])
///   update.insertRows(at: [IndexPath(row: 0, section: 0)])
/// }
/// ```
public struct ListUpdate: Hashable, Sendable {
  /// A row that moves from `source` (before) to `destination` (after).
  public struct Move: Hashable, Sendable {
    /// The row's index path before the update.
    public var source: IndexPath
    /// The row's index path after the update.
    public var destination: IndexPath

    /// Creates a move.
    public init(from source: IndexPath, to destination: IndexPath) {
      self.source = source
      self.destination = destination
    }
  }

  /// Rows inserted, at their index paths after the update.
  public var insertedRows: [IndexPath] = []
  /// Rows deleted, at their index paths before the update.
  public var deletedRows: [IndexPath] = []
  /// Rows whose cells are made again, at their index paths before the update.
  public var reloadedRows: [IndexPath] = []
  /// Rows moved.
  public var movedRows: [Move] = []
  /// Sections inserted, at their indices after the update.
  public var insertedSections: [Int] = []
  /// Sections deleted, at their indices before the update.
  public var deletedSections: [Int] = []

  /// An empty update.
  public init() {}

  /// An update that inserts, deletes and reloads the rows given, and nothing else.
  ///
  /// ```swift
  /// return ListUpdate(deletingRowsAt: [indexPath])
  /// ```
  ///
  /// - Parameters:
  ///   - inserted: Rows to insert, as index paths after the update.
  ///   - deleted: Rows to delete, as index paths before the update.
  ///   - reloaded: Rows whose cells to make again, as index paths before the update.
  public init(
    insertingRowsAt inserted: [IndexPath] = [], deletingRowsAt deleted: [IndexPath] = [],
    reloadingRowsAt reloaded: [IndexPath] = []
  ) {
    insertedRows = inserted
    deletedRows = deleted
    reloadedRows = reloaded
  }

  /// Whether the update changes nothing.
  public var isEmpty: Bool {
    insertedRows.isEmpty && deletedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
      && insertedSections.isEmpty && deletedSections.isEmpty
  }

  /// Adds row insertions (index paths after the update).
  public mutating func insertRows(at indexPaths: [IndexPath]) { insertedRows += indexPaths }
  /// Adds row deletions (index paths before the update).
  public mutating func deleteRows(at indexPaths: [IndexPath]) { deletedRows += indexPaths }
  /// Adds row reloads (index paths before the update).
  public mutating func reloadRows(at indexPaths: [IndexPath]) { reloadedRows += indexPaths }
  /// Adds a row move.
  public mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
    movedRows.append(Move(from: source, to: destination))
  }
  /// Adds section insertions (indices after the update).
  public mutating func insertSections(_ sections: [Int]) { insertedSections += sections }
  /// Adds section deletions (indices before the update).
  public mutating func deleteSections(_ sections: [Int]) { deletedSections += sections }
}

extension ListUpdate {
  /// Checks the update against the row counts of each section before and after the data
  /// changed, the way UIKit does before it animates a batch, and throws instead of crashing.
  ///
  /// Hosts call it before they apply an update: a UIKit adapter checks against the counts the
  /// table or collection view still shows and the data source's new ones.
  ///
  /// ```swift
  /// let update = ListUpdate(insertingRowsAt: [IndexPath(item: 2, section: 0)])
  /// try update.validate(rowCountsBefore: [2], after: [3])      // fine
  /// try update.validate(rowCountsBefore: [2], after: [4])      // throws .rowCountMismatch
  /// ```
  ///
  /// - Throws: The ``ListViewError`` UIKit's exception would describe, such as
  ///   ``ListViewError/rowCountMismatch(section:before:inserted:deleted:movedIn:movedOut:after:)``.
  public func validate(rowCountsBefore before: [Int], after: [Int]) throws(ListViewError) {
    _ = try ListUpdatePlan(self, before: before, after: after)
  }
}

/// A validated ``ListUpdate`` against the counts before and after it, able to map index paths.
struct ListUpdatePlan {
  private let sectionMap: [Int?]
  private let deleted: Set<IndexPath>
  let reloaded: Set<IndexPath>
  private let moves: [IndexPath: IndexPath]
  /// Per old section, the sorted rows leaving it (deleted or moved out).
  private let leaving: [Int: [Int]]
  /// Per new section, the sorted rows arriving in it (inserted or moved in).
  private let arriving: [Int: [Int]]

  /// Splits the visible cells into those the update keeps (by their new index paths) and those
  /// that end displaying (deleted or reloaded, by their old ones, in order).
  func carry<Cell>(_ visible: some Sequence<(key: IndexPath, value: Cell)>) -> (
    kept: [IndexPath: Cell], ending: [(path: IndexPath, cell: Cell)]
  ) {
    var kept: [IndexPath: Cell] = [:]
    var ending: [(path: IndexPath, cell: Cell)] = []
    for (path, cell) in visible {
      if let moved = newIndexPath(for: path), !reloaded.contains(path) {
        kept[moved] = cell
      } else {
        ending.append((path, cell))
      }
    }
    return (kept, ending)
  }

  /// Validates `update` the way UIKit does; throws without side effects when it does not add up.
  init(_ update: ListUpdate, before: [Int], after: [Int]) throws(ListViewError) {
    let oldSections = before.count
    let newSections = after.count
    try Self.checkSections(update.deletedSections, in: oldSections, "deletes section", "before")
    try Self.checkSections(update.insertedSections, in: newSections, "inserts section", "after")
    let expectedSections =
      oldSections + update.insertedSections.count - update.deletedSections.count
    guard expectedSections == newSections else {
      throw .sectionCountMismatch(
        before: oldSections, inserted: update.insertedSections.count,
        deleted: update.deletedSections.count, after: newSections)
    }
    let deletedSections = Set(update.deletedSections)
    let insertedSections = Set(update.insertedSections)
    let survivingNew = (0..<newSections).filter { !insertedSections.contains($0) }
    var sectionMap: [Int?] = Array(repeating: nil, count: oldSections)
    for (rank, old) in (0..<oldSections).filter({ !deletedSections.contains($0) }).enumerated() {
      sectionMap[old] = survivingNew[rank]
    }

    func checkOld(_ path: IndexPath, _ what: String) throws(ListViewError) {
      guard path.section >= 0, path.section < oldSections, path.row >= 0,
        path.row < before[path.section]
      else {
        throw .invalidUpdate("it \(what) \(path.label), which did not exist before the update")
      }
      guard !deletedSections.contains(path.section) else {
        throw .invalidUpdate(
          "it \(what) \(path.label) in section \(path.section), which it also deletes")
      }
    }
    func checkNew(_ path: IndexPath, _ what: String) throws(ListViewError) {
      guard path.section >= 0, path.section < newSections, path.row >= 0,
        path.row < after[path.section]
      else {
        throw .invalidUpdate("it \(what) \(path.label), which does not exist after the update")
      }
      guard !insertedSections.contains(path.section) else {
        throw .invalidUpdate(
          "it \(what) \(path.label) in section \(path.section), which it also inserts; an "
            + "inserted section's rows come from the data source")
      }
    }

    var leaving: [Int: [Int]] = [:]
    var arriving: [Int: [Int]] = [:]
    var sources: Set<IndexPath> = []
    var destinations: Set<IndexPath> = []
    var moves: [IndexPath: IndexPath] = [:]
    for path in update.deletedRows {
      try checkOld(path, "deletes")
      guard sources.insert(path).inserted else {
        throw .invalidUpdate("it deletes \(path.label) twice")
      }
      leaving[path.section, default: []].append(path.row)
    }
    let deleted = sources
    for move in update.movedRows {
      try checkOld(move.source, "moves")
      try checkNew(move.destination, "moves a row to")
      guard sources.insert(move.source).inserted else {
        throw .invalidUpdate("it moves or deletes \(move.source.label) more than once")
      }
      guard destinations.insert(move.destination).inserted else {
        throw .invalidUpdate("it moves two rows to \(move.destination.label)")
      }
      moves[move.source] = move.destination
      leaving[move.source.section, default: []].append(move.source.row)
      arriving[move.destination.section, default: []].append(move.destination.row)
    }
    for path in update.insertedRows {
      try checkNew(path, "inserts")
      guard destinations.insert(path).inserted else {
        throw .invalidUpdate("it inserts or moves a row to \(path.label) more than once")
      }
      arriving[path.section, default: []].append(path.row)
    }
    var reloaded: Set<IndexPath> = []
    for path in update.reloadedRows {
      try checkOld(path, "reloads")
      guard !sources.contains(path) else {
        throw .invalidUpdate("it reloads \(path.label), which it also deletes or moves")
      }
      guard reloaded.insert(path).inserted else {
        throw .invalidUpdate("it reloads \(path.label) twice")
      }
    }

    for old in 0..<oldSections {
      guard let new = sectionMap[old] else { continue }
      let inserted = update.insertedRows.count { $0.section == new }
      let removed = update.deletedRows.count { $0.section == old }
      let movedIn = update.movedRows.count { $0.destination.section == new }
      let movedOut = update.movedRows.count { $0.source.section == old }
      guard before[old] + inserted - removed + movedIn - movedOut == after[new] else {
        throw .rowCountMismatch(
          section: new, before: before[old], inserted: inserted, deleted: removed,
          movedIn: movedIn, movedOut: movedOut, after: after[new])
      }
    }

    self.sectionMap = sectionMap
    self.deleted = deleted
    self.reloaded = reloaded
    self.moves = moves
    self.leaving = leaving.mapValues { $0.sorted() }
    self.arriving = arriving.mapValues { $0.sorted() }
  }

  /// Where the row at `old` is after the update, or `nil` when it was deleted.
  func newIndexPath(for old: IndexPath) -> IndexPath? {
    guard old.section < sectionMap.count, let section = sectionMap[old.section] else { return nil }
    if deleted.contains(old) { return nil }
    if let destination = moves[old] { return destination }
    let rank = old.row - (leaving[old.section] ?? []).count { $0 < old.row }
    var row = rank
    for target in arriving[section] ?? [] {
      guard target <= row else { break }
      row += 1
    }
    return IndexPath(row: row, section: section)
  }

  private static func checkSections(
    _ sections: [Int], in count: Int, _ what: String, _ when: String
  ) throws(ListViewError) {
    var seen: Set<Int> = []
    for section in sections {
      guard section >= 0, section < count else {
        throw .invalidUpdate(
          "it \(what) \(section), but there are \(count) sections \(when) the update")
      }
      guard seen.insert(section).inserted else {
        throw .invalidUpdate("it \(what) \(section) twice")
      }
    }
  }
}

extension IndexPath {
  /// `"row 2 of section 0"`.
  var label: String { "row \(row) of section \(section)" }
}

extension ListUpdate: CustomStringConvertible {
  /// The changes in words: `delete rows 0.1; insert rows 0.0, 0.2; move row 1.0 → 0.3`.
  public var description: String {
    func paths(_ paths: [IndexPath]) -> String {
      paths.map { "\($0.section).\($0[1])" }.joined(separator: ", ")
    }
    var parts: [String] = []
    if !deletedSections.isEmpty { parts.append("delete sections \(deletedSections)") }
    if !insertedSections.isEmpty { parts.append("insert sections \(insertedSections)") }
    if !deletedRows.isEmpty { parts.append("delete rows \(paths(deletedRows))") }
    if !insertedRows.isEmpty { parts.append("insert rows \(paths(insertedRows))") }
    if !reloadedRows.isEmpty { parts.append("reload rows \(paths(reloadedRows))") }
    for move in movedRows {
      parts.append("move row \(paths([move.source])) → \(paths([move.destination]))")
    }
    return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
  }
}
