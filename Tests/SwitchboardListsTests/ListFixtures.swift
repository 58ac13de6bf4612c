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
  let source = ArrayDataSource(sections)
  let delegate = RecordingDelegate()
  let list = ListView(viewportHeight: viewport, rowHeight: rowHeight)
  list.register(ListCell.self, forCellReuseIdentifier: "cell")
  list.dataSource = source
  list.delegate = delegate
  return ListFixture(list: list, source: source, delegate: delegate)
}

/// Sends list messages through a proxy's router the way `ListView` does, so the proxy's routing
/// can be checked one message at a time without a host.
extension ListProxy where Host == ListView {
  func numberOfSections() -> Int {
    router.send(.numberOfSections, as: (any ListSectionCounting).self, default: 1) {
      $0.numberOfSections()
    }
  }
  func numberOfRows(inSection section: Int) -> Int {
    router.send(.numberOfRows, as: (any ListRowCounting).self, default: 0) {
      $0.numberOfRows(inSection: section)
    }
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell? {
    try router.send(.cellForRow, as: (any ListCellProviding<ListView>).self, default: nil) {
      try $0.cellForRow(at: indexPath, in: list)
    }
  }
  func titleForHeader(inSection section: Int) -> String? {
    router.send(.titleForHeader, as: (any ListHeaderTitling).self, default: nil) {
      $0.titleForHeader(inSection: section)
    }
  }
  func titleForFooter(inSection section: Int) -> String? {
    router.send(.titleForFooter, as: (any ListFooterTitling).self, default: nil) {
      $0.titleForFooter(inSection: section)
    }
  }
  func canEditRow(at indexPath: IndexPath) -> Bool? {
    router.send(.canEditRow, as: (any ListRowEditability).self, default: nil) {
      $0.canEditRow(at: indexPath)
    }
  }
  func canMoveRow(at indexPath: IndexPath) -> Bool? {
    router.send(.canMoveRow, as: (any ListRowMovability).self, default: nil) {
      $0.canMoveRow(at: indexPath)
    }
  }
  func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate? {
    router.send(.commitEdit, as: (any ListEditCommitting).self, default: nil) {
      $0.commitEdit(style, forRowAt: indexPath)
    }
  }
  func moveRow(from source: IndexPath, to destination: IndexPath) {
    _ = router.broadcast(.moveRow, as: (any ListRowMoving).self) {
      $0.moveRow(from: source, to: destination)
    }
  }
  func sectionIndexTitles() -> [String]? {
    router.send(.sectionIndexTitles, as: (any ListSectionIndexing).self, default: nil) {
      $0.sectionIndexTitles()
    }
  }
  func prefetchRows(at indexPaths: [IndexPath]) {
    _ = router.broadcast(.prefetchRows, as: (any ListPrefetching).self) {
      $0.prefetchRows(at: indexPaths)
    }
  }
  func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    router.send(.heightForRow, as: (any ListRowHeightProviding<ListView>).self, default: 44) {
      $0.heightForRow(at: indexPath, in: list)
    }
  }
  func estimatedHeightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    router.send(
      .estimatedHeightForRow, as: (any ListEstimatedRowHeightProviding<ListView>).self,
      default: 44
    ) { $0.estimatedHeightForRow(at: indexPath, in: list) }
  }
  func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    _ = router.broadcast(.willDisplayRow, as: (any ListWillDisplayObserving<ListView>).self) {
      $0.willDisplay(cell, forRowAt: indexPath, in: list)
    }
  }
  func didEndDisplaying(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    _ = router.broadcast(
      .didEndDisplayingRow, as: (any ListDidEndDisplayingObserving<ListView>).self
    ) { $0.didEndDisplaying(cell, forRowAt: indexPath, in: list) }
  }
  func willSelectRow(at indexPath: IndexPath, in list: ListView) -> IndexPath? {
    router.send(
      .willSelectRow, as: (any ListWillSelectHandling<ListView>).self, default: indexPath
    ) { $0.willSelectRow(at: indexPath, in: list) }
  }
  func didSelectRow(at indexPath: IndexPath, in list: ListView) {
    _ = router.broadcast(.didSelectRow, as: (any ListDidSelectHandling<ListView>).self) {
      $0.didSelectRow(at: indexPath, in: list)
    }
  }
  func didDeselectRow(at indexPath: IndexPath, in list: ListView) {
    _ = router.broadcast(.didDeselectRow, as: (any ListDidDeselectHandling<ListView>).self) {
      $0.didDeselectRow(at: indexPath, in: list)
    }
  }
  func handlerSummaries(for message: ListMessage) -> [String] {
    router.explain(message).candidates.map(\.description)
  }
}
