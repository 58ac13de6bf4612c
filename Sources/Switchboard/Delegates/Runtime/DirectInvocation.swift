#if canImport(SwitchboardObjC)
import Foundation
import SwitchboardObjC

/// A message a proxy's direct-path method received (`SWBDirectMessage`), as the routing delivers
/// it: sent to a handler object with its arguments as they are, read by a closure where they
/// are, answered in place, and each answer a rule combines read back where the handler's
/// method stored it; anything else (boxed arguments for an observer, a closure's object or
/// structure answer, a combined answer given) goes through a `ForwardedMessage` made for that
/// step.
struct DirectInvocation: ForwardedInvocation {
  /// The message, on the stack of the method that received it.
  let message: UnsafeMutablePointer<SWBDirectMessage>
  /// The proxy that received it.
  let receiver: AnyObject

  var selectorName: String { NSStringFromSelector(message.pointee.selector) }
  var returnsVoid: Bool { message.pointee.answer == nil }
  var arguments: [Any] { boxed.arguments }
  var returnedObject: Any? { boxed.returnedObject }
  var returnedValue: Any? { boxed.returnedValue }

  var rawArguments: RawArguments? {
    RawArguments(
      addresses: message.pointee.arguments, count: Int(message.pointee.argumentCount))
  }

  var rawAnswer: RawAnswer? {
    message.pointee.answer.map {
      RawAnswer(address: $0, kind: UInt8(bitPattern: message.pointee.answerKind))
    }
  }

  func invoke(on target: AnyObject) { SWBSendDirectMessage(message, target) }
  func answerZero() { boxed.answerZero() }
  func answer(with value: Any) { boxed.answer(value: value as AnyObject) }
  func answerWithArgument(at index: Int) { boxed.answer(argumentAt: UInt(index)) }

  /// The message as a `ForwardedMessage`, for a step that boxes or converts.
  private var boxed: ForwardedMessage { ForwardedMessage(direct: message, receiver: receiver) }
}
#endif
