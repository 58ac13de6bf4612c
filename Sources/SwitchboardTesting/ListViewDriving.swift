import Foundation
import SwitchboardLists
import Testing

extension ListView {
  /// Taps the visible row whose cell shows `text`, as a user does (see `ListView.tapRow(at:)`).
  ///
  /// - Throws: ``ListViewError/noVisibleRow(text:visible:)`` when no visible row shows it.
  public func tapRow(withText text: String) throws {
    try tapRow(at: visibleIndexPath(showing: text, in: indexPathsForVisibleRows, cellForRow(at:)))
  }

  /// Scrolls by `rows` times ``rowHeight`` (down when positive).
  public func scroll(rows: Int) throws {
    try scroll(by: Double(rows) * rowHeight)
  }

  /// Scrolls to the end of the content.
  public func scrollToBottom() throws {
    try scroll(to: maximumContentOffset)
  }
}

extension CollectionView {
  /// Taps the visible item whose cell shows `text`, as a user does (see
  /// `CollectionView.tapItem(at:)`).
  ///
  /// - Throws: ``ListViewError/noVisibleRow(text:visible:)`` when no visible item shows it.
  public func tapItem(withText text: String) throws {
    try tapItem(
      at: visibleIndexPath(showing: text, in: indexPathsForVisibleItems, cellForItem(at:)))
  }

  /// Scrolls to the end of the content.
  public func scrollToBottom() throws {
    try scroll(to: maximumContentOffset)
  }
}

/// Expects `list` to render exactly `expected`, and records an issue with a line-by-line
/// difference otherwise.
///
/// ```swift
/// expectRendered(list, """
///   == To do ==
///     [0.0] Buy milk
///   """)
/// ```
@MainActor
@discardableResult
public func expectRendered(
  _ list: ListView, _ expected: String, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  expectText(list.renderText(), expected, CallSite(fileID, filePath, line, column))
}

/// Expects `grid` to render exactly `expected`, and records an issue with a line-by-line
/// difference otherwise; see the `ListView` form.
@MainActor
@discardableResult
public func expectRendered(
  _ grid: CollectionView, _ expected: String, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  expectText(grid.renderText(), expected, CallSite(fileID, filePath, line, column))
}

private func expectText(
  _ actual: String, _ expected: String, _ callSite: CallSite
) -> Bool {
  guard actual == expected else {
    let difference = lineDiff(
      expected: expected.components(separatedBy: "\n"), actual: actual.components(separatedBy: "\n")
    )
    recordFailure(
      "The list renders differently (− expected, + actual):\n\(difference)", at: callSite)
    return false
  }
  return true
}

/// The first of `visible` whose cell (by `cell`) shows `text`.
///
/// - Throws: ``ListViewError/noVisibleRow(text:visible:)``, with the texts of `visible`, when
///   none shows it.
@MainActor
private func visibleIndexPath(
  showing text: String, in visible: [IndexPath], _ cell: (IndexPath) -> ListCell?
) throws -> IndexPath {
  guard let indexPath = visible.first(where: { cell($0)?.text == text }) else {
    throw ListViewError.noVisibleRow(text: text, visible: visible.compactMap { cell($0)?.text })
  }
  return indexPath
}
