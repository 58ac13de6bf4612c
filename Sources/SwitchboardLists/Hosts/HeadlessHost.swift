import Foundation

/// What ``ListView`` and ``CollectionView`` share: a headless host that shows its data source's
/// sections as lines of cells in a scrolling window, and keeps UIKit's contract toward its data
/// source and delegate.
///
/// A host keeps a ``HeadlessState`` and says only what differs: how many items a line holds,
/// whether it shows section titles, the heights of a section's header, footer and lines, and
/// which supplementary views it shows. Reading the data source, reloading, scrolling, the display
/// passes, batch updates, cell reuse and selection are written once, in the extensions of this
/// protocol (`HeadlessHost+Display.swift`, `HeadlessHost+Selection.swift`).
@MainActor
protocol HeadlessHost: ListHost where Cell == ListCell {
  /// The connection the host sends its messages through.
  var connection: ListConnection<Self> { get }
  /// What the host shows, and its reuse pools.
  var state: HeadlessState { get set }
  /// Whether several rows (items) can be selected at once.
  var allowsMultipleSelection: Bool { get }
  /// How many rows (items) past the visible window are announced with
  /// ``ListMessage/prefetchRows``.
  var prefetchDistance: Int { get }
  /// How many items a line of the layout holds: 1 for a list, the columns of a grid.
  var itemsPerLine: Int { get }
  /// Whether the host shows section titles and a section index, as a table does: it asks for
  /// ``ListMessage/titleForHeader`` and ``ListMessage/titleForFooter`` with the counts, and for
  /// ``ListMessage/sectionIndexTitles`` when it reloads.
  var showsSectionTitles: Bool { get }
  /// The heights of `section`'s header, footer and lines, for the sections as `shown`.
  func sectionMetrics(_ section: Int, of shown: ShownSections) -> SectionMetrics
  /// Which supplementary views the host shows for every visible section; by default none.
  var showsSupplementaryViews: (header: Bool, footer: Bool) { get }
  /// The supplementary view for `key`, from the data source; asked only for the kinds
  /// ``showsSupplementaryViews`` names.
  func makeSupplementaryView(_ key: SupplementaryKey) throws(ListViewError) -> ListCell
}

/// The sections a headless host shows: the rows (items) of each and, when the host shows
/// section titles, their titles.
struct ShownSections {
  var rows: [Int] = []
  var headers: [String?] = []
  var footers: [String?] = []
}

/// The heights of a section in a headless host's layout.
struct SectionMetrics {
  var header: Double
  var footer: Double
  var lines: ListLayout.RowHeights
}

/// A supplementary view's place: its section and kind, headers before footers.
struct SupplementaryKey: Hashable, Comparable {
  var section: Int
  var kind: SupplementaryKind

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.section, lhs.kind == .header ? 0 : 1) < (rhs.section, rhs.kind == .header ? 0 : 1)
  }
}

/// What a headless host shows, as of its last reload or update, and its reuse pools.
///
/// The host's extensions read and change it a statement at a time, never across a call to the
/// data source, the delegate or a cell, which may use the host again.
struct HeadlessState {
  /// The sections as the host shows them.
  var shown = ShownSections()
  /// The section index titles the data source gave at the last reload, if any.
  var sectionIndexTitles: [String]?
  var layout = ListLayout()
  /// The height of the visible window.
  var viewportHeight: Double
  /// The offset of the visible window from the top of the content.
  var contentOffset: Double = 0
  /// Whether the host has read its data source at least once.
  var hasLoadedData = false
  /// The visible rows (items), in order: always the keys of `visibleCells`, sorted.
  var visibleOrder: [IndexPath] = []
  /// The cells on screen.
  var visibleCells: [IndexPath: ListCell] = [:]
  /// The supplementary views on screen.
  var visibleViews: [SupplementaryKey: ListCell] = [:]
  /// The cell being configured again (``ListUpdate/reconfiguredRows``), which the host's next
  /// dequeue for its reuse identifier hands back as it is.
  var reconfiguring: ListCell?
  var selected: Set<IndexPath> = []
  var prefetch = PrefetchWindow()
  /// Counts display passes, so a pass notices when a callback started another one (a delegate
  /// that reloads or updates the host from `willDisplay`) and stops walking its stale rows.
  var displayPass = 0
  /// Cells waiting for reuse, by reuse identifier.
  var cellPool: [String: [ListCell]] = [:]
  /// Supplementary views waiting for reuse, by kind and reuse identifier (UIKit reuses per
  /// both: a header never comes back as a footer).
  var viewPool: [String: [ListCell]] = [:]

  init(viewportHeight: Double) {
    self.viewportHeight = max(0, viewportHeight)
  }

  /// The height of all sections together, headers and footers included.
  var contentHeight: Double { layout.contentHeight }

  /// The largest offset the window can start at: the content's height less the window's.
  var maximumContentOffset: Double { max(0, contentHeight - viewportHeight) }

  /// Whether the content is shorter than the window.
  var needsMoreContent: Bool { contentHeight < viewportHeight }

  /// Keeps the offset within the content.
  mutating func clampContentOffset() {
    contentOffset = min(max(0, contentOffset), maximumContentOffset)
  }

  /// The number of rows (items) in `section`, 0 for a section not shown.
  func count(inSection section: Int) -> Int {
    shown.rows.indices.contains(section) ? shown.rows[section] : 0
  }

