import Foundation

/// Vertical positions of headers, rows and footers, measured from the top of the content.
///
/// Row heights are stored run-length encoded: consecutive rows of the same height share one run.
/// A section whose rows all have one height, measured or not, takes O(1) memory however many
/// rows it has; in general memory grows with the number of height changes, not with the rows.
struct ListLayout {
  /// Consecutive rows of one height.
  struct Run {
    /// The first row of the run.
    var firstRow: Int
    /// The offset of `firstRow` from the section's first row.
    var top: Double
    var height: Double
    var rowCount: Int

    var bottom: Double { top + Double(rowCount) * height }
  }

  struct Section {
    var top: Double
    var headerHeight: Double
    var footerHeight: Double
    var rowCount: Int
    /// The rows' heights, in order; the runs cover rows `0..<rowCount`.
    var runs: [Run]

    var rowsTop: Double { top + headerHeight }
    var rowsHeight: Double { runs.last?.bottom ?? 0 }
    var footerTop: Double { rowsTop + rowsHeight }
    var bottom: Double { footerTop + footerHeight }

    /// The run holding `row`.
    private func run(holding row: Int) -> Run {
      // Binary search for the last run whose first row is at most `row`.
      var low = 0
      var high = runs.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if runs[mid].firstRow <= row { low = mid } else { high = mid - 1 }
      }
      return runs[low]
    }

    func top(ofRow row: Int) -> Double {
      let run = run(holding: row)
      return rowsTop + run.top + Double(row - run.firstRow) * run.height
    }

    func height(ofRow row: Int) -> Double {
      run(holding: row).height
    }

    /// The first row whose bottom lies below `y`, or `rowCount` when there is none.
    func firstRow(endingBelow y: Double) -> Int {
      let local = y - rowsTop
      // Run bottoms never decrease: binary search for the first run ending below `local`.
      var low = 0
      var high = runs.count
      while low < high {
        let mid = (low + high) / 2
        if runs[mid].bottom > local { high = mid } else { low = mid + 1 }
      }
      guard low < runs.count else { return rowCount }
      let run = runs[low]
      guard run.height > 0, local > run.top else { return run.firstRow }
      let offset = Int(((local - run.top) / run.height).rounded(.down))
      return run.firstRow + min(offset, run.rowCount - 1)
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
    var runs: [Run] = []
    switch rowHeights {
    case .uniform(let height):
      if rowCount > 0 {
        runs = [Run(firstRow: 0, top: 0, height: max(0, height), rowCount: rowCount)]
      }
    case .each(let height):
      for row in 0..<rowCount {
        let rowHeight = max(0, height(row))
        if let last = runs.indices.last, runs[last].height == rowHeight {
          runs[last].rowCount += 1
        } else {
          let top = runs.last?.bottom ?? 0
          runs.append(Run(firstRow: row, top: top, height: rowHeight, rowCount: 1))
        }
      }
    }
    sections.append(
      Section(
        top: contentHeight, headerHeight: headerHeight, footerHeight: footerHeight,
        rowCount: rowCount, runs: runs))
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
