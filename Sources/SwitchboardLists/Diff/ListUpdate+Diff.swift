import Foundation

extension ListUpdate {
  /// The batch update that turns `old` into `new`, the items of one section, matched by `id`.
  ///
  /// Use it to drive any host's batch updates from your own arrays:
  ///
  /// ```swift
  /// struct Song: Identifiable, Equatable { let id: Int; var title: String }
  /// let old = [Song(id: 1, title: "A"), Song(id: 2, title: "B"), Song(id: 3, title: "C")]
  /// let new = [Song(id: 3, title: "C"), Song(id: 1, title: "A*"), Song(id: 4, title: "D")]
  /// let update = try ListUpdate(from: old, to: new)
  /// // update.deletedRows == [[0, 1]]              (song 2)
  /// // update.movedRows == [[0, 2] → [0, 0]]        (song 3: the fewest moves)
  /// // update.reloadedRows == [[0, 0]]             (song 1 changed and stayed)
  /// // update.insertedRows == [[0, 2]]             (song 4)
  /// ```
  ///
  /// The result is one batch that UIKit's `performBatchUpdates` and ``ListView/apply(_:)``
  /// accept as it is:
  /// - Items in `new` but not `old` are inserted, those in `old` but not `new` deleted.
  /// - Of the items in both, the longest run that kept its relative order stays and the rest
  ///   move, which is the fewest moves possible.
  /// - An item that stays and changed (`!=`) is reloaded at its old index path. An item that
  ///   moves and changed is moved and then reconfigured at its new index path
  ///   (``reconfiguredRows``), because UIKit cannot reload a moved row in the batch and a plain
  ///   move would keep showing its old content.
  ///
  /// - Parameters:
  ///   - old: The items shown now.
  ///   - new: The items to show.
  ///   - section: The section the index paths name.
  /// - Throws: ``ListViewError/duplicateItemIDs(_:)`` naming every id that `new` repeats, or
  ///   that `old` repeats for an item still in `new`; nothing is computed then.
  /// - Complexity: O(*n* log *n*) for *n* items, expected; the allocations do not grow with *n*.
  @inlinable
  public init<Items: Collection>(
    from old: Items, to new: Items, inSection section: Int = 0
  ) throws(ListViewError) where Items.Element: Identifiable & Equatable {
    precondition(section >= 0, "ListUpdate(from:to:inSection:): section \(section) is negative.")
    // Sections before `section` are empty and stay; `section` holds the items.
    var counts = [Int](repeating: 0, count: section + 1)
    let staying = Array(counts.indices)
    let oldItems = Array(old)
    let newItems = Array(new)
    counts[section] = oldItems.count
    let oldCounts = counts
    counts[section] = newItems.count
    self = try Self.diff(
      oldItems, counts: oldCounts, to: newItems, counts: counts, newSectionForOld: staying)
  }

  /// The batch update that turns the sections `old` into `new`, sections matched by `id` and
  /// items matched by `id` across all sections.
  ///
  /// ```swift
  /// struct Album: Identifiable { let id: String; var songs: [Song] }
  /// let update = try ListUpdate(from: oldAlbums, to: newAlbums, items: \.songs)
  /// ```
  ///
  /// Sections are matched first: of the sections in both, the longest run that kept its
  /// relative order stays, and every other one moves (``movedSections``) when it keeps the same
  /// items in the same order, its changed items reconfigured; a section that moves and gains,
  /// loses or reorders items is deleted and inserted whole instead, because UIKit cannot move a
  /// section and change its rows in one batch. Items are then diffed as in
  /// ``init(from:to:inSection:)`` across the kept sections, so an item can move from one
  /// section to another; an item that arrives in an inserted section comes with it.
  ///
  /// - Throws: ``ListViewError/duplicateSectionIDs(_:)`` when `new` repeats a section id,
  ///   ``ListViewError/duplicateItemIDs(_:)`` when `new` repeats an item id (or `old` does
  ///   for an item still in `new`).
  /// - Complexity: O(*n* log *n*) for *n* items, expected; O(*s*) allocations for *s* sections.
  @inlinable
  public init<Section: Identifiable, Items: Collection>(
    from old: [Section], to new: [Section], items: (Section) -> Items
  ) throws(ListViewError) where Items.Element: Identifiable & Equatable {
    let (staying, moved, repeatedSections) = IdentityDiff.matchSections(
      old: old.map(\.id), new: new.map(\.id))
    guard repeatedSections.isEmpty else {
      throw .duplicateSectionIDs(Set(repeatedSections.map { "\($0)" }).sorted())
    }
    var oldItems: [Items.Element] = []
    var newItems: [Items.Element] = []
    var oldCounts: [Int] = []
    var newCounts: [Int] = []
    oldCounts.reserveCapacity(old.count)
    newCounts.reserveCapacity(new.count)
    for section in old {
      let sectionItems = items(section)
      oldCounts.append(sectionItems.count)
      oldItems.append(contentsOf: sectionItems)
    }
    for section in new {
      let sectionItems = items(section)
      newCounts.append(sectionItems.count)
      newItems.append(contentsOf: sectionItems)
    }
    self = try Self.diff(
      oldItems, counts: oldCounts, to: newItems, counts: newCounts, newSectionForOld: staying,
      movedOld: moved)
  }

