import Foundation
import SwitchboardLists

/// The hand-written code Switchboard replaces: a data source and delegate whose methods only
/// pass each call to the view or the view model, which it holds weakly.
@MainActor
public final class WeakGlue: ListRowCounting, ListCellProviding, ListRowHeightProviding,
  ListWillDisplayObserving
{
  public weak var screen: BenchScreen?
  public weak var rows: BenchRows?

  public init(screen: BenchScreen, rows: BenchRows) {
    self.screen = screen
    self.rows = rows
  }

  public func numberOfRows(inSection section: Int) -> Int {
    rows?.numberOfRows(inSection: section) ?? 0
  }

  public func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    guard let screen else {
      throw ListViewError.requiredMessageUnhandled(.cellForRow, handlers: [])
    }
    return try screen.cellForRow(at: indexPath, in: list)
  }

  public func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    rows?.heightForRow(at: indexPath, in: list) ?? list.rowHeight
  }

  public func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    screen?.willDisplay(cell, forRowAt: indexPath, in: list)
  }
}

/// The same glue holding the view model strongly.
@MainActor
public final class StrongGlue: ListRowCounting {
  public let rows: BenchRows

  public init(rows: BenchRows) { self.rows = rows }

  public func numberOfRows(inSection section: Int) -> Int {
    rows.numberOfRows(inSection: section)
  }
}

/// The same glue holding the view model in a `var`.
///
/// A view controller that can swap its view model holds it so. Swift retains a reference loaded
/// from a `var` for the length of the call.
@MainActor
public final class StrongVarGlue: ListRowCounting {
  public var rows: BenchRows

  public init(rows: BenchRows) { self.rows = rows }

  public func numberOfRows(inSection section: Int) -> Int {
    rows.numberOfRows(inSection: section)
  }
}

/// A weak reference to a bystander, for a hand-written broadcast loop.
public final class WeakBystander {
  public weak var bystander: BenchBystander?
  public init(_ bystander: BenchBystander) { self.bystander = bystander }
}

/// The hand-written broadcast `PrioritizedProxy.broadcast` replaces: a loop over weakly held
/// handlers that calls each one.
@MainActor
public final class BroadcastGlue: ListDidDeselectHandling {
  public let receivers: [WeakBystander]

  public init(_ bystanders: [BenchBystander]) { receivers = bystanders.map(WeakBystander.init) }

  public func didDeselectRow(at indexPath: IndexPath, in list: ListView) {
    for receiver in receivers { receiver.bystander?.didDeselectRow(at: indexPath, in: list) }
  }
}
