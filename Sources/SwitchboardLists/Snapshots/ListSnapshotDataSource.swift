import Foundation

/// A view model whose data is a ``ListSnapshot``: it answers the counting messages from the
/// snapshot, and ``apply(_:animatingDifferences:completion:)`` diffs a new snapshot once and announces the
/// batch to every host showing the view model.
///
/// The view model keeps the snapshot and the announcer; the view makes the cells, reading the
/// item at each index path:
///
/// ```swift
/// final class TodoModel: ListSnapshotDataSource {
///   let changes = ListChanges()
///   var snapshot = ListSnapshot<String, Int>()
///   private(set) var titles: [Int: String] = [:]
///
///   func add(_ title: String, id: Int) {
///     titles[id] = title
///     var next = snapshot
///     if next.numberOfSections == 0 { next.appendSections(["todo"]) }
///     next.appendItems([id])
///     apply(next)                 // one diff; every table and grid showing the model animates
///   }
/// }
/// ```
///
/// Capability methods still work beside it: a view model adopting this protocol can also adopt
/// ``ListEditCommitting`` or ``ListHeaderTitling``.
@MainActor
public protocol ListSnapshotDataSource<SectionID, ItemID>: ListSectionCounting, ListRowCounting,
  ListChangeAnnouncing
{
  /// The identifier of a section.
  associatedtype SectionID: Hashable
  /// The identifier of an item.
  associatedtype ItemID: Hashable
  /// The snapshot the hosts show.
  ///
  /// Change it with ``apply(_:animatingDifferences:completion:)``, which tells the hosts; a host that
  /// finds counts it was not told about reloads and records why.
  var snapshot: ListSnapshot<SectionID, ItemID> { get set }

  /// Makes `newSnapshot` the data, and has every host showing the view model show it as one
  /// batch.
  ///
  /// Provided; see the default implementation.
  func apply(
    _ newSnapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool,
    completion: (@MainActor () -> Void)?)
}

extension ListSnapshotDataSource {
  /// The snapshot's number of sections.
  public func numberOfSections() -> Int { snapshot.numberOfSections }

  /// The number of items in the snapshot's section at `section`.
  public func numberOfRows(inSection section: Int) -> Int {
    snapshot.numberOfItems(inSectionAt: section)
  }

  /// Makes `newSnapshot` the data, and has every host showing the view model show it.
  ///
  /// The update from the current snapshot is computed once and announced: each host applies
  /// it as one batch (checked first; a host whose counts do not fit reloads and records why);
  /// when a section moves and changes its items, which UIKit does not allow in one batch, the
  /// section moves come first and the item changes in a second batch, so its cells are kept,
  /// animated unless `animatingDifferences` is `false`, as UIKit's diffable data source does
  /// since iOS 15 (``applyUsingReloadData(_:completion:)`` reloads instead). `completion` runs
  /// once every host has applied the batch. Applying the snapshot that is already shown does
  /// nothing; its marks (``ListSnapshot/reloadItems(_:)``, ``ListSnapshot/reconfigureItems(_:)``,
  /// ``ListSnapshot/reloadSections(_:)``) act once: the view model's ``snapshot`` does not keep
  /// them, and a stored snapshot applied again does not act on them again.
  ///
  /// The last apply wins. A snapshot applied from a callback while this one is applied (a cell
  /// provider, `willDisplay`, `didEndDisplaying`, in either batch) is the data afterwards, and
  /// every host shows it; `completion` then runs once that is so. See "Sharing a view model".
  ///
  /// The view model and its hosts live on the main actor, so a background task reaches this
  /// with `await`: `await model.apply(next)`.
  ///
  /// Inlinable, and a requirement, so that the diff is specialized for the identifier types in
  /// your module: a generic diff would hash and compare through witness tables, several times
  /// slower.
  @inlinable
  public func apply(
    _ newSnapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    let number = changes.startApplyingSnapshot()
    let old = snapshot
    let target = newSnapshot.hasMarksApplied(in: old) ? newSnapshot.unmarked : newSnapshot
    // A section that moves and changes its items: its move first, the item changes after.
    if let stage = old.sectionStage(toward: target) {
      snapshot = stage
      var moves = ListUpdate(from: old, to: stage)
      moves.animatingDifferences = animatingDifferences
      changes.announce(moves)
      // A callback of the first batch applied a later snapshot: that one is the data now, and
      // every host shows it; the item changes of this one would undo it.
      guard changes.appliedSnapshots == number else { return changes.whenDelivered(completion) }
    }
    let before = snapshot
    snapshot = newSnapshot.unmarked
    var update = ListUpdate(from: before, to: target)
    update.animatingDifferences = animatingDifferences
    changes.announce(update)
    changes.whenDelivered(completion)
  }

  /// Makes `newSnapshot` the data, and has every host showing the view model reload.
  ///
  /// No diff is computed: UIKit's `applySnapshotUsingReloadData(_:completion:)`, for a change
  /// too large to animate. `completion` runs once every host has reloaded.
  public func applyUsingReloadData(
    _ newSnapshot: ListSnapshot<SectionID, ItemID>, completion: (@MainActor () -> Void)? = nil
  ) {
    _ = changes.startApplyingSnapshot()
    snapshot = newSnapshot.unmarked
    changes.announceReload()
    changes.whenDelivered(completion)
  }
}
