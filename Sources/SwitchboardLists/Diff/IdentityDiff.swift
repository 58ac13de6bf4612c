import Foundation

/// The engine behind every diff in this module: it turns two sectioned lists of identified items
/// into one batch update, knowing the items only through precomputed identity hashes and three
/// comparisons.
///
/// - Sections are matched by identity. Of the kept sections, the longest run in unchanged
///   relative order stays; every other kept section moves whole when its items are the same
///   ones in the same order (UIKit cannot change a moved section's rows in the same batch), and
///   is deleted and inserted otherwise. New sections are inserted, the others deleted. A section
///   the caller reloads is neither matched nor diffed: its rows come from the data source.
/// - Items are matched by identity across all kept sections. Within a kept section the longest
///   run that kept its relative order stays; every other item moves, which is the fewest moves
///   possible. An item that moves to another kept section moves.
/// - An item whose content changed is reloaded when it stays, and moved and then reconfigured
///   (``ListUpdate/reconfiguredRows``) when it moves or its section moves: UIKit does not allow
///   reloading a moved row, and a plain move would leave its cell showing the old content.
///
/// The whole update is one batch, valid under UIKit's rules: deletions and reloads name old
/// index paths, insertions new ones, moves both, and reconfigurations the rows after it.
///
/// Matching uses one open-addressing table over the new items' hashes, sized once; it and every
/// other buffer are sized from the inputs before they are filled, and share one allocation
/// (``DiffBuffers``). So a diff makes a number of allocations that does not grow with the
/// number of items, and few: at 50 items, allocations had cost more than the work. Hashes are asked for, not stored, and the
/// per-item buffers are 32-bit or bytes: a large diff is bound by memory traffic, and its
/// speed is measured against one plain hash-table pass over the same ids (the Benchmarks
/// package's ModelUpdate floor row).
@usableFromInline
struct IdentityDiff {
  /// Item counts of the old sections, in order.
  var oldCounts: [Int]
  /// Item counts of the new sections, in order.
  var newCounts: [Int]
  /// For each old section, the new section it stays as, or -1 when it is deleted.
  ///
  /// Empty: each section stays where it is (there are as many old sections as new ones).
  var newSectionForOld: [Int]
  /// For each old section, whether it moves whole to its new section.
  ///
  /// It does when it has the same items in the same order; otherwise it is deleted and
  /// inserted. Empty: none moves.
  var movedOld: [Bool]
  /// For each old section, whether it is reloaded in place.
  ///
  /// A reloaded section's items are not diffed. Empty: none is.
  var reloadedOld: [Bool]
  /// How an old item compares with a new one.
  @usableFromInline
  enum Match {
    /// Another identity.
    case different
    /// The same identity and equal content.
    case same
    /// The same identity, changed content: reloaded where it stays.
    case changed
    /// The same identity, changed content, configured again in place wherever it goes.
    case reconfigured
  }

  /// Why a diff could not be made: the flat positions of repeated items.
  @usableFromInline
  struct Repeated: Error {
    /// New items whose identity an earlier new item has.
    @usableFromInline var new: [Int] = []
    /// Old items whose identity an earlier old item has, among those that matched a new item.
    @usableFromInline var old: [Int] = []
  }

  @usableFromInline
  init(
    oldCounts: [Int], newCounts: [Int], newSectionForOld: [Int] = [], movedOld: [Bool] = [],
    reloadedOld: [Bool] = []
  ) {
    precondition(
      newSectionForOld.count == oldCounts.count
        || (newSectionForOld.isEmpty && oldCounts.count == newCounts.count),
      "IdentityDiff: one new section for each old one. This is a bug in Switchboard.")
    self.oldCounts = oldCounts
    self.newCounts = newCounts
    self.newSectionForOld = newSectionForOld
    self.movedOld = movedOld
    self.reloadedOld = reloadedOld
  }