  /// The diff of flattened items; inlinable so that hashing and comparing are specialized for
  /// `Item` in the caller's module.
  @inlinable
  static func diff<Item: Identifiable & Equatable>(
    _ oldItems: [Item], counts oldCounts: [Int], to newItems: [Item], counts newCounts: [Int],
    newSectionForOld: [Int], movedOld: [Bool] = []
  ) throws(ListViewError) -> ListUpdate {
    let diff = IdentityDiff(
      oldCounts: oldCounts, newCounts: newCounts, newSectionForOld: newSectionForOld,
      movedOld: movedOld)
    do throws(IdentityDiff.Repeated) {
      return try diff.update(
        oldHash: { oldItems[$0].id.hashValue },
        newHash: { newItems[$0].id.hashValue },
        sameIdentityNew: { newItems[$0].id == newItems[$1].id },
        compare: {
          guard oldItems[$0].id == newItems[$1].id else { return .different }
          return oldItems[$0] == newItems[$1] ? .same : .changed
        })
    } catch {
      let labels =
        error.new.map { "\(Item.self) \(newItems[$0].id)" }
        + error.old.map { "\(Item.self) \(oldItems[$0].id)" }
      throw .duplicateItemIDs(Set(labels).sorted())
    }
  }
}

extension ListUpdate {
  /// The batch update that turns the snapshot `old` into `new`, with the rules of
  /// ``init(from:to:items:)``: sections and items matched by identifier, the fewest moves, and
  /// sections moved whole when they keep their items.
  ///
  /// `new`'s marks say what else changed: an item in
  /// ``ListSnapshot/reloadedItemIdentifiers`` is reloaded where it stays, one in
  /// ``ListSnapshot/reconfiguredItemIdentifiers`` is reconfigured in place, and either is moved
  /// and then reconfigured when it moves. A section in
  /// ``ListSnapshot/reloadedSectionIdentifiers`` is reloaded (deleted and inserted, when it
  /// also moves).
  ///
  /// ```swift
  /// let update = ListUpdate(from: model.snapshot, to: next)
  /// ```
  ///
  /// - Complexity: O(*n* log *n*) for *n* items, expected.
  @inlinable
  public init<SectionID, ItemID>(
    from old: ListSnapshot<SectionID, ItemID>, to new: ListSnapshot<SectionID, ItemID>
  ) {
    // Empty: every section stays where it is, as most updates keep them.
    var staying: [Int] = []
    var moved: [Bool] = []
    if old.sectionIdentifiers != new.sectionIdentifiers {
      (staying, moved, _) = IdentityDiff.matchSections(
        old: old.sectionIdentifiers, new: new.sectionIdentifiers)
    }
    var reloadedOld: [Bool] = []
    let reloadedSections = new.reloadedSectionIdentifiers
    if !reloadedSections.isEmpty {
      if staying.isEmpty {
        staying = Array(0..<old.numberOfSections)
        moved = [Bool](repeating: false, count: old.numberOfSections)
      }
      reloadedOld = [Bool](repeating: false, count: old.numberOfSections)
      for section in reloadedSections {
        guard let index = old.indexOfSection(section), staying[index] >= 0 else { continue }
        if moved[index] {
          staying[index] = -1
          moved[index] = false
        } else {
          reloadedOld[index] = true
        }
      }
    }
    let oldItems = old.flatItems
    let newItems = new.flatItems
    let reloaded = IdentityDiff.Marks(new.reloadedItemIdentifiers)
    let reconfigured = IdentityDiff.Marks(new.reconfiguredItemIdentifiers)
    let isMarked = !reloaded.isEmpty || !reconfigured.isEmpty
    let diff = IdentityDiff(
      oldCounts: old.sectionCounts, newCounts: new.sectionCounts,
      newSectionForOld: staying, movedOld: moved, reloadedOld: reloadedOld)
    // Integer identifiers of a small diff are hashed with a plain mixer, not SipHash: at 50
    // items SipHash was a fifth of the diff's time. Unseeded, its worst case (every identifier
    // in one probe run) is quadratic, which the size bounds.
    let mixes = ItemID.self == Int.self && newItems.count <= IdentityDiff.mixedHashLimit
    do throws(IdentityDiff.Repeated) {
      self = try diff.update(
        oldHash: { IdentityDiff.hash(oldItems[$0], mixingInts: mixes) },
        newHash: { IdentityDiff.hash(newItems[$0], mixingInts: mixes) },
        sameIdentityNew: { newItems[$0] == newItems[$1] },
        compare: {
          let item = newItems[$1]
          guard oldItems[$0] == item else { return .different }
          guard isMarked else { return .same }
          if reloaded.contains(item) { return .changed }
          return reconfigured.contains(item) ? .reconfigured : .same
        })
    } catch {
      preconditionFailure(
        "ListUpdate(from:to:): a snapshot repeats an identifier, which ListSnapshot does not "
          + "allow. This is a bug in Switchboard; please report it.")
    }
  }
}

