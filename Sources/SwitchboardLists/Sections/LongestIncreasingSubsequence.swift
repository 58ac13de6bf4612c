/// The positions, in order, of one longest strictly increasing subsequence of `values`.
///
/// Diffing keeps the items on such a subsequence in place and moves only the others, which is
/// the fewest moves that reorder the rest.
///
/// - Complexity: O(n log n) for n values (patience sorting).
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  // tails[k]: position of the smallest tail of an increasing run of length k+1.
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
