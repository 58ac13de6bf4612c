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
  // The buffers of ``mark(count:tails:previous:marked:value:)``, kept from one list to the next.
  private var tails: [Int32] = []
  private var previous: [Int32] = []
  private var marked: [Bool] = []
  /// The length of the last marked list.
  private var count = 0

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
    if marked.count < count {
      tails = [Int32](repeating: 0, count: count)
      previous = [Int32](repeating: 0, count: count)
      marked = [Bool](repeating: false, count: count)
    }
    self.count = count
    tails.withUnsafeMutableBufferPointer { tails in
      previous.withUnsafeMutableBufferPointer { previous in
        marked.withUnsafeMutableBufferPointer { marked in
          Self.mark(
            count: count, tails: tails, previous: previous, marked: marked, value: valueAt)
        }
      }
    }
  }

  /// Finds a longest increasing run of the values at positions `0..<count`, skipping the
  /// positions whose value is `nil`, in the caller's buffers (each of at least `count`):
  /// `marked[position]` then says whether `position` is on it.
  @usableFromInline
  static func mark(
    count: Int, tails: UnsafeMutableBufferPointer<Int32>,
    previous: UnsafeMutableBufferPointer<Int32>, marked: UnsafeMutableBufferPointer<Bool>,
    value valueAt: (Int) -> Int?
  ) {
    precondition(count < Int(Int32.max), "LongestIncreasingRun: fewer than 2^31 values.")
    precondition(
      tails.count >= count && previous.count >= count && marked.count >= count,
      "LongestIncreasingRun: buffers too small. This is a bug in Switchboard.")
    // `tails[k]`: the position of the smallest last value of an increasing run of length
    // k + 1; `previous[p]`: the position before p on the best run ending at p, or -1.
    var tailCount = 0
    var lastTail = Int.min
    for position in 0..<count {
      marked[position] = false
      guard let value = valueAt(position) else {
        previous[position] = -1
        continue
      }
      if tailCount == 0 || value > lastTail {
        previous[position] = tailCount > 0 ? tails[tailCount - 1] : -1
        tails[tailCount] = Int32(truncatingIfNeeded: position)
        tailCount += 1
        lastTail = value
        continue
      }
      // Tails' values increase: binary-search the first one not below `value`.
      var low = 0
      var high = tailCount - 1
      while low < high {
        let middle = (low + high) / 2
        if let tail = valueAt(Int(tails[middle])), tail < value {
          low = middle + 1
        } else {
          high = middle
        }
      }
      previous[position] = low > 0 ? tails[low - 1] : -1
      tails[low] = Int32(truncatingIfNeeded: position)
      if low == tailCount - 1 { lastTail = value }
    }
    var cursor = tailCount > 0 ? Int(tails[tailCount - 1]) : -1
    while cursor >= 0 {
      marked[cursor] = true
      cursor = Int(previous[cursor])
    }
  }

  /// Whether position `position` of the last marked list is on the run.
  @usableFromInline
  func isMarked(_ position: Int) -> Bool {
    precondition(position < count, "LongestIncreasingRun: position \(position) out of range.")
    return marked[position]
  }

  /// The positions on the run of the last marked list, in order.
  var positions: [Int] { (0..<count).filter { marked[$0] } }
}

/// The positions, in order, of one longest strictly increasing subsequence of `values`.
///
/// - Complexity: O(*n* log *n*) for *n* values.
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  var longest = LongestIncreasingRun()
  longest.mark(values)
  return longest.positions
}