  /// The items the window shows now, in order, `itemsPerLine` to a line of the layout.
  func wantedItems(itemsPerLine: Int) -> [IndexPath] {
    var items: [IndexPath] = []
    for line in layout.rows(from: contentOffset, to: contentOffset + viewportHeight) {
      let first = line.row * itemsPerLine
      let end = min(first + itemsPerLine, shown.rows[line.section])
      for item in first..<end { items.append(IndexPath(item: item, section: line.section)) }
    }
    return items
  }

  /// The supplementary views the window shows now, of the kinds `kinds` names, in order.
  func wantedViews(_ kinds: (header: Bool, footer: Bool)) -> [SupplementaryKey] {
    guard kinds.header || kinds.footer else { return [] }
    let top = contentOffset
    let bottom = contentOffset + viewportHeight
    var views: [SupplementaryKey] = []
    var section = layout.firstSection(endingBelow: top)
    while section < layout.sections.count, layout.sections[section].top < bottom {
      let frame = layout.sections[section]
      if kinds.header, frame.rowsTop > top {
        views.append(SupplementaryKey(section: section, kind: .header))
      }
      if kinds.footer, frame.footerTop < bottom, frame.bottom > top {
        views.append(SupplementaryKey(section: section, kind: .footer))
      }
      section += 1
    }
    return views
  }
}

extension HeadlessHost {
  var showsSupplementaryViews: (header: Bool, footer: Bool) { (false, false) }

  func makeSupplementaryView(_ key: SupplementaryKey) throws(ListViewError) -> ListCell {
    preconditionFailure(
      "\(Self.self) shows no supplementary views, yet was asked for the \(key.kind) of section "
        + "\(key.section). This is a bug in \(Self.self); please report it.")
  }

  /// The rows (items) per section, as the host shows them.
  var shownCounts: [Int] { state.shown.rows }

  // MARK: Reading the data source

  /// Throws when the data source does not answer a message the host cannot show a list
  /// without: ``ListMessage/numberOfRows`` and ``ListMessage/cellForRow``, and
  /// ``ListMessage/supplementaryView`` when the host shows supplementary views.
  func requireMessages() throws(ListViewError) {
    try connection.requireDataSourceMessages()
    let views = showsSupplementaryViews
    if connection.dataSource != nil, views.header || views.footer,
      !connection.cachedResponse(to: .supplementaryView)
    {
      try connection.throwUnhandled(.supplementaryView)
    }
  }

  /// Asks the data source for its sections: the rows (items) of each, with their titles when
  /// the host shows section titles.
  func readShownSections() throws(ListViewError) -> ShownSections {
    guard connection.dataSource != nil else { return ShownSections() }
    let sections = connection.send(.numberOfSections, (), in: self)
    guard sections >= 0 else {
      throw .negativeCount(.numberOfSections, section: nil, count: sections)
    }
    var shown = ShownSections()
    for section in 0..<sections {
      let rows = connection.send(.numberOfRows, section, in: self)
      guard rows >= 0 else { throw .negativeCount(.numberOfRows, section: section, count: rows) }
      shown.rows.append(rows)
      if showsSectionTitles {
        shown.headers.append(connection.send(.titleForHeader, section, in: self))
        shown.footers.append(connection.send(.titleForFooter, section, in: self))
      }
    }
    return shown
  }

  /// Shows `shown`: lays its sections out and keeps the offset within the new content.
  func adopt(_ shown: ShownSections) {
    state.shown = shown
    var layout = ListLayout()
    for section in shown.rows.indices {
      let metrics = sectionMetrics(section, of: shown)
      layout.appendSection(
        headerHeight: metrics.header, footerHeight: metrics.footer,
        rowCount: (shown.rows[section] + itemsPerLine - 1) / itemsPerLine,
        rowHeights: metrics.lines)
    }
    state.layout = layout
    state.clampContentOffset()
  }

  // MARK: Reuse

  /// The cell being reconfigured when it has `identifier`, else a cell from the reuse pool
  /// (after ``ListCell/prepareForReuse()``); `nil` when there is neither.
  func reusableCell(withIdentifier identifier: String) -> ListCell? {
    if let cell = state.reconfiguring, cell.reuseIdentifier == identifier {
      state.reconfiguring = nil
      return cell
    }
    guard let cell = state.cellPool[identifier]?.popLast() else { return nil }
    cell.prepareForReuse()
    return cell
  }

  /// Puts a cell that left the screen in the reuse pool.
  func enqueue(_ cell: ListCell) {
    guard let identifier = cell.reuseIdentifier else { return }
    state.cellPool[identifier, default: []].append(cell)
  }

  /// A supplementary view of `kind` from the reuse pool (after ``ListCell/prepareForReuse()``).
  func reusableView(ofKind kind: SupplementaryKind, withIdentifier identifier: String)
    -> ListCell?
  {
    guard let view = state.viewPool["\(kind.rawValue) \(identifier)"]?.popLast() else {
      return nil
    }
    view.prepareForReuse()
    return view
  }

  /// Puts a supplementary view that left the screen in the reuse pool of its kind.
  func enqueueView(_ view: ListCell, kind: SupplementaryKind) {
    guard let identifier = view.reuseIdentifier else { return }
    state.viewPool["\(kind.rawValue) \(identifier)", default: []].append(view)
  }
}
