/// A closed set of message identifiers for one delegate or data-source protocol.
///
/// Objective-C proxies route by selector and ask `respondsToSelector:` on every call. Switchboard
/// names each message with an enum case instead, and lets the case say whether a handler
/// implements it, usually with an `is` check against a small capability protocol:
///
/// ```swift
/// protocol Greeting: AnyObject { func greet() -> String }
/// protocol Farewell: AnyObject { func leave() }
///
/// enum ChatMessage: MessageSet {
///   case greet, leave
///
///   var isNotification: Bool { self == .leave }   // returns nothing: may be broadcast
///
///   func isImplemented(by handler: AnyObject) -> Bool {
///     switch self {
///     case .greet: handler is any Greeting
///     case .leave: handler is any Farewell
///     }
///   }
/// }
/// ```
///
/// ``PrioritizedProxy`` asks ``isImplemented(by:)`` once per handler and message, when the
/// handler is added (and again on ``PrioritizedProxy/invalidateRoutes()``), never on the dispatch
/// path.
///
/// Give the enum `Int` raw values (`enum ChatMessage: Int, MessageSet`): the proxy then finds a
/// message's route by indexing an array with ``routeIndex``, with no hashing on the dispatch path.
public protocol MessageSet: Hashable, CaseIterable, Sendable {
  /// Whether `handler` implements this message.
  ///
  /// Answer from the handler's type alone (for example `handler is any Greeting`): the proxy
  /// caches the answer until its handlers or rules change.
  ///
  /// - Parameter handler: A handler registered with a ``PrioritizedProxy``.
  /// - Returns: `true` when the handler can receive this message.
  func isImplemented(by handler: AnyObject) -> Bool

  /// Whether the message returns nothing, so that a ``RoutingRule/broadcast`` rule may send it to
  /// several handlers.
  ///
  /// A message that returns a value has one answer and goes to one handler: a rule that
  /// broadcasts it makes the route fail with
  /// ``RoutingError/Kind-swift.enum/broadcastOfValueReturningMessage``, which
  /// ``PrioritizedProxy/validate(requiring:)`` reports. The default is `false`; answer `true` for
  /// your notifications:
  ///
  /// ```swift
  /// extension ChatMessage {
  ///   var isNotification: Bool { self == .leave }
  /// }
  /// ```
  var isNotification: Bool { get }

  /// The message's position in `allCases`, when the type knows it without searching; `nil`
  /// otherwise.
  ///
  /// Enums with `Int` raw values get it for free (the raw value), and must then number their
  /// cases 0, 1, 2, … in `allCases` order; the proxy checks that once, when it is created. For
  /// other message sets the proxy keeps a dictionary from message to position and hashes the
  /// message on each dispatch.
  var routeIndex: Int? { get }

  /// The type of the message's answer, when the set declares it: `Bool.self` for a yes-or-no
  /// question, `Void.self` for a notification.
  ///
  /// A rule that combines answers (``RoutingRule/allMustAllow``, ``RoutingRule/firstNonNil``,
  /// ``RoutingRule/combining(_:as:_:)``) is checked against it as soon as it is set. The
  /// default is `Void.self` for a notification and `nil` (not declared: checked on the first
  /// send) otherwise.
  ///
  /// ```swift
  /// extension ChatMessage {
  ///   var answerType: Any.Type? { self == .greet ? String.self : Void.self }
  /// }
  /// ```
  var answerType: Any.Type? { get }
}

extension MessageSet {
  /// `false`: a message may be broadcast only when its set says it returns nothing.
  public var isNotification: Bool { false }

  /// `nil`: the proxy looks the message up in a dictionary.
  @inlinable public var routeIndex: Int? { nil }

  /// `Void.self` for a notification, `nil` (not declared) otherwise.
  public var answerType: Any.Type? { isNotification ? Void.self : nil }
}

extension MessageSet where Self: RawRepresentable, RawValue == Int {
  /// The raw value, which must be the message's position in `allCases`.
  @inlinable public var routeIndex: Int? { rawValue }
}
