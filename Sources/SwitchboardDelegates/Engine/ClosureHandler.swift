import Foundation
import Switchboard

/// A closure that answers one selector as a handler object's method would: a handler of a
/// ``DelegateProxy`` like any other (a role, a place in the priority order, rules, `explain`),
/// made by ``DelegateProxy/answer(_:role:at:retention:with:)``.
///
/// The runtime cannot send a message to it, so it is never a forwarding target: its messages
/// reach `forwardInvocation:`, and it is called with their arguments unboxed to its types and
/// its answer boxed as the method returns it.
final class ClosureHandler {
  /// The selector it answers.
  let selector: String
  /// Calls the closure with a message's boxed arguments: its answer (`nil` for a method that
  /// returns nothing), or why the arguments did not fit.
  private let call: ([Any]) -> Result<Any?, BoxedArguments.Mismatch>
  /// The token of a strongly held closure, kept here so that dropping the caller's reference
  /// does not remove it: it goes with the closure, when the proxy lets go of it.
  var token: ObservationToken?
  /// Reports arguments that did not fit, the first time.
  private let onMismatch: (BoxedArguments.Mismatch) -> Void
  private var reportedMismatch = false

  /// A handler of `selector` that calls `body`; the arguments at `blocks` are the method's
  /// blocks, given to `body` as its block types.
  init<each Argument, Answer>(
    selector: String, blocks: Set<Int>, _ body: @escaping (repeat each Argument) -> Answer,
    onMismatch: @escaping (BoxedArguments.Mismatch) -> Void
  ) {
    self.selector = selector
    self.onMismatch = onMismatch
    call = { boxed in
      var answer: Answer?
      let mismatch = BoxedArguments.deliver(
        boxed, as: (repeat each Argument).self, blocks: blocks
      ) { (argument: repeat each Argument) in
        answer = body(repeat each argument)
      }
      if let mismatch { return .failure(mismatch) }
      return .success(answer.flatMap(Self.box))
    }
  }

  /// Answers `invocation` with the closure; `false` when its arguments did not fit (reported
  /// once), and the message gets its fallback.
  func answer(_ invocation: some ForwardedInvocation) -> Bool {
    switch call(invocation.arguments) {
    case .success(let value):
      if let value { invocation.answer(with: value) }
      return true
    case .failure(let mismatch):
      if !reportedMismatch {
        reportedMismatch = true
        onMismatch(mismatch)
      }
      return false
    }
  }

  /// `value` as the runtime takes an answer: `nil` for `Void`, an enumeration as its raw value
  /// (`NS_ENUM`s), anything else as it is (numbers and structures are bridged to `NSNumber` and
  /// `NSValue` on the way).
  private static func box<Value>(_ value: Value) -> Any? {
    if Value.self == Void.self { return nil }
    if let enumeration = value as? any RawRepresentable { return rawValue(of: enumeration) }
    return value
  }

  private static func rawValue<Enumeration: RawRepresentable>(of value: Enumeration) -> Any {
    value.rawValue
  }
}
