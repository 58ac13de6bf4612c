import Foundation

/// Where one message goes, decided under the routing's lock
/// (``DelegateRouting/plannedDelivery(of:returnsVoid:)``) and run after it is released: handlers,
/// closures, observers and completion handlers are never called while the proxy holds its lock.
///
/// It holds the handlers it reaches strongly, so a handler released on another thread meanwhile
/// still answers this message; a change of the routes made meanwhile applies to the next one.
/// Noncopyable: made once per message and run once, never copied.
struct Delivery: ~Copyable {
  let returnsVoid: Bool
  /// The observers, shown the message before and after the handlers; `nil` when unobserved.
  var observers: NamedObservers?
  /// The one handler of a method that returns a value (kept apart from `targets`, so such a
  /// message allocates nothing).
  var target: AnyObject?
  /// The handlers of a method returning nothing, in order, or those whose answers combine.
  var targets = Targets()
  /// How the targets' answers combine, for a method that returns a value.
  var combination: BoxedCombination?
  /// The declared return type encoding of a method whose answers combine: how each target's
  /// answer is read back.
  var returnType: String?
  /// The answer of a message that reaches no handler.
  var fallback: DelegateFallback?
  /// Whether the message reaches no handler and is reported (the first time since the parent
  /// was last told).
  var isUnanswered = false

  init(returnsVoid: Bool) {
    self.returnsVoid = returnsVoid
  }

  /// Delivers `invocation`, and returns whether it reached no handler and is to be reported.
  ///
  /// `isLive` answers, under the routing's lock, whether an observer still wants messages;
  /// `closureFallback` gives the fallback of a closure whose arguments did not fit or that may
  /// not run here (looked up only then); `onAnswerMismatch` hears of an answer of another type
  /// than the rule combines.
  ///
  /// Consuming: the handler moves out of the delivery to the call, with no retain of its own (a
  /// handler held weakly anywhere retains and releases on the runtime's slow path).
  consuming func run(
    _ invocation: some ForwardedInvocation, isLive: (() -> Bool) -> Bool,
    closureFallback: () -> DelegateFallback, onAnswerMismatch: (String, String, Any?) -> Void
  ) -> Bool {
    let arguments = observers == nil ? [] : invocation.arguments
    observers?.show(arguments, beforeHandler: true, isLive: isLive)
    if let target = target.take() {
      Self.deliver(invocation, to: target, closureFallback)
    } else if let combination {
      combine(invocation, combination, closureFallback, onAnswerMismatch)
    } else if !targets.isEmpty {
      targets.removeEach { Self.deliver(invocation, to: $0, closureFallback) }
    } else if let fallback {
      // Nobody's.
      if returnsVoid { fallback.apply(to: invocation) } else { fallback.answer(invocation) }
    }
    observers?.show(arguments, beforeHandler: false, isLive: isLive)
    return isUnanswered
  }

  /// Sends `invocation` to `target`: a handler object's method, or a closure handler, whose
  /// message gets its fallback when it could not answer.
  private static func deliver(
    _ invocation: some ForwardedInvocation, to target: AnyObject,
    _ closureFallback: () -> DelegateFallback
  ) {
    guard ClosureHandler.isClosure(target) else { return invocation.invoke(on: target) }
    let closure = unsafeDowncast(target, to: ClosureHandler.self)
    if !closure.answer(invocation) { closureFallback().apply(to: invocation) }
  }

  /// Asks each target in order, and answers their answers combined: the invocation holds each
  /// target's answer after it, so the first `false` or the first object is simply left as the
  /// answer, and a fold's result is given at the end.
  private func combine(
    _ invocation: some ForwardedInvocation, _ combination: BoxedCombination,
    _ closureFallback: () -> DelegateFallback, _ onAnswerMismatch: (String, String, Any?) -> Void
  ) {
    var folded: Any?
    for index in 0..<targets.count {
      guard let target = targets[index] else { return }
      Self.deliver(invocation, to: target, closureFallback)
      let answered = invocation.returnedValue(declaredAs: returnType)
      switch combination {
      case .allMustAllow:
        if (answered as? Bool) == false || (answered as? NSNumber)?.boolValue == false { return }
      case .firstNonNil:
        if answered != nil { return }
      case .fold(let expected, let combineAnswers):
        guard index > 0 else {
          folded = answered
          continue
        }
        guard let combined = combineAnswers(folded, answered) else {
          // Not of the rule's type: the answer so far stands, and the mistake is reported.
          onAnswerMismatch(invocation.selectorName, expected, answered)
          answer(invocation, with: folded)
          return
        }
        folded = combined
      }
    }
    if case .fold = combination, targets.count > 1 { answer(invocation, with: folded) }
  }

  /// Answers `value`, or zero (`nil`) for no value.
  private func answer(_ invocation: some ForwardedInvocation, with value: Any?) {
    if let value { invocation.answer(with: value) } else { invocation.answerZero() }
  }
}

extension Delivery {
  /// A delivery's handlers, held strongly, in order: the first two in place and any more in a
  /// list, so that a delegate's usual broadcast (to a view and its analytics) allocates nothing.
  ///
  /// Each is kept as loaded and read in place: a handler held weakly retains on the runtime's
  /// slow path, and a loop over a copy would retain each once more.
  ///
  /// ```swift
  /// var targets = Delivery.Targets()
  /// targets.append(view)
  /// targets.append(analytics)
  /// targets.removeEach { print($0) }     // view, analytics; empty afterwards
  /// ```
  struct Targets {
    private var first: AnyObject?
    private var second: AnyObject?
    private var more: [AnyObject] = []

    var isEmpty: Bool { first == nil }

    var count: Int { first == nil ? 0 : second == nil ? 1 : 2 + more.count }

    /// The handler at `position`, counted from 0; `nil` past the last.
    subscript(position: Int) -> AnyObject? {
      switch position {
      case 0: first
      case 1: second
      default: more.indices.contains(position - 2) ? more[position - 2] : nil
      }
    }

    /// Calls `body` with each handler, in order, and lets go of them.
    mutating func removeEach(_ body: (AnyObject) -> Void) {
      guard let first = first.take() else { return }
      body(first)
      guard let second = second.take() else { return }
      body(second)
      for target in more { body(target) }
      more = []
    }

    mutating func append(_ target: consuming AnyObject) {
      if first == nil {
        first = target
      } else if second == nil {
        second = target
      } else {
        more.append(target)
      }
    }
  }
}
