#if os(macOS)
import AppKit

/// `NSTableView` as a Switchboard list host: a view-based table of one section, so
/// ``TableViewProxy``, `Paginating`, snapshots and shared view models work on it as on iOS.
///
/// Cell views are made by type: the table reuses one it made before under the type's full name
/// (or a prototype a storyboard registered under that identifier), or makes one; an
/// `NSTableCellView` made so gets a text field, as a storyboard's has:
///
/// ```swift
/// func cellForRow(at indexPath: IndexPath, in tableView: NSTableView) throws -> NSView {
///   let cell = try tableView.dequeueCell(TodoCellView.self, for: indexPath)
///   cell.textField?.stringValue = model.items[indexPath.row].title
///   return cell
/// }
/// ```
extension NSTableView: ListHost {
  /// Whether `handler` adopts the message's Switchboard capability for `NSTableView`, or
  /// implements `NSTableViewDataSource`'s or `NSTableViewDelegate`'s own method for it.
  public nonisolated static func handler(
    _ handler: AnyObject, implements message: ListMessage
  ) -> Bool {
    listHandler(handler, implements: message)
  }

  /// A cell view of exactly `cellType`: one the table made before and can reuse, or a new one
  /// whose identifier is the type's full name.
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` when a view
  ///   of another class is registered under the type's name;
  ///   ``ListViewError/dequeuedTwice(request:_:first:)`` for a second view in one request.
  public func dequeueCell(of cellType: NSView.Type, for indexPath: IndexPath)
    throws(ListViewError) -> NSView
  {
    try dequeueCell(exactly: cellType, for: indexPath)
  }

  /// Applies `update` the way AppKit applies changes, one after another
  /// (``SwitchboardLists/ListUpdate/sequentialRowChanges(rowCountBefore:after:)``), checked
  /// first against the rows the table shows and its data source's new count; rows reloaded or
  /// reconfigured are made again once the others are in place.
  ///
  /// A table that is not in a window reloads instead.
  ///
  /// - Throws: The ``ListViewError`` describing a mismatch, or an update that changes
  ///   sections (a table has one); nothing changes then.
  public func apply(_ update: ListUpdate) throws(ListViewError) { try applyChecked(update) }

  /// Whether the rows are shorter than the visible area of the scroll view around the table.
  public var needsMoreContent: Bool {
    guard let visible = enclosingScrollView?.contentView.bounds else { return false }
    return bounds.height < visible.height
  }

  /// Shows `snapshot` through the view model of the attached proxy that keeps snapshots, as
  /// `UITableView.apply(_:animatingDifferences:completion:)` does on iOS.
  public func apply<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot) {
      $0.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
  }

  /// Shows `snapshot` by reloading every host showing the attached proxy's view model.
  public func applyUsingReloadData<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>, completion: (@MainActor () -> Void)? = nil
  ) throws(ListViewError) {
    try applySnapshot(snapshot) { $0.applyUsingReloadData(snapshot, completion: completion) }
  }
}

/// The table's own reuse and update calls, under the shared dequeue and apply
/// (``ReusingListView``, ``BatchUpdating``).
extension NSTableView: ReusingListView, BatchUpdating {
  /// Nothing: a table reuses a view it made under the identifier (or a prototype a storyboard
  /// registered under it) and otherwise makes one (``reusedCell(_:as:for:)``).
  func registerCell(_ cellType: NSView.Type, as identifier: String) {}

  /// The view the table made before under `identifier` and can reuse, or a new `cellType`
  /// whose identifier is `identifier`.
  func reusedCell(_ cellType: NSView.Type, as identifier: String, for indexPath: IndexPath)
    -> NSView
  {
    let identifier = NSUserInterfaceItemIdentifier(identifier)
    if let reused = makeView(withIdentifier: identifier, owner: nil) { return reused }
    let made = cellType.init(frame: .zero)
    made.identifier = identifier
    if let cellView = made as? NSTableCellView { Self.giveTextField(to: cellView) }
    return made
  }

  /// Gives an `NSTableCellView` made in code the text field a storyboard's has.
  ///
  /// Its `textField` is an outlet, `nil` otherwise, and `cell.textField?.stringValue = …` would
  /// show nothing. A cell view that set its own keeps it.
  private static func giveTextField(to cell: NSTableCellView) {
    guard cell.textField == nil else { return }
    let field = NSTextField(labelWithString: "")
    field.translatesAutoresizingMaskIntoConstraints = false
    field.lineBreakMode = .byTruncatingTail
    cell.addSubview(field)
    NSLayoutConstraint.activate([
      field.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 2),
      field.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -2),
      field.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
    ])
    cell.textField = field
  }

  var hasDataSource: Bool { dataSource != nil }

  /// The table's changes one after another, checked against the rows it shows and its data
  /// source's new count.
  func batch(checking update: ListUpdate) throws(ListViewError) -> [SequentialRowChange] {
    let after = dataSource?.numberOfRows?(in: self) ?? 0
    return try update.sequentialRowChanges(rowCountBefore: numberOfRows, after: after)
  }

  /// Removes, inserts and moves rows one after another, then makes the rows reloaded or
  /// reconfigured again once the others are in place.
  func perform(_ changes: [SequentialRowChange], animated: Bool) {
    let animation: NSTableView.AnimationOptions = animated ? .effectFade : []
    var remade: [Int] = []
    beginUpdates()
    for change in changes {
      switch change {
      case .remove(let rows): removeRows(at: IndexSet(rows), withAnimation: animation)
      case .insert(let rows): insertRows(at: IndexSet(rows), withAnimation: animation)
      case .move(let from, let to): moveRow(at: from, to: to)
      case .reload(let rows): remade = rows
      }
    }
    endUpdates()
    if !remade.isEmpty {
      reloadData(
        forRowIndexes: IndexSet(remade), columnIndexes: IndexSet(integersIn: 0..<numberOfColumns))
    }
  }
}
#endif
