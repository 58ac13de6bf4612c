import Foundation

/// What Switchboard records of a view's reuse: the cell and supplementary view types it has
/// registered, so that hosts register a type the first time it is dequeued, and the view
/// dequeued for the request the view is making (``DequeueLedger``).
@MainActor
final class ReuseRecords {
  private var registered: Set<String> = []
  /// The view dequeued for the current cell or supplementary-view request.
  let dequeues = DequeueLedger()

  /// Calls `register` the first time `key` (a reuse identifier, with a kind for supplementary
  /// views) is seen on this view.
  func once(_ key: String, register: () -> Void) {
    if registered.insert(key).inserted { register() }
  }
}

/// A list view's own reuse calls, which Switchboard's dequeuing is written once over.
///
/// `UITableView`, `UICollectionView`, `NSTableView` and `NSCollectionView` each name theirs:
/// registering a cell type under an identifier, and dequeuing a cell by that identifier. The
/// specs' model view names its own, so the shared code below is specified on Linux.
@MainActor
protocol ReusingListView: ListProxyHost {
  /// What Switchboard records of this view's reuse (on a device, an object the view owns).
  var reuseRecords: ReuseRecords { get }
  /// Registers `cellType` under `identifier`; called once per identifier, before its first
  /// dequeue (a view that makes what it does not reuse registers nothing).
  func registerCell(_ cellType: Cell.Type, as identifier: String)
  /// A cell of the type registered under `identifier` (`cellType`), reused or new.
  func reusedCell(_ cellType: Cell.Type, as identifier: String, for indexPath: IndexPath) -> Cell
}

extension ReusingListView {
  var dequeues: DequeueLedger { reuseRecords.dequeues }

  /// A cell of exactly `cellType`, registered under the type's full name the first time it is
  /// asked for: the one view dequeued for the request the proxy has open (``DequeueLedger``).
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` when
  ///   something else is registered under the type's name;
  ///   ``ListViewError/dequeuedTwice(request:_:first:)`` for a second view in one request.
  func dequeueCell(exactly cellType: Cell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> Cell
  {
    try dequeue(exactly: cellType) { reusableCell(cellType, as: $0, for: indexPath) }
  }

  /// A cell of `cellType` under `identifier`, registered the first time; no request records it
  /// (the proxy's fallback, when no handler makes a cell, uses it).
  func reusableCell(_ cellType: Cell.Type, as identifier: String, for indexPath: IndexPath)
    -> Cell
  {
    reuseRecords.once(identifier) { registerCell(cellType, as: identifier) }
    return reusedCell(cellType, as: identifier, for: indexPath)
  }

  /// The view `make` dequeues under the full name of `viewType`, recorded for the open request,
  /// when it is exactly of `viewType` (another class registered under that name is the mistake
  /// this catches).
  fileprivate func dequeue<View: AnyObject>(
    exactly viewType: View.Type, _ make: (String) -> View
  ) throws(ListViewError) -> View {
    let identifier = String(reflecting: viewType)
    let view = try dequeues.dequeue { make(identifier) }
    guard type(of: view) == viewType else {
      throw .cellTypeMismatch(
        reuseIdentifier: identifier, expected: "\(viewType)", actual: "\(type(of: view))")
    }
    return view
  }
}

/// A list view with supplementary views, whose own calls register and dequeue them by kind and
/// identifier (`UICollectionView`, `NSCollectionView`, the specs' model).
@MainActor
protocol ReusingSupplementaryListView: ReusingListView, SupplementaryProxyHost {
  /// `kind` as the view's framework names it.
  func name(ofKind kind: SupplementaryKind) -> String
  /// Registers `viewType` for `kind` under `identifier`; called once per kind and identifier.
  func registerSupplementaryView(
    _ viewType: SupplementaryView.Type, ofKind kind: String, as identifier: String)
  /// A view of the type registered for `kind` under `identifier` (`viewType`), reused or new.
  func reusedSupplementaryView(
    _ viewType: SupplementaryView.Type, ofKind kind: String, as identifier: String,
    for indexPath: IndexPath
  ) -> SupplementaryView
}

extension ReusingSupplementaryListView {
  func name(ofKind kind: SupplementaryKind) -> String { kind.rawValue }

  /// A supplementary view of exactly `viewType` for `kind`, registered the first time, one per
  /// request as for cells (``dequeueCell(exactly:for:)``).
  func dequeueSupplementaryView(
    exactly viewType: SupplementaryView.Type, ofKind kind: SupplementaryKind,
    for indexPath: IndexPath
  ) throws(ListViewError) -> SupplementaryView {
    try dequeue(exactly: viewType) {
      reusableSupplementaryView(viewType, ofKind: name(ofKind: kind), as: $0, for: indexPath)
    }
  }

  /// A supplementary view of `viewType` for `kind` (as the framework names it) under
  /// `identifier`, registered the first time; no request records it (a fallback's).
  func reusableSupplementaryView(
    _ viewType: SupplementaryView.Type, ofKind kind: String, as identifier: String,
    for indexPath: IndexPath
  ) -> SupplementaryView {
    reuseRecords.once("\(kind) \(identifier)") {
      registerSupplementaryView(viewType, ofKind: kind, as: identifier)
    }
    return reusedSupplementaryView(viewType, ofKind: kind, as: identifier, for: indexPath)
  }
}
