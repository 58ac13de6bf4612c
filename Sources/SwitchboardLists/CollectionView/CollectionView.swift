import Foundation

/// A headless collection that treats its data source and delegate the way `UICollectionView`
/// does, laid out as a grid of ``columns`` items per line.
///
/// It is the second host of the list layer, next to ``ListView``: the same data-half view
/// model serves both, and its view-half messages carry `CollectionView` and ``ListCell``.
/// Toward its data source and delegate it keeps UIKit's contract:
///
/// - both are held weakly, and the optional messages they respond to are cached when they are
///   assigned (refreshed when a ``ListProxy`` changes its routes);
/// - items in sections: ``ListMessage/numberOfSections`` (default 1),
///   ``ListMessage/numberOfRows`` for `numberOfItemsInSection`, ``ListMessage/cellForRow`` for
///   `cellForItemAt`, with cells dequeued by type from a reuse pool;
/// - supplementary views by kind: with a nonzero ``headerHeight`` or ``footerHeight`` (a flow
///   layout's reference sizes) every visible section asks ``ListMessage/supplementaryView`` for
///   its ``SupplementaryKind/header`` or ``SupplementaryKind/footer``;
/// - `willDisplay` and `didEndDisplaying` as items enter and leave the visible window,
///   prefetching past it, selection through `willSelect`, `didSelect` and `didDeselect`;
/// - batch updates checked like UIKit's: a rejected update throws a ``ListViewError`` and
///   changes nothing.
///
/// ```swift
/// let grid = CollectionView(columns: 3, viewportHeight: 120)
/// grid.dataSource = proxy            // a ListProxy<CollectionView>, or AnyObject
/// grid.delegate = proxy
/// try grid.reloadData()
/// print(grid.renderText())
/// // [0.0] Apple         [0.1] Banana        [0.2] Cherry
/// // [0.3] Damson
/// ```
@MainActor
public final class CollectionView {
  // MARK: Configuration

  /// How many items a line holds.
  public let columns: Int
  /// The height of a line of items.
  public var itemHeight: Double
  /// The height of each section's header; 0 (the default) asks for no header views.
  public var headerHeight: Double = 0
  /// The height of each section's footer; 0 (the default) asks for no footer views.
  public var footerHeight: Double = 0
  /// The width of one item in ``renderText()``, in characters.
  public var columnWidth = 18
  /// Whether several items can be selected at once.
  public var allowsMultipleSelection = false
  /// How many items past the visible window are announced with ``ListMessage/prefetchRows``.
  public var prefetchDistance = 6

  /// The height of the visible window; ``resize(viewportHeight:)`` changes it.
  public var viewportHeight: Double { state.viewportHeight }
  /// The offset of the visible window from the top of the content; ``scroll(to:)`` moves it.
  public var contentOffset: Double { state.contentOffset }

  /// The delegate, held weakly (see ``ListView/delegate``).
  public var delegate: AnyObject? {
    get { connection.delegate }
    set { connection.delegate = newValue }
  }

  /// The data source, held weakly (see ``ListView/dataSource``).
  public var dataSource: AnyObject? {
    get { connection.dataSource }
    set { connection.dataSource = newValue }
  }

  // MARK: State

  let connection = ListConnection<CollectionView>()
  var state: HeadlessState

  /// Whether the collection has read its data source at least once (``reloadData()``).
  public var hasLoadedData: Bool { state.hasLoadedData }

  /// Problems the collection met and recovered from, oldest first: a message its cache said was
  /// answered, but whose handler had been released.
  public var diagnostics: [ListViewError] { connection.diagnostics }

  /// Creates an empty collection.
  ///
  /// - Parameters:
  ///   - columns: How many items a line holds; at least 1.
  ///   - itemHeight: The height of a line of items.
  ///   - viewportHeight: The height of the visible window.
  public init(columns: Int = 3, itemHeight: Double = 40, viewportHeight: Double = 400) {
    precondition(
      columns >= 1, "CollectionView: columns is \(columns); a line holds at least one item.")
    self.columns = columns
    self.itemHeight = itemHeight
    state = HeadlessState(viewportHeight: viewportHeight)
    connection.host = self
  }

  /// Whether the collection believes its data source or delegate responds to `message`, as
  /// cached when they were assigned or when their routes last changed.
  public func cachedResponse(to message: ListMessage) -> Bool {
    connection.cachedResponse(to: message)
  }

  // MARK: Dequeueing

