/// A registration made with ``PrioritizedProxy/observe(_:beforeHandler:_:)`` or
/// ``PrioritizedProxy/observeRoutes(_:)``: the observation lasts while you keep this object.
///
/// It ends when you release the token or call ``cancel()``, at once: an observer cancelled
/// while a message or change is being delivered to other observers is not called for it. The
/// proxy never retains the token.
///
/// ```swift
/// var tokens: [ObservationToken] = []
/// tokens.append(proxy.observe(ChatMessage.typed) { print($0) })
/// tokens.append(proxy.observeRoutes { change in print(change) })
/// tokens = []          // no more calls
/// ```
///
/// Like its proxy, a token belongs to the proxy's isolation domain.
public final class ObservationToken {
  private var onCancel: (() -> Void)?

  /// An observation that `cancel` ends.
  ///
  /// `cancel` runs once, when you call ``cancel()`` or release the token. An adapter that
  /// refuses an observation returns `ObservationToken {}`.
  ///
  /// ```swift
  /// let token = ObservationToken { timer.invalidate() }
  /// ```
  public init(_ cancel: @escaping () -> Void) {
    self.onCancel = cancel
  }

  deinit { cancel() }

  /// Ends the observation now; calling it again does nothing.
  public func cancel() {
    let action = onCancel
    onCancel = nil
    action?()
  }

  /// Whether the observation has ended.
  public var isCancelled: Bool { onCancel == nil }
}
