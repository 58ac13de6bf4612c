import Foundation

/// The rows just past a host's visible window that it announces with
/// ``ListMessage/prefetchRows``, each once while it stays in that window.
///
/// ``ListView`` and ``CollectionView`` share it, so both prefetch the same way.
struct PrefetchWindow {
  /// The rows announced last time, so a row is not announced again while it stays upcoming.
  private var announced: [IndexPath] = []

  /// Forgets what was announced, after a reload or an update renumbered the rows.
  mutating func reset() { announced = [] }

  /// The next `distance` rows after `last` (across sections, by `counts`), minus those
  /// announced last time; remembers them for next time.
  mutating func freshRows(after last: IndexPath, counts: [Int], distance: Int) -> [IndexPath] {
    var upcoming: [IndexPath] = []
    var section = last.section
    var row = last[1] + 1
    while upcoming.count < distance, section < counts.count {
      if row < counts[section] {
        upcoming.append(IndexPath(item: row, section: section))
        row += 1
      } else {
        section += 1
        row = 0
      }
    }
    let fresh = upcoming.filter { !announced.contains($0) }
    announced = upcoming
    return fresh
  }
}
