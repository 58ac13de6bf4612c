import Foundation
import Switchboard

/// A list message as a typed call: the capability a handler adopts to receive it, what it is
/// sent with, what it answers, UIKit's default answer, and how a handler is called.
///
/// Each ``ListMessage`` has one, declared here once; hosts, tests and adapters send a message in
/// one line, and observers watch it with the same name:
///
/// ```swift
/// let rows = proxy.send(.numberOfRows, section, in: list)        // 0 when nobody answers
/// proxy.send(.didSelectRow, indexPath, in: list)                  // to one handler, or to each
/// let token = proxy.observe(.didSelectRow) { indexPath in print(indexPath) }
/// ```
///
/// Whether a notification goes to one handler or several is the proxy's rule, not the caller's
/// choice: every call that answers nothing is delivered as its rule says. The capability is part
/// of the call's type, so a message cannot be sent as another capability.
///
/// | call | arguments | answer (default) |
/// | --- | --- | --- |
/// | ``numberOfSections`` | `()` | `Int` (1) |
/// | ``numberOfRows`` | section | `Int` (0) |
/// | ``cellForRow`` | index path | `Host.Cell?` (nil) |
/// | ``supplementaryView`` | kind and index path | `Host.SupplementaryView?` (nil) |
/// | ``titleForHeader``, ``titleForFooter`` | section | `String?` (nil) |
/// | ``canEditRow``, ``canMoveRow`` | index path | `Bool?` (nil: the host decides) |
/// | ``commitEdit`` | style and index path | `ListUpdate` (empty) |
/// | ``moveRow`` | source and destination | none |
/// | ``sectionIndexTitles`` | `()` | `[String]?` (nil) |
/// | ``prefetchRows`` | index paths | none |
/// | ``heightForRow``, ``estimatedHeightForRow`` | index path | `Double?` (nil: the host's) |
/// | ``willDisplayRow``, ``didEndDisplayingRow`` | cell and index path | none |
/// | ``willSelectRow`` | index path | `IndexPath?` (the same row) |
/// | ``didSelectRow``, ``didDeselectRow`` | index path | none |
public struct ListCall<Host: ListHost, Capability, Arguments, Result, Failure: Error>: Sendable {
  /// The message.
  public let message: ListMessage
  /// The answer when nobody handles the message.
  @usableFromInline let defaultValue: @Sendable (Arguments) -> Result
  /// Calls a handler.
  @usableFromInline let invoke:
    @MainActor @Sendable (Capability, Arguments, Host) throws(Failure)
      -> Result

  @inlinable
  init(
    _ message: ListMessage, default defaultValue: @escaping @Sendable (Arguments) -> Result,
    invoke:
      @escaping @MainActor @Sendable (Capability, Arguments, Host) throws(Failure)
      -> Result
  ) {
    self.message = message
    self.defaultValue = defaultValue
    self.invoke = invoke
  }

  /// The message as observers see it: its arguments are this call's.
  @inlinable public var event: MessageEvent<ListMessage, Arguments> { MessageEvent(message) }

  /// Whether `handler` adopts this call's capability.
  @inlinable func isAdopted(by handler: AnyObject) -> Bool { handler is Capability }
}

// MARK: - Data (host-free capabilities)

extension ListCall
where Capability == any ListSectionCounting, Arguments == Void, Result == Int, Failure == Never {
  /// How many sections the list has; 1 when nobody answers.
  @inlinable @inline(__always) public static var numberOfSections: Self {
    Self(
      .numberOfSections, default: { _ in 1 }, invoke: { model, _, _ in model.numberOfSections() })
  }
}

extension ListCall
where Capability == any ListRowCounting, Arguments == Int, Result == Int, Failure == Never {
  /// How many rows (a collection's items) a section has; 0 when nobody answers.
  @inlinable @inline(__always) public static var numberOfRows: Self {
    Self(
      .numberOfRows, default: { _ in 0 },
      invoke: { model, section, _ in
        model.numberOfRows(inSection: section)
      })
  }
}

extension ListCall
where
  Capability == any ListCellProviding<Host>, Arguments == IndexPath, Result == Host.Cell?,
  Failure == any Error
{
  /// The cell for a row; `nil` when nobody makes one.
  @inlinable @inline(__always) public static var cellForRow: Self {
    Self(
      .cellForRow, default: { _ in nil },
      invoke: { view, indexPath, host in
        try view.cellForRow(at: indexPath, in: host)
      })
  }
}

