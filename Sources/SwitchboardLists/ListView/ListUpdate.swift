import Foundation

/// A set of row and section changes to apply to a ``ListView`` in one batch, as
/// `UITableView.performBatchUpdates` takes them.
///
/// Deletions, reloads and move sources use index paths from before the update; insertions,
/// move destinations and reconfigurations use index paths from after it.
///
/// ```swift
/// items.remove(at: 2)
/// items.insert("New", at: 0)
/// try list.performBatchUpdates { update in
///   update.deleteRows(at: [IndexPath(row: 2, section: 0)])
///   update.insertRows(at: [IndexPath(row: 0, section: 0)])
/// }
/// ```
///
/// Hosts check an update with ``validate(rowCountsBefore:after:)``'s rules before they apply
/// it, so one that UIKit would reject is never animated.
public struct ListUpdate: Hashable, Sendable {
  /// A row (an `IndexPath`) or a section (an `Int`) that moves from `source`, its place before
  /// the update, to `destination`, its place after it.
  public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
    /// The place before the update.
    public var source: Index
    /// The place after the update.
    public var destination: Index

    /// Creates a move: `ListUpdate.Move(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))`.
    public init(from source: Index, to destination: Index) {
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
  public var movedRows: [Move<IndexPath>] = []
  /// Rows whose cells are configured again in place once the batch is done, at their index
  /// paths after the update: UIKit's `reconfigureRows(at:)`, which keeps the cell and so can
  /// follow a move.
  public var reconfiguredRows: [IndexPath] = []
  /// Sections inserted, at their indices after the update.
  public var insertedSections: [Int] = []
  /// Sections deleted, at their indices before the update.
  public var deletedSections: [Int] = []
  /// Sections moved whole, rows and all.
  public var movedSections: [Move<Int>] = []
  /// Sections whose rows are all read again, at their indices before the update.
  public var reloadedSections: [Int] = []
  /// Whether a host animates the batch; `false` applies it without animation (UIKit's hosts
  /// inside `UIView.performWithoutAnimation`), as a snapshot applied with
  /// `animatingDifferences: false` is.
  public var animatingDifferences = true

  /// An empty update.
  public init() {}

  /// An update that inserts, deletes and reloads the rows given, and nothing else.
  ///
  /// ```swift
  /// let update = ListUpdate(deletingRowsAt: [indexPath])
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
      && reconfiguredRows.isEmpty && insertedSections.isEmpty && deletedSections.isEmpty
      && movedSections.isEmpty && reloadedSections.isEmpty
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
  /// Adds rows to configure again after the batch (index paths after the update).
  public mutating func reconfigureRows(at indexPaths: [IndexPath]) {
    reconfiguredRows += indexPaths
  }
  /// Adds section insertions (indices after the update).
  public mutating func insertSections(_ sections: [Int]) { insertedSections += sections }
  /// Adds section deletions (indices before the update).
  public mutating func deleteSections(_ sections: [Int]) { deletedSections += sections }
  /// Adds a section move (index before the update to index after it).
  public mutating func moveSection(_ section: Int, toSection newSection: Int) {
    movedSections.append(Move(from: section, to: newSection))
  }
  /// Adds section reloads (indices before the update).
  public mutating func reloadSections(_ sections: [Int]) { reloadedSections += sections }
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
  /// Old sections whose rows are all made again.
  private let reloadedSections: Set<Int>
  private let deleted: Set<IndexPath>
  let reloaded: Set<IndexPath>
  /// Rows (after the update) whose cells are configured again once the batch is done.
  private(set) var reconfigured: Set<IndexPath> = []
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
    let sections = try SectionPlan(update, before: before.count, after: after.count)
    let sectionMap = sections.map
    /// Throws unless `path` is a row of `counts` in a section the update does not change whole
    /// (by `changes`); `missing` says when the row would not exist.
    func check(
      _ path: IndexPath, _ what: String, in counts: [Int], changes: [Int: WholeSectionChange],
      missing: String
    ) throws(ListViewError) {
      guard path.section >= 0, path.section < counts.count, path.row >= 0,
        path.row < counts[path.section]
      else {
        throw .invalidUpdate("it \(what) \(path.label), which \(missing) the update")
      }
      if let change = changes[path.section] {
        throw .invalidUpdate(
          "it \(what) \(path.label) in section \(path.section), which it also "
            + "\(change.rawValue)\(change.reason)")
      }
    }
    func checkOld(_ path: IndexPath, _ what: String) throws(ListViewError) {
      try check(
        path, what, in: before, changes: sections.oldChanges, missing: "did not exist before")
    }
    func checkNew(_ path: IndexPath, _ what: String) throws(ListViewError) {
      try check(
        path, what, in: after, changes: sections.newChanges, missing: "does not exist after")
    }

    var leaving: [Int: [Int]] = [:]
    var arriving: [Int: [Int]] = [:]
    var sources = Set<IndexPath>(minimumCapacity: update.deletedRows.count + update.movedRows.count)
    var destinations = Set<IndexPath>(
      minimumCapacity: update.insertedRows.count + update.movedRows.count)
    var moves = [IndexPath: IndexPath](minimumCapacity: update.movedRows.count)
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

    for old in before.indices where sections.oldChanges[old] != .reloads {
      guard let new = sectionMap[old] else { continue }
      let arrived = arriving[new]?.count ?? 0
      let left = leaving[old]?.count ?? 0
      guard before[old] + arrived - left != after[new] else { continue }
      // The count is wrong: count each kind of change to say which.
      let inserted = update.insertedRows.count { $0.section == new }
      let removed = update.deletedRows.count { $0.section == old }
      let movedIn = update.movedRows.count { $0.destination.section == new }
      let movedOut = update.movedRows.count { $0.source.section == old }
      throw .rowCountMismatch(
        section: new, before: before[old], inserted: inserted, deleted: removed,
        movedIn: movedIn, movedOut: movedOut, after: after[new])
    }

    self.sectionMap = sectionMap
    self.reloadedSections = Set(update.reloadedSections)
    self.deleted = deleted
    self.reloaded = reloaded
    self.moves = moves
    self.leaving = leaving.mapValues { $0.sorted() }
    self.arriving = arriving.mapValues { $0.sorted() }

    // Reconfigured rows are refreshed after the batch, where they are: rows that were there
    // before and stay, moved or not, and whose cells the batch does not make anew.
    var refreshed: Set<IndexPath> = []
    let reloadedAfter = Set(reloaded.compactMap(newIndexPath(for:)))
    let inserted = update.reconfiguredRows.isEmpty ? [] : Set(update.insertedRows)
    for path in update.reconfiguredRows {
      guard path.section >= 0, path.section < after.count, path.row >= 0,
        path.row < after[path.section]
      else {
        throw .invalidUpdate(
          "it reconfigures \(path.label), which does not exist after the update")
      }
      if let change = sections.newChanges[path.section], change != .moves {
        throw .invalidUpdate(
          "it reconfigures \(path.label) in section \(path.section), which it also "
            + "\(change.rawValue)\(change.reason)")
      }
      guard !inserted.contains(path), !reloadedAfter.contains(path) else {
        throw .invalidUpdate(
          "it reconfigures \(path.label), which it also inserts or reloads")
      }
      guard refreshed.insert(path).inserted else {
        throw .invalidUpdate("it reconfigures \(path.label) twice")
      }
    }
    self.reconfigured = refreshed
  }

