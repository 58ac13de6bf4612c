import Foundation
import Switchboard
import SwitchboardLists

/// A list handler that records every message it receives and answers from canned data.
///
/// It adopts every list capability but, as a `PartialHandler`, implements only the
/// messages you choose, so it can stand in for a view or a view model in a `ListProxy`:
///
/// ```swift
/// let model = ListSpy(implementing: [.numberOfRows, .titleForHeader], rows: [["a", "b"]])
/// let view = ListSpy(implementing: [.cellForRow, .didSelectRow], rows: [["a", "b"]])
/// let proxy = ListProxy(view: view, viewModel: model)
/// // ... drive a ListView ...
/// #expect(view.messages.contains(.didSelectRow))
/// #expect(!model.messages.contains(.cellForRow))
/// ```
@MainActor
public final class ListSpy: PartialHandler {
  /// One message as the spy received it.
  public struct Record: Hashable, Sendable, CustomStringConvertible {
    /// The message.
    public let message: ListMessage
    /// The row it concerned, if any.
    public let indexPath: IndexPath?
    /// The section it concerned, if it concerned a section rather than a row.
    public let section: Int?

    /// Creates a record.
    public init(_ message: ListMessage, indexPath: IndexPath? = nil, section: Int? = nil) {
      self.message = message
      self.indexPath = indexPath
      self.section = section
    }

    /// `"didSelectRow 0.2"`, `"numberOfRows §1"` or `"numberOfSections"`.
    public var description: String {
      if let indexPath { return "\(message) \(indexPath.section).\(indexPath.row)" }
      if let section { return "\(message) §\(section)" }
      return "\(message)"
    }
  }

  /// The messages the spy implements.
  public var implementedMessages: Set<ListMessage>
  /// The texts of the rows, one array per section: they answer the section and row counts and
  /// fill the cells.
  public var rows: [[String]]
  /// Header titles by section.
  public var headerTitles: [Int: String] = [:]
  /// Footer titles by section.
  public var footerTitles: [Int: String] = [:]
  /// The answer to `ListMessage.heightForRow` and `ListMessage.estimatedHeightForRow`.
  public var rowHeight: Double = 44
  /// When set, cells are dequeued with this identifier; otherwise they are created unpooled.
  public var cellReuseIdentifier: String?
  /// The answer to `ListMessage.willSelectRow`: the row itself by default.
  public var willSelect: (IndexPath) -> IndexPath? = { $0 }

  /// Everything received, oldest first.
  public private(set) var records: [Record] = []

  /// The messages received, oldest first.
  public var messages: [ListMessage] { records.map(\.message) }

  /// Creates a spy.
  ///
  /// - Parameters:
  ///   - messages: The messages it implements; all of them by default.
  ///   - rows: The row texts per section.
  public init(
    implementing messages: Set<ListMessage> = Set(ListMessage.allCases), rows: [[String]] = [[]]
  ) {
    self.implementedMessages = messages
    self.rows = rows
  }

  /// Whether the spy implements `message`.
  ///
  /// The proxy asks from its own domain, which for list proxies is the main actor, where the spy
  /// lives; asking from elsewhere stops.
  nonisolated public func implements(_ message: ListMessage) -> Bool {
    MainActor.assumeIsolated { implementedMessages.contains(message) }
  }

  /// Empties ``records`` and returns what it held.
  @discardableResult
  public func drain() -> [Record] {
    defer { records.removeAll() }
    return records
  }

  private func record(_ message: ListMessage, _ indexPath: IndexPath? = nil, section: Int? = nil) {
    records.append(Record(message, indexPath: indexPath, section: section))
  }

  private func text(at indexPath: IndexPath) -> String {
    guard rows.indices.contains(indexPath.section),
      rows[indexPath.section].indices.contains(indexPath.row)
    else { return "" }
    return rows[indexPath.section][indexPath.row]
  }
}

