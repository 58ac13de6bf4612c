import Foundation
import Switchboard

/// A headless list that treats its data source and delegate the way `UITableView` does.
///
/// It needs no UI framework, so it runs in tests, benchmarks and command-line tools on any
/// platform. Toward its data source and delegate it keeps UIKit's contract:
///
/// - it holds both weakly, and caches which optional messages they respond to when they are
///   assigned (refreshing the cache when a ``ListProxy`` announces a route change);
/// - it uses UIKit's defaults for messages nobody implements (one section, ``rowHeight``, no
///   titles), and reports a missing required message as ``ListViewError`` instead of crashing;
/// - it dequeues registered cells from a reuse pool, calling ``ListCell/prepareForReuse()``;
/// - it shows a window of ``viewportHeight`` points starting at ``contentOffset``, sending
///   `willDisplay` and `didEndDisplaying` as rows enter and leave it;
/// - it selects through `willSelect` and `didSelect`, and validates batch updates against the
///   data source's new counts, leaving its state untouched when they do not add up.
///
/// ```swift
/// let list = ListView(viewportHeight: 132)        // three 44-point rows
/// list.dataSource = proxy           // a ListProxy<ListView>, or AnyObject
/// list.delegate = proxy
/// try list.reloadData()
/// print(list.renderText())
/// // == To do ==
/// //   [0.0] Buy milk
/// //   [0.1] Walk the dog
/// ```
@MainActor
public final class ListView {
  // MARK: Configuration

  /// The height of rows whose delegate gives none.
  ///
  /// UIKit's default is 44.
  public var rowHeight: Double
  /// The height of a section header that has a title.
  public var sectionHeaderHeight: Double = 28
  /// The height of a section footer that has a title.
  public var sectionFooterHeight: Double = 28
  /// Whether several rows can be selected at once.
  public var allowsMultipleSelection = false
  /// How many rows past the visible window are announced with ``ListMessage/prefetchRows``.
  public var prefetchDistance = 5

  /// The height of the visible window.
  public var viewportHeight: Double { state.viewportHeight }
  /// The offset of the visible window from the top of the content.
  public var contentOffset: Double { state.contentOffset }

  /// The data source; held weakly, as UIKit does.
  public var dataSource: AnyObject? {
    get { connection.dataSource }
    set { connection.dataSource = newValue }
  }

  /// The delegate; held weakly, as UIKit does.
  public var delegate: AnyObject? {
    get { connection.delegate }
    set { connection.delegate = newValue }
  }

  // MARK: State

  let connection = ListConnection<ListView>()
  var state: HeadlessState
  private var registrations: [String: ListCell.Type] = [:]

  /// Whether the list has read its data source at least once (``reloadData()``).
  public var hasLoadedData: Bool { state.hasLoadedData }

  /// Problems the list met and recovered from, oldest first: a message its cache said was
  /// answered, but whose handler had been released.
  ///
  /// The list used the default value each time.
  public var diagnostics: [ListViewError] { connection.diagnostics }

  /// The section index titles the data source gave at the last reload, if any.
  public var sectionIndexTitles: [String]? { state.sectionIndexTitles }

  /// Creates an empty list.
  ///
  /// - Parameters:
  ///   - viewportHeight: The height of the visible window.
  ///   - rowHeight: The height of rows whose delegate gives none.
  public init(viewportHeight: Double = 440, rowHeight: Double = 44) {
    state = HeadlessState(viewportHeight: viewportHeight)
    self.rowHeight = rowHeight
    connection.host = self
  }

  // MARK: Responds-to cache

  /// Whether the list believes its data source or delegate responds to `message`, as cached when
  /// they were assigned or when their routes last changed.
  public func cachedResponse(to message: ListMessage) -> Bool {
    connection.cachedResponse(to: message)
  }

  // MARK: Cells

  /// Registers a cell type for a reuse identifier, replacing any earlier registration.
  public func register(_ cellType: ListCell.Type, forCellReuseIdentifier identifier: String) {
    registrations[identifier] = cellType
  }

