import Foundation

/// A message as observers see it: the message, and the type of the arguments it is sent with.
///
/// Declare one per message you want observable, next to your message set, and send the message
/// with its arguments (``PrioritizedProxy/broadcast(_:_:as:_:)``); observers then receive the
/// arguments typed, before or after the handlers run, without writing a handler:
///
/// ```swift
/// extension ChatMessage {
///   static let typed = MessageEvent<ChatMessage, String>(.didType)
/// }
///
/// // The sender (your proxy's owner):
/// proxy.broadcast(ChatMessage.typed, text, as: (any Typing).self) { $0.userDidType(text) }
///
/// // Anyone:
/// let observation = proxy.observe(ChatMessage.typed) { text in print("typed", text) }
/// for await text in proxy.events(ChatMessage.typed) { print(text) }
/// ```
///
/// The arguments type is part of the event, so an observer cannot expect other arguments than
/// the sender sends: both name the same `MessageEvent`. Use a tuple with labels for several
/// arguments, such as `(cell: Cell, indexPath: IndexPath)`.
public struct MessageEvent<Message: MessageSet, Arguments>: Hashable, Sendable {
  /// The message, or `nil` for a message named at run time (see ``name``).
  public let message: Message?

  /// The message's name: its case name, or the name it is sent with (an Objective-C selector).
  public var name: String { namedMessage?.name ?? message.map { "\($0)" } ?? "" }

  /// The name of a message named at run time, or `nil` for a case.
  ///
  /// A reference, so that copying an event of a case (every send of one) copies no string.
  @usableFromInline let namedMessage: EventName?

  /// Which message: a case, or a name.
  @usableFromInline var key: MessageKey<Message> {
    if let message { return .message(message) }
    return .named(name)
  }

  /// The event of `message`, sent with `Arguments`.
  public init(_ message: Message) {
    self.message = message
    namedMessage = nil
  }

  /// The event of the message named `name` (an Objective-C selector such as
  /// `"scrollViewDidScroll:"`), sent with `Arguments`.
  ///
  /// ```swift
  /// let didScroll = MessageEvent<ListMessage, [Any]>(named: "scrollViewDidScroll:")
  /// ```
  public init(named name: String) {
    message = nil
    namedMessage = EventName(name)
  }
}

/// The name of an event of a message named at run time.
@usableFromInline
final class EventName: Hashable, Sendable {
  let name: String
  init(_ name: String) { self.name = name }
  @usableFromInline static func == (lhs: EventName, rhs: EventName) -> Bool {
    lhs.name == rhs.name
  }
  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A message of a message set, or one named at run time.
@usableFromInline
enum MessageKey<Message: MessageSet>: Hashable, Sendable {
  case message(Message)
  case named(String)
}

/// When an observer sees a message: RxCocoa's `sentMessage` (before) or `methodInvoked`
/// (after); the observing methods' `beforeHandler` argument.
@usableFromInline
enum ObserverTiming: Hashable, Sendable {
  /// Before the handler is called.
  case beforeHandler
  /// After the handler returned; a handler that throws skips these observers, since the
  /// message was not handled.
  case afterHandler

  /// The timing an `observe` or `events` call's `beforeHandler` argument asks for.
  init(beforeHandler: Bool) { self = beforeHandler ? .beforeHandler : .afterHandler }
}

/// One observer of one message, with its arguments' type erased so a proxy can keep observers
/// of different events together.
@usableFromInline
class AnyMessageObserver {
  let id: Int
  @usableFromInline let timing: ObserverTiming
  /// The type of the arguments the observer expects.
  @usableFromInline let argumentsType: ObjectIdentifier
  /// A stream's registration, which lives as long as the stream; `nil` for a closure observer,
  /// whose registration its owner keeps.
  var streamObservation: ObservationToken?
  /// Set when the observation ends; checked just before each call.
  @usableFromInline let cancellation = DispatchStorage.Flag()
  /// Set from any thread when a stream's consumer stops iterating; `nil` for closures.
  @usableFromInline let termination: TerminationFlag?
  /// Called when the proxy goes away: a stream finishes.
  let onProxyEnd: (() -> Void)?

  init(
    id: Int, timing: ObserverTiming, argumentsType: ObjectIdentifier,
    termination: TerminationFlag?, onProxyEnd: (() -> Void)?
  ) {
    self.id = id
    self.timing = timing
    self.argumentsType = argumentsType
    self.termination = termination
    self.onProxyEnd = onProxyEnd
  }

  /// Whether the observer still wants messages: not cancelled and, for a stream, its consumer
  /// still iterating.
  @inlinable var isLive: Bool {
    !cancellation.isSet && termination?.isSet != true
  }
}

/// An observer of an event whose arguments are `Arguments`.
@usableFromInline
final class MessageObserver<Arguments>: AnyMessageObserver {
  @usableFromInline let body: (Arguments) -> Void