  /// Where the row at `old` is after the update, or `nil` when it was deleted (alone, or with
  /// its section, or by a section reload).
  func newIndexPath(for old: IndexPath) -> IndexPath? {
    guard old.section < sectionMap.count, let section = sectionMap[old.section],
      !reloadedSections.contains(old.section)
    else { return nil }
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
}

/// What an update does to a section as a whole, so that its rows cannot change in the same
/// batch.
enum WholeSectionChange: String {
  case deletes, inserts, moves, reloads

  /// Why the section's rows cannot change too, for error messages.
  var reason: String {
    switch self {
    case .deletes: ""
    case .inserts: "; an inserted section's rows come from the data source"
    case .reloads: "; a reloaded section's rows come from the data source"
    case .moves:
      "; UIKit cannot change a moved section's rows in the same batch: move the section in a "
        + "batch of its own, or delete and insert it"
    }
  }
}

/// The sections of an update checked the way UIKit checks them: where each old section is after
/// the update, and which sections it changes whole.
struct SectionPlan {
  /// For each old section, its index after the update; `nil` when it is deleted.
  let map: [Int?]
  /// The whole-section changes by index before the update (deletes, moves, reloads).
  let oldChanges: [Int: WholeSectionChange]
  /// The whole-section changes by index after the update (inserts, moves, reloads).
  let newChanges: [Int: WholeSectionChange]