extension ListSnapshot {
  /// Every item identifier, section after section: ``itemIdentifiers``, with each section read
  /// where it is rather than copied out of `sections` first (at 5 sections of 10 items, that
  /// copying was an eighth of a diff's time).
  @inlinable
  var flatItems: [ItemID] {
    if sections.count == 1 { return sections[0].elements }
    var all: [ItemID] = []
    all.reserveCapacity(numberOfItems)
    for index in sections.indices { all.append(contentsOf: sections[index].elements) }
    return all
  }

  /// The number of items of each section, in order.
  @inlinable
  var sectionCounts: [Int] {
    if sections.count == 1 { return [sections[0].count] }
    var counts: [Int] = []
    counts.reserveCapacity(sections.count)
    for index in sections.indices { counts.append(sections[index].count) }
    return counts
  }
}

extension IdentityDiff {
  /// The most new items for which ``hash(_:mixingInts:)`` mixes integers.
  @usableFromInline static var mixedHashLimit: Int { 1_024 }

  /// `value`'s hash for the diff's table: for an `Int` when `mixingInts`, the bits mixed by
  /// SplitMix64's finalizer (every bit of the result depends on every bit of the value, as the
  /// table's slot and tag need); otherwise `hashValue`.
  @inlinable
  static func hash<Value: Hashable>(_ value: Value, mixingInts: Bool) -> Int {
    guard mixingInts, let int = sameType(value, as: Int.self) else { return value.hashValue }
    var bits = UInt64(bitPattern: Int64(int))
    bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: bits ^ (bits >> 31))
  }

  /// A set of marked items, as the diff asks it once per matched item: a few marks, as usual,
  /// are scanned, which costs less than hashing every item.
  @usableFromInline
  struct Marks<Item: Hashable> {
    @usableFromInline let few: [Item]?
    @usableFromInline let all: Set<Item>

    @inlinable
    init(_ marks: Set<Item>) {
      all = marks
      few = marks.count <= 8 ? Array(marks) : nil
    }

    @inlinable var isEmpty: Bool { all.isEmpty }

    @inlinable
    func contains(_ item: Item) -> Bool {
      if let few { return few.contains(item) }
      return all.contains(item)
    }
  }
}
