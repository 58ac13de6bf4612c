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
  public func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell {
    try list.dequeueReusableCell(withIdentifier: "row", for: indexPath)
  }

  @inline(never)
  public func list(_ list: ListView, willDisplay cell: ListCell, forRowAt indexPath: IndexPath) {
    displayed &+= 1
  }

  @inline(never)
  public func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) { selected &+= 1 }
}

/// The data half of a list screen: counts and heights.
@MainActor
public final class BenchRows: ListRowCounting, ListRowHeightProviding {
  public var rowCount: Int
  public private(set) var calls = 0

  public init(rowCount: Int) { self.rowCount = rowCount }

  @inline(never)
  public func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int {
    calls &+= 1
    return rowCount
  }

  @inline(never)
  public func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double {
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
  public func list(_ list: ListView, didDeselectRowAt indexPath: IndexPath) { deselected &+= 1 }
}
