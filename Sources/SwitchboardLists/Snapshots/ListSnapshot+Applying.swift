// What a data source asks of a snapshot when it applies one: the stage a section move needs,
// and the marks it has acted on.

extension ListSnapshot {
  /// The snapshot between `self` and `new` when a section that moves also changes its items.
  ///
  /// UIKit's rules do not allow that in one batch. The stage holds the sections kept, in
  /// `new`'s order, with their items as they are here, no section added, no marks: from here
  /// the sections only move (whole); from there to `new` nothing moves a section. `nil` when
  /// one batch does it.
  @inlinable
  func sectionStage(toward new: ListSnapshot) -> ListSnapshot? {
    let (staying, moved, repeated) = IdentityDiff.matchSections(
      old: sectionIdentifiers, new: new.sectionIdentifiers)
    guard repeated.isEmpty else { return nil }
    let changesMovedSection = sectionIdentifiers.indices.contains { index in
      guard moved[index] else { return false }
      let section = sectionIdentifiers[index]
      let newItems = new.sections[staying[index]]
      return sections[index] != newItems || new.reloadedSectionIdentifiers.contains(section)
        || newItems.chunks.joined().contains {
          new.reconfiguredItemIdentifiers.contains($0) || new.reloadedItemIdentifiers.contains($0)
        }
    }
    guard changesMovedSection else { return nil }
    let kept = sectionIdentifiers.indices.filter { staying[$0] >= 0 }
      .sorted { staying[$0] < staying[$1] }
    var stage = ListSnapshot()
    stage.appendSections(kept.map { sectionIdentifiers[$0] })
    for index in kept where sections[index].count > 0 {
      stage.appendItems(sections[index].elements, toSection: sectionIdentifiers[index])
    }
    return stage
  }

  /// Whether this snapshot's marks are the ones `shown` was made from: a view model applying a
  /// stored snapshot again has acted on them already.
  @inlinable
  func hasMarksApplied(in shown: ListSnapshot) -> Bool {
    markToken != 0 && markToken == shown.markToken
  }

  /// The snapshot without its reload and reconfigure marks: what a data source keeps once it
  /// applied them (it keeps their token, to know them again).
  @inlinable
  var unmarked: ListSnapshot {
    var copy = self
    copy._reloadedItemIdentifiers = []
    copy._reconfiguredItemIdentifiers = []
    copy._reloadedSectionIdentifiers = []
    return copy
  }
}
