import Switchboard

/// The messages a list host sends to its data source and delegate, one case per message.
///
/// The vocabulary has two halves:
///
/// - **Data** messages (counts, titles, edit and move decisions, prefetching) name no host and
///   no cell type, so a view model adopts them while importing only `SwitchboardLists`.
/// - **View** messages (cells, supplementary views, heights, display, selection) take the host
///   they come from and its cell type: their capabilities are generic over a ``ListHost``.
///
/// A collection host (``CollectionView``) calls its items rows: its `numberOfItemsInSection` is
/// ``numberOfRows``, its `cellForItemAt` is ``cellForRow``, and so on.
///
/// | message | capability | half | sent to |
/// | --- | --- | --- | --- |
/// | ``numberOfSections`` | ``ListSectionCounting`` | data | data source |
/// | ``numberOfRows`` | ``ListRowCounting`` | data | data source (required) |
/// | ``cellForRow`` | ``ListCellProviding`` | view | data source (required) |
/// | ``supplementaryView`` | ``ListSupplementaryViewProviding`` | view | data source |
/// | ``titleForHeader`` | ``ListHeaderTitling`` | data | data source |
/// | ``titleForFooter`` | ``ListFooterTitling`` | data | data source |
/// | ``canEditRow`` | ``ListRowEditability`` | data | data source |
/// | ``canMoveRow`` | ``ListRowMovability`` | data | data source |
/// | ``commitEdit`` | ``ListEditCommitting`` | data | data source |
/// | ``moveRow`` | ``ListRowMoving`` | data | data source |
/// | ``sectionIndexTitles`` | ``ListSectionIndexing`` | data | data source |
/// | ``prefetchRows`` | ``ListPrefetching`` | data | data source |
/// | ``heightForRow`` | ``ListRowHeightProviding`` | view | delegate |
/// | ``estimatedHeightForRow`` | ``ListEstimatedRowHeightProviding`` | view | delegate |
/// | ``willDisplayRow`` | ``ListWillDisplayObserving`` | view | delegate |
/// | ``didEndDisplayingRow`` | ``ListDidEndDisplayingObserving`` | view | delegate |
/// | ``willSelectRow`` | ``ListWillSelectHandling`` | view | delegate |
/// | ``didSelectRow`` | ``ListDidSelectHandling`` | view | delegate |
/// | ``didDeselectRow`` | ``ListDidDeselectHandling`` | view | delegate |
///
/// ## Adding a message
/// Every step, in order; the compiler checks the first three (each switch here is exhaustive),
/// and the package's specs check the rest on Linux (`AddingAListMessageSpecs` fails, naming the
/// step, for a message that misses one):
///
/// 1. A case here, with its row in `profile` (this file).
/// 2. Its capability protocol: `DataCapabilities.swift` for the data half,
///    `ViewCapabilities.swift` for the view half.
/// 3. Its ``ListCall`` (`ListCall.swift`), which names that capability; ``isImplemented(by:on:)``
///    calls it.
/// 4. The call sites of the headless hosts that send it (``ListView``, ``CollectionView``, or
///    the code they share, `HeadlessHost.swift` and its extensions), and `ListSpy`'s conformance
///    to its capability (SwitchboardTesting).
/// 5. For UIKit, in the list proxies (`ViewProxies/Routing`): its selector in
///    `ListSelectorTable` for each view that
///    sends it (or the reason a view does not, in the spec), the `TableViewProxy` or
///    `CollectionViewProxy` method that sends it (an iOS debug build stops when a selector has
///    none), its non-zero default in the view's preset, and the model of UIKit in the specs.
///
/// Routing, rules, explanations, the routing table, the hosts' responds-to caches and
/// ``ListProxy`` need nothing more.
public enum ListMessage: Int, MessageSet, CustomStringConvertible {
  /// How many sections the list has. Default: 1.
  case numberOfSections
  /// How many rows (a collection's items) a section has. Required.
  case numberOfRows
  /// The cell for a row. Required.
  case cellForRow
  /// A supplementary view (a section header or footer, say) of a collection host.
  case supplementaryView
  /// A section's header title. Default: none.
  case titleForHeader
  /// A section's footer title. Default: none.
  case titleForFooter
  /// Whether a row can be edited. Default: `true` when ``commitEdit`` is implemented.
  case canEditRow
  /// Whether a row can be moved. Default: `true` when ``moveRow`` is implemented.
  case canMoveRow
  /// Commit an insertion or deletion the user asked for; answers the update to apply.
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