  /// The batch update.
  ///
  /// Items are named by their flat positions, section after section.
  ///
  /// - Parameters:
  ///   - oldHash: An old item's identity hash; asked once per old item of a diffed section.
  ///   - newHash: A new item's identity hash; asked once per new item.
  ///   - sameIdentityNew: Whether two new items (flat positions) have the same identity.
  ///   - compare: Whether an old item and a new item have the same identity and, if so, the
  ///     same content: one call per candidate pair, so the items are reached once.
  /// - Returns: One batch that turns the old sections into the new ones.
  /// - Throws: ``Repeated`` when identities repeat among the new items, or among old items that
  ///   match a new one.
  @usableFromInline
  func update(
    oldHash: (Int) -> Int,
    newHash: (Int) -> Int,
    sameIdentityNew: (Int, Int) -> Bool,
    compare: (_ old: Int, _ new: Int) -> Match
  ) throws(Repeated) -> ListUpdate {
    let oldSectionCount = oldCounts.count
    let newSectionCount = newCounts.count
    let oldTotal = oldCounts.reduce(0, +)
    let newTotal = newCounts.reduce(0, +)
    precondition(
      newTotal < Int(Int32.max) && oldTotal < Int(Int32.max),
      "A diff handles fewer than 2^31 items on each side.")
    var capacity = 2
    while capacity < 2 * newTotal { capacity <<= 1 }
    let mask = capacity - 1
    let longestSection = newCounts.max() ?? 0
    var buffers = DiffBuffers(
      byteCount: DiffBuffers.bytes(Int.self, 2 * oldSectionCount + 1)
        + DiffBuffers.bytes(Int.self, 2 * newSectionCount + 1)
        + 2 * DiffBuffers.bytes(Bool.self, oldSectionCount)
        + DiffBuffers.bytes(Bool.self, newSectionCount)
        + DiffBuffers.bytes(UInt64.self, capacity) + DiffBuffers.bytes(UInt8.self, newTotal)
        + DiffBuffers.bytes(Int32.self, newTotal) + DiffBuffers.bytes(Bool.self, oldTotal)
        + 2 * DiffBuffers.bytes(Int32.self, longestSection)
        + DiffBuffers.bytes(Bool.self, longestSection))
    defer { buffers.deallocate() }
    let oldStarts = Self.starts(oldCounts, in: &buffers)
    let newStarts = Self.starts(newCounts, in: &buffers)
    let newSectionForOld = buffers.take(oldSectionCount, -1)
    let movedOld = buffers.take(oldSectionCount, false)
    for old in 0..<oldSectionCount {
      newSectionForOld[old] = self.newSectionForOld.isEmpty ? old : self.newSectionForOld[old]
      movedOld[old] = !self.movedOld.isEmpty && self.movedOld[old]
    }
    // A moving section whose items are not the same ones in the same order is deleted and
    // inserted instead: UIKit cannot change a moved section's rows in the same batch.
    for (old, new) in newSectionForOld.enumerated() where new >= 0 && movedOld[old] {
      let count = oldCounts[old]
      let keepsItems =
        count == newCounts[new]
        && (0..<count).allSatisfy {
          compare(oldStarts[old] + $0, newStarts[new] + $0) != .different
        }
      if !keepsItems {
        newSectionForOld[old] = -1
        movedOld[old] = false
      }
    }
    let oldSectionForNew = buffers.take(newSectionCount, -1)
    for (old, new) in newSectionForOld.enumerated() where new >= 0 { oldSectionForNew[new] = old }
    // Kept sections whose items are diffed: not reloaded ones, whose rows come anew.
    let diffsOld = buffers.take(oldSectionCount, false)
    for old in 0..<oldSectionCount {
      diffsOld[old] = newSectionForOld[old] >= 0 && (reloadedOld.isEmpty || !reloadedOld[old])
    }
    let diffsNew = buffers.take(newSectionCount, false)
    for new in 0..<newSectionCount {
      diffsNew[new] = oldSectionForNew[new] >= 0 && diffsOld[oldSectionForNew[new]]
    }

    // 1. Index the new items by identity, rejecting repeats.
    // A slot holds a new item's position + 1 in its low 32 bits (0: empty) and the high 32 bits
    // of its hash above them, so a probe passes another identity without reading its hash.
    let table = buffers.take(capacity, UInt64(0))
    var repeated = Repeated()
    for new in 0..<newTotal {
      let hash = newHash(new)
      let tag = Self.tag(of: hash)
      var slot = hash & mask
      var isRepeat = false
      while case let entry = table[slot], entry != 0 {
        if entry & Self.tagBits == tag, sameIdentityNew(Self.position(in: entry), new) {
          isRepeat = true
          break
        }
        slot = (slot + 1) & mask
      }
      if isRepeat {
        repeated.new.append(new)
      } else {
        table[slot] = tag | UInt64(new + 1)
      }
    }
    guard repeated.new.isEmpty else { throw repeated }

    // 2. Match the old items of kept sections to new items of kept sections.
    // change[new], for matched items: `changed` (reloaded where it stays), `reconfigured`, and
    // `moves`, set by the classification below. Only the rare changed items are written here, so
    // the matching touches one new-side array per item.
    let change = buffers.take(newTotal, UInt8(0))
    let oldForNew = buffers.take(newTotal, Int32(-1))
    let oldIsMatched = buffers.take(oldTotal, false)
    for oldSection in 0..<oldSectionCount where diffsOld[oldSection] {
      for old in oldStarts[oldSection]..<oldStarts[oldSection + 1] {
        let hash = oldHash(old)
        let tag = Self.tag(of: hash)
        var slot = hash & mask
        while case let entry = table[slot], entry != 0 {
          let new = Self.position(in: entry)
          if entry & Self.tagBits == tag, case let match = compare(old, new),
            match != .different
          {
            // A match in a new section that is inserted (or reloaded) is not a match: the
            // item arrives with its section.
            guard diffsNew[Self.section(of: new, in: newStarts)] else { break }
            if oldForNew[new] >= 0 {
              repeated.old.append(old)
            } else {
              oldForNew[new] = Int32(truncatingIfNeeded: old)
              oldIsMatched[old] = true
              switch match {
              case .changed: change[new] = Self.changed
              case .reconfigured: change[new] = Self.reconfigured
              default: break
              }
            }
            break
          }
          slot = (slot + 1) & mask
        }
      }
    }
    guard repeated.old.isEmpty else { throw repeated }

    // 3. Classify each new item of a kept section: of the items that stay in their section, the
    // longest run in old order stays and the others move.
    let tails = buffers.take(longestSection, Int32(0))
    let previous = buffers.take(longestSection, Int32(0))
    let marked = buffers.take(longestSection, false)
    var counts = (inserted: 0, deleted: 0, reloaded: 0, moved: 0, reconfigured: 0)
    for (newSection, oldSection) in oldSectionForNew.enumerated() where diffsNew[newSection] {
      let items = newStarts[newSection]..<newStarts[newSection + 1]
      let oldItems = Int32(oldStarts[oldSection])..<Int32(oldStarts[oldSection + 1])
      LongestIncreasingRun.mark(
        count: items.count, tails: tails, previous: previous, marked: marked
      ) { row in
        let old = oldForNew[items.lowerBound + row]
        return oldItems.contains(old) ? Int(old) : nil
      }
      let sectionMoves = movedOld[oldSection]
      for new in items {
        guard oldForNew[new] >= 0 else {
          counts.inserted += 1
          continue
        }
        if !marked[new - items.lowerBound] {
          change[new] |= Self.moves  // out of order, or from another section
        }
        let change = change[new]
        if change & Self.moves != 0 { counts.moved += 1 }
        if change == Self.changed && !sectionMoves {
          counts.reloaded += 1
        } else if change & ~Self.moves != 0 {
          counts.reconfigured += 1
        }
      }
    }
    for oldSection in 0..<oldSectionCount where diffsOld[oldSection] {
      for old in oldStarts[oldSection]..<oldStarts[oldSection + 1] where !oldIsMatched[old] {
        counts.deleted += 1
      }
    }

    // 4. Emit, every array sized once.
    var update = ListUpdate()
    update.insertedRows.reserveCapacity(counts.inserted)
    update.deletedRows.reserveCapacity(counts.deleted)
    update.reloadedRows.reserveCapacity(counts.reloaded)
    update.movedRows.reserveCapacity(counts.moved)
    update.reconfiguredRows.reserveCapacity(counts.reconfigured)
    for (oldSection, newSection) in newSectionForOld.enumerated() {
      guard newSection >= 0 else {
        update.deletedSections.append(oldSection)
        continue
      }
      if movedOld[oldSection] {
        update.movedSections.append(ListUpdate.Move(from: oldSection, to: newSection))
      }
      guard diffsOld[oldSection] else {
        update.reloadedSections.append(oldSection)
        continue
      }
      let start = oldStarts[oldSection]
      for old in start..<oldStarts[oldSection + 1] where !oldIsMatched[old] {
        update.deletedRows.append(IndexPath(row: old - start, section: oldSection))
      }
    }
    for (newSection, oldSection) in oldSectionForNew.enumerated() {
      guard oldSection >= 0 else {
        update.insertedSections.append(newSection)
        continue
      }
      guard diffsNew[newSection] else { continue }
      let sectionMoves = movedOld[oldSection]
      let start = newStarts[newSection]
      for new in start..<newStarts[newSection + 1] {
        let old = Int(oldForNew[new])
        let change = change[new]
        if old >= 0 && change == 0 { continue }  // stays unchanged: most items
        let destination = IndexPath(row: new - start, section: newSection)
        guard old >= 0 else {
          update.insertedRows.append(destination)
          continue
        }
        if change & Self.moves == 0 {
          if change == Self.changed && !sectionMoves {
            update.reloadedRows.append(
              IndexPath(row: old - oldStarts[oldSection], section: oldSection))
          } else {
            update.reconfiguredRows.append(destination)
          }
          continue
        }
        let sourceSection = Self.section(of: old, in: oldStarts)
        let source = IndexPath(row: old - oldStarts[sourceSection], section: sourceSection)
        update.movedRows.append(ListUpdate.Move(from: source, to: destination))
        if change != Self.moves { update.reconfiguredRows.append(destination) }
      }
    }
    return update
  }