extension ListSpy: ListSectionCounting, ListRowCounting, ListCellProviding, ListHeaderTitling,
  ListFooterTitling, ListRowEditability, ListRowMovability, ListEditCommitting, ListRowMoving,
  ListSectionIndexing, ListPrefetching
{
  /// Records the message; answers `rows.count`.
  public func numberOfSections(in list: ListView) -> Int {
    record(.numberOfSections)
    return rows.count
  }

  /// Records the message; answers the number of texts in the section.
  public func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int {
    record(.numberOfRows, section: section)
    return rows.indices.contains(section) ? rows[section].count : 0
  }

  /// Records the message; answers a cell with the row's text.
  public func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell {
    record(.cellForRow, indexPath)
    let cell =
      try cellReuseIdentifier.map {
        try list.dequeueReusableCell(withIdentifier: $0, for: indexPath)
      }
      ?? ListCell(reuseIdentifier: nil)
    cell.text = text(at: indexPath)
    return cell
  }

  /// Records the message; answers from ``headerTitles``.
  public func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? {
    record(.titleForHeader, section: section)
    return headerTitles[section]
  }

  /// Records the message; answers from ``footerTitles``.
  public func list(_ list: ListView, titleForFooterInSection section: Int) -> String? {
    record(.titleForFooter, section: section)
    return footerTitles[section]
  }

  /// Records the message; answers `true`.
  public func list(_ list: ListView, canEditRowAt indexPath: IndexPath) -> Bool {
    record(.canEditRow, indexPath)
    return true
  }

  /// Records the message; answers `true`.
  public func list(_ list: ListView, canMoveRowAt indexPath: IndexPath) -> Bool {
    record(.canMoveRow, indexPath)
    return true
  }

  /// Records the message and removes or inserts an empty text in ``rows``.
  public func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath)
  {
    record(.commitEdit, indexPath)
    switch style {
    case .delete: rows[indexPath.section].remove(at: indexPath.row)
    case .insert: rows[indexPath.section].insert("", at: indexPath.row)
    }
  }

  /// Records the message and moves the text in ``rows``.
  public func list(_ list: ListView, moveRowAt source: IndexPath, to destination: IndexPath) {
    record(.moveRow, source)
    let text = rows[source.section].remove(at: source.row)
    rows[destination.section].insert(text, at: destination.row)
  }

  /// Records the message; answers `nil`.
  public func sectionIndexTitles(for list: ListView) -> [String]? {
    record(.sectionIndexTitles)
    return nil
  }

  /// Records the message once per row.
  public func list(_ list: ListView, prefetchRowsAt indexPaths: [IndexPath]) {
    for indexPath in indexPaths { record(.prefetchRows, indexPath) }
  }
}

extension ListSpy: ListRowHeightProviding, ListEstimatedRowHeightProviding,
  ListWillDisplayObserving, ListDidEndDisplayingObserving, ListWillSelectHandling,
  ListDidSelectHandling, ListDidDeselectHandling
{
  /// Records the message; answers ``rowHeight``.
  public func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double {
    record(.heightForRow, indexPath)
    return rowHeight
  }

  /// Records the message; answers ``rowHeight``.
  public func list(_ list: ListView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    record(.estimatedHeightForRow, indexPath)
    return rowHeight
  }

  /// Records the message.
  public func list(_ list: ListView, willDisplay cell: ListCell, forRowAt indexPath: IndexPath) {
    record(.willDisplayRow, indexPath)
  }

  /// Records the message.
  public func list(_ list: ListView, didEndDisplaying cell: ListCell, forRowAt indexPath: IndexPath)
  {
    record(.didEndDisplayingRow, indexPath)
  }

  /// Records the message; answers with ``willSelect``.
  public func list(_ list: ListView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    record(.willSelectRow, indexPath)
    return willSelect(indexPath)
  }

  /// Records the message.
  public func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) {
    record(.didSelectRow, indexPath)
  }

  /// Records the message.
  public func list(_ list: ListView, didDeselectRowAt indexPath: IndexPath) {
    record(.didDeselectRow, indexPath)
  }
}
