import Foundation
import SwitchboardTesting
import TestSupport
import Testing

@testable import SwitchboardLists

/// The run-length layout answers exactly what one prefix sum per row answers.
struct ListLayoutTests {
  /// The reference: one prefix sum per row.
  private struct PrefixSums {
    var tops: [Double] = [0]
    init(_ heights: [Double]) {
      for height in heights { tops.append(tops[tops.count - 1] + max(0, height)) }
    }
    func firstRow(endingBelow local: Double) -> Int {
      tops.indices.dropFirst().first { tops[$0] > local }.map { $0 - 1 } ?? tops.count - 1
    }
  }

  @Test(arguments: 0..<20)
  func randomHeightsMatchThePrefixSums(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Few distinct heights, so rows form runs of varied lengths, zero heights included.
    let choices: [Double] = [0, 1, 2.5, 44]
    let heights = (0..<Int.random(in: 0..<200, using: &random)).map { _ in
      Bool.random(using: &random) ? 44 : choices[Int.random(in: 0..<choices.count, using: &random)]
    }
    var layout = ListLayout()
    layout.appendSection(
      headerHeight: 10, footerHeight: 5, rowCount: heights.count, rowHeights: .each { heights[$0] })
    let section = layout.sections[0]
    let reference = PrefixSums(heights)

    #expect(section.rowsHeight == reference.tops[heights.count])
    for row in heights.indices {
      #expect(section.top(ofRow: row) == 10 + reference.tops[row], "row \(row)")
      #expect(section.height(ofRow: row) == heights[row], "row \(row)")
    }
    for _ in 0..<100 {
      let y = Double.random(in: -20...(reference.tops[heights.count] + 40), using: &random)
      #expect(
        section.firstRow(endingBelow: y) == reference.firstRow(endingBelow: y - 10), "y \(y)")
    }
  }

  @Test func oneMeasuredHeightTakesOneRunHoweverManyRows() {
    var layout = ListLayout()
    layout.appendSection(
      headerHeight: 0, footerHeight: 0, rowCount: 1_000_000, rowHeights: .each { _ in 44 })
    #expect(layout.sections[0].runs.count == 1)
    #expect(layout.contentHeight == 44_000_000)
    #expect(layout.sections[0].firstRow(endingBelow: 44 * 500_000 + 1) == 500_000)
  }

  @Test func alternatingHeightsTakeOneRunPerRow() {
    var layout = ListLayout()
    layout.appendSection(
      headerHeight: 0, footerHeight: 0, rowCount: 10, rowHeights: .each { $0 % 2 == 0 ? 1 : 2 })
    #expect(layout.sections[0].runs.count == 10)
    #expect(
      layout.rows(from: 3, to: 6) == [IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0)])
  }
}
