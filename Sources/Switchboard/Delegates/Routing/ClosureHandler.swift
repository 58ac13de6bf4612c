import Foundation

/// A closure that answers one selector as a handler object's method would: a handler of a
/// ``DelegateProxy`` like any other (a role, a place in the priority order, rules, `explain`),
/// made by ``DelegateProxy/answer(_:role:at:retention:isolation:with:)``.
///
/// The runtime cannot send a message to it, so it is never a forwarding target: its messages
/// reach the proxy's direct-path method (or `forwardInvocation:`, the first time or for a shape
/// that path does not take), and it is called with their arguments read as its types, where
/// the runtime put them or unboxed, and its answer stored in place or boxed.
final class ClosureHandler {
  /// The selector it answers.
  let selector: String
  /// Calls the closure with a message's arguments: its answer (`nil` for a method that returns
  /// nothing), or why the arguments did not fit.
  private let call: (BoxedArguments.Source, RawAnswer?) -> Result<Answered, BoxedArguments.Mismatch>

  /// What the closure did with its answer.
  private enum Answered {
    /// Gave it, to be answered boxed (`nil`: nothing, or zero).
    case value(Any?)
    /// Stored it in place (a direct-path message's number or Boolean).
    case stored
  }
  /// Whether every argument can be read where the runtime put it, on the direct path: numbers,
  /// Booleans and objects (a structure or a block is read boxed).
  private let readsRaw: Bool
  /// The token of a strongly held closure, kept here so that dropping the caller's reference
  /// does not remove it: it goes with the closure, when the proxy lets go of it.
  var token: ObservationToken?
  /// Its number, by which its token finds it among the handlers: a weak reference to it would
  /// give it a side table, and send every retain of it, one per message, down the runtime's
  /// slow path.
  let serial = closureSerials.take()
  /// Reports arguments that did not fit, the first time.
  private let onMismatch: (BoxedArguments.Mismatch) -> Void
  private let reportedMismatch = OnceFlag()
  /// Where it may be called.
  let isolation: ClosureIsolation
  /// Reports a message sent on a thread the closure may not run on, the first time.
  private let onWrongThread: () -> Void
  private let reportedWrongThread = OnceFlag()
  /// The object whose lifetime the closure shares, which it receives as its first argument.
  private weak var owner: AnyObject?
  /// Whether it is tied to an owner, and goes with it.
  let isOwned: Bool

  /// A handler of `selector`, a method whose arguments have the type encodings
  /// `argumentTypes` (when known), that calls `body`; with `discardsAnswer` (a method that
  /// returns nothing), whatever `body` returns is dropped.
  init<each Argument, Answer>(
    selector: String, argumentTypes: [String]?, discardsAnswer: Bool = false,
    isolation: ClosureIsolation,
    owner: AnyObject? = nil, _ body: @escaping (repeat each Argument) -> Answer,
    onMismatch: @escaping (BoxedArguments.Mismatch) -> Void,
    onWrongThread: @escaping () -> Void
  ) {
    self.selector = selector
    self.onMismatch = onMismatch
    self.isolation = isolation
    self.onWrongThread = onWrongThread
    self.owner = owner
    isOwned = owner != nil
    let kinds = BoxedArguments.kinds(
      of: (repeat each Argument).self, declared: argumentTypes)
    // Each declared argument's type code (qualifiers are dropped from `argumentTypes`): how
    // wide an integer stored in a word is.
    let encodings = (argumentTypes ?? []).map { $0.utf8.first ?? 0 }
    readsRaw = argumentTypes != nil && kinds.allSatisfy(\.readsRaw)
    // Decided once: a conformance check on every message would cost more than the call.
    let isEnumeration = Answer.self is any RawRepresentable.Type
    let isOptional = Answer.self is any OptionalArgument.Type
    let returnsVoid = discardsAnswer || Answer.self == Void.self
    self.returnsVoid = returnsVoid
    let storable = RawAnswer.Storable(Answer.self)
    call = { source, rawAnswer in
      // `Any`, not `Answer?`: an optional of a generic type looks up its metadata each time.
      var answer: Answered = .value(nil)
      let mismatch = BoxedArguments.deliver(
        source, as: (repeat each Argument).self, kinds: kinds, encodings: encodings
      ) { (argument: repeat each Argument) in
        let value = body(repeat each argument)
        if returnsVoid { return }
        if let rawAnswer, rawAnswer.store(value, as: storable) {
          answer = .stored
          return
        }
        // `nil` is answered as zero: an optional boxed whole would reach the runtime as a
        // Swift value, not as `nil`.
        answer = .value(
          isOptional
            ? (value as? any OptionalArgument)?.unwrapped
            : isEnumeration ? Self.rawValue(of: value) : value)
      }
      if let mismatch { return .failure(mismatch) }
      return .success(answer)
    }
  }

