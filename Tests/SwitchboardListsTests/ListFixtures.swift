import Foundation
import SwitchboardLists

/// A data source over nested arrays, with optional titles.
class ArrayDataSource: ListSectionCounting, ListRowCounting, ListCellProviding,
  ListHeaderTitling, ListFooterTitling
{
  var sections: [[String]]
  var headers: [String?] = []
  var footers: [String?] = []
  var identifier = "cell"

  init(_ sections: [[String]]) { self.sections = sections }

  func numberOfSections() -> Int { sections.count }
  func numberOfRows(inSection section: Int) -> Int { sections[section].count }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    cell.text = sections[indexPath.section][indexPath.row]
    return cell
  }
  func titleForHeader(inSection section: Int) -> String? {
    headers.indices.contains(section) ? headers[section] : nil
  }
  func titleForFooter(inSection section: Int) -> String? {
    footers.indices.contains(section) ? footers[section] : nil
  }
}

/// The texts of `count` rows in `section`, such as "0.0" and "0.1" for section 0.
func rows(_ count: Int, section: Int = 0) -> [String] { (0..<count).map { "\(section).\($0)" } }

/// Shorthand for an index path.
func at(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

/// A delegate that records every message it receives, in order.
final class RecordingDelegate: ListWillDisplayObserving, ListDidEndDisplayingObserving,
  ListWillSelectHandling, ListDidSelectHandling, ListDidDeselectHandling
{
  var events: [String] = []
  var redirect: (IndexPath) -> IndexPath? = { $0 }

  func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    events.append("willDisplay \(indexPath.section).\(indexPath.row) \(cell.text)")
  }
  func didEndDisplaying(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    events.append("didEnd \(indexPath.section).\(indexPath.row)")
  }
  func willSelectRow(at indexPath: IndexPath, in list: ListView) -> IndexPath? {
    events.append("willSelect \(indexPath.section).\(indexPath.row)")
    return redirect(indexPath)
  }
  func didSelectRow(at indexPath: IndexPath, in list: ListView) {
    events.append("didSelect \(indexPath.section).\(indexPath.row)")
  }
  func didDeselectRow(at indexPath: IndexPath, in list: ListView) {
    events.append("didDeselect \(indexPath.section).\(indexPath.row)")
  }

  func take() -> [String] {
    defer { events.removeAll() }
    return events
  }
}

/// A list with its data source and delegate.
///
/// The list holds both weakly, as UIKit does, so a test keeps the fixture alive for its whole
/// scope, the way a screen keeps its own.
@MainActor
final class ListFixture {
  let list: ListView
  let source: ArrayDataSource
  let delegate: RecordingDelegate

  init(list: ListView, source: ArrayDataSource, delegate: RecordingDelegate) {
    self.list = list
    self.source = source
    self.delegate = delegate
  }
}

/// A list over an `ArrayDataSource`, with a recording delegate.
@MainActor
func makeList(_ sections: [[String]], viewport: Double = 132, rowHeight: Double = 44) -> ListFixture
{
  makeList(source: ArrayDataSource(sections), viewport: viewport, rowHeight: rowHeight)
}

/// A list over `source` (an `ArrayDataSource` or a subclass that records), with a recording
/// delegate.
@MainActor
func makeList(source: ArrayDataSource, viewport: Double = 132, rowHeight: Double = 44)
  -> ListFixture
{
  let delegate = RecordingDelegate()
  let list = ListView(viewportHeight: viewport, rowHeight: rowHeight)
  list.register(ListCell.self, forCellReuseIdentifier: "cell")
  list.dataSource = source
  list.delegate = delegate
  return ListFixture(list: list, source: source, delegate: delegate)
}

extension ListProxy where Host == ListView {
  func handlerSummaries(for message: ListMessage) -> [String] {
    router.explain(message).candidates.map(\.description)
  }
}
