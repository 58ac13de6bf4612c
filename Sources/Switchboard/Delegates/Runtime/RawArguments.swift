import Foundation

/// A message's arguments where the runtime put them, as a proxy's direct-path method receives
/// them (no `NSInvocation`, nothing boxed): the address of each, in order.
///
/// An integer, a `BOOL` or an object is stored in a word whose low bytes are its value; a
/// floating-point number or a structure as it is. A closure handler whose arguments are all
/// numbers, Booleans and objects reads them from here (``BoxedArguments/ArgumentKind/read(raw:encoding:as:at:)``);
/// any other message is read boxed.
package struct RawArguments {
  /// The address of each argument.
  let addresses: UnsafePointer<UnsafeMutableRawPointer?>
  /// How many there are.
  let count: Int

  package init(addresses: UnsafePointer<UnsafeMutableRawPointer?>, count: Int) {
    self.addresses = addresses
    self.count = count
  }
}

/// Where a direct-path message's answer goes, and what it is stored as.
package struct RawAnswer {
  /// The answer's storage, zeroed to begin with.
  let address: UnsafeMutableRawPointer
  /// `W` a word (an integer, a `BOOL` or an object), `D` a double, or a structure's kind.
  let kind: UInt8

  package init(address: UnsafeMutableRawPointer, kind: UInt8) {
    self.address = address
    self.kind = kind
  }

  /// How a closure's answer of some type is stored in place, decided once from its type.
  enum Storable {
    case bool, int, double, cgFloat
    /// Answered boxed: an object, a structure, an optional, an enumeration.
    case no

    init<Answer>(_ type: Answer.Type) {
      switch ObjectIdentifier(type) {
      case ObjectIdentifier(Bool.self): self = .bool
      case ObjectIdentifier(Int.self): self = .int
      case ObjectIdentifier(Double.self): self = .double
      case ObjectIdentifier(CGFloat.self): self = .cgFloat
      default: self = .no
      }
    }
  }

  /// Stores `value`, a closure's answer whose type is `storable`'s, when it is a number or a
  /// Boolean and the answer's kind takes it: `false` for anything else, which is answered boxed.
  @inline(__always)
  func store<Answer>(_ value: Answer, as storable: Storable) -> Bool {
    switch (storable, kind) {
    case (.bool, UInt8(ascii: "W")):
      // The whole word: a narrower integer is its low bytes, whatever a target left above them.
      address.storeBytes(of: uncheckedSameType(value, as: Bool.self) ? 1 : 0, as: UInt.self)
    case (.int, UInt8(ascii: "W")):
      address.storeBytes(of: uncheckedSameType(value, as: Int.self), as: Int.self)
    case (.double, UInt8(ascii: "D")):
      address.storeBytes(of: uncheckedSameType(value, as: Double.self), as: Double.self)
    case (.cgFloat, UInt8(ascii: "D")):
      address.storeBytes(of: Double(uncheckedSameType(value, as: CGFloat.self)), as: Double.self)
    default:
      return false
    }
    return true
  }
}

extension RawAnswer {
  /// The answer stored so far, read as the method's declared return type `returnType`.
  ///
  /// Boxed as a forwarded message's `returnedValue` boxes it: an object as it is (`.some(nil)`
  /// for nil), a number or a `BOOL` as the `NSNumber` of its C type, a structure as an
  /// `NSValue`; `nil` for a type read boxed instead (a selector), or one the stored kind cannot
  /// hold. What a rule that combines answers reads after each handler of a direct-path
  /// message, with no `ForwardedMessage` made for it.
  func value(declaredAs returnType: String) -> Any?? {
    guard let code = returnType.utf8.first else { return nil }
    if code == UInt8(ascii: "d") {
      return kind == UInt8(ascii: "D") ? NSNumber(value: address.load(as: Double.self)) : nil
    }
    if code == UInt8(ascii: "{") {
      // Two or four doubles, or two words: the structures the direct path takes.
      guard "PRN".utf8.contains(kind) else { return nil }
      return NSValue(bytes: address, objCType: returnType)
    }
    guard kind == UInt8(ascii: "W") else { return nil }
    // A narrower value is the word's low bytes (Apple's and Debian's machines are
    // little-endian); a target's method may have left anything above them.
    switch code {
    case UInt8(ascii: "@"), UInt8(ascii: "#"): return .some(address.load(as: AnyObject?.self))
    case UInt8(ascii: "B"): return NSNumber(value: address.load(as: UInt8.self) != 0)
    case UInt8(ascii: "c"): return NSNumber(value: address.load(as: Int8.self))
    case UInt8(ascii: "C"): return NSNumber(value: address.load(as: UInt8.self))
    case UInt8(ascii: "s"): return NSNumber(value: address.load(as: Int16.self))
    case UInt8(ascii: "S"): return NSNumber(value: address.load(as: UInt16.self))
    case UInt8(ascii: "i"): return NSNumber(value: address.load(as: Int32.self))
    case UInt8(ascii: "I"): return NSNumber(value: address.load(as: UInt32.self))
    case UInt8(ascii: "l"), UInt8(ascii: "q"): return NSNumber(value: address.load(as: Int.self))
    case UInt8(ascii: "L"), UInt8(ascii: "Q"): return NSNumber(value: address.load(as: UInt.self))
    // A pointer, as its address.
    case UInt8(ascii: "^"), UInt8(ascii: "*"):
      return NSNumber(value: UInt64(address.load(as: UInt.self)))
    default: return nil
    }
  }
}
