import Foundation

/// The arguments of a forwarded message as an observer asks for them: the runtime boxes them
/// (objects as they are, `NSNull` for `nil`, numbers and Booleans as `NSNumber`, structures as
/// `NSValue`), and each is unboxed to the type the observer names.
enum BoxedArguments {
  /// Why an argument could not be given the type asked for.
  struct Mismatch: Error {
    let index: Int
    let found: String
    let expected: String
  }

  /// Calls `body` with `boxed` as `(repeat each Argument)`; returns why it could not instead:
  /// too few or too many arguments, or one of another type.
  static func deliver<each Argument>(
    _ boxed: [Any], as types: (repeat each Argument).Type,
    to body: (repeat each Argument) -> Void
  ) -> Mismatch? {
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    guard count == boxed.count else {
      return Mismatch(index: -1, found: "\(boxed.count) arguments", expected: "\(count)")
    }
    var index = 0
    func next<Value>(_ type: Value.Type) throws(Mismatch) -> Value {
      defer { index += 1 }
      guard let value = unbox(boxed[index], as: type) else {
        throw Mismatch(
          index: index, found: "\(Swift.type(of: boxed[index]))", expected: "\(Value.self)")
      }
      return value
    }
    do throws(Mismatch) {
      let arguments = (repeat try next((each Argument).self))
      body(repeat each arguments)
      return nil
    } catch {
      return error
    }
  }

  /// One boxed argument as a `Value`: an object of that type, `nil` for an optional, a number
  /// (`Int`, `Double`, `Bool`, `CGFloat`, …), or a structure (`CGPoint`, `CGRect`,
  /// `UIEdgeInsets`, …) of that name and size; `nil` when it is none of these.
  static func unbox<Value>(_ boxed: Any, as type: Value.Type) -> Value? {
    if let value = boxed as? Value { return value }
    if boxed is NSNull, let none = (nil as Any?) as? Value { return none }
    if let value = boxed as? NSValue, !(boxed is NSNumber) {
      return uncheckedStructure(value, as: type)
    }
    return nil
  }
}
