import Foundation

#if canImport(SwitchboardObjC)
import SwitchboardObjC
#endif

/// One value a proxy passes to a completion handler nobody answered: the default its SDK
/// header states (``DelegatePreset``), each travelling in one word.
enum CompletionValue: Sendable {
  /// An integer, an enumeration's raw value or a BOOL (`0` or `1`).
  case word(Int)
  /// No object: `nil`.
  case none
  /// The message's argument at this index, unchanged: the proposed request of a redirection.
  case argument(Int)
  /// An empty set: nothing allowed, where a prompt's answer is the set it allows.
  case emptySet
}

/// A completion handler as the specs' model of the runtime passes one on Linux, where no block
/// exists: it is called with the values a block would receive.
package protocol ModeledCompletionHandler: AnyObject {
  /// Calls the handler with `values`: numbers, objects and `nil`s, in order.
  func call(with values: [Any?])
}

extension ForwardedInvocation {
  /// Calls the completion handler the message carries at argument `index` with `values`, once.
  func callCompletion(argumentAt index: Int, with values: [CompletionValue]) {
    let arguments = arguments
    guard index < arguments.count else { return }
    let resolved: [Any?] = values.map { value in
      switch value {
      case .word(let word): word
      case .none: nil
      case .argument(let position): position < arguments.count ? arguments[position] : nil
      case .emptySet: NSSet()
      }
    }
    if let modeled = arguments[index] as? any ModeledCompletionHandler {
      return modeled.call(with: resolved)
    }
    #if canImport(SwitchboardObjC)
    // The objects live as long as `resolved`, past the call.
    withExtendedLifetime(resolved) {
      let words = resolved.map { value -> Int in
        switch value {
        case let number as NSNumber: number.intValue
        case let word as Int: word
        case nil: 0
        case let object?:
          Int(bitPattern: Unmanaged.passUnretained(object as AnyObject).toOpaque())
        }
      }
      words.withUnsafeBufferPointer { buffer in
        callBlock(
          arguments[index] as AnyObject, count: UInt(buffer.count), words: buffer.baseAddress)
      }
    }
    #endif
  }
}
