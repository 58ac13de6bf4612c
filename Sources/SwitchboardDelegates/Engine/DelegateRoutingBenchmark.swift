import Foundation
import Switchboard

/// The routing a ``DelegateProxy`` runs for the Objective-C runtime's questions, for the
/// `Benchmarks` package only: Linux has no Objective-C runtime, so the benchmarks measure the
/// Swift that the runtime's `forwardingTarget(for:)` and `forwardInvocation:` reach.
///
/// It builds the proxy's real routing (lock, selector router, fallbacks, reports) over a
/// runtime in which `handler` alone implements `selector`.
///
/// ```swift
/// let routing = DelegateRoutingBenchmark(handler: screen, implementing: "scrollViewDidZoom:")
/// let target = routing.forwardingTarget("scrollViewDidZoom:", address: 0x1000)
/// ```
@_spi(Benchmarks)
public final class DelegateRoutingBenchmark {
  private let routing: DelegateRouting<DelegateMessage>
  /// Set by the handler's answer; one flag for every call, so a call allocates nothing.
  private let answered = AnsweredFlag()
  /// The arguments every message carries, boxed as the runtime boxes them: an object, an
  /// integer, a floating-point number and a Boolean.
  private let arguments: [Any]

  /// The routing of a proxy whose one handler is `handler`, which implements `selector` alone
  /// (`nil`: a handler that was released).
  public init(handler: AnyObject?, implementing selector: String) {
    routing = DelegateRouting(
      handlers: handler.map { [(role: .view, handler: $0)] } ?? [], rules: [:],
      fallbacks: [:], runtime: BenchmarkRuntime(selector: selector, handler: handler),
      schedule: { _ in })
    routing.onError = { _ in }
    arguments = Self.boxedArguments(handler)
  }

  /// The routing of a proxy whose one handler is a closure answering `selector`, a method of
  /// four arguments (an object, an integer, a floating-point number, a Boolean) that returns a
  /// Boolean, held strongly as a SwiftUI view's would be.
  public init(closureAnswering selector: String) {
    routing = DelegateRouting(
      handlers: [], rules: [:], fallbacks: [:],
      runtime: BenchmarkRuntime(selector: selector, handler: nil), schedule: { _ in })
    routing.onError = { _ in }
    arguments = Self.boxedArguments(nil)
    // Held strongly, the closure keeps its own token: the proxy lets it go with itself.
    _ = routing.answer(selector, role: .view, at: nil, retention: .strong, isolation: nil) {
      (_: AnyObject, count: Int, scale: Double, flag: Bool) -> Bool in
      flag && count > 0 && scale > 0
    }
  }

  private static func boxedArguments(_ object: AnyObject?) -> [Any] {
    [object ?? NSNull(), NSNumber(value: 3), NSNumber(value: 1.5), NSNumber(value: true)]
  }

  /// What the proxy answers the runtime's `forwardingTarget(for:)` for `selector`, known to it
  /// by its address (`address`), as an Apple platform's runtime gives it.
  public func forwardingTarget(_ selector: String, address: UInt) -> AnyObject? {
    routing.forwardingTarget(forSelector: .address(address)) { selector }
  }

  /// What the proxy does with a message returning a value that reached `forwardInvocation:`:
  /// its handler, or its fallback when the handler is gone; `true` when a handler answered.
  public func forwardValueMessage(_ selector: String) -> Bool {
    answered.value = false
    routing.forward(
      BenchmarkInvocation(selectorName: selector, arguments: arguments, answered: answered))
    return answered.value
  }
}

/// A runtime in which one handler implements one selector, declared as returning a value.
private struct BenchmarkRuntime: SelectorRuntime {
  let selector: String
  /// The handler, compared by identity only.
  let handler: ObjectIdentifier?

  init(selector: String, handler: AnyObject?) {
    self.selector = selector
    self.handler = handler.map(ObjectIdentifier.init)
  }

  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    selector == self.selector && ObjectIdentifier(handler) == self.handler ? .own : .none
  }

  func declaration(of selector: String) -> SelectorDeclaration? {
    selector == self.selector
      ? SelectorDeclaration(types: "B40@0:8@16q24d32B40", property: .delegate) : nil
  }

  var declaredSelectors: [String] { [selector] }
}

/// A message returning a Boolean, with its arguments boxed, that records whether a handler
/// object or a closure answered it.
private struct BenchmarkInvocation: ForwardedInvocation {
  let selectorName: String
  let arguments: [Any]
  let answered: AnsweredFlag
  var returnsVoid: Bool { false }
  func invoke(on target: AnyObject) { answered.value = true }
  func answerZero() {}
  func answer(with value: Any) { answered.value = true }
  func answerWithArgument(at index: Int) {}
}

/// Whether a handler answered a benchmark's message.
private final class AnsweredFlag {
  var value = false
}
