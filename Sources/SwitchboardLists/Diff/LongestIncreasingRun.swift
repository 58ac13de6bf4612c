/// Finds one longest strictly increasing subsequence of a list of numbers, reusing its buffers
/// from one list to the next.
///
/// Diffing keeps the items on such a subsequence in place and moves only the others, which is the
/// fewest moves that reorder the rest.
///
/// ```swift
/// var longest = LongestIncreasingRun()
/// longest.mark([3, 1, 2])
/// longest.isMarked(0)  // false: 3 moves
/// longest.isMarked(2)  // true: 1 and 2 stay
/// ```
struct LongestIncreasingRun {
  /// `tails[k]`: the position of the smallest last value of an increasing run of length k + 1.
  private var tails: [Int] = []
  /// For each position, the position before it on the best run ending there, or -1.
  private var previous: [Int] = []
  private var marked: [Bool] = []

  /// Finds a longest increasing run of `values`; ``isMarked(_:)`` then says which positions are on
  /// it.
  ///
  /// - Complexity: O(*n* log *n*) for *n* values (patience sorting).
  mutating func mark(_ values: [Int]) {
    tails.removeAll(keepingCapacity: true)
    previous.removeAll(keepingCapacity: true)
    marked.removeAll(keepingCapacity: true)
    tails.reserveCapacity(values.count)
    previous.reserveCapacity(values.count)
    marked.reserveCapacity(values.count)
    for value in values {
      // Tails are increasing: binary-search the first one not below `value`.
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      previous.append(low > 0 ? tails[low - 1] : -1)
      if low == tails.count {
        tails.append(previous.count - 1)
      } else {
        tails[low] = previous.count - 1
      }
      marked.append(false)
    }
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      marked[cursor] = true
      cursor = previous[cursor]
    }
  }

  /// Whether position `position` of the last marked list is on the run.
  func isMarked(_ position: Int) -> Bool { marked[position] }

  /// The positions on the run of the last marked list, in order.
  var positions: [Int] { marked.indices.filter { marked[$0] } }
}

/// The positions, in order, of one longest strictly increasing subsequence of `values`.
///
/// - Complexity: O(*n* log *n*) for *n* values.
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  var longest = LongestIncreasingRun()
  longest.mark(values)
  return longest.positions
}
