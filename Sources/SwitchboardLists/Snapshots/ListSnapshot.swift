import Foundation

// Inlinable code reads `IndexPath.row` and `section`, which come from UIKit or AppKit there
// (see IndexPath+Rows.swift).
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// The sections and items a list shows, by identifier: the value a view model builds and hands
/// to ``ListSnapshotDataSource/apply(_:animatingDifferences:completion:)``, shaped as UIKit's
/// `NSDiffableDataSourceSnapshot`.
///
/// Identifiers are unique: a section identifier appears once, an item identifier once in the
/// whole snapshot. Adding one twice, or naming one the snapshot does not hold, stops with a
/// message naming it, as UIKit raises.
///
/// ```swift
/// var snapshot = ListSnapshot<String, Todo.ID>()
/// snapshot.appendSections(["open", "done"])
/// snapshot.appendItems(openTodos.map(\.id), toSection: "open")
/// snapshot.appendItems(doneTodos.map(\.id), toSection: "done")
/// snapshot.reconfigureItems([edited.id])      // same item, new content
/// model.apply(snapshot)                       // every host showing the model animates it
/// ```
public struct ListSnapshot<SectionID: Hashable, ItemID: Hashable>: Equatable {
  // The storage is visible to inlinable code (underscored, not API) so that every lookup and
  // edit specializes in the caller's module: unspecialized, scanning a section for an
  // identifier cost about 20 ns an item, 78 times a plain array scan.
  //
  // Finding an item and editing next to one take about the same time at 100,000 items as at
  // 10,000, as in UIKit's snapshot: each item's section and chunk are hashed, and a section
  // keeps its items in chunks (SectionItems) with a tree of their sizes, so a row is a scan of
  // one chunk and a walk of the tree, and an edit shifts one chunk. A copy shares the hashed
  // places (ItemIndex) and the chunks with its original, so its first edit copies one chunk,
  // not the whole snapshot.

  /// The section identifiers, in order.
  @usableFromInline var _sectionIdentifiers: [SectionID] = []
  /// The items of each section, in section order.
  @usableFromInline var sections: [SectionItems<ItemID>] = []
  /// Where each section is in ``sectionIdentifiers``.
  @usableFromInline var sectionIndex: [SectionID: Int] = [:]
  /// Where each section is in ``sectionIdentifiers``, by its key (`SectionItems.key`); -1 once
  /// it is gone.
  @usableFromInline var sectionIndexByKey: [Int] = []
  /// The section and chunk each item is in.
  @usableFromInline var itemPlace = ItemIndex<ItemID, ItemPlace>()
  @usableFromInline var _reloadedItemIdentifiers: Set<ItemID> = []
  @usableFromInline var _reconfiguredItemIdentifiers: Set<ItemID> = []
  @usableFromInline var _reloadedSectionIdentifiers: Set<SectionID> = []
  /// Names the marks: drawn anew whenever they change, and kept by ``unmarked``, so a view
  /// model can tell a snapshot whose marks it has applied (`0`: never marked).
  @usableFromInline var markToken: UInt64 = 0

  /// Where an item is: its section's key, and the chunk of that section's items that holds it.
  ///
  /// Eight bytes, whatever the section identifiers are: the table of places stays small (a
  /// hundred thousand items' places fit in the processor's caches better) and is found by array
  /// index, never by hashing a section identifier.
  @usableFromInline struct ItemPlace {
    @usableFromInline var sectionKey: Int32
    @usableFromInline var chunk: Int32

    @inlinable init(sectionKey: Int, chunk: Int) {
      self.sectionKey = Int32(sectionKey)
      self.chunk = Int32(chunk)
    }
  }

  /// An empty snapshot.
  @inlinable public init() {}

  /// The section identifiers, in order.
  @inlinable public var sectionIdentifiers: [SectionID] { _sectionIdentifiers }
  /// Items whose cells are made anew when the snapshot is applied.
  @inlinable public var reloadedItemIdentifiers: Set<ItemID> { _reloadedItemIdentifiers }
  /// Items whose cells are configured again, kept, when the snapshot is applied.
  @inlinable public var reconfiguredItemIdentifiers: Set<ItemID> { _reconfiguredItemIdentifiers }
  /// Sections whose items are all read anew when the snapshot is applied.
  @inlinable public var reloadedSectionIdentifiers: Set<SectionID> { _reloadedSectionIdentifiers }