  init(_ update: ListUpdate, before: Int, after: Int) throws(ListViewError) {
    var oldChanges: [Int: WholeSectionChange] = [:]
    var newChanges: [Int: WholeSectionChange] = [:]
    func claim(_ section: Int, _ change: WholeSectionChange, before isBefore: Bool)
      throws(ListViewError)
    {
      let count = isBefore ? before : after
      let verb = change == .moves && !isBefore ? "moves a section to" : change.rawValue
      guard section >= 0, section < count else {
        throw .invalidUpdate(
          "it \(verb) section \(section), but there are \(count) sections "
            + "\(isBefore ? "before" : "after") the update")
      }
      let earlier = isBefore ? oldChanges[section] : newChanges[section]
      if let earlier {
        throw .invalidUpdate(
          earlier == change
            ? "it \(verb) section \(section) twice"
            : "it \(earlier.rawValue) and \(change.rawValue) section \(section) in one batch")
      }
      if isBefore { oldChanges[section] = change } else { newChanges[section] = change }
    }
    for section in update.deletedSections { try claim(section, .deletes, before: true) }
    for section in update.reloadedSections { try claim(section, .reloads, before: true) }
    for move in update.movedSections { try claim(move.source, .moves, before: true) }
    for section in update.insertedSections { try claim(section, .inserts, before: false) }
    for move in update.movedSections { try claim(move.destination, .moves, before: false) }
    let expected = before + update.insertedSections.count - update.deletedSections.count
    guard expected == after else {
      throw .sectionCountMismatch(
        before: before, inserted: update.insertedSections.count,
        deleted: update.deletedSections.count, after: after)
    }
    // Moved sections go where they are sent; the others that remain keep their order and fill
    // the places nothing was inserted or moved to.
    var map: [Int?] = Array(repeating: nil, count: before)
    for move in update.movedSections { map[move.source] = move.destination }
    var free = (0..<after).lazy.filter { newChanges[$0] == nil || newChanges[$0] == .reloads }
      .makeIterator()
    for old in 0..<before where oldChanges[old] == nil || oldChanges[old] == .reloads {
      map[old] = free.next()
    }
    // A reloaded section is one that stays: it reloads at the place it stays at.
    for section in update.reloadedSections {
      if let new = map[section] { newChanges[new] = .reloads }
    }
    self.map = map
    self.oldChanges = oldChanges
    self.newChanges = newChanges
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
    if !reloadedSections.isEmpty { parts.append("reload sections \(reloadedSections)") }
    for move in movedSections { parts.append("move section \(move.source) → \(move.destination)") }
    if !deletedRows.isEmpty { parts.append("delete rows \(paths(deletedRows))") }
    if !insertedRows.isEmpty { parts.append("insert rows \(paths(insertedRows))") }
    if !reloadedRows.isEmpty { parts.append("reload rows \(paths(reloadedRows))") }
    for move in movedRows {
      parts.append("move row \(paths([move.source])) → \(paths([move.destination]))")
    }
    if !reconfiguredRows.isEmpty { parts.append("reconfigure rows \(paths(reconfiguredRows))") }
    return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
  }
}