  /// A cell of exactly `cellType` for `indexPath`: a reused one (after
  /// ``ListCell/prepareForReuse()``) or a new one.
  ///
  /// Prefer the typed ``ListHost/dequeueCell(_:for:)``.
  public func dequeueCell(of cellType: ListCell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> ListCell
  {
    let identifier = String(reflecting: cellType)
    return reusableCell(withIdentifier: identifier) ?? cellType.init(reuseIdentifier: identifier)
  }

  /// A supplementary view of exactly `viewType` for `kind` at `indexPath`, reused or new; see
  /// ``SupplementaryViewHost/dequeueSupplementaryView(_:ofKind:for:)`` for the typed form.
  public func dequeueSupplementaryView(
    of viewType: ListCell.Type, ofKind kind: SupplementaryKind,
    for indexPath: IndexPath
  ) throws(ListViewError) -> ListCell {
    let identifier = String(reflecting: viewType)
    return reusableView(ofKind: kind, withIdentifier: identifier)
      ?? viewType.init(reuseIdentifier: identifier)
  }

  /// The number of cells and supplementary views waiting for reuse.
  public var pooledViewCount: Int {
    state.cellPool.values.reduce(0) { $0 + $1.count }
      + state.viewPool.values.reduce(0) { $0 + $1.count }
  }

  // MARK: Model

  /// The number of sections the collection shows.
  public var numberOfSections: Int { state.shown.rows.count }

  /// The number of items the collection shows in `section`.
  public func numberOfItems(inSection section: Int) -> Int {
    state.count(inSection: section)
  }

  /// The height of all sections together, headers and footers included.
  public var contentHeight: Double { state.contentHeight }

  /// The largest offset ``scroll(to:)`` accepts: the content's height less the window's.
  public var maximumContentOffset: Double { state.maximumContentOffset }

  // MARK: Reloading and scrolling

  /// Asks the data source for everything again and redisplays the visible window.
  ///
  /// Selection is cleared, as in UIKit.
  ///
  /// - Throws: ``ListViewError/requiredMessageUnhandled(_:handlers:)`` when the data source does
  ///   not answer a required message (``ListMessage/supplementaryView`` too, when headers or
  ///   footers have a height), and the errors of the cell and view providers.
  public func reloadData() throws(ListViewError) { try reloadContent() }

  /// Moves the visible window so that it starts at `offset`, clamped to the content.
  public func scroll(to offset: Double) throws(ListViewError) { try scrollContent(to: offset) }

  /// Scrolls by `delta` points, as ``ListView/scroll(by:)``.
  public func scroll(by delta: Double) throws(ListViewError) {
    try scroll(to: contentOffset + delta)
  }

  /// Changes the height of the visible window, keeping the offset within the content.
  public func resize(viewportHeight: Double) throws(ListViewError) {
    try resizeViewport(to: viewportHeight)
  }

  /// The index paths of the visible items, in order.
  public var indexPathsForVisibleItems: [IndexPath] { state.visibleOrder }

  /// The texts of the visible items' cells, in order.
  public var visibleTexts: [String] { visibleCellTexts }

  /// The cell showing the item at `indexPath`, if it is visible.
  public func cellForItem(at indexPath: IndexPath) -> ListCell? {
    state.visibleCells[indexPath]
  }

  /// The supplementary view of `kind` shown for `section`, if it is visible.
  public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int)
    -> ListCell?
  {
    state.visibleViews[SupplementaryKey(section: section, kind: kind)]
  }

  /// The header or footer view of a section, from the data source's
  /// ``ListMessage/supplementaryView``, which must make one.
  func makeSupplementaryView(_ key: SupplementaryKey) throws(ListViewError) -> ListCell {
    let path = IndexPath(item: 0, section: key.section)
    do {
      let view = try connection.send(.supplementaryView, (key.kind, path), in: self)
      guard let view else {
        throw ListViewError.requiredMessageUnhandled(
          .supplementaryView, handlers: connection.handlerSummaries(for: .supplementaryView))
      }
      return view
    } catch let error as ListViewError {
      throw error
    } catch {
      throw .cellProviderFailed(path, "\(key.kind) view: \(error)")
    }
  }

  // MARK: Selection

  /// The selected items, in order.
  public var indexPathsForSelectedItems: [IndexPath] { state.selected.sorted() }

  /// Taps an item as a user does, with UIKit's delegate messages; see ``ListView/tapRow(at:)``.
  public func tapItem(at indexPath: IndexPath) throws(ListViewError) { try tap(indexPath) }

  /// Selects an item from code, sending no delegate message, like UIKit's
  /// `selectItem(at:animated:scrollPosition:)`; see ``ListView/selectRow(at:animated:)``.
  public func selectItem(at indexPath: IndexPath, animated: Bool) throws(ListViewError) {
    try selectSilently(indexPath)
  }