  /// Which object of a host receives a message.
  @usableFromInline enum Recipient: Hashable, Sendable {
    /// The data source.
    case dataSource
    /// The delegate.
    case delegate
  }

  /// What a message is, apart from its capability: one row of the message table.
  @usableFromInline struct Profile: Hashable, Sendable {
    /// The case name, such as `"cellForRow"`.
    @usableFromInline let name: String
    /// The object of the host that receives the message.
    @usableFromInline let receiver: Recipient
    /// Whether the message's capability takes the host and its cell type (the view half);
    /// `false` for the host-free data half.
    @usableFromInline let takesHost: Bool
    /// Whether the message returns nothing; see ``ListMessage/isNotification``.
    @usableFromInline let isNotification: Bool
    /// Whether a host cannot show a list without it.
    @usableFromInline let isRequired: Bool

    @usableFromInline init(
      _ name: String, _ receiver: Recipient, takesHost: Bool, notification: Bool = false,
      required: Bool = false
    ) {
      self.name = name
      self.receiver = receiver
      self.takesHost = takesHost
      self.isNotification = notification
      self.isRequired = required
    }
  }

  /// The message table: this message's row.
  @inlinable var profile: Profile {
    switch self {
    case .numberOfSections: Profile("numberOfSections", .dataSource, takesHost: false)
    case .numberOfRows: Profile("numberOfRows", .dataSource, takesHost: false, required: true)
    case .cellForRow: Profile("cellForRow", .dataSource, takesHost: true, required: true)
    case .supplementaryView: Profile("supplementaryView", .dataSource, takesHost: true)
    case .titleForHeader: Profile("titleForHeader", .dataSource, takesHost: false)
    case .titleForFooter: Profile("titleForFooter", .dataSource, takesHost: false)
    case .canEditRow: Profile("canEditRow", .dataSource, takesHost: false)
    case .canMoveRow: Profile("canMoveRow", .dataSource, takesHost: false)
    case .commitEdit: Profile("commitEdit", .dataSource, takesHost: false)
    case .moveRow: Profile("moveRow", .dataSource, takesHost: false, notification: true)
    case .sectionIndexTitles: Profile("sectionIndexTitles", .dataSource, takesHost: false)
    case .prefetchRows: Profile("prefetchRows", .dataSource, takesHost: false, notification: true)
    case .heightForRow: Profile("heightForRow", .delegate, takesHost: true)
    case .estimatedHeightForRow: Profile("estimatedHeightForRow", .delegate, takesHost: true)
    case .willDisplayRow: Profile("willDisplayRow", .delegate, takesHost: true, notification: true)
    case .didEndDisplayingRow:
      Profile("didEndDisplayingRow", .delegate, takesHost: true, notification: true)
    case .willSelectRow: Profile("willSelectRow", .delegate, takesHost: true)
    case .didSelectRow: Profile("didSelectRow", .delegate, takesHost: true, notification: true)
    case .didDeselectRow: Profile("didDeselectRow", .delegate, takesHost: true, notification: true)
    }
  }

