import Foundation

// Showing the data: reloading, scrolling, the display passes that bring the visible cells and
// supplementary views in line with the window, and batch updates.

extension HeadlessHost {
  // MARK: Reloading and scrolling

  /// Asks the data source for everything again and redisplays the visible window.
  ///
  /// Selection is cleared, as in UIKit. Every visible row ends displaying and displays again.
  func reloadContent() throws(ListViewError) {
    try requireMessages()
    let shown = try readShownSections()
    if showsSectionTitles {
      let titles = connection.send(.sectionIndexTitles, (), in: self)
      state.sectionIndexTitles = titles
    }
    // Forget the old rows before telling anyone they ended, so a delegate that reloads again
    // from didEndDisplaying sees a consistent host and no row ends twice.
    let ending = state.visibleOrder.map { (path: $0, cell: visibleCell(at: $0)) }
    state.visibleCells = [:]
    state.visibleOrder = []
    discardSupplementaryViews()
    state.selected = []
    state.prefetch.reset()
    state.hasLoadedData = true
    adopt(shown)
    state.displayPass &+= 1
    for (path, cell) in ending { endDisplaying(cell, at: path) }
    try updateVisibleContent()
  }

  /// Moves the visible window so that it starts at `offset`, clamped to the content.
  func scrollContent(to offset: Double) throws(ListViewError) {
    state.contentOffset = offset
    state.clampContentOffset()
    try updateVisibleContent()
  }

  /// Changes the height of the visible window, keeping the offset within the content.
  func resizeViewport(to height: Double) throws(ListViewError) {
    state.viewportHeight = max(0, height)
    state.clampContentOffset()
    try updateVisibleContent()
  }

  // MARK: Display passes

  /// The visible cell at `path`; `visibleOrder` and the cell table always hold the same paths.
  func visibleCell(at path: IndexPath) -> ListCell {
    guard let cell = state.visibleCells[path] else {
      preconditionFailure(
        "\(Self.self): row \(path.section).\(path.row) is listed as visible but has no cell. "
          + "This is a bug in \(Self.self); please report it with the updates that led here.")
    }
    return cell
  }

  /// The texts of the visible cells, in order.
  var visibleCellTexts: [String] {
    state.visibleOrder.map { visibleCell(at: $0).text }
  }

  /// Brings the visible rows (items) and supplementary views in line with the window: those
  /// that left it end displaying, those that entered it are made and display.
  ///
  /// A callback may change the host (a delegate that reloads or deletes rows from
  /// `willDisplay`, as UIKit allows). That starts a pass of its own, which sees the host as it
  /// is now; this pass then stops instead of walking rows that may no longer exist. Every cell
  /// that displayed still ends displaying exactly once.
  func updateVisibleContent() throws(ListViewError) {
    state.displayPass &+= 1
    let pass = state.displayPass
    let wanted = state.wantedItems(itemsPerLine: itemsPerLine)
    let wantedViews = state.wantedViews(showsSupplementaryViews)
    let wantedSet = Set(wanted)
    let wantedViewSet = Set(wantedViews)
    for (key, view) in state.visibleViews where !wantedViewSet.contains(key) {
      state.visibleViews[key] = nil
      enqueueView(view, kind: key.kind)
    }
    let leaving = state.visibleOrder.filter { !wantedSet.contains($0) }
    if !leaving.isEmpty {
      state.visibleOrder = state.visibleOrder.filter { wantedSet.contains($0) }
      let cells = leaving.map { path in (path, state.visibleCells.removeValue(forKey: path)) }
      // These rows are no longer listed: each ends displaying here, whatever the callbacks do.
      for case (let path, let cell?) in cells { endDisplaying(cell, at: path) }
      guard pass == state.displayPass else { return }
    }
    for key in wantedViews where state.visibleViews[key] == nil {
      let view = try makeSupplementaryView(key)
      state.visibleViews[key] = view
      guard pass == state.displayPass else { return }
    }
    for path in wanted where state.visibleCells[path] == nil {
      let cell = try connection.makeCell(at: path, in: self)
      guard pass == state.displayPass else {
        enqueue(cell)  // The cell provider changed the host; its own pass shows what is there.
        return
      }
      state.visibleCells[path] = cell
      insertVisible(path)
      cell.isSelected = state.selected.contains(path)
      connection.send(.willDisplayRow, (cell, path), in: self)
      guard pass == state.displayPass else { return }
    }
    announcePrefetch(after: wanted.last)
  }

  /// Lists `path` among the visible rows, in order.
  private func insertVisible(_ path: IndexPath) {
    if let last = state.visibleOrder.last, last > path {
      let index = state.visibleOrder.firstIndex { $0 > path } ?? state.visibleOrder.endIndex
      state.visibleOrder.insert(path, at: index)
    } else {
      state.visibleOrder.append(path)
    }
  }

  /// Announces the rows just past `last` that were not announced yet to the prefetching
  /// handlers, when they respond.
  private func announcePrefetch(after last: IndexPath?) {
    guard prefetchDistance > 0, connection.cachedResponse(to: .prefetchRows), let last else {
      return
    }
    let counts = state.shown.rows
    let fresh = state.prefetch.freshRows(after: last, counts: counts, distance: prefetchDistance)
    guard !fresh.isEmpty else { return }
    connection.send(.prefetchRows, fresh, in: self)
  }

  /// Puts every visible supplementary view back in its reuse pool.
  private func discardSupplementaryViews() {
    let views = state.visibleViews
    state.visibleViews = [:]
    for (key, view) in views { enqueueView(view, kind: key.kind) }
  }

  // MARK: Batch updates

  /// Applies a prepared update after checking it against the data source's new counts; a host
  /// that has never loaded its data loads instead, as UIKit does before the first layout.
  func applyUpdate(_ update: ListUpdate) throws(ListViewError) {
    guard state.hasLoadedData else {
      try reloadData()
      return
    }
    if !update.isEmpty { try requireMessages() }
    let shown = try readShownSections()
    let plan = try ListUpdatePlan(update, before: state.shown.rows, after: shown.rows)
    // Validated: from here on the update is applied.
    applyValidated(plan, shown: shown)
    try updateVisibleContent()
    try reconfigure(plan.reconfigured)
  }

  /// Shows `snapshot` through the view model that keeps the data as snapshots: it takes it and
  /// applies the one batch it makes to every host showing it, this one included.
  func applySnapshot<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool,
    completion: (@MainActor () -> Void)?
  ) throws(ListViewError) {
    try connection.applySnapshot(snapshot) {
      $0.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
  }

  /// Shows `snapshot` by reloading every host showing its view model, with no diff.
  func applySnapshotUsingReloadData<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, completion: (@MainActor () -> Void)?
  ) throws(ListViewError) {
    try connection.applySnapshot(snapshot) {
      $0.applyUsingReloadData(snapshot, completion: completion)
    }
  }

  /// Moves the visible cells, the selection and the layout to the state after `plan`, then
  /// ends displaying the rows that were deleted or reloaded (at their old index paths).
  func applyValidated(_ plan: ListUpdatePlan, shown: ShownSections) {
    let (carried, ending) = plan.carry(
      state.visibleOrder.lazy.map { (key: $0, value: self.visibleCell(at: $0)) })
    state.selected = Set(state.selected.compactMap(plan.newIndexPath(for:)))
    discardSupplementaryViews()
    state.visibleCells = carried
    state.visibleOrder = carried.keys.sorted()
    state.prefetch.reset()
    adopt(shown)
    state.displayPass &+= 1
    for (path, cell) in ending { endDisplaying(cell, at: path) }
  }
}