  /// A cell of exactly `cellType` for `indexPath`, reused or new; the type is registered under
  /// its own name (`String(reflecting: cellType)`) the first time.
  ///
  /// The host's side of ``ListHost/dequeueCell(_:for:)``, which cell providers call:
  /// `try list.dequeueCell(TodoCell.self, for: indexPath)`.
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` when
  ///   another class was registered under the type's name, as UIKit's adapters do; the cell
  ///   dequeued goes back to the reuse pool (or stays the one being reconfigured), so none is
  ///   lost.
  public func dequeueCell(of cellType: ListCell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> ListCell
  {
    let identifier = String(reflecting: cellType)
    if registrations[identifier] == nil { registrations[identifier] = cellType }
    let beingReconfigured = state.reconfiguring
    let cell = try dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    guard type(of: cell) == cellType else {
      if cell === beingReconfigured {
        state.reconfiguring = cell
      } else {
        enqueue(cell)
      }
      throw .cellTypeMismatch(
        reuseIdentifier: identifier, expected: "\(cellType)", actual: "\(type(of: cell))")
    }
    return cell
  }

  /// The cell type registered for `identifier`, if any.
  public func registeredCellType(forReuseIdentifier identifier: String) -> ListCell.Type? {
    registrations[registeredIdentifier(identifier)]
  }

  /// `identifier`, or the identifier a type was registered under by ``dequeueCell(of:for:)``
  /// when `identifier` is that type's plain name (`"PhotoCell"` for `"MyApp.PhotoCell"`) and
  /// only one registered type has it.
  private func registeredIdentifier(_ identifier: String) -> String {
    guard registrations[identifier] == nil else { return identifier }
    let qualified = registrations.keys.filter { $0.hasSuffix("." + identifier) }
    return qualified.count == 1 ? qualified[0] : identifier
  }

  /// A cell for `identifier`: a reused one from the pool (after ``ListCell/prepareForReuse()``),
  /// or a new instance of the registered type.
  ///
  /// A type registered by ``dequeueCell(of:for:)`` is found by its module-qualified name
  /// (`"MyApp.PhotoCell"`) and by its plain name (`"PhotoCell"`).
  ///
  /// - Throws: ``ListViewError/unregisteredReuseIdentifier(_:registered:)`` when nothing is
  ///   registered for `identifier`.
  public func dequeueReusableCell(
    withIdentifier identifier: String, for indexPath: IndexPath
  ) throws(ListViewError) -> ListCell {
    let identifier = registeredIdentifier(identifier)
    if let cell = reusableCell(withIdentifier: identifier) { return cell }
    guard let cellType = registrations[identifier] else {
      throw .unregisteredReuseIdentifier(identifier, registered: registrations.keys.sorted())
    }
    return cellType.init(reuseIdentifier: identifier)
  }

  /// The number of cells waiting in the reuse pool for `identifier`.
  public func pooledCellCount(forReuseIdentifier identifier: String) -> Int {
    state.cellPool[registeredIdentifier(identifier)]?.count ?? 0
  }

  // MARK: Model

  /// The number of sections, as of the last reload or update.
  public var numberOfSections: Int { state.shown.rows.count }

  /// The number of rows in `section`, as of the last reload or update.
  public func numberOfRows(inSection section: Int) -> Int {
    state.count(inSection: section)
  }

  /// The header title of `section`, as of the last reload or update.
  public func headerTitle(forSection section: Int) -> String? {
    state.shown.headers.indices.contains(section) ? state.shown.headers[section] : nil
  }

  /// The footer title of `section`, as of the last reload or update.
  public func footerTitle(forSection section: Int) -> String? {
    state.shown.footers.indices.contains(section) ? state.shown.footers[section] : nil
  }

  /// The height of all sections together.
  public var contentHeight: Double { state.contentHeight }

  /// The largest offset ``scroll(to:)`` accepts.
  public var maximumContentOffset: Double { state.maximumContentOffset }

  /// Compares the counts the list shows with the data source's counts now, and throws when they
  /// differ: the data source changed without telling the list.
  ///
  /// Batch updates make the same check; call this after changes you believe need no update.
  public func checkConsistency() throws(ListViewError) {
    let counts = try readShownSections().rows
    guard counts.count == shownCounts.count else {
      throw .staleSectionCount(shown: shownCounts.count, dataSource: counts.count)
    }
    for (section, shown) in shownCounts.enumerated() where counts[section] != shown {
      throw .staleRowCount(section: section, shown: shown, dataSource: counts[section])
    }
  }

  // MARK: Reloading and scrolling

  /// Asks the data source for everything again and redisplays the visible window.
  ///
  /// Selection is cleared, as in UIKit. Every visible row ends displaying and displays again.
  ///
  /// - Throws: ``ListViewError/requiredMessageUnhandled(_:handlers:)`` when the data source does
  ///   not answer a required message, and the errors of the cell provider.
  public func reloadData() throws(ListViewError) { try reloadContent() }

  /// Moves the visible window so that it starts at `offset`, clamped to the content.
  public func scroll(to offset: Double) throws(ListViewError) { try scrollContent(to: offset) }

  /// Moves the visible window by `delta` points (down when positive).
  public func scroll(by delta: Double) throws(ListViewError) {
    try scroll(to: contentOffset + delta)
  }

  /// Where ``scrollToRow(at:at:)`` puts a row, as UIKit's `UITableView.ScrollPosition`.
  public enum ScrollPosition: Sendable {
    /// The row's top at the top of the window.
    case top
    /// The row in the middle of the window.
    case middle
    /// The row's bottom at the bottom of the window.
    case bottom
    /// The least scrolling that shows the whole row; none when it is already visible.
    case none
  }

  /// Scrolls so that the row at `indexPath` is where `position` says, or as close as the content
  /// allows.
  ///
  /// ```swift
  /// try list.insertRows(at: [newRow])
  /// try list.scrollToRow(at: newRow, at: .none)   // show it, scrolling as little as possible
  /// ```
  public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition = .top)
    throws(ListViewError)
  {
    try checkExists(indexPath)
    let section = state.layout.sections[indexPath.section]
    let top = section.top(ofRow: indexPath.row)
    let bottom = top + section.height(ofRow: indexPath.row)
    let offset: Double
    switch position {
    case .top: offset = top
    case .middle: offset = (top + bottom - viewportHeight) / 2
    case .bottom: offset = bottom - viewportHeight
    case .none:
      if top < contentOffset {
        offset = top
      } else if bottom > contentOffset + viewportHeight {
        offset = bottom - viewportHeight
      } else {
        offset = contentOffset
      }
    }
    try scroll(to: offset)
  }

  /// Changes the height of the visible window.
  public func resize(viewportHeight: Double) throws(ListViewError) {
    try resizeViewport(to: viewportHeight)
  }

  /// The index paths of the rows in the visible window, in order.
  public var indexPathsForVisibleRows: [IndexPath] { state.visibleOrder }

  /// The texts of the visible rows' cells, in order.
  public var visibleTexts: [String] { visibleCellTexts }

  /// The cell showing the row at `indexPath`, if that row is visible.
  public func cellForRow(at indexPath: IndexPath) -> ListCell? {
    state.visibleCells[indexPath]
  }

  // MARK: Rendering

  /// The visible window as text: a `== title ==` line for each visible header, one line per
  /// visible row (`*` marks a selected row), and a `-- title --` line for each visible footer.
  ///
  /// ```
  /// == To do ==
  ///   [0.0] Buy milk
  /// * [0.1] Walk the dog
  /// -- 2 items --
  /// ```
  public func renderText() -> String {
    let top = contentOffset
    let bottom = contentOffset + viewportHeight
    let layout = state.layout
    let visibleOrder = state.visibleOrder
    var lines: [String] = []
    var rowIndex = 0
    var section = layout.firstSection(endingBelow: top)
    while section < layout.sections.count, layout.sections[section].top < bottom {
      let frame = layout.sections[section]
      if let title = state.shown.headers[section], frame.top < bottom, frame.rowsTop > top {
        lines.append("== \(title) ==")
      }
      while rowIndex < visibleOrder.count, visibleOrder[rowIndex].section == section {
        let path = visibleOrder[rowIndex]
        let cell = visibleCell(at: path)
        lines.append(
          "\(state.selected.contains(path) ? "*" : " ") [\(path.section).\(path.row)] \(cell.text)")
        rowIndex += 1
      }
      if let title = state.shown.footers[section], frame.footerTop < bottom, frame.bottom > top {
        lines.append("-- \(title) --")
      }
      section += 1
    }
    return lines.joined(separator: "\n")
  }
}

