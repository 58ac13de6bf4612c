import Foundation

/// The batch update between two arrays of sorted ``ModelSection``s, matched by identity.
///
/// - Sections are matched by `id`. Kept sections whose relative order changed, and new ones, are
///   inserted; the others deleted.
/// - Items are matched by type and `id` across the whole list. Within a kept section, the longest
///   run that kept its relative order stays; the rest move. Items that move to another kept
///   section move. Items whose content changed are reloaded when they stay, and deleted and
///   inserted when they move, so no cell shows stale content.
@MainActor
struct ModelDiff {
  let update: ListUpdate

  /// Throws when section ids or item identities repeat.
  static func validate(_ sections: [ModelSection]) throws(ModelUpdateError) {
    var seenSections: Set<String> = []
    var repeatedSections: Set<String> = []
    for section in sections where !seenSections.insert(section.id).inserted {
      repeatedSections.insert(section.id)
    }
    guard repeatedSections.isEmpty else { throw .duplicateSectionIDs(repeatedSections.sorted()) }
    var seenItems: Set<ItemKey> = []
    var repeatedItems: Set<String> = []
    for section in sections {
      for item in section.items where !seenItems.insert(item.itemKey).inserted {
        repeatedItems.insert(item.itemLabel)
      }
    }
    guard repeatedItems.isEmpty else { throw .duplicateItemIDs(repeatedItems.sorted()) }
  }

  init(old: [ModelSection], new: [ModelSection]) throws(ModelUpdateError) {
    try Self.validate(new)
    var update = ListUpdate()

    // Sections.
    let oldSectionIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
    var keptOld: [Int] = []
    for section in new {
      if let index = oldSectionIndex[section.id] { keptOld.append(index) }
    }
    let staying = Set(longestIncreasingSubsequence(keptOld).map { keptOld[$0] })
    var newSectionFor: [Int: Int] = [:]  // old index → new index, for staying sections
    for (newIndex, section) in new.enumerated() {
      if let oldIndex = oldSectionIndex[section.id], staying.contains(oldIndex) {
        newSectionFor[oldIndex] = newIndex
      } else {
        update.insertSections([newIndex])
      }
    }
    update.deleteSections(old.indices.filter { newSectionFor[$0] == nil })

    // Items in staying sections, by identity.
    var oldPosition: [ItemKey: IndexPath] = [:]
    for (oldSection, _) in newSectionFor {
      for (row, item) in old[oldSection].items.enumerated() {
        oldPosition[item.itemKey] = IndexPath(row: row, section: oldSection)
      }
    }
    var newPosition: [ItemKey: IndexPath] = [:]
    for (_, newSection) in newSectionFor {
      for (row, item) in new[newSection].items.enumerated() {
        newPosition[item.itemKey] = IndexPath(row: row, section: newSection)
      }
    }

    for (oldSection, newSection) in newSectionFor.sorted(by: { $0.key < $1.key }) {
      for (row, item) in old[oldSection].items.enumerated() where newPosition[item.itemKey] == nil {
        update.deleteRows(at: [IndexPath(row: row, section: oldSection)])
      }
      // Items that stay in this section, in new order, with their old rows.
      var stayers: [(oldRow: Int, newRow: Int, changed: Bool)] = []
      for (row, item) in new[newSection].items.enumerated() {
        let destination = IndexPath(row: row, section: newSection)
        guard let source = oldPosition[item.itemKey] else {
          update.insertRows(at: [destination])
          continue
        }
        let changed = !old[source.section].items[source.row].isContentEqual(to: item)
        if source.section == oldSection {
          stayers.append((source.row, row, changed))
        } else if changed {
          update.deleteRows(at: [source])
          update.insertRows(at: [destination])
        } else {
          update.moveRow(at: source, to: destination)
        }
      }
      let keep = Set(longestIncreasingSubsequence(stayers.map(\.oldRow)))
      for (position, stayer) in stayers.enumerated() {
        let source = IndexPath(row: stayer.oldRow, section: oldSection)
        let destination = IndexPath(row: stayer.newRow, section: newSection)
        if keep.contains(position) {
          if stayer.changed { update.reloadRows(at: [source]) }
        } else if stayer.changed {
          update.deleteRows(at: [source])
          update.insertRows(at: [destination])
        } else {
          update.moveRow(at: source, to: destination)
        }
      }
    }
    self.update = update
  }
}