  init(
    id: Int, timing: ObserverTiming, termination: TerminationFlag?,
    onProxyEnd: (() -> Void)?, body: @escaping (Arguments) -> Void
  ) {
    self.body = body
    super.init(
      id: id, timing: timing, argumentsType: ObjectIdentifier(Arguments.self),
      termination: termination, onProxyEnd: onProxyEnd)
  }
}

/// The observers of one message, in registration order: what a proxy and forwarded routes keep
/// per message, and how they call them.
@usableFromInline
struct ObserverList {
  @usableFromInline var observers: [AnyMessageObserver] = []
  /// How many observers (live or ended) watch before the handlers, so a message observed only
  /// after them skips the first pass.
  @usableFromInline var beforeCount = 0

  @usableFromInline init() {}

  /// Whether the list holds no observer, live or ended: the one check a message without
  /// observers costs.
  @inlinable var isEmpty: Bool { observers.isEmpty }

  /// Whether an observer still wants messages.
  var isObserved: Bool { observers.contains { $0.isLive } }

  /// Adds an observer; `registered` makes its observation, whose cancellation calls
  /// `onCancel` (the owner then calls ``removeEnded()``).
  mutating func add<Arguments>(
    timing: ObserverTiming, termination: TerminationFlag?, onProxyEnd: (() -> Void)?,
    id: Int, body: @escaping (Arguments) -> Void, onCancel: @escaping () -> Void
  ) -> ObservationToken {
    let observer = MessageObserver(
      id: id, timing: timing, termination: termination, onProxyEnd: onProxyEnd, body: body)
    // The observation holds its observer strongly: a weak reference would give the observer a
    // side table, and every retain and release on the delivery path would take the slow path.
    // A stream's observer holds its observation back; `removeEnded()` and `finishStreams()`
    // break that cycle.
    let observation = ObservationToken {
      observer.cancellation.isSet = true
      onCancel()
    }
    if termination != nil { observer.streamObservation = observation }
    observers.append(observer)
    if timing == .beforeHandler { beforeCount += 1 }
    return observation
  }

  /// Drops the observers that ended, and returns them (empty when none had).
  ///
  /// The caller lets go of their stream registrations afterwards, outside its access to this
  /// list (``releaseRegistrations(of:)``): releasing one ends it, which calls back into the
  /// owner.
  mutating func removeEnded() -> [AnyMessageObserver] {
    let ended = observers.filter { !$0.isLive }
    guard !ended.isEmpty else { return [] }
    observers.removeAll { !$0.isLive }
    beforeCount = observers.count { $0.timing == .beforeHandler }
    return ended
  }

  /// Lets go of the stream registrations of observers ``removeEnded()`` dropped.
  static func releaseRegistrations(of ended: [AnyMessageObserver]) {
    for observer in ended { observer.streamObservation = nil }
  }

  /// Calls every live observer with `timing`, in registration order; returns whether it met an
  /// observer that has ended (the owner then calls ``removeEnded()``).
  ///
  /// The list is taken before the first call; each observer is checked just before its call,
  /// so one cancelled meanwhile (by an earlier observer, a handler, or its task) is skipped.
  @inlinable
  func show<Arguments>(
    _ arguments: Arguments, _ timing: ObserverTiming, of name: @autoclosure () -> String
  ) -> Bool {
    if timing == .beforeHandler, beforeCount == 0 { return false }
    if timing == .afterHandler, beforeCount == observers.count { return false }
    var metEnded = false
    for observer in observers where observer.timing == timing {
      guard observer.isLive else {
        metEnded = true
        continue
      }
      Self.call(observer, with: arguments, of: name())
      if !observer.isLive { metEnded = true }
    }
    return metEnded
  }

  /// Calls a live observer, after checking it expects `Arguments`.
  @inlinable
  static func call<Arguments>(
    _ observer: AnyMessageObserver, with arguments: Arguments,
    of name: @autoclosure () -> String
  ) {
    guard let observer = DispatchStorage.observer(observer, of: Arguments.self) else {
      preconditionFailure(
        "An observer of \(name()) expects other arguments than the \(Arguments.self) it is sent "
          + "with. Declare one event per message and use it both to send and to observe.")
    }
    observer.body(arguments)
  }

  /// A stream of the arguments an observer registered by `register` receives: `register` gets
  /// the stream's termination flag, what finishes it, and the body that yields to it.
  static func stream<Arguments: Sendable>(
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy,
    register: (TerminationFlag, @escaping () -> Void, @escaping (Arguments) -> Void) -> Void
  ) -> AsyncStream<Arguments> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Arguments.self, bufferingPolicy: bufferingPolicy)
    let termination = TerminationFlag()
    continuation.onTermination = { _ in termination.set() }
    let yield: (Arguments) -> Void = { arguments in
      if case .terminated = continuation.yield(arguments) { termination.set() }
    }
    register(termination, { continuation.finish() }, yield)
    return stream
  }

  /// Finishes every stream: the owner is going away.
  func finishStreams() {
    for observer in observers {
      observer.onProxyEnd?()
      observer.streamObservation = nil
    }
  }
}

extension MessageEvent: CustomStringConvertible {
  /// The message and the arguments' type: `didSelectRow(IndexPath)`.
  public var description: String { "\(name)(\(Arguments.self))" }
}
