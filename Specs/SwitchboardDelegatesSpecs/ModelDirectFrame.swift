import Foundation

@testable import Switchboard

/// A message as a proxy's direct-path method holds it (Sources/SwitchboardObjC/SWBDirectPath.m,
/// run on the GNU runtime by Scripts/objc-runtime-tests.sh): each argument in a word (an
/// object's address, an integer's or a `BOOL`'s value in its low bytes) or a double, and a word
/// for the answer, built from the boxed arguments the model's parent sends.
///
/// The direct path takes a method whose first argument is a word and which has at most four,
/// each a word or a double (or a structure of doubles, or an `NSRange`: the model builds none,
/// and leaves such messages on `forwardInvocation:`), and returns nothing, a word or a double.
final class ModelDirectFrame {
  private let words: UnsafeMutableRawPointer
  private let addresses: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private let count: Int
  /// The return type's code: `v`, a word's, or `d`.
  private let returnCode: UInt8
  /// The objects whose addresses the words hold.
  private let objects: [AnyObject]
  /// What the answer word holds until something is stored there: the real method zeroes it,
  /// and a stored answer fills the whole word, so this pattern means nothing was stored.
  private static let unset = UInt.max

  /// The frame of a message of type encoding `types` with `arguments`, or `nil` for one the
  /// direct path (or this model of it) does not take.
  init?(types: String, arguments: [Any]) {
    let encoded = TypeEncoding.types(in: types).map { $0.utf8.first ?? 0 }
    guard encoded.count >= 3, encoded.count - 3 == arguments.count, arguments.count <= 4,
      let returnCode = encoded.first,
      returnCode == UInt8(ascii: "v") || Self.isWord(returnCode) || returnCode == UInt8(ascii: "d")
    else { return nil }
    let codes = Array(encoded.dropFirst(3))
    if let first = codes.first, !Self.isWord(first) { return nil }
    var stored: [UInt] = []
    var objects: [AnyObject] = []
    for (code, value) in zip(codes, arguments) {
      if code == UInt8(ascii: "d") {
        guard let number = Self.double(value) else { return nil }
        stored.append(UInt(number.bitPattern))
      } else if code == UInt8(ascii: "@") || code == UInt8(ascii: "#") {
        guard !(value is NSNull) else {
          stored.append(0)
          continue
        }
        let object = value as AnyObject
        objects.append(object)
        stored.append(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()))
      } else if Self.isWord(code) {
        guard let number = Self.integer(value) else { return nil }
        stored.append(UInt(bitPattern: number))
      } else {
        return nil
      }
    }
    count = stored.count
    self.returnCode = returnCode
    self.objects = objects
    words = .allocate(byteCount: (count + 1) * 8, alignment: 8)
    addresses = .allocate(capacity: max(count, 1))
    for (index, word) in stored.enumerated() {
      (words + index * 8).storeBytes(of: word, as: UInt.self)
      addresses[index] = words + index * 8
    }
    answerAddress.storeBytes(of: Self.unset, as: UInt.self)
  }

  deinit {
    words.deallocate()
    addresses.deallocate()
  }

  private var answerAddress: UnsafeMutableRawPointer { words + count * 8 }

  var rawArguments: RawArguments { RawArguments(addresses: addresses, count: count) }

  var rawAnswer: RawAnswer? {
    switch returnCode {
    case UInt8(ascii: "v"): nil
    case UInt8(ascii: "d"): RawAnswer(address: answerAddress, kind: UInt8(ascii: "D"))
    default: RawAnswer(address: answerAddress, kind: UInt8(ascii: "W"))
    }
  }

  /// The answer stored in place, as the caller reads it (a `Bool` for `B`, an `Int` for an
  /// integer, a `Double` for `d`), or `nil` when none was.
  var storedAnswer: Any? {
    let word = answerAddress.load(as: UInt.self)
    guard returnCode != UInt8(ascii: "v"), word != Self.unset else { return nil }
    switch returnCode {
    case UInt8(ascii: "B"), UInt8(ascii: "c"): return word & 0xFF != 0
    case UInt8(ascii: "d"): return Double(bitPattern: UInt64(word))
    default: return Int(bitPattern: word)
    }
  }

  private static func isWord(_ code: UInt8) -> Bool {
    "@#:^*cCsSiIlLqQB".utf8.contains(code)
  }

  private static func integer(_ value: Any) -> Int? {
    switch value {
    case let number as Int: number
    case let flag as Bool: flag ? 1 : 0
    case let number as NSNumber: number.intValue
    default: nil
    }
  }

  private static func double(_ value: Any) -> Double? {
    switch value {
    case let number as Double: number
    case let number as CGFloat: Double(number)
    case let number as NSNumber: number.doubleValue
    default: nil
    }
  }
}