extension ListCall
where
  Host: SupplementaryViewHost, Capability == any ListSupplementaryViewProviding<Host>,
  Arguments == (kind: SupplementaryKind, indexPath: IndexPath), Result == Host.SupplementaryView?,
  Failure == any Error
{
  /// A supplementary view of a kind; `nil` when nobody makes one.
  @inlinable @inline(__always) public static var supplementaryView: Self {
    Self(
      .supplementaryView, default: { _ in nil },
      invoke: { view, arguments, host in
        try view.supplementaryView(ofKind: arguments.kind, at: arguments.indexPath, in: host)
      })
  }
}

extension ListCall
where Capability == any ListHeaderTitling, Arguments == Int, Result == String?, Failure == Never {
  /// A section's header title; none when nobody answers.
  @inlinable @inline(__always) public static var titleForHeader: Self {
    Self(
      .titleForHeader, default: { _ in nil },
      invoke: { model, section, _ in
        model.titleForHeader(inSection: section)
      })
  }
}

extension ListCall
where Capability == any ListFooterTitling, Arguments == Int, Result == String?, Failure == Never {
  /// A section's footer title; none when nobody answers.
  @inlinable @inline(__always) public static var titleForFooter: Self {
    Self(
      .titleForFooter, default: { _ in nil },
      invoke: { model, section, _ in
        model.titleForFooter(inSection: section)
      })
  }
}

extension ListCall
where
  Capability == any ListRowEditability, Arguments == IndexPath, Result == Bool?, Failure == Never
{
  /// Whether a row can be edited; `nil` when nobody answers (a host then allows it when
  /// someone commits edits).
  @inlinable @inline(__always) public static var canEditRow: Self {
    Self(
      .canEditRow, default: { _ in nil },
      invoke: { model, indexPath, _ in
        model.canEditRow(at: indexPath)
      })
  }
}

extension ListCall
where
  Capability == any ListRowMovability, Arguments == IndexPath, Result == Bool?, Failure == Never
{
  /// Whether a row can be moved; `nil` when nobody answers (a host then allows it when someone
  /// moves rows).
  @inlinable @inline(__always) public static var canMoveRow: Self {
    Self(
      .canMoveRow, default: { _ in nil },
      invoke: { model, indexPath, _ in
        model.canMoveRow(at: indexPath)
      })
  }
}

extension ListCall
where
  Capability == any ListEditCommitting,
  Arguments == (style: ListEditingStyle, indexPath: IndexPath), Result == ListUpdate,
  Failure == Never
{
  /// Commits an edit the user asked for; the answer is the update to apply (none when nobody
  /// answers).
  @inlinable @inline(__always) public static var commitEdit: Self {
    Self(
      .commitEdit, default: { _ in ListUpdate() },
      invoke: { model, arguments, _ in
        model.commitEdit(arguments.style, forRowAt: arguments.indexPath)
      })
  }
}

extension ListCall
where
  Capability == any ListRowMoving, Arguments == (source: IndexPath, destination: IndexPath),
  Result == Void, Failure == Never
{
  /// A row the user moved.
  @inlinable @inline(__always) public static var moveRow: Self {
    Self(
      .moveRow, default: { _ in },
      invoke: { model, arguments, _ in
        model.moveRow(from: arguments.source, to: arguments.destination)
      })
  }
}

extension ListCall
where
  Capability == any ListSectionIndexing, Arguments == Void, Result == [String]?, Failure == Never
{
  /// The titles of the section index; none when nobody answers.
  @inlinable @inline(__always) public static var sectionIndexTitles: Self {
    Self(
      .sectionIndexTitles, default: { _ in nil },
      invoke: { model, _, _ in model.sectionIndexTitles() })
  }
}

extension ListCall
where
  Capability == any ListPrefetching, Arguments == [IndexPath], Result == Void, Failure == Never
{
  /// Rows that will be needed soon.
  @inlinable @inline(__always) public static var prefetchRows: Self {
    Self(
      .prefetchRows, default: { _ in },
      invoke: { model, indexPaths, _ in
        model.prefetchRows(at: indexPaths)
      })
  }
}

// MARK: - View (capabilities for one host)

extension ListCall
where
  Capability == any ListRowHeightProviding<Host>, Arguments == IndexPath, Result == Double?,
  Failure == Never
{
  /// A row's height; `nil` when nobody answers (the host's row height).
  @inlinable @inline(__always) public static var heightForRow: Self {
    Self(
      .heightForRow, default: { _ in nil },
      invoke: { view, indexPath, host in
        view.heightForRow(at: indexPath, in: host)
      })
  }
}

