import Foundation

/// The batch update between two arrays of sorted ``ModelSection``s, matched by identity: the
/// rules of ``ListUpdate/init(from:to:items:)``, with an item's identity being its type and `id`
/// (two models of different types may share an `id`).
@MainActor
struct ModelDiff {
  let update: ListUpdate

  /// Throws when section ids or item identities repeat.
  static func validate(_ sections: [ModelSection]) throws(ListViewError) {
    _ = try ModelDiff(old: [], new: sections)
  }

  init(old: [ModelSection], new: [ModelSection]) throws(ListViewError) {
    let (staying, moved, repeatedSections) = IdentityDiff.matchSections(
      old: old.map(\.id), new: new.map(\.id))
    guard repeatedSections.isEmpty else {
      throw .duplicateSectionIDs(Set(repeatedSections).sorted())
    }
    let oldItems = Self.flatten(old)
    let newItems = Self.flatten(new)
    let diff = IdentityDiff(
      oldCounts: old.map(\.items.count), newCounts: new.map(\.items.count),
      newSectionForOld: staying, movedOld: moved)
    do throws(IdentityDiff.Repeated) {
      update = try diff.update(
        oldHash: { oldItems[$0].identityHash },
        newHash: { newItems[$0].identityHash },
        sameIdentityNew: { newItems[$0].hasSameIdentity(as: newItems[$1]) },
        compare: { oldItems[$0].compare(with: newItems[$1]) })
    } catch {
      let labels =
        error.new.map { newItems[$0].itemLabel } + error.old.map { oldItems[$0].itemLabel }
      throw .duplicateItemIDs(Set(labels).sorted())
    }
  }

  /// Every item, section after section; one section's items are used as they are.
  private static func flatten(_ sections: [ModelSection]) -> [any CellModel] {
    if sections.count == 1 { return sections[0].items }
    var items: [any CellModel] = []
    items.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
    for section in sections { items.append(contentsOf: section.items) }
    return items
  }
}
