import Foundation

/// The two paths a ``DelegateProxy``'s routing runs for the Objective-C runtime's questions,
/// as closures, for the `Benchmarks` package only: Linux has no Objective-C runtime, so the
/// benchmarks measure the Swift that `forwardingTarget(for:)` and `forwardInvocation:` reach.
///
/// - `forwardingTarget(selector, address)`: what the proxy answers `forwardingTarget(for:)`
///   for `selector`, known to it by its address, as an Apple platform's runtime gives it.
/// - `forwardValueMessage(selector)`: what it does with a message returning a value that
///   reached `forwardInvocation:`, its arguments boxed; `true` when a handler answered.
/// - `forwardDirectValueMessage(selector)`: the same message as the proxy's direct-path method
///   hands it over, its arguments where the runtime put them (`RawArguments`) and its answer
///   stored in place; `true` when a handler answered yes.
///
/// Closures, not a type: the public API has no benchmark hook.
@_spi(Benchmarks)
public typealias DelegateRoutingPaths = (
  forwardingTarget: (String, UInt) -> AnyObject?, forwardValueMessage: (String) -> Bool,
  forwardDirectValueMessage: (String) -> Bool
)

/// The paths of a proxy's real routing (lock, selector router, fallbacks, reports) whose one
/// handler is `handler`, which implements `selector` alone (`nil`: a handler that was
/// released).
///
/// ```swift
/// let paths = delegateRoutingPaths(handler: screen, implementing: "scrollViewDidZoom:")
/// let target = paths.forwardingTarget("scrollViewDidZoom:", 0x1000)
/// ```
@_spi(Benchmarks)
public func delegateRoutingPaths(handler: AnyObject?, implementing selector: String)
  -> DelegateRoutingPaths
{
  let routing = DelegateRouting<Never>(
    handlers: handler.map { [(role: HandlerRole("view"), handler: $0)] } ?? [], rules: [:],
    fallbacks: [:], runtime: BenchmarkRuntime(selector: selector, handler: handler),
    schedule: { _ in })
  return paths(of: routing, arguments: boxedArguments(handler), object: handler)
}

/// The paths of a proxy's routing whose one handler is a closure answering `selector`, a method
/// of four arguments (an object, an integer, a floating-point number, a Boolean) that returns a
/// Boolean, held strongly as a SwiftUI view's would be.
@_spi(Benchmarks)
public func delegateRoutingPaths(closureAnswering selector: String) -> DelegateRoutingPaths {
  let routing = DelegateRouting<Never>(
    handlers: [], rules: [:], fallbacks: [:],
    runtime: BenchmarkRuntime(selector: selector, handler: nil), schedule: { _ in })
  // Held strongly, the closure keeps its own token: the proxy lets it go with itself.
  _ = routing.answer(
    selector, role: HandlerRole("closure"), at: nil, retention: .strong, isolation: nil
  ) { (_: AnyObject, count: Int, scale: Double, flag: Bool) -> Bool in
    flag && count > 0 && scale > 0
  }
  return paths(of: routing, arguments: boxedArguments(nil), object: nil)
}

/// The arguments every message carries, boxed as the runtime boxes them: an object, an
/// integer, a floating-point number and a Boolean.
private func boxedArguments(_ object: AnyObject?) -> [Any] {
  [object ?? NSNull(), NSNumber(value: 3), NSNumber(value: 1.5), NSNumber(value: true)]
}

private func paths(of routing: DelegateRouting<Never>, arguments: [Any], object: AnyObject?)
  -> DelegateRoutingPaths
{
  routing.onError = { _ in }
  // Set by the handler's answer; one flag for every call, so a call allocates nothing.
  let answered = AnsweredFlag()
  let frame = DirectFrame(object: object)
  return (
    forwardingTarget: { selector, address in
      routing.forwardingTarget(forSelector: .address(address)) { selector }
    },
    forwardValueMessage: { selector in
      answered.value = false
      routing.forward(
        BenchmarkInvocation(selectorName: selector, arguments: arguments, answered: answered))
      return answered.value
    },
    forwardDirectValueMessage: { selector in
      frame.answer.storeBytes(of: 0, as: UInt.self)
      routing.forward(BenchmarkDirectInvocation(selectorName: selector, frame: frame))
      return frame.answer.load(as: UInt.self) == 1
    }
  )
}

/// The arguments of every direct message (an object, an integer, a floating-point number and a
/// Boolean, each in a word as a proxy's direct-path method stores them) and a word for its
/// answer, made once.
private final class DirectFrame {
  let words = UnsafeMutableRawPointer.allocate(byteCount: 5 * 8, alignment: 8)
  let addresses = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 4)
  let object: AnyObject?
  var answer: UnsafeMutableRawPointer { words + 4 * 8 }

  init(object: AnyObject?) {
    self.object = object
    words.initializeMemory(as: UInt.self, repeating: 0, count: 5)
    words.storeBytes(
      of: object.map { Unmanaged.passUnretained($0).toOpaque() }, as: UnsafeMutableRawPointer?.self)
    (words + 8).storeBytes(of: 3, as: Int.self)
    (words + 16).storeBytes(of: 1.5, as: Double.self)
    (words + 24).storeBytes(of: 1, as: UInt8.self)
    for index in 0..<4 { addresses[index] = words + index * 8 }
  }

  deinit {
    words.deallocate()
    addresses.deallocate()
  }
}

/// A message returning a Boolean that a proxy's direct-path method received: a handler object's
/// answer is stored as its method would store it.
private struct BenchmarkDirectInvocation: ForwardedInvocation {
  let selectorName: String
  let frame: DirectFrame
  var returnsVoid: Bool { false }
  var arguments: [Any] { [] }
  var returnedObject: Any? { nil }
  var returnedValue: Any? { nil }
  var rawArguments: RawArguments? { RawArguments(addresses: frame.addresses, count: 4) }
  var rawAnswer: RawAnswer? { RawAnswer(address: frame.answer, kind: UInt8(ascii: "W")) }
  func invoke(on target: AnyObject) { frame.answer.storeBytes(of: 1, as: UInt.self) }
  func answerZero() {}
  func answer(with value: Any) {}
  func answerWithArgument(at index: Int) {}
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
      ? SelectorDeclaration(types: "B40@0:8@16q24d32B40") : nil
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
  var returnedObject: Any? { nil }
  var returnedValue: Any? { nil }
  func invoke(on target: AnyObject) { answered.value = true }
  func answerZero() {}
  func answer(with value: Any) { answered.value = true }
  func answerWithArgument(at index: Int) {}
}

/// Whether a handler answered a benchmark's message.
private final class AnsweredFlag {
  var value = false
}