extension ListCall
where
  Capability == any ListEstimatedRowHeightProviding<Host>, Arguments == IndexPath,
  Result == Double?, Failure == Never
{
  /// A row's estimated height; `nil` when nobody answers.
  @inlinable @inline(__always) public static var estimatedHeightForRow: Self {
    Self(
      .estimatedHeightForRow, default: { _ in nil },
      invoke: { view, indexPath, host in
        view.estimatedHeightForRow(at: indexPath, in: host)
      })
  }
}

extension ListCall
where
  Capability == any ListWillDisplayObserving<Host>,
  Arguments == (cell: Host.Cell, indexPath: IndexPath), Result == Void, Failure == Never
{
  /// A row is about to appear with this cell.
  @inlinable @inline(__always) public static var willDisplayRow: Self {
    Self(
      .willDisplayRow, default: { _ in },
      invoke: { view, arguments, host in
        view.willDisplay(arguments.cell, forRowAt: arguments.indexPath, in: host)
      })
  }
}

extension ListCall
where
  Capability == any ListDidEndDisplayingObserving<Host>,
  Arguments == (cell: Host.Cell, indexPath: IndexPath), Result == Void, Failure == Never
{
  /// A row has disappeared; its cell goes back to the pool.
  @inlinable @inline(__always) public static var didEndDisplayingRow: Self {
    Self(
      .didEndDisplayingRow, default: { _ in },
      invoke: { view, arguments, host in
        view.didEndDisplaying(arguments.cell, forRowAt: arguments.indexPath, in: host)
      })
  }
}

extension ListCall
where
  Capability == any ListWillSelectHandling<Host>, Arguments == IndexPath, Result == IndexPath?,
  Failure == Never
{
  /// The row the user is selecting: the answer is the row to select, or `nil` to cancel; the
  /// same row when nobody answers.
  @inlinable @inline(__always) public static var willSelectRow: Self {
    Self(
      .willSelectRow, default: { $0 },
      invoke: { view, indexPath, host in
        view.willSelectRow(at: indexPath, in: host)
      })
  }
}

extension ListCall
where
  Capability == any ListDidSelectHandling<Host>, Arguments == IndexPath, Result == Void,
  Failure == Never
{
  /// A row (a collection's item) was selected.
  @inlinable @inline(__always) public static var didSelectRow: Self {
    Self(
      .didSelectRow, default: { _ in },
      invoke: { view, indexPath, host in
        view.didSelectRow(at: indexPath, in: host)
      })
  }
}

extension ListCall
where
  Capability == any ListDidDeselectHandling<Host>, Arguments == IndexPath, Result == Void,
  Failure == Never
{
  /// A row was deselected.
  @inlinable @inline(__always) public static var didDeselectRow: Self {
    Self(
      .didDeselectRow, default: { _ in },
      invoke: { view, indexPath, host in
        view.didDeselectRow(at: indexPath, in: host)
      })
  }
}

// MARK: - Sending through a router

extension ListCall {
  /// Sends this call's message through `router` to its handler.
  ///
  /// Through the call's capability, or, for a handler that implements the platform's own method
  /// instead, through `platform`; the call's default when nobody handles it or `platform`
  /// answers nothing. What `ListProxy.send(_:_:in:or:)` and the UIKit list proxies do.
  @MainActor @inlinable @inline(__always)
  package func send<Platform>(
    through router: PrioritizedProxy<ListMessage>, _ arguments: Arguments, in host: Host,
    or platform: (Platform) -> Result?
  ) throws(Failure) -> Result {
    let invoke = invoke
    let defaultValue = defaultValue
    return try router.send(
      event, arguments, as: Capability.self, or: Platform.self, default: defaultValue(arguments),
      { (handler: Capability) throws(Failure) -> Result in try invoke(handler, arguments, host) },
      or: { (handler: Platform) throws(Failure) -> Result in
        platform(handler) ?? defaultValue(arguments)
      })
  }

  /// Sends this notification through `router` to every handler its rule chooses, each through
  /// the call's capability or the platform's own method.
  @MainActor @inlinable @inline(__always)
  package func send<Platform>(
    through router: PrioritizedProxy<ListMessage>, _ arguments: Arguments, in host: Host,
    or platform: (Platform) -> Void
  ) throws(Failure) where Result == Void {
    let invoke = invoke
    try router.broadcast(
      event, arguments, as: Capability.self, or: Platform.self,
      { (handler: Capability) throws(Failure) in try invoke(handler, arguments, host) },
      or: { (handler: Platform) throws(Failure) in platform(handler) })
  }
}

extension ListCall: CustomStringConvertible {
  /// The message and the capability that answers it: `numberOfRows (ListRowCounting)`.
  public var description: String { "\(message) (\(Capability.self))" }
}
