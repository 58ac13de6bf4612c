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
  ///
  /// The arguments at `blocks` are blocks the runtime passed as objects, given to `body` as the
  /// block types it names (checked when the closure was registered, ``TypeEncoding/isBlock(_:)``).
  static func deliver<each Argument>(
    _ boxed: [Any], as types: (repeat each Argument).Type, blocks: Set<Int> = [],
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
      if blocks.contains(index), Swift.type(of: boxed[index]) is AnyObject.Type,
        TypeEncoding.isBlock(Value.self)
      {
        return uncheckedBlock(boxed[index] as AnyObject, as: Value.self)
      }
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
  /// (`Int`, `Double`, `Bool`, `CGFloat`, …), an enumeration whose raw value is one
  /// (`NS_ENUM`s such as `MFMailComposeResult`), or a structure (`CGPoint`, `CGSize`, `CGRect`,
  /// `NSRange`, `UIEdgeInsets`, …) of that name and size; `nil` when it is none of these.
  static func unbox<Value>(_ boxed: Any, as type: Value.Type) -> Value? {
    if let value = boxed as? Value { return value }
    if boxed is NSNull, let none = (nil as Any?) as? Value { return none }
    if let number = boxed as? NSNumber, let enumeration = Value.self as? any RawRepresentable.Type {
      return enumerationCase(of: enumeration, from: number) as? Value
    }
    if let value = boxed as? NSValue, !(boxed is NSNumber) {
      return geometry(value, as: type) ?? uncheckedStructure(value, as: type)
    }
    return nil
  }

  /// The case of `Enumeration` whose raw value `number` holds.
  private static func enumerationCase<Enumeration: RawRepresentable>(
    of type: Enumeration.Type, from number: NSNumber
  ) -> Enumeration? {
    unbox(number, as: Enumeration.RawValue.self).flatMap(Enumeration.init(rawValue:))
  }

  /// The Foundation geometry `value` boxes, read through swift-corelibs-foundation's `NSValue`
  /// accessors; `nil` on Apple platforms, where ``uncheckedStructure(_:as:)`` reads any
  /// structure of the right name and size.
  private static func geometry<Value>(_ value: NSValue, as type: Value.Type) -> Value? {
    #if canImport(Darwin)
    return nil
    #else
    switch type {
    case is CGPoint.Type: return value.pointValue as? Value
    case is CGSize.Type: return value.sizeValue as? Value
    case is CGRect.Type: return value.rectValue as? Value
    case is NSRange.Type: return value.rangeValue as? Value
    default: return nil
    }
    #endif
  }

  /// Why an argument of type `Value` can never arrive from the runtime, or `nil` when it can:
  /// the runtime boxes objects, numbers and structures, never a Swift value that holds
  /// references (a structure of strings, an enumeration with payloads, a closure).
  static func neverArrives<Value>(as type: Value.Type) -> String? {
    if Value.self is AnyObject.Type || Value.self == Any.self || Value.self == AnyObject.self {
      return nil
    }
    if let optional = Value.self as? any OptionalArgument.Type {
      return neverArrives(asWrappedOf: optional)
    }
    if let enumeration = Value.self as? any RawRepresentable.Type {
      return neverArrives(asRawValueOf: enumeration)
    }
    if Value.self is any _ObjectiveCBridgeable.Type || _isPOD(Value.self) { return nil }
    // A protocol's existential (`any UIScrollViewDelegate`) holds whatever object adopts it; Swift
    // has no public test for an existential type but its name.
    if "\(Value.self)".hasPrefix("any ") { return nil }
    return "\(Value.self) is a Swift value the runtime never boxes; name an object, a number, "
      + "an enumeration with a raw value, or a structure such as CGPoint"
  }

  private static func neverArrives<Optional: OptionalArgument>(asWrappedOf type: Optional.Type)
    -> String?
  {
    neverArrives(as: Optional.Wrapped.self)
  }

  private static func neverArrives<Enumeration: RawRepresentable>(
    asRawValueOf type: Enumeration.Type
  ) -> String? {
    neverArrives(as: Enumeration.RawValue.self)
  }
}

/// An optional, so an argument type's wrapped type can be checked.
protocol OptionalArgument {
  associatedtype Wrapped
}

extension Optional: OptionalArgument {}
