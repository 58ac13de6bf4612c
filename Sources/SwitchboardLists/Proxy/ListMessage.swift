import Switchboard

/// The messages a list host sends to its data source and delegate, one case per message.
///
/// Each case has a capability protocol; a handler implements a message by adopting it:
///
/// | message | capability | sent to |
/// | --- | --- | --- |
/// | ``numberOfSections`` | ``ListSectionCounting`` | data source |
/// | ``numberOfRows`` | ``ListRowCounting`` | data source (required) |
/// | ``cellForRow`` | ``ListCellProviding`` | data source (required) |
/// | ``titleForHeader`` | ``ListHeaderTitling`` | data source |
/// | ``titleForFooter`` | ``ListFooterTitling`` | data source |
/// | ``canEditRow`` | ``ListRowEditability`` | data source |
/// | ``canMoveRow`` | ``ListRowMovability`` | data source |
/// | ``commitEdit`` | ``ListEditCommitting`` | data source |
/// | ``moveRow`` | ``ListRowMoving`` | data source |
/// | ``sectionIndexTitles`` | ``ListSectionIndexing`` | data source |
/// | ``prefetchRows`` | ``ListPrefetching`` | data source |
/// | ``heightForRow`` | ``ListRowHeightProviding`` | delegate |
/// | ``estimatedHeightForRow`` | ``ListEstimatedRowHeightProviding`` | delegate |
/// | ``willDisplayRow`` | ``ListWillDisplayObserving`` | delegate |
/// | ``didEndDisplayingRow`` | ``ListDidEndDisplayingObserving`` | delegate |
/// | ``willSelectRow`` | ``ListWillSelectHandling`` | delegate |
/// | ``didSelectRow`` | ``ListDidSelectHandling`` | delegate |
/// | ``didDeselectRow`` | ``ListDidDeselectHandling`` | delegate |
public enum ListMessage: Int, MessageSet, CustomStringConvertible {
  /// How many sections the list has. Default: 1.
  case numberOfSections
  /// How many rows a section has. Required.
  case numberOfRows
  /// The cell for a row. Required.
  case cellForRow
  /// A section's header title. Default: none.
  case titleForHeader
  /// A section's footer title. Default: none.
  case titleForFooter
  /// Whether a row can be edited. Default: `true` when ``commitEdit`` is implemented.
  case canEditRow
  /// Whether a row can be moved. Default: `true` when ``moveRow`` is implemented.
  case canMoveRow
  /// Commit an insertion or deletion the user asked for.
  case commitEdit
  /// Move a row the user dragged.
  case moveRow
  /// The titles of the section index. Default: none.
  case sectionIndexTitles
  /// Rows that will be needed soon.
  case prefetchRows
  /// A row's height. Default: the host's `rowHeight`.
  case heightForRow
  /// A row's estimated height, used for rows whose exact height is not asked for.
  case estimatedHeightForRow
  /// A row is about to appear.
  case willDisplayRow
  /// A row has disappeared.
  case didEndDisplayingRow
  /// A row is about to be selected; the handler may redirect or cancel.
  case willSelectRow
  /// A row was selected.
  case didSelectRow
  /// A row was deselected.
  case didDeselectRow

  /// Whether a host cannot show a list without this message.
  public var isRequired: Bool { self == .numberOfRows || self == .cellForRow }

  /// Whether the message returns nothing, so that a `RoutingRule.broadcast` rule
  /// can send it to several handlers.
  ///
  /// A message that returns a value has one answer, so it must go to one handler: a rule that
  /// broadcasts it makes the route fail, and `PrioritizedProxy.validate(requiring:)` and
  /// `routingErrors` report it before any message is sent.
  public var isNotification: Bool {
    switch self {
    case .commitEdit, .moveRow, .prefetchRows, .willDisplayRow, .didEndDisplayingRow,
      .didSelectRow, .didDeselectRow:
      true
    case .numberOfSections, .numberOfRows, .cellForRow, .titleForHeader, .titleForFooter,
      .canEditRow, .canMoveRow, .sectionIndexTitles, .heightForRow, .estimatedHeightForRow,
      .willSelectRow:
      false
    }
  }

  /// Whether the host sends this message to its data source (otherwise to its delegate).
  public var isDataSourceMessage: Bool {
    switch self {
    case .numberOfSections, .numberOfRows, .cellForRow, .titleForHeader, .titleForFooter,
      .canEditRow, .canMoveRow, .commitEdit, .moveRow, .sectionIndexTitles, .prefetchRows:
      true
    case .heightForRow, .estimatedHeightForRow, .willDisplayRow, .didEndDisplayingRow,
      .willSelectRow, .didSelectRow, .didDeselectRow:
      false
    }
  }

  /// Whether `handler` adopts this message's capability protocol.
  public func isImplemented(by handler: AnyObject) -> Bool {
    switch self {
    case .numberOfSections: handler is any ListSectionCounting
    case .numberOfRows: handler is any ListRowCounting
    case .cellForRow: handler is any ListCellProviding
    case .titleForHeader: handler is any ListHeaderTitling
    case .titleForFooter: handler is any ListFooterTitling
    case .canEditRow: handler is any ListRowEditability
    case .canMoveRow: handler is any ListRowMovability
    case .commitEdit: handler is any ListEditCommitting
    case .moveRow: handler is any ListRowMoving
    case .sectionIndexTitles: handler is any ListSectionIndexing
    case .prefetchRows: handler is any ListPrefetching
    case .heightForRow: handler is any ListRowHeightProviding
    case .estimatedHeightForRow: handler is any ListEstimatedRowHeightProviding
    case .willDisplayRow: handler is any ListWillDisplayObserving
    case .didEndDisplayingRow: handler is any ListDidEndDisplayingObserving
    case .willSelectRow: handler is any ListWillSelectHandling
    case .didSelectRow: handler is any ListDidSelectHandling
    case .didDeselectRow: handler is any ListDidDeselectHandling
    }
  }

  /// The case name, such as `"cellForRow"`.
  public var description: String {
    switch self {
    case .numberOfSections: "numberOfSections"
    case .numberOfRows: "numberOfRows"
    case .cellForRow: "cellForRow"
    case .titleForHeader: "titleForHeader"
    case .titleForFooter: "titleForFooter"
    case .canEditRow: "canEditRow"
    case .canMoveRow: "canMoveRow"
    case .commitEdit: "commitEdit"
    case .moveRow: "moveRow"
    case .sectionIndexTitles: "sectionIndexTitles"
    case .prefetchRows: "prefetchRows"
    case .heightForRow: "heightForRow"
    case .estimatedHeightForRow: "estimatedHeightForRow"
    case .willDisplayRow: "willDisplayRow"
    case .didEndDisplayingRow: "didEndDisplayingRow"
    case .willSelectRow: "willSelectRow"
    case .didSelectRow: "didSelectRow"
    case .didDeselectRow: "didDeselectRow"
    }
  }
}

extension HandlerRole {
  /// The view layer's handler (a view controller): owns cells and user interaction.
  public static let view: HandlerRole = "view"
  /// The view model's handler: owns the data.
  public static let viewModel: HandlerRole = "viewModel"
}
