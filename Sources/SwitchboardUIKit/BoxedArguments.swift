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
    if let value = boxed as? NSValue, !(boxed is NSNumber) { return structure(value, as: type) }
    return nil
  }

  /// The bytes of `value` as a `Value`, when `Value` is a plain structure whose name and size
  /// match the structure `value` boxes.
  ///
  /// The runtime boxes a structure argument as its bytes with its type encoding
  /// (`{CGPoint=dd}`); Swift has no checked conversion back, so this reads the bytes after
  /// checking the name and the size (Apple platforms: swift-corelibs-foundation cannot size a
  /// structure encoding).
  private static func structure<Value>(_ value: NSValue, as type: Value.Type) -> Value? {
    #if canImport(Darwin)
    guard _isPOD(Value.self) else { return nil }
    let encoding = String(cString: value.objCType)
    let name = "\(Value.self)"
    guard encoding.hasPrefix("{\(name)=") || encoding.hasPrefix("{_\(name)=") else { return nil }
    var size = 0
    NSGetSizeAndAlignment(value.objCType, &size, nil)
    guard size == MemoryLayout<Value>.size else { return nil }
    return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
      guard let address = buffer.baseAddress else { return nil }
      value.getValue(address, size: size)
      return address.move()
    }
    #else
    return nil
    #endif
  }
}
