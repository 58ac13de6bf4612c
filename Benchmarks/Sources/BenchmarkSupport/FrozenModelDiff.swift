import Foundation
import SwitchboardLists

// `ModelListDataSource<ListView>.changes(to:)` as it was before the diff was rewritten (commit 97a25d4),
// frozen here as the baseline the ModelUpdate benchmarks measure the speed-up against. Only the
// spelling changed: it reaches the models through public API (`AnyHashable` identity keys and
// `as? Self` content checks, as the original did through internal helpers).

/// The batch update between two sorted arrays of sections, computed the way the original did.
@MainActor
public enum FrozenModelDiff {
  private struct ItemKey: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable
  }

  private static func key(_ item: any CellModel) -> ItemKey {
    func open<Model: CellModel>(_ model: Model) -> ItemKey {
      ItemKey(type: ObjectIdentifier(Model.self), id: AnyHashable(model.id))
    }
    return open(item)
  }

  private static func label(_ item: any CellModel) -> String {
    func open<Model: CellModel>(_ model: Model) -> String { "\(Model.self) \(model.id)" }
    return open(item)
  }

  private static func isContentEqual(_ lhs: any CellModel, _ rhs: any CellModel) -> Bool {
    func open<Model: CellModel>(_ model: Model) -> Bool {
      guard let other = rhs as? Model else { return false }
      return model == other
    }
    return open(lhs)
  }

  /// Throws when section ids or item identities repeat.
  public static func validate(_ sections: [ModelSection]) throws(ListViewError) {
    var seenSections: Set<String> = []
    var repeatedSections: Set<String> = []
    for section in sections where !seenSections.insert(section.id).inserted {
      repeatedSections.insert(section.id)
    }
    guard repeatedSections.isEmpty else { throw .duplicateSectionIDs(repeatedSections.sorted()) }
    var seenItems: Set<ItemKey> = []
    var repeatedItems: Set<String> = []
    for section in sections {
      for item in section.items where !seenItems.insert(key(item)).inserted {
        repeatedItems.insert(label(item))
      }
    }
    guard repeatedItems.isEmpty else { throw .duplicateItemIDs(repeatedItems.sorted()) }
  }

  /// The update from `old` to `new`, both sorted by sort order.
  public static func update(
    from old: [ModelSection], to new: [ModelSection]
  ) throws(ListViewError) -> ListUpdate {
    try validate(new)
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
        oldPosition[key(item)] = IndexPath(indexes: [oldSection, row])
      }
    }
    var newPosition: [ItemKey: IndexPath] = [:]
    for (_, newSection) in newSectionFor {
      for (row, item) in new[newSection].items.enumerated() {
        newPosition[key(item)] = IndexPath(indexes: [newSection, row])
      }
    }

    for (oldSection, newSection) in newSectionFor.sorted(by: { $0.key < $1.key }) {
      for (row, item) in old[oldSection].items.enumerated() where newPosition[key(item)] == nil {
        update.deleteRows(at: [IndexPath(indexes: [oldSection, row])])
      }
      // Items that stay in this section, in new order, with their old rows.
      var stayers: [(oldRow: Int, newRow: Int, changed: Bool)] = []
      for (row, item) in new[newSection].items.enumerated() {
        let destination = IndexPath(indexes: [newSection, row])
        guard let source = oldPosition[key(item)] else {
          update.insertRows(at: [destination])
          continue
        }
        let changed = !isContentEqual(old[source[0]].items[source[1]], item)
        if source[0] == oldSection {
          stayers.append((source[1], row, changed))
        } else if changed {
          update.deleteRows(at: [source])
          update.insertRows(at: [destination])
        } else {
          update.moveRow(at: source, to: destination)
        }
      }
      let keep = Set(longestIncreasingSubsequence(stayers.map(\.oldRow)))
      for (position, stayer) in stayers.enumerated() {
        let source = IndexPath(indexes: [oldSection, stayer.oldRow])
        let destination = IndexPath(indexes: [newSection, stayer.newRow])
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
    return update
  }

  /// The positions, in order, of one longest strictly increasing subsequence of `values`.
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result: [Int] = []
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      result.append(cursor)
      cursor = previous[cursor]
    }
    return result.reversed()
  }
}
