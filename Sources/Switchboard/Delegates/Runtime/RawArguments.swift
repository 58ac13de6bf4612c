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