extension ListView: ListHost, HeadlessHost {
  /// Whether the content is shorter than the viewport.
  public var needsMoreContent: Bool { state.needsMoreContent }

  var itemsPerLine: Int { 1 }
  var showsSectionTitles: Bool { true }

  /// A section's header and footer take their heights when they have a title; its rows take
  /// the heights the delegate gives (``ListMessage/heightForRow``, else
  /// ``ListMessage/estimatedHeightForRow``), else ``rowHeight``.
  func sectionMetrics(_ section: Int, of shown: ShownSections) -> SectionMetrics {
    let heights: ListLayout.RowHeights
    if cachedResponse(to: .heightForRow) {
      heights = .each { row in
        self.connection.send(.heightForRow, IndexPath(row: row, section: section), in: self)
          ?? self.rowHeight
      }
    } else if cachedResponse(to: .estimatedHeightForRow) {
      heights = .each { row in
        self.connection.send(
          .estimatedHeightForRow, IndexPath(row: row, section: section), in: self)
          ?? self.rowHeight
      }
    } else {
      heights = .uniform(rowHeight)
    }
    return SectionMetrics(
      header: shown.headers[section] == nil ? 0 : sectionHeaderHeight,
      footer: shown.footers[section] == nil ? 0 : sectionFooterHeight, lines: heights)
  }
}
