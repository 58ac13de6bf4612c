import Foundation

// Names removed or renamed since the last release, kept for one release so that old code fails
// to compile with the fix in the message instead of compiling and behaving differently.
// CHANGELOG.md ("Migrating") lists each with its replacement.

@available(
  *, unavailable, renamed: "ListCall",
  message: "observe a ListCall: proxy.observe(.didSelectRow) { … }"
)
public enum ListEvent<Host: ListHost, Arguments> {}

@available(
  *, unavailable,
  message:
    "selector routing is internal to SwitchboardUIKit's proxies: use their router, rules[selector:], explain(selector:) and routingTable"
)
public enum SelectorRouting<Host: ListHost> {}

@available(*, unavailable, message: "internal to SwitchboardUIKit's proxies")
public enum ListSelectorTable {}

@available(*, unavailable, renamed: "RouteExplanation")
public enum SelectorRouteExplanation {}

@available(*, unavailable, renamed: "RoutingTable")
public enum SelectorRoutingTable {}

@available(*, unavailable, renamed: "ListViewError")
public enum SelectorRoutingError {}

@available(*, unavailable, renamed: "ListViewError")
public enum ListViewDiagnostic {}

@available(*, unavailable, renamed: "ListViewError")
public enum ModelUpdateError {}

@available(
  *, unavailable, renamed: "ListViewError",
  message: "unhandled row kinds are ListViewError.unhandledRowKinds"
)
public enum VisitorSetupError {}

@available(
  *, unavailable, message: "a cell-kind visitor answers the cell's type: return TodoCell.self"
)
public enum RowCellKind {}

@available(
  *, unavailable, message: "a CellModel configures its cell: func configure(_ cell: TodoCell)"
)
public protocol ConfigurableCell {}

extension ListMessage {
  @available(
    *, unavailable,
    message:
      "the message table is internal: use isImplemented(by:on:), isDataSourceMessage and isNotification"
  )
  public enum Receiver {}

  @available(
    *, unavailable,
    message:
      "the message table is internal: use isImplemented(by:on:), isDataSourceMessage and isNotification"
  )
  public enum Traits {}
}

extension ListView {
  @available(
    *, unavailable,
    message:
      "selectRow(at:) acted as a user's tap. Use tapRow(at:) for that (willSelect, didSelect), or selectRow(at:animated:) to select silently from code, as UIKit does"
  )
  public func selectRow(at indexPath: IndexPath) throws(ListViewError) { fatalError("unavailable") }
}

@available(
  *, unavailable, renamed: "ListCell",
  message: "the headless hosts share one cell class: subclass ListCell"
)
public enum CollectionCell {}

@available(
  *, unavailable, renamed: "ListCell",
  message: "CollectionView's header and footer views are ListCells"
)
public enum CollectionReusableView {}

@available(
  *, unavailable,
  message:
    "ListSection's methods take the row's index path and the host: cell(forRow:at:in:), height(forRow:at:in:), willDisplayRow(_:cell:at:in:), didSelectRow(_:at:in:); dequeue with host.dequeueCell(_:for: indexPath)"
)
public struct ListSectionContext<Host> {}

extension ListProxy {
  @available(*, unavailable, renamed: "observe(_:beforeHandler:_:)")
  public func observe<Capability, Arguments, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, timing: ObservationTiming,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken { fatalError("unavailable") }

  @available(*, unavailable, renamed: "events(_:beforeHandler:bufferingPolicy:)")
  public func events<Capability, Arguments: Sendable, Result, Failure>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, timing: ObservationTiming,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> { fatalError("unavailable") }
}