  /// Whether the method returns nothing.
  private let returnsVoid: Bool

  /// Whether `handler` is a closure handler: its class compared, since a cast to the class
  /// retains a handler that is held weakly elsewhere on the runtime's slow path, on every
  /// message (the class is final).
  @inline(__always)
  static func isClosure(_ handler: AnyObject) -> Bool {
    ObjectIdentifier(type(of: handler)) == ObjectIdentifier(ClosureHandler.self)
  }

  /// Answers `invocation` with the closure; `false` when its arguments did not fit, or when it
  /// was sent on a thread the closure may not run on (each reported once), and the message gets
  /// its fallback.
  ///
  /// Never inlined: inlined into the router's delivery, its owner check made the optimizer
  /// retain and release every method handler a message reaches (`ProxyDispatch`, "delegate proxy
  /// method handler forwarded": 1786 µs inlined, 1599 µs not).
  @inline(never)
  func answer(_ invocation: some ForwardedInvocation) -> Bool {
    // Kept alive for the call; gone (a message sent while the owner is being deinitialized,
    // before the closure goes with it), the message gets its fallback.
    let owner = owner
    if isOwned, owner == nil { return false }
    return withExtendedLifetime(owner) { answerLive(invocation) }
  }

  private func answerLive(_ invocation: some ForwardedInvocation) -> Bool {
    guard isolation.allowsCallHere else {
      if returnsVoid {
        // A main-actor closure for a message whose answer the parent does not wait for (a
        // notification, a method that takes a completion handler) sent on another thread: it
        // runs on the main actor, in the order sent, as `DispatchQueue.main.async` would.
        let handed = RuntimeHandOver((self, invocation.arguments, owner))
        DispatchQueue.main.async {
          let (handler, arguments, owner) = handed.value
          withExtendedLifetime(owner) { handler.callOnMainActor(with: arguments) }
        }
        return true
      }
      if reportedWrongThread.setFirstTime() { onWrongThread() }
      return false
    }
    let raw = readsRaw ? invocation.rawArguments : nil
    let source = raw.map(BoxedArguments.Source.raw) ?? .boxed(invocation.arguments)
    switch call(source, invocation.rawAnswer) {
    case .success(.stored):
      return true
    case .success(.value(let value)):
      if let value {
        invocation.answer(with: value)
      } else if !returnsVoid {
        invocation.answerZero()
      }
      return true
    case .failure(let mismatch):
      if reportedMismatch.setFirstTime() { onMismatch(mismatch) }
      return false
    }
  }

  /// Calls the closure with a message's boxed `arguments`, on the main actor, after the message
  /// returned; arguments that do not fit are reported once.
  private func callOnMainActor(with arguments: [Any]) {
    if case .failure(let mismatch) = call(.boxed(arguments), nil),
      reportedMismatch.setFirstTime()
    {
      onMismatch(mismatch)
    }
  }

  /// An enumeration answer as the runtime takes it, its raw value (`NS_ENUM`s); other answers
  /// go as they are (numbers and structures are bridged to `NSNumber` and `NSValue` on the way).
  private static func rawValue<Value>(of value: Value) -> Any {
    guard let enumeration = value as? any RawRepresentable else { return value }
    return opened(enumeration)
  }

  private static func opened<Enumeration: RawRepresentable>(_ value: Enumeration) -> Any {
    value.rawValue
  }
}

/// A flag set once, from any thread: a closure's first mismatch or wrong thread is reported
/// once, whichever threads the parent calls it on (handlers run outside the proxy's lock).
final class OnceFlag: @unchecked Sendable {
  // Unchecked: `isSet` is read and written under `lock`.
  private let lock = NSLock()
  private var isSet = false

  /// Sets the flag; whether it was not set before.
  func setFirstTime() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if isSet { return false }
    isSet = true
    return true
  }
}