  /// Whether `handler` adopts this message's capability for hosts of type `host`.
  ///
  /// Data messages ignore `host`; view messages check the capability specialized to it, so a
  /// cell provider for ``ListView`` does not count as one for ``CollectionView``.
  /// ``ListHost/handler(_:implements:)`` asks this by default.
  public func isImplemented<Host: ListHost>(by handler: AnyObject, on host: Host.Type) -> Bool {
    // Each capability is its call's (ListCall), stated once there.
    switch self {
    case .numberOfSections: ListCall<Host, _, _, _, _>.numberOfSections.isAdopted(by: handler)
    case .numberOfRows: ListCall<Host, _, _, _, _>.numberOfRows.isAdopted(by: handler)
    case .cellForRow:
      ListCall<Host, _, _, _, _>.cellForRow.isAdopted(by: handler)
        || ((host as? any ListColumnHost.Type).map { makesColumnCells(handler, $0) } ?? false)
    case .supplementaryView:
      (host as? any SupplementaryViewHost.Type).map { providesSupplementaryViews(handler, $0) }
        ?? false
    case .titleForHeader: ListCall<Host, _, _, _, _>.titleForHeader.isAdopted(by: handler)
    case .titleForFooter: ListCall<Host, _, _, _, _>.titleForFooter.isAdopted(by: handler)
    case .canEditRow: ListCall<Host, _, _, _, _>.canEditRow.isAdopted(by: handler)
    case .canMoveRow: ListCall<Host, _, _, _, _>.canMoveRow.isAdopted(by: handler)
    case .commitEdit: ListCall<Host, _, _, _, _>.commitEdit.isAdopted(by: handler)
    case .moveRow: ListCall<Host, _, _, _, _>.moveRow.isAdopted(by: handler)
    case .sectionIndexTitles: ListCall<Host, _, _, _, _>.sectionIndexTitles.isAdopted(by: handler)
    case .prefetchRows: ListCall<Host, _, _, _, _>.prefetchRows.isAdopted(by: handler)
    case .heightForRow: ListCall<Host, _, _, _, _>.heightForRow.isAdopted(by: handler)
    case .estimatedHeightForRow:
      ListCall<Host, _, _, _, _>.estimatedHeightForRow.isAdopted(by: handler)
    case .willDisplayRow: ListCall<Host, _, _, _, _>.willDisplayRow.isAdopted(by: handler)
    case .didEndDisplayingRow:
      ListCall<Host, _, _, _, _>.didEndDisplayingRow.isAdopted(by: handler)
    case .willSelectRow: ListCall<Host, _, _, _, _>.willSelectRow.isAdopted(by: handler)
    case .didSelectRow: ListCall<Host, _, _, _, _>.didSelectRow.isAdopted(by: handler)
    case .didDeselectRow: ListCall<Host, _, _, _, _>.didDeselectRow.isAdopted(by: handler)
    }
  }

  /// Whether `handler` makes some columns' cells for `host`, a table with columns.
  private func makesColumnCells<Host: ListColumnHost>(_ handler: AnyObject, _ host: Host.Type)
    -> Bool
  {
    handler is any ListColumnCellProviding<Host>
  }

  private func providesSupplementaryViews<Host: SupplementaryViewHost>(
    _ handler: AnyObject, _ host: Host.Type
  ) -> Bool {
    ListCall<Host, _, _, _, _>.supplementaryView.isAdopted(by: handler)
  }

  /// Whether `handler` adopts this message's capability, with view messages checked for
  /// ``ListView``, the reference host.
  ///
  /// ``ListProxy`` asks its own host instead (``ListHost/handler(_:implements:)``); this answer
  /// serves a bare `PrioritizedProxy<ListMessage>`.
  public func isImplemented(by handler: AnyObject) -> Bool {
    isImplemented(by: handler, on: ListView.self)
  }

  /// Whether a host cannot show a list without this message.
  @inlinable public var isRequired: Bool { profile.isRequired }

  /// Whether the message returns nothing, so that a `RoutingRule.broadcast` rule
  /// can send it to several handlers.
  ///
  /// A message that returns a value has one answer, so it must go to one handler: a rule that
  /// broadcasts it makes the route fail, and `PrioritizedProxy.validate(requiring:)` and
  /// `routingErrors` report it before any message is sent.
  @inlinable public var isNotification: Bool { profile.isNotification }

  /// The type of the message's answer, as its call (``ListCall``) declares it: `Bool?` for
  /// ``canEditRow``, `Void` for a notification; `nil` for the cells and supplementary views,
  /// whose type is the host's.
  ///
  /// Rules that combine answers are checked against it when they are set:
  /// `proxy.rules[.canEditRow] = .allMustAllow` routes, `.firstNonNil` on ``numberOfRows``
  /// fails with `RoutingError.Kind.answerTypeMismatch`.
  public var answerType: Any.Type? {
    switch self {
    case .numberOfSections, .numberOfRows: Int.self
    case .cellForRow, .supplementaryView: nil
    case .titleForHeader, .titleForFooter: String?.self
    case .canEditRow, .canMoveRow: Bool?.self
    case .commitEdit: ListUpdate.self
    case .sectionIndexTitles: [String]?.self
    case .heightForRow, .estimatedHeightForRow: Double?.self
    case .willSelectRow: IndexPath?.self
    case .moveRow, .prefetchRows, .willDisplayRow, .didEndDisplayingRow, .didSelectRow,
      .didDeselectRow:
      Void.self
    }
  }

  /// Whether the host sends this message to its data source (otherwise to its delegate).
  @inlinable public var isDataSourceMessage: Bool { profile.receiver == .dataSource }

  /// The case name, such as `"cellForRow"`.
  public var description: String { profile.name }
}
