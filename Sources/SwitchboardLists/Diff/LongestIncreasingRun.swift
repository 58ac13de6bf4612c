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
@usableFromInline
struct LongestIncreasingRun {
  /// `tails[k]`: the position of the smallest last value of an increasing run of length k + 1.
  private var tails: [Int32] = []
  /// For each position, the position before it on the best run ending there, or -1.
  private var previous: [Int32] = []
  private var marked: [Bool] = []

  @usableFromInline
  init() {}

  /// Finds a longest increasing run of `values`; ``isMarked(_:)`` then says which positions are
  /// on it.
  @usableFromInline
  mutating func mark(_ values: [Int]) {
    mark(count: values.count) { values[$0] }
  }

  /// Finds a longest increasing run of the values at positions `0..<count`, skipping the
  /// positions whose value is `nil`; ``isMarked(_:)`` then says which positions are on it.
  ///
  /// - Complexity: O(*n* log *n*) for *n* values (patience sorting); O(*n*) when they are mostly
  ///   in order, as in a diff, because a value above every tail extends the run without a search.
  mutating func mark(count: Int, value valueAt: (Int) -> Int?) {
    precondition(count < Int(Int32.max), "LongestIncreasingRun: fewer than 2^31 values.")
    tails.removeAll(keepingCapacity: true)
    previous.removeAll(keepingCapacity: true)
    previous.reserveCapacity(count)
    marked.removeAll(keepingCapacity: true)
    marked.append(contentsOf: repeatElement(false, count: count))
    var lastTail = Int.min
    for position in 0..<count {
      guard let value = valueAt(position) else {
        previous.append(-1)
        continue
      }
      if tails.isEmpty || value > lastTail {
        previous.append(tails.last ?? -1)
        tails.append(Int32(truncatingIfNeeded: position))
        lastTail = value
        continue
      }
      // Tails' values increase: binary-search the first one not below `value`.
      var low = 0
      var high = tails.count - 1
      while low < high {
        let middle = (low + high) / 2
        if let tail = valueAt(Int(tails[middle])), tail < value {
          low = middle + 1
        } else {
          high = middle
        }
      }
      previous.append(low > 0 ? tails[low - 1] : -1)
      tails[low] = Int32(truncatingIfNeeded: position)
      if low == tails.count - 1 { lastTail = value }
    }
    var cursor = Int(tails.last ?? -1)
    while cursor >= 0 {
      marked[cursor] = true
      cursor = Int(previous[cursor])
    }
  }

  /// Whether position `position` of the last marked list is on the run.
  @usableFromInline
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
