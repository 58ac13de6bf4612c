import Foundation
import SwitchboardLists

// Every handler method is `@inline(never)` and has a side effect, so a release build with
// cross-module optimization still makes the call it is supposed to measure.

/// The view half of a list screen: cells, display and selection.
@MainActor
public final class BenchScreen: ListCellProviding, ListWillDisplayObserving, ListDidSelectHandling {
  public private(set) var displayed = 0
  public private(set) var selected = 0

  public init() {}

  @inline(never)
  public func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    try list.dequeueReusableCell(withIdentifier: "row", for: indexPath)
  }

  @inline(never)
  public func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    displayed &+= 1
  }

  @inline(never)
  public func didSelectRow(at indexPath: IndexPath, in list: ListView) { selected &+= 1 }
}

/// The data half of a list screen: counts and heights.
@MainActor
public final class BenchRows: ListRowCounting, ListRowHeightProviding {
  public var rowCount: Int
  public private(set) var calls = 0

  public init(rowCount: Int) { self.rowCount = rowCount }

  @inline(never)
  public func numberOfRows(inSection section: Int) -> Int {
    calls &+= 1
    return rowCount
  }

  @inline(never)
  public func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    calls &+= 1
    return 44
  }
}

/// A handler that implements a message nobody measures, to fill the handler list.
@MainActor
public final class BenchBystander: ListDidDeselectHandling {
  public private(set) var deselected = 0

  public init() {}

  @inline(never)
  public func didDeselectRow(at indexPath: IndexPath, in list: ListView) { deselected &+= 1 }
}