  // MARK: Reading

  /// The number of sections.
  @inlinable public var numberOfSections: Int { sectionIdentifiers.count }
  /// The number of items in all sections.
  @inlinable public var numberOfItems: Int { itemPlace.count }
  /// Every item identifier, section after section.
  @inlinable public var itemIdentifiers: [ItemID] {
    if sections.count == 1 { return sections[0].elements }
    var all: [ItemID] = []
    all.reserveCapacity(itemPlace.count)
    for section in sections { section.append(to: &all) }
    return all
  }

  /// The number of items in `section`, which the snapshot must hold.
  @inlinable public func numberOfItems(inSection section: SectionID) -> Int {
    sections[index(of: section, "numberOfItems(inSection:)")].count
  }

  /// The item identifiers of `section`, which the snapshot must hold, in order.
  @inlinable public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
    sections[index(of: section, "itemIdentifiers(inSection:)")].elements
  }

  /// The section holding `item`, or `nil` when the snapshot does not hold it.
  @inlinable public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    itemPlace[item].map { _sectionIdentifiers[sectionIndexByKey[Int($0.sectionKey)]] }
  }

  /// Where `section` is, or `nil` when the snapshot does not hold it.
  @inlinable public func indexOfSection(_ section: SectionID) -> Int? { sectionIndex[section] }

  /// Where `item` is among ``itemIdentifiers``, or `nil` when the snapshot does not hold it.
  @inlinable public func indexOfItem(_ item: ItemID) -> Int? {
    guard let path = indexPath(of: item) else { return nil }
    return sections[..<path.section].reduce(path.row) { $0 + $1.count }
  }

  /// The index path of `item`, or `nil` when the snapshot does not hold it.
  @inlinable public func indexPath(of item: ItemID) -> IndexPath? {
    guard let place = itemPlace[item],
      case let index = sectionIndexByKey[Int(place.sectionKey)],
      let row = sections[index].row(of: item, inChunk: Int(place.chunk))
    else { return nil }
    return IndexPath(row: row, section: index)
  }

  /// The item at `indexPath`, or `nil` when there is none: what a cell provider shows.
  ///
  /// ```swift
  /// guard let id = model.snapshot.itemIdentifier(at: indexPath) else { return }
  /// ```
  @inlinable public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
    guard sections.indices.contains(indexPath.section), indexPath.row >= 0,
      indexPath.row < sections[indexPath.section].count
    else { return nil }
    return sections[indexPath.section].item(at: indexPath.row)
  }

  /// The number of items of the section at `index`: what a data source answers.
  @inlinable
  func numberOfItems(inSectionAt index: Int) -> Int {
    sections.indices.contains(index) ? sections[index].count : 0
  }

  // MARK: Sections

  /// Adds sections after the last one.
  @inlinable public mutating func appendSections(_ sections: [SectionID]) {
    insertSections(sections, at: sectionIdentifiers.count, "appendSections(_:)")
  }

  /// Adds sections before `section`, which the snapshot must hold.
  @inlinable public mutating func insertSections(
    _ sections: [SectionID], beforeSection section: SectionID
  ) {
    let function = "insertSections(_:beforeSection:)"
    insertSections(sections, at: index(of: section, function), function)
  }

  /// Adds sections after `section`, which the snapshot must hold.
  @inlinable public mutating func insertSections(
    _ sections: [SectionID], afterSection section: SectionID
  ) {
    let function = "insertSections(_:afterSection:)"
    insertSections(sections, at: index(of: section, function) + 1, function)
  }

  /// Removes sections and their items.
  @inlinable public mutating func deleteSections(_ sections: [SectionID]) {
    let doomed = Set(sections)
    for section in doomed {
      for item in self.sections[index(of: section, "deleteSections(_:)")].elements {
        forget(item)
      }
      _reloadedSectionIdentifiers.remove(section)
    }
    let kept = sectionIdentifiers.indices.filter { !doomed.contains(sectionIdentifiers[$0]) }
    self.sections = kept.map { self.sections[$0] }
    _sectionIdentifiers = kept.map { sectionIdentifiers[$0] }
    reindexSections()
  }

  /// Moves `section` just before `other`; both must be in the snapshot.
  @inlinable public mutating func moveSection(_ section: SectionID, beforeSection other: SectionID)
  {
    moveSection(section, next: other, after: false, "moveSection(_:beforeSection:)")
  }

  /// Moves `section` just after `other`; both must be in the snapshot.
  @inlinable public mutating func moveSection(_ section: SectionID, afterSection other: SectionID) {
    moveSection(section, next: other, after: true, "moveSection(_:afterSection:)")
  }

  /// Marks sections whose items are read anew when the snapshot is applied.
  @inlinable public mutating func reloadSections(_ sections: [SectionID]) {
    for section in sections {
      _ = index(of: section, "reloadSections(_:)")
      _reloadedSectionIdentifiers.insert(section)
    }
    markToken = nextMarkToken()
  }

  // MARK: Items

  /// Adds items at the end of `section`, or of the last section when `section` is `nil`.
  ///
  /// - Precondition: The snapshot has the section, and none of the items.
  @inlinable public mutating func appendItems(
    _ newItems: [ItemID], toSection section: SectionID? = nil
  ) {
    let function = "appendItems(_:toSection:)"
    guard let section = section ?? sectionIdentifiers.last else {
      preconditionFailure(
        "ListSnapshot.\(function): the snapshot has no section to append \(newItems.count) "
          + "items to. Call appendSections(_:) first.")
    }
    let index = index(of: section, function)
    insertItems(newItems, in: index, at: sections[index].count, function)
  }

  /// Adds items just before `item`, in its section.
  @inlinable public mutating func insertItems(_ newItems: [ItemID], beforeItem item: ItemID) {
    insertItems(newItems, nextTo: item, after: false, "insertItems(_:beforeItem:)")
  }

  /// Adds items just after `item`, in its section.
  @inlinable public mutating func insertItems(_ newItems: [ItemID], afterItem item: ItemID) {
    insertItems(newItems, nextTo: item, after: true, "insertItems(_:afterItem:)")
  }

  /// Removes items.
  @inlinable public mutating func deleteItems(_ doomed: [ItemID]) {
    for item in doomed {
      guard let place = itemPlace[item],
        sections[sectionIndexByKey[Int(place.sectionKey)]].remove(item, inChunk: Int(place.chunk))
      else {
        _ = existingPlace(of: item, "deleteItems(_:)")  // stops, naming the item
        continue
      }
      forget(item)
    }
  }

  /// Removes every section and item.
  @inlinable public mutating func deleteAllItems() { self = ListSnapshot() }

  /// Moves `item` just before `other`, perhaps into another section.
  @inlinable public mutating func moveItem(_ item: ItemID, beforeItem other: ItemID) {
    moveItem(item, next: other, after: false, "moveItem(_:beforeItem:)")
  }

  /// Moves `item` just after `other`, perhaps into another section.
  @inlinable public mutating func moveItem(_ item: ItemID, afterItem other: ItemID) {
    moveItem(item, next: other, after: true, "moveItem(_:afterItem:)")
  }

  /// Marks items whose cells are made anew when the snapshot is applied.
  ///
  /// Prefer ``reconfigureItems(_:)``, which keeps the cells and so animates moves.
  @inlinable public mutating func reloadItems(_ marked: [ItemID]) {
    renewMarks(checking: marked, "reloadItems(_:)")
    _reloadedItemIdentifiers.formUnion(marked)
  }

  /// Marks items whose cells are configured again, in place, when the snapshot is applied.
  @inlinable public mutating func reconfigureItems(_ marked: [ItemID]) {
    renewMarks(checking: marked, "reconfigureItems(_:)")
    _reconfiguredItemIdentifiers.formUnion(marked)
  }

  /// Checks that the snapshot holds each of `marked`, and names the marks anew.
  @inlinable mutating func renewMarks(checking marked: [ItemID], _ function: String) {
    for item in marked { _ = existingPlace(of: item, function) }
    markToken = nextMarkToken()
  }

  // MARK: Helpers

  @inlinable func index(of section: SectionID, _ function: String) -> Int {
    guard let index = sectionIndex[section] else {
      preconditionFailure(
        "ListSnapshot.\(function): the snapshot has no section \(section) (it has "
          + "\(sectionIdentifiers.count): \(sectionIdentifiers.prefix(5).map { "\($0)" })"
          + "\(sectionIdentifiers.count > 5 ? "…" : "")). Append the section first.")
    }
    return index
  }

  @inlinable func existingPlace(of item: ItemID, _ function: String) -> ItemPlace {
    guard let place = itemPlace[item] else {
      preconditionFailure(
        "ListSnapshot.\(function): the snapshot has no item \(item). Append it first, or "
          + "check the identifier against itemIdentifiers.")
    }
    return place
  }

  @inlinable mutating func insertSections(
    _ sections: [SectionID], at index: Int, _ function: String
  ) {
    var seen: Set<SectionID> = []
    for section in sections where sectionIndex[section] != nil || !seen.insert(section).inserted {
      preconditionFailure(
        "ListSnapshot.\(function): section \(section) is in the snapshot already; section "
          + "identifiers are unique. Move it with moveSection(_:afterSection:) instead.")
    }
    _sectionIdentifiers.insert(contentsOf: sections, at: index)
    let firstKey = sectionIndexByKey.count
    sectionIndexByKey.append(contentsOf: repeatElement(-1, count: sections.count))
    self.sections.insert(
      contentsOf: (firstKey..<sectionIndexByKey.count).map { SectionItems(key: $0) }, at: index)
    reindexSections()
  }

  @inlinable mutating func insertItems(
    _ newItems: [ItemID], in section: Int, at row: Int, _ function: String
  ) {
    claim(newItems, for: sections[section].key, chunk: -1, function)
    place(newItems, in: section, at: row)
  }

  /// Records `newItems` as items of the section whose key is `sectionKey`, in the chunk
  /// `chunk` (`-1`: the one to come); stops if one is in the snapshot already.
  @inlinable mutating func claim(
    _ newItems: [ItemID], for sectionKey: Int, chunk: Int, _ function: String
  ) {
    let place = ItemPlace(sectionKey: sectionKey, chunk: chunk)
    for item in newItems {
      if let holder = itemPlace.updateValue(place, forKey: item) {
        let section = _sectionIdentifiers[sectionIndexByKey[Int(holder.sectionKey)]]
        preconditionFailure(
          "ListSnapshot.\(function): item \(item) is in section \(section) already; "
            + "item identifiers are unique in a snapshot. Move it with moveItem(_:afterItem:), "
            + "or give each item its own identifier.")
      }
    }
  }

  @inlinable mutating func moveSection(
    _ section: SectionID, next other: SectionID, after: Bool, _ function: String
  ) {
    let from = index(of: section, function)
    let anchor = index(of: other, function)
    guard section != other else { return }
    let moved = sections.remove(at: from)
    _sectionIdentifiers.remove(at: from)
    // The anchor's place once `section` is out of the way.
    let to = anchor - (anchor > from ? 1 : 0) + (after ? 1 : 0)
    _sectionIdentifiers.insert(section, at: to)
    sections.insert(moved, at: to)
    reindexSections()
  }

  @inlinable mutating func moveItem(
    _ item: ItemID, next other: ItemID, after: Bool, _ function: String
  ) {
    let place = existingPlace(of: item, function)
    let anchor = existingPlace(of: other, function)
    guard item != other else { return }
    _ = sections[sectionIndexByKey[Int(place.sectionKey)]].remove(item, inChunk: Int(place.chunk))
    // The anchor's offset once `item` is out of the way, and `item` recorded in its chunk.
    let section = sectionIndexByKey[Int(anchor.sectionKey)]
    guard let offset = sections[section].offset(of: other, inChunk: Int(anchor.chunk)) else {
      preconditionFailure("ListSnapshot.\(function): \(other) is not in the chunk its place names")
    }
    itemPlace.update(existing: item, to: anchor)
    editRecordingChunks(of: section) { items, moved in
      items.insert([item], inChunk: Int(anchor.chunk), at: offset + (after ? 1 : 0), moved: moved)
    }
  }

  /// Adds `newItems` just before or after `item`, in its section: in `item`'s chunk, found
  /// once.
  @inlinable mutating func insertItems(
    _ newItems: [ItemID], nextTo item: ItemID, after: Bool, _ function: String
  ) {
    guard let anchor = itemPlace[item],
      case let section = sectionIndexByKey[Int(anchor.sectionKey)],
      let offset = sections[section].offset(of: item, inChunk: Int(anchor.chunk))
    else {
      _ = existingPlace(of: item, function)  // stops, naming the item
      return
    }
    claim(newItems, for: Int(anchor.sectionKey), chunk: Int(anchor.chunk), function)
    editRecordingChunks(of: section) { items, moved in
      items.insert(
        newItems, inChunk: Int(anchor.chunk), at: offset + (after ? 1 : 0), moved: moved)
    }
  }

  /// Puts `newItems`, whose places say their section, in the section at `index` before `row`,
  /// and records the chunks they (and any item a split moved) are in.
  @inlinable mutating func place(_ newItems: [ItemID], in index: Int, at row: Int) {
    editRecordingChunks(of: index) { items, moved in items.insert(newItems, at: row, moved: moved) }
  }

  /// Runs `edit` on the items of the section at `index`, recording the chunk of each item it
  /// says moved.
  @inlinable mutating func editRecordingChunks(
    of index: Int,
    _ edit: (inout SectionItems<ItemID>, (ItemID, Int) -> Void) -> Void
  ) {
    // The section is taken out for the edit, so that the edit can record places while it
    // changes the section: both are parts of `self`. (An empty section allocates nothing.)
    var items = sections[index]
    sections[index] = SectionItems()
    edit(&items) { item, chunk in
      if var place = itemPlace[item], place.chunk != chunk {
        place.chunk = Int32(chunk)
        itemPlace.update(existing: item, to: place)
      }
    }
    sections[index] = items
  }

  /// Removes `item`, which the snapshot holds, from the index and the marks.
  @inlinable mutating func forget(_ item: ItemID) {
    itemPlace.remove(existing: item)
    if !_reloadedItemIdentifiers.isEmpty { _reloadedItemIdentifiers.remove(item) }
    if !_reconfiguredItemIdentifiers.isEmpty { _reconfiguredItemIdentifiers.remove(item) }
  }

  @inlinable mutating func reindexSections() {
    sectionIndex = Dictionary(
      uniqueKeysWithValues: sectionIdentifiers.enumerated().map { ($1, $0) })
    for key in sectionIndexByKey.indices { sectionIndexByKey[key] = -1 }
    for (index, section) in sections.enumerated() { sectionIndexByKey[section.key] = index }
  }
}

extension ListSnapshot {
  /// Whether two snapshots hold the same sections and items in the same order, with the same
  /// marks.
  @inlinable
  public static func == (lhs: ListSnapshot, rhs: ListSnapshot) -> Bool {
    lhs._sectionIdentifiers == rhs._sectionIdentifiers && lhs.sections == rhs.sections
      && lhs._reloadedItemIdentifiers == rhs._reloadedItemIdentifiers
      && lhs._reconfiguredItemIdentifiers == rhs._reconfiguredItemIdentifiers
      && lhs._reloadedSectionIdentifiers == rhs._reloadedSectionIdentifiers
  }
}

extension ListSnapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}
extension ListSnapshot.ItemPlace: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension ListSnapshot: CustomStringConvertible {
  /// The sections and their items: `[open: 1, 2; done: 3]`.
  public var description: String {
    let described = zip(sectionIdentifiers, sections).map { section, items in
      "\(section): " + items.elements.map { "\($0)" }.joined(separator: ", ")
    }
    return "[" + described.joined(separator: "; ") + "]"
  }
}
