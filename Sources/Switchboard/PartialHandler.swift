/// A handler that implements only some of the messages its capability conformances cover.
///
/// Conformances are static: a class that adopts a capability protocol implements that message for
/// every instance. Adopt `PartialHandler` when an instance decides at run time, the way an
/// Objective-C object overrides `respondsToSelector:`. Test spies and adapters are the usual
/// cases:
///
/// ```swift
/// final class Spy: Greeting, Farewell, PartialHandler {
///   var enabled: Set<ChatMessage> = [.greet]
///   func implements(_ message: ChatMessage) -> Bool { enabled.contains(message) }
///   func greet() -> String { "hello" }
///   func leave() {}
/// }
/// ```
///
/// A message counts as implemented when ``MessageSet/isImplemented(by:)`` says so *and*
/// ``implements(_:)`` agrees. The proxy asks when the handler is added; call
/// ``PrioritizedProxy/invalidateRoutes()`` after an instance changes its answer.
///
/// The proxy asks from its own isolation domain (the main actor for the list proxies), so
/// ``implements(_:)`` is nonisolated: a main-actor handler answers from state it can read there,
/// for instance with `MainActor.assumeIsolated`.
public protocol PartialHandler<Message>: AnyObject {
  /// The message set whose messages this handler filters.
  associatedtype Message: MessageSet

  /// Whether this instance implements `message`. Only consulted for messages whose capability the
  /// handler adopts.
  func implements(_ message: Message) -> Bool
}

extension MessageSet {
  /// Whether `handler` implements this message: it adopts the message's capability, and, if it is
  /// a ``PartialHandler`` for this message set, it says it implements it.
  ///
  /// This is the check ``PrioritizedProxy`` makes for every handler and message when the handler
  /// is added and on ``PrioritizedProxy/invalidateRoutes()``.
  public func isHandled(by handler: AnyObject) -> Bool {
    isHandled(by: handler, check: nil)
  }

  /// Whether `handler` implements this message according to `check` (or, when it is `nil`,
  /// ``isImplemented(by:)``) and, if it is a ``PartialHandler`` for this message set, its own
  /// answer.
  public func isHandled(by handler: AnyObject, check: ((Self, AnyObject) -> Bool)?) -> Bool {
    guard check?(self, handler) ?? isImplemented(by: handler) else { return false }
    if let partial = handler as? any PartialHandler<Self> {
      return partial.implements(self)
    }
    return true
  }
}
