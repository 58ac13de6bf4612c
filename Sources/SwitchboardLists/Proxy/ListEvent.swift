import Foundation
import Switchboard

/// A list notification as observers see it, with its arguments typed for a host: what
/// RxCocoa's `rx.itemSelected` or `rx.willDisplayCell` give, without `[Any]`.
///
/// Observe one through a ``ListProxy`` (and `TableViewProxy` / `CollectionViewProxy` on iOS):
///
/// ```swift
/// let observation = proxy.observe(.didSelectRow) { indexPath in
///   analytics.log("selected", indexPath.row)
/// }
/// Task {
///   for await (cell, indexPath) in proxy.events(.willDisplayRow) { fadeIn(cell, indexPath) }
/// }
/// ```
///
/// | event | arguments |
/// | --- | --- |
/// | ``didSelectRow`` | `IndexPath` |
/// | ``didDeselectRow`` | `IndexPath` |
/// | ``willDisplayRow`` | `(cell: Host.Cell, indexPath: IndexPath)` |
/// | ``didEndDisplayingRow`` | `(cell: Host.Cell, indexPath: IndexPath)` |
/// | ``commitEdit`` | `(style: ListEditingStyle, indexPath: IndexPath)` |
/// | ``moveRow`` | `(source: IndexPath, destination: IndexPath)` |
/// | ``prefetchRows`` | `[IndexPath]` |
///
/// Hosts send these messages with their arguments, so observers see every one a handler sees,
/// before it (`ObservationTiming.beforeHandler`) or after (the default).
public struct ListEvent<Host: ListHost, Arguments>: Hashable, Sendable {
  /// The core event: the message and its arguments' type.
  public let event: MessageEvent<ListMessage, Arguments>

  /// The message.
  public let message: ListMessage

  init(_ message: ListMessage) {
    self.message = message
    event = MessageEvent(message)
  }
}

extension ListEvent where Arguments == IndexPath {
  /// A row (a collection's item) was selected.
  public static var didSelectRow: Self { Self(.didSelectRow) }
  /// A row was deselected.
  public static var didDeselectRow: Self { Self(.didDeselectRow) }
}

extension ListEvent where Arguments == (cell: Host.Cell, indexPath: IndexPath) {
  /// A row is about to appear with this cell.
  public static var willDisplayRow: Self { Self(.willDisplayRow) }
  /// A row has disappeared; its cell goes back to the pool.
  public static var didEndDisplayingRow: Self { Self(.didEndDisplayingRow) }
}

extension ListEvent where Arguments == (style: ListEditingStyle, indexPath: IndexPath) {
  /// The user asked to delete or insert a row.
  ///
  /// Observing it never changes the update the handler answers, nor whether rows can be
  /// edited.
  public static var commitEdit: Self { Self(.commitEdit) }
}

extension ListEvent where Arguments == (source: IndexPath, destination: IndexPath) {
  /// The user moved a row.
  public static var moveRow: Self { Self(.moveRow) }
}

extension ListEvent where Arguments == [IndexPath] {
  /// Rows that will be needed soon.
  public static var prefetchRows: Self { Self(.prefetchRows) }
}

extension ListProxy {
  /// Calls `body` with the typed arguments of every `event` the host sends, before or after
  /// the handlers.
  ///
  /// Observing never changes an answer or who handles a message. Observing a notification no
  /// handler implements makes ``responds(to:)`` true while the observation lasts, and the host
  /// asks again when that changes (so a `ListView` starts sending `didSelectRow` to an
  /// observed proxy whose view does not handle it, and stops when the observation ends).
  ///
  /// ```swift
  /// let observation = proxy.observe(.willDisplayRow, timing: .beforeHandler) { cell, indexPath in
  ///   print("showing", indexPath.row)
  /// }
  /// ```
  ///
  /// - Returns: The observation: it ends when you release it or call `cancel()`.
  public func observe<Arguments>(
    _ event: ListEvent<Host, Arguments>, timing: ObservationTiming = .afterHandler,
    _ body: @escaping @MainActor (Arguments) -> Void
  ) -> ObservationToken {
    router.observe(event.event, timing: timing, body)
  }

  /// The typed arguments of every `event` the host sends from now on, as an async sequence.
  ///
  /// It ends when the proxy goes away; cancelling the task that iterates it stops delivery at
  /// once.
  ///
  /// ```swift
  /// for await indexPath in proxy.events(.didSelectRow) { open(indexPath) }
  /// ```
  public func events<Arguments: Sendable>(
    _ event: ListEvent<Host, Arguments>, timing: ObservationTiming = .afterHandler,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    router.events(event.event, timing: timing, bufferingPolicy: bufferingPolicy)
  }
}
