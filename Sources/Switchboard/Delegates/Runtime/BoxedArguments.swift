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
  /// `kinds`, when given, says how to read each argument (``ArgumentKind``, decided once when a
  /// closure was registered), so a number or a block costs no dynamic cast to its type.
  @inline(__always)
  static func deliver<each Argument>(
    _ boxed: [Any], as types: (repeat each Argument).Type, kinds: [ArgumentKind] = [],
    to body: (repeat each Argument) -> Void
  ) -> Mismatch? {
    deliver(.boxed(boxed), as: types, kinds: kinds, encodings: [], to: body)
  }

  /// Where a message's arguments are read from.
  enum Source {
    /// Boxed, as ``ForwardedInvocation/arguments`` gives them.
    case boxed([Any])
    /// Where the runtime put them (the direct path), each read as its kind says, from its
    /// type encoding's first character (`encodings`).
    case raw(RawArguments)

    var count: Int {
      switch self {
      case .boxed(let boxed): boxed.count
      case .raw(let raw): raw.count
      }
    }
  }

  /// Calls `body` with the arguments `source` holds as `(repeat each Argument)`.
  ///
  /// Returns why it could not instead. Raw arguments are read by `kinds` (none of them `.other`
  /// or `.block`) and `encodings`, each argument's type encoding's first character.
  @inline(__always)
  static func deliver<each Argument>(
    _ source: Source, as types: (repeat each Argument).Type, kinds: [ArgumentKind],
    encodings: [UInt8], to body: (repeat each Argument) -> Void
  ) -> Mismatch? {
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    guard count == source.count else {
      return Mismatch(index: -1, found: "\(source.count) arguments", expected: "\(count)")
    }
    var index = 0
    @inline(__always) func next<Value>(_ type: Value.Type) throws(Mismatch) -> Value {
      defer { index += 1 }
      let kind = index < kinds.count ? kinds[index] : .other
      switch source {
      case .boxed(let boxed):
        return try kind.read(boxed[index], as: type, at: index)
      case .raw(let raw):
        let encoding = index < encodings.count ? encodings[index] : 0
        return try kind.read(raw: raw.addresses[index], encoding: encoding, as: type, at: index)
      }
    }
    do throws(Mismatch) {
      // Straight into the call: a tuple of the arguments would look up its type's metadata on
      // every message.
      body(repeat try next((each Argument).self))
      return nil
    } catch {
      return error
    }
  }

  /// How to read each of `types`, arguments declared with the type encodings `argumentTypes`
  /// (when known).
  static func kinds<each Argument>(
    of types: (repeat each Argument).Type, declared argumentTypes: [String]?
  ) -> [ArgumentKind] {
    var kinds: [ArgumentKind] = []
    for type in repeat (each Argument).self {
      let index = kinds.count
      let encoding = argumentTypes.flatMap { index < $0.count ? $0[index] : nil }
      kinds.append(.of(type, encoding: encoding))
    }
    return kinds
  }

  /// How a closure's argument is read from its boxed form, decided once from its type, so
  /// that reading one costs neither a dynamic cast to a number type nor an optional of a
  /// generic type (each a look-up in the runtime's metadata caches, on every message).
  enum ArgumentKind {
    case bool, int, double, cgFloat
    /// An object of a class type, or of a class-bound protocol's existential (`AnyObject`,
    /// `any MKAnnotation`).
    case object
    /// A block, which the runtime passes as an object.
    case block
    /// Anything else: read by ``BoxedArguments/unbox(_:as:)``.
    case other

    /// The kind of an argument of type `Value`, declared with the type encoding `encoding`.
    static func of<Value>(_ type: Value.Type, encoding: String?) -> ArgumentKind {
      switch ObjectIdentifier(type) {
      case ObjectIdentifier(Bool.self): return .bool
      case ObjectIdentifier(Int.self): return .int
      case ObjectIdentifier(Double.self): return .double
      case ObjectIdentifier(CGFloat.self): return .cgFloat
      default:
        if encoding == "@?" && TypeEncoding.isBlock(type) { return .block }
        let shape = TypeShape.of(type)
        return shape == .classType || shape == .existential(classBound: true) ? .object : .other
      }
    }

    /// `boxed`, the argument at `index`, as a `Value`, the type this kind was decided for.
    @inline(__always)
    func read<Value>(_ boxed: Any, as type: Value.Type, at index: Int) throws(Mismatch) -> Value {
      switch self {
      case .object:
        if let value = boxed as? Value { return value }
      case .block:
        if Swift.type(of: boxed) is AnyObject.Type {
          return uncheckedBlock(boxed as AnyObject, as: type)
        }
      case .bool, .int, .double, .cgFloat:
        if let number = boxed as? NSNumber {
          switch self {
          case .bool: return uncheckedSameType(number.boolValue, as: type)
          case .int: return uncheckedSameType(number.intValue, as: type)
          case .double: return uncheckedSameType(number.doubleValue, as: type)
          default: return uncheckedSameType(CGFloat(number.doubleValue), as: type)
          }
        }
      case .other:
        if let value = unbox(boxed, as: type) { return value }
      }
      throw Mismatch(
        index: index, found: "\(Swift.type(of: boxed))", expected: "\(Value.self)")
    }

    /// The `NSNull` a `nil` object reads as: one, since swift-corelibs-foundation makes a new
    /// one each time.
    private static let null = NSNull()

    /// Whether an argument of this kind can be read where the runtime put it.
    var readsRaw: Bool {
      switch self {
      case .bool, .int, .double, .cgFloat, .object: true
      case .block, .other: false
      }
    }

    /// The argument at `address`, declared with a type encoding that begins with `encoding`,
    /// as a `Value`, the type this kind (one that ``readsRaw``) was decided for; read as
    /// ``read(_:as:at:)`` reads it boxed, so both paths give a closure the same values.
    @inline(__always)
    func read<Value>(
      raw address: UnsafeMutableRawPointer?, encoding: UInt8, as type: Value.Type, at index: Int
    ) throws(Mismatch) -> Value {
      guard let address else {
        throw Mismatch(index: index, found: "no argument", expected: "\(Value.self)")
      }
      switch self {
      case .object:
        // Boxed, `nil` is `NSNull`: an `AnyObject` takes it, a `UIView` does not.
        let object: AnyObject =
          address.load(as: UnsafeRawPointer?.self).map {
            Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue()
          } ?? Self.null
        // `AnyObject` takes any object: no cast (and no optional of a generic type) needed.
        // Bit-cast, not `uncheckedSameType`: that would open the existential to its class.
        if Value.self == AnyObject.self { return unsafeBitCast(object, to: Value.self) }
        return try read(object, as: type, at: index)
      case .bool:
        return uncheckedSameType(Self.integer(at: address, encoding: encoding) != 0, as: type)
      case .int:
        return uncheckedSameType(Self.integer(at: address, encoding: encoding), as: type)
      case .double:
        return uncheckedSameType(address.load(as: Double.self), as: type)
      case .cgFloat:
        return uncheckedSameType(CGFloat(address.load(as: Double.self)), as: type)
      case .block, .other:
        throw Mismatch(index: index, found: "an unboxed argument", expected: "\(Value.self)")
      }
    }

    /// The integer of the type `encoding` names, stored at `address` in a word's low bytes.
    @inline(__always)
    private static func integer(at address: UnsafeMutableRawPointer, encoding: UInt8) -> Int {
      switch encoding {
      case UInt8(ascii: "i"): Int(address.load(as: Int32.self))
      case UInt8(ascii: "I"): Int(address.load(as: UInt32.self))
      case UInt8(ascii: "s"): Int(address.load(as: Int16.self))
      case UInt8(ascii: "S"): Int(address.load(as: UInt16.self))
      case UInt8(ascii: "c"): Int(address.load(as: Int8.self))
      case UInt8(ascii: "C"), UInt8(ascii: "B"): Int(address.load(as: UInt8.self))
      default: address.load(as: Int.self)
      }
    }
  }

  /// One boxed argument as a `Value`: an object of that type (or adopting that protocol),
  /// `nil` for an optional, a number (`Int`, `Double`, `Bool`, `CGFloat`, …), an enumeration
  /// whose raw value is one (`NS_ENUM`s such as `MFMailComposeResult`), a structure (`CGPoint`,
  /// `UIEdgeInsets`, `NSRange`, `CMTime`, …) of that name (or untagged) and size, a pointer
  /// (`UnsafeMutablePointer<CGPoint>`) or Core Foundation object from its address, or a
  /// selector from its name; `nil` when it is none of these.
  @inline(__always)
  static func unbox<Value>(_ boxed: Any, as type: Value.Type) -> Value? {
    // `nil` first: `NSNull` is itself an object, so an `NSObject?` would get it.
    if boxed is NSNull, let none = (nil as Any?) as? Value { return none }
    if let value = boxed as? Value { return value }
    if let number = boxed as? NSNumber, let enumeration = Value.self as? any RawRepresentable.Type {
      return enumerationCase(of: enumeration, from: number) as? Value
    }
    if let value = boxed as? NSValue, !(boxed is NSNumber) {
      return geometry(value, as: type) ?? uncheckedStructure(value, as: type)
    }
    // A pointer or a Core Foundation object arrives as its address.
    if let address = boxed as? NSNumber {
      if Value.self is any _Pointer.Type { return uncheckedPointer(address, as: type) }
      if TypeShape.of(Value.self) == .foreignClass {
        return uncheckedForeignObject(address, as: type)
      }
    }
    #if canImport(ObjectiveC)
    // A selector arrives as its name.
    if Value.self == Selector.self, let name = boxed as? String {
      return NSSelectorFromString(name) as? Value
    }
    #endif
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

  /// Why an argument of type `Value` can never arrive from the runtime, or `nil` when it can.
  ///
  /// The runtime boxes objects (of a class or a protocol), numbers, structures, pointers and
  /// blocks, never a Swift value that holds references (a structure of strings, an
  /// enumeration with payloads, a Swift closure). Decided from the type's metadata
  /// (``TypeShape``), not its printed name.
  static func neverArrives<Value>(as type: Value.Type) -> String? {
    switch TypeShape.of(Value.self) {
    // A protocol's existential (`any Error`, `any MKAnnotation`, `any A & B`) holds whatever
    // object adopts it.
    case .classType, .foreignClass, .existential, .metatype: return nil
    case .function(let isBlock):
      if isBlock { return nil }
    case .optional:
      if let optional = Value.self as? any OptionalArgument.Type {
        return neverArrives(asWrappedOf: optional)
      }
    case .value:
      if let enumeration = Value.self as? any RawRepresentable.Type {
        return neverArrives(asRawValueOf: enumeration)
      }
      if Value.self is any _ObjectiveCBridgeable.Type || _isPOD(Value.self) { return nil }
    }
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

/// An optional, so an argument type's wrapped type can be checked, and an answer unwrapped.
protocol OptionalArgument {
  associatedtype Wrapped
  /// The wrapped value, or `nil`.
  var unwrapped: Any? { get }
}

extension Optional: OptionalArgument {
  var unwrapped: Any? { map { $0 } }
}
