import Foundation

/// Vertical positions of headers, rows and footers, measured from the top of the content.
///
/// Rows of uniform height need no storage; rows of varying height keep one prefix sum per row.
struct ListLayout {
  struct Section {
    var top: Double
    var headerHeight: Double
    var footerHeight: Double
    var rowCount: Int
    /// The height of every row, when they are all the same.
    var uniformRowHeight: Double?
    /// `rowTops[r]` is the offset of row `r` from the first row; `rowCount + 1` entries.
    var rowTops: [Double]

    var rowsTop: Double { top + headerHeight }
    var rowsHeight: Double {
      uniformRowHeight.map { Double(rowCount) * $0 } ?? rowTops.last ?? 0
    }
    var footerTop: Double { rowsTop + rowsHeight }
    var bottom: Double { footerTop + footerHeight }

    func top(ofRow row: Int) -> Double {
      rowsTop + (uniformRowHeight.map { Double(row) * $0 } ?? rowTops[row])
    }

    func height(ofRow row: Int) -> Double {
      uniformRowHeight ?? (rowTops[row + 1] - rowTops[row])
    }

    /// The first row whose bottom lies below `y`, or `rowCount` when there is none.
    func firstRow(endingBelow y: Double) -> Int {
      let local = y - rowsTop
      if let uniform = uniformRowHeight {
        guard uniform > 0 else { return local < 0 ? 0 : rowCount }
        return min(rowCount, max(0, Int((local / uniform).rounded(.down))))
      }
      // Binary search over the prefix sums for the first r with rowTops[r + 1] > local.
      var low = 0
      var high = rowCount
      while low < high {
        let mid = (low + high) / 2
        if rowTops[mid + 1] > local { high = mid } else { low = mid + 1 }
      }
      return low
    }
  }

  var sections: [Section] = []

  var contentHeight: Double { sections.last?.bottom ?? 0 }

  /// How the rows of a section are measured.
  enum RowHeights {
    /// Every row has this height; nothing is stored per row.
    case uniform(Double)
    /// Each row is asked for its height.
    case each((Int) -> Double)
  }

  /// Appends a section below the existing ones.
  mutating func appendSection(
    headerHeight: Double, footerHeight: Double, rowCount: Int, rowHeights: RowHeights
  ) {
    var section = Section(
      top: contentHeight, headerHeight: headerHeight, footerHeight: footerHeight,
      rowCount: rowCount, uniformRowHeight: nil, rowTops: [])
    switch rowHeights {
    case .uniform(let height):
      section.uniformRowHeight = max(0, height)
    case .each(let height):
      var tops: [Double] = [0]
      tops.reserveCapacity(rowCount + 1)
      var total = 0.0
      for row in 0..<rowCount {
        total += max(0, height(row))
        tops.append(total)
      }
      section.rowTops = tops
    }
    sections.append(section)
  }

  /// The index of the first section whose bottom lies below `y`.
  func firstSection(endingBelow y: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if sections[mid].bottom > y { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// The rows that intersect `[top, bottom)`, in order.
  func rows(from top: Double, to bottom: Double) -> [IndexPath] {
    var result: [IndexPath] = []
    var index = firstSection(endingBelow: top)
    while index < sections.count, sections[index].top < bottom {
      let section = sections[index]
      var row = section.firstRow(endingBelow: top)
      while row < section.rowCount, section.top(ofRow: row) < bottom {
        if section.height(ofRow: row) > 0,
          section.top(ofRow: row) + section.height(ofRow: row) > top
        {
          result.append(IndexPath(row: row, section: index))
        }
        row += 1
      }
      index += 1
    }
    return result
  }
}