  /// A matched item's change: its content changed, reloaded where it stays.
  static let changed: UInt8 = 1
  /// A matched item's change: configured again in place wherever it goes.
  static let reconfigured: UInt8 = 2
  /// A matched item's change: it moves.
  static let moves: UInt8 = 4

  /// The bits of a table slot that hold a hash's high half.
  static let tagBits: UInt64 = 0xFFFF_FFFF_0000_0000

  /// The high half of `hash`, where a table slot keeps it.
  @inline(__always)
  static func tag(of hash: Int) -> UInt64 { UInt64(truncatingIfNeeded: hash) & tagBits }

  /// The new item's position that a full table slot holds.
  @inline(__always)
  static func position(in entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1 }

  /// The flat position where each section starts, and the total at the end.
  static func starts(_ counts: [Int], in buffers: inout DiffBuffers)
    -> UnsafeMutableBufferPointer<Int>
  {
    let starts = buffers.take(counts.count + 1, 0)
    var total = 0
    for (section, count) in counts.enumerated() {
      total += count
      starts[section + 1] = total
    }
    return starts
  }

  /// The section holding flat position `position`.
  static func section(of position: Int, in starts: UnsafeMutableBufferPointer<Int>) -> Int {
    if starts.count == 2 { return 0 }
    // The last start not after `position`, skipping empty sections.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// For each old section, the new section it stays as (-1 when deleted), and whether it moves:
  /// sections are matched by `id`, and of the kept ones the longest run in unchanged relative
  /// order stays in place; the other kept ones move.
  ///
  /// - Returns: The repeated ids, and no kept section, when an id repeats in `new`.
  @inlinable
  static func matchSections<ID: Hashable>(old: [ID], new: [ID]) -> (
    staying: [Int], moved: [Bool], repeated: [ID]
  ) {
    // A few sections, as most lists have, are matched by scanning them: no table to allocate.
    let isSmall = new.count <= 16
    func repeats(_ index: Int) -> Bool { new[..<index].contains(new[index]) }
    // The same sections in the same order, as most updates keep them: no table to build.
    if old == new,
      new.count < 2
        || (isSmall ? !new.indices.contains(where: repeats) : Set(new).count == new.count)
    {
      return (Array(old.indices), [Bool](repeating: false, count: old.count), [])
    }
    var newIndex: [ID: Int] = [:]
    var repeated: [ID] = []
    if isSmall {
      for index in new.indices where repeats(index) { repeated.append(new[index]) }
    } else {
      newIndex.reserveCapacity(new.count)
      for (index, id) in new.enumerated() where newIndex.updateValue(index, forKey: id) != nil {
        repeated.append(id)
      }
    }
    var staying = [Int](repeating: -1, count: old.count)
    var moved = [Bool](repeating: false, count: old.count)
    guard repeated.isEmpty else { return (staying, moved, repeated) }
    precondition(
      old.count < Int(Int32.max) && new.count < Int(Int32.max),
      "A diff handles fewer than 2^31 sections on each side.")
    // oldForNew, then the longest run's tails and links, and its marks.
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * new.count) { buffer in
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: new.count) { marked in
        let oldForNew = UnsafeMutableBufferPointer(rebasing: buffer[..<new.count])
        oldForNew.initialize(repeating: -1)
        // The old section each new one keeps: a repeated old id stays at most once (its first
        // copy); the other copies are deleted.
        for (index, id) in old.enumerated() {
          guard let match = isSmall ? new.firstIndex(of: id) : newIndex[id], oldForNew[match] < 0
          else { continue }
          oldForNew[match] = Int32(truncatingIfNeeded: index)
        }
        // Kept sections in new order; those whose old positions increase stay.
        LongestIncreasingRun.mark(
          count: new.count,
          tails: UnsafeMutableBufferPointer(rebasing: buffer[new.count..<2 * new.count]),
          previous: UnsafeMutableBufferPointer(rebasing: buffer[(2 * new.count)...]),
          marked: marked
        ) { oldForNew[$0] >= 0 ? Int(oldForNew[$0]) : nil }
        for (newPosition, oldIndex) in oldForNew.enumerated() where oldIndex >= 0 {
          staying[Int(oldIndex)] = newPosition
          moved[Int(oldIndex)] = !marked[newPosition]
        }
      }
    }
    return (staying, moved, [])
  }
}

extension IdentityDiff {
  /// `value` as `Target`, when its type is exactly `Target`; otherwise `nil`.
  ///
  /// The one reinterpretation of the diff (and the only unchecked operation of this module
  /// besides the buffers of ``DiffBuffers`` and ``matchSections(old:new:)``): after the type
  /// identity check a bitwise copy is exact,
  /// and costs nothing, where a dynamic cast between two generic types would cost a runtime
  /// call per compared item.
  @inlinable @inline(__always)
  static func sameType<Value, Target>(_ value: Value, as target: Target.Type) -> Target? {
    guard Value.self == Target.self else { return nil }
    return unsafeBitCast(value, to: Target.self)
  }
}
