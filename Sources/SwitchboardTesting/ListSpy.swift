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
///
/// It serves any host whose cells are `ListCell`s, as the headless hosts' are:
/// `ListSpy(for: CollectionView.self)` for a `CollectionView`.
@MainActor
public final class ListSpy<Host: ListHost>: PartialHandler where Host.Cell: ListCell {
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
  /// Whether cells are dequeued from the host (and so reused); otherwise each is made new, with
  /// no reuse identifier.
  public var reusesCells = false
  /// Supplementary views answer their kind and section, such as `"header 0"`.
  public var supplementaryText: (SupplementaryKind, Int) -> String = { "\($0) \($1)" }
  /// The answer to `ListMessage.willSelectRow`: the row itself by default.
  public var willSelect: (IndexPath) -> IndexPath? = { $0 }

  /// Everything received, oldest first, one line per message: the message and the row it
  /// concerned (`"didSelectRow 0.2"`), the section (`"numberOfRows §1"`), or neither
  /// (`"numberOfSections"`).
  ///
  /// Lines compare and print as they read, so a test states what it expects in one literal:
  ///
  /// ```swift
  /// #expect(view.drain() == ["willDisplayRow 0.0", "didSelectRow 0.0"])
  /// ```
  public private(set) var records: [String] = []

  /// The messages received, oldest first.
  public private(set) var messages: [ListMessage] = []

  /// Creates a spy for a host of type `host`.
  ///
  /// ```swift
  /// let grid = ListSpy(for: CollectionView.self, implementing: [.cellForRow])
  /// ```
  ///
  /// A spy for `ListView` needs no `for:` (`ListSpy(implementing:rows:)`).
  ///
  /// - Parameters:
  ///   - host: The kind of host whose cells the spy makes.
  ///   - messages: The messages it implements; all of them by default.
  ///   - rows: The row texts per section.
  public init(
    for host: Host.Type = Host.self,
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
  public func drain() -> [String] {
    defer {
      records.removeAll()
      messages.removeAll()
    }
    return records
  }

  private func record(_ message: ListMessage, _ indexPath: IndexPath? = nil, section: Int? = nil) {
    messages.append(message)
    if let indexPath {
      records.append("\(message) \(indexPath.section).\(indexPath.row)")
    } else if let section {
      records.append("\(message) §\(section)")
    } else {
      records.append("\(message)")
    }
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
  public func numberOfSections() -> Int {
    record(.numberOfSections)
    return rows.count
  }

  /// Records the message; answers the number of texts in the section.
  public func numberOfRows(inSection section: Int) -> Int {
    record(.numberOfRows, section: section)
    return rows.indices.contains(section) ? rows[section].count : 0
  }

  /// Records the message; answers a cell with the row's text.
  public func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell {
    record(.cellForRow, indexPath)
    let cell =
      reusesCells
      ? try host.dequeueCell(of: Host.Cell.self, for: indexPath)
      : Host.Cell(reuseIdentifier: nil)
    cell.text = text(at: indexPath)
    return cell
  }

  /// Records the message; answers from ``headerTitles``.
  public func titleForHeader(inSection section: Int) -> String? {
    record(.titleForHeader, section: section)
    return headerTitles[section]
  }

  /// Records the message; answers from ``footerTitles``.
  public func titleForFooter(inSection section: Int) -> String? {
    record(.titleForFooter, section: section)
    return footerTitles[section]
  }

  /// Records the message; answers `true`.
  public func canEditRow(at indexPath: IndexPath) -> Bool {
    record(.canEditRow, indexPath)
    return true
  }

  /// Records the message; answers `true`.
  public func canMoveRow(at indexPath: IndexPath) -> Bool {
    record(.canMoveRow, indexPath)
    return true
  }

  /// Records the message, removes or inserts an empty text in ``rows``, and answers the
  /// matching update.
  public func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    record(.commitEdit, indexPath)
    switch style {
    case .delete:
      rows[indexPath.section].remove(at: indexPath.row)
      return ListUpdate(deletingRowsAt: [indexPath])
    case .insert:
      rows[indexPath.section].insert("", at: indexPath.row)
      return ListUpdate(insertingRowsAt: [indexPath])
    }
  }

  /// Records the message and moves the text in ``rows``.
  public func moveRow(from source: IndexPath, to destination: IndexPath) {
    record(.moveRow, source)
    let text = rows[source.section].remove(at: source.row)
    rows[destination.section].insert(text, at: destination.row)
  }

  /// Records the message; answers `nil`.
  public func sectionIndexTitles() -> [String]? {
    record(.sectionIndexTitles)
    return nil
  }

  /// Records the message once per row.
  public func prefetchRows(at indexPaths: [IndexPath]) {
    for indexPath in indexPaths { record(.prefetchRows, indexPath) }
  }
}

extension ListSpy: ListRowHeightProviding, ListEstimatedRowHeightProviding,
  ListWillDisplayObserving, ListDidEndDisplayingObserving, ListWillSelectHandling,
  ListDidSelectHandling, ListDidDeselectHandling
{
  /// Records the message; answers ``rowHeight``.
  public func heightForRow(at indexPath: IndexPath, in host: Host) -> Double {
    record(.heightForRow, indexPath)
    return rowHeight
  }

  /// Records the message; answers ``rowHeight``.
  public func estimatedHeightForRow(at indexPath: IndexPath, in host: Host) -> Double {
    record(.estimatedHeightForRow, indexPath)
    return rowHeight
  }

  /// Records the message.
  public func willDisplay(_ cell: Host.Cell, forRowAt indexPath: IndexPath, in host: Host) {
    record(.willDisplayRow, indexPath)
  }

  /// Records the message.
  public func didEndDisplaying(_ cell: Host.Cell, forRowAt indexPath: IndexPath, in host: Host) {
    record(.didEndDisplayingRow, indexPath)
  }

  /// Records the message; answers with ``willSelect``.
  public func willSelectRow(at indexPath: IndexPath, in host: Host) -> IndexPath? {
    record(.willSelectRow, indexPath)
    return willSelect(indexPath)
  }

  /// Records the message.
  public func didSelectRow(at indexPath: IndexPath, in host: Host) {
    record(.didSelectRow, indexPath)
  }

  /// Records the message.
  public func didDeselectRow(at indexPath: IndexPath, in host: Host) {
    record(.didDeselectRow, indexPath)
  }
}

extension ListSpy: ListSupplementaryViewProviding
where Host: SupplementaryViewHost, Host.SupplementaryView: ListCell {
  /// Records the message; answers a new view whose text is ``supplementaryText``'s.
  public func supplementaryView(
    ofKind kind: SupplementaryKind, at indexPath: IndexPath, in host: Host
  ) throws -> Host.SupplementaryView {
    record(.supplementaryView, indexPath)
    let view = Host.SupplementaryView(reuseIdentifier: nil)
    view.text = supplementaryText(kind, indexPath.section)
    return view
  }
}

extension ListSpy where Host == ListView {
  /// Creates a spy for a `ListView`.
  ///
  /// ```swift
  /// let view = ListSpy(implementing: [.cellForRow, .didSelectRow], rows: [["a", "b"]])
  /// ```
  ///
  /// - Parameters:
  ///   - messages: The messages it implements; all of them by default.
  ///   - rows: The row texts per section.
  public convenience init(
    implementing messages: Set<ListMessage> = Set(ListMessage.allCases), rows: [[String]] = [[]]
  ) {
    self.init(for: ListView.self, implementing: messages, rows: rows)
  }
}