  /// Deselects an item from code, sending no delegate message, like UIKit's
  /// `deselectItem(at:animated:)`.
  public func deselectItem(at indexPath: IndexPath) throws(ListViewError) {
    try deselectSilently(indexPath)
  }

  // MARK: Batch updates

  /// Applies a prepared update; see ``ListHost/performBatchUpdates(_:)``.
  ///
  /// A collection that has never loaded loads instead, as UIKit does before the first layout.
  public func apply(_ update: ListUpdate) throws(ListViewError) { try applyUpdate(update) }

  /// Shows `snapshot` through the view model that keeps snapshots; see
  /// ``ListView/apply(_:animatingDifferences:completion:)``.
  public func apply<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot` by reloading every host showing its view model, with no diff; see
  /// ``ListSnapshotDataSource/applyUsingReloadData(_:completion:)``.
  public func applyUsingReloadData<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshotUsingReloadData(snapshot, completion: completion)
  }

  /// Inserts items (index paths after the change) in a batch of their own.
  public func insertItems(at indexPaths: [IndexPath]) throws(ListViewError) {
    try apply(ListUpdate(insertingRowsAt: indexPaths))
  }

  /// Deletes items (index paths before the change) in a batch of their own.
  public func deleteItems(at indexPaths: [IndexPath]) throws(ListViewError) {
    try apply(ListUpdate(deletingRowsAt: indexPaths))
  }

  /// Makes the cells of items again, in a batch of their own.
  public func reloadItems(at indexPaths: [IndexPath]) throws(ListViewError) {
    try apply(ListUpdate(reloadingRowsAt: indexPaths))
  }

  /// Moves an item in a batch of its own.
  public func moveItem(at source: IndexPath, to destination: IndexPath) throws(ListViewError) {
    try performBatchUpdates { $0.moveRow(at: source, to: destination) }
  }

  /// Configures the cells of items again in place, keeping the cells, as UIKit's
  /// `reconfigureItems(at:)`.
  public func reconfigureItems(at indexPaths: [IndexPath]) throws(ListViewError) {
    try performBatchUpdates { $0.reconfigureRows(at: indexPaths) }
  }

  // MARK: Rendering

  /// The visible window as a grid of text: each visible header view's text as `== text ==`,
  /// ``columns`` items per line (`*` marks a selected one), and each footer as `-- text --`.
  ///
  /// ```
  /// == Fruit ==
  ///   [0.0] Apple       * [0.1] Banana        [0.2] Cherry
  ///   [0.3] Damson
  /// -- 4 items --
  /// ```
  public func renderText() -> String {
    let visible = indexPathsForVisibleItems
    var lines: [String] = []
    var line: [String] = []
    var lineKey: (section: Int, line: Int)?
    func flush() {
      if !line.isEmpty { lines.append(line.joined().trimmingTrailingSpaces()) }
      line = []
    }
    var views = state.visibleViews.keys.sorted()[...]
    func emitViews(upTo section: Int, includingHeaderOf headerSection: Bool) {
      while let key = views.first,
        key.section < section || (key.section == section && key.kind == .header && headerSection)
      {
        flush()
        let text = state.visibleViews[key]?.text ?? ""
        lines.append(key.kind == .footer ? "-- \(text) --" : "== \(text) ==")
        views.removeFirst()
      }
    }
    for path in visible {
      let key = (path.section, path.item / columns)
      if lineKey.map({ $0 != key }) ?? true {
        flush()
        emitViews(upTo: path.section, includingHeaderOf: true)
        lineKey = key
      }
      let text = state.visibleCells[path]?.text ?? ""
      let cell =
        "\(state.selected.contains(path) ? "*" : " ") [\(path.section).\(path.item)] \(text)"
      line.append(cell.padding(toLength: max(columnWidth, cell.count + 1)))
    }
    flush()
    emitViews(upTo: .max, includingHeaderOf: true)
    return lines.joined(separator: "\n")
  }
}

extension CollectionView: SupplementaryViewHost, HeadlessHost {
  /// Whether the content is shorter than the viewport.
  public var needsMoreContent: Bool { state.needsMoreContent }

  var itemsPerLine: Int { columns }
  var showsSectionTitles: Bool { false }
  var showsSupplementaryViews: (header: Bool, footer: Bool) { (headerHeight > 0, footerHeight > 0) }

  func sectionMetrics(_ section: Int, of shown: ShownSections) -> SectionMetrics {
    SectionMetrics(header: headerHeight, footer: footerHeight, lines: .uniform(itemHeight))
  }
}

extension String {
  /// The string padded with spaces to `length` characters.
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }

  /// The string without trailing spaces.
  fileprivate func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
