/// The messages whose routes changed in one update of a ``PrioritizedProxy``.
///
/// A route changes when a message goes to a different handler (or handlers), starts or stops
/// going anywhere, or starts or stops failing.
public struct RouteChange<Message: MessageSet>: Hashable, Sendable {
  /// The changed messages, in `Message.allCases` order.
  ///
  /// Never empty.
  public let messages: [Message]

  /// Creates a change.
  public init(messages: [Message]) {
    self.messages = messages
  }

  /// Whether `message` is among the changed messages.
  public func contains(_ message: Message) -> Bool { messages.contains(message) }
}

/// A registration made with ``PrioritizedProxy/observeRoutes(_:)``.
///
/// The observation lasts while you keep this object, and ends when you release it or call
/// ``cancel()``. The proxy never retains it:
///
/// ```swift
/// final class Host {
///   private var observation: RouteObservation?
///   func attach(to proxy: PrioritizedProxy<ChatMessage>) {
///     observation = proxy.observeRoutes { [weak self] change in self?.refresh(change.messages) }
///   }
/// }
/// ```
@MainActor
public final class RouteObservation {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Ends the observation now.
  ///
  /// Calling it again does nothing.
  public func cancel() {
    let action = onCancel
    onCancel = nil
    action?()
  }

  /// Whether the observation has been cancelled.
  public var isCancelled: Bool { onCancel == nil }
}
