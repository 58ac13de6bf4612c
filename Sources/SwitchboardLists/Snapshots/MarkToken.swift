import Foundation

/// A token no snapshot's marks have had before in this process: what ``ListSnapshot`` names its
/// reload and reconfigure marks with, each time they change.
///
/// A counter, not a random number: a random draw is a system call on Linux (about 2.4 µs, ten
/// times the rest of a `reconfigureItems(_:)`), and a counter never repeats.
@usableFromInline
func nextMarkToken() -> UInt64 { markTokens.next() }

private let markTokens = MarkTokenCounter()

/// The last token drawn.
private final class MarkTokenCounter: @unchecked Sendable {
  // Unchecked: `last` is read and written only under `lock`.
  private let lock = NSLock()
  private var last: UInt64 = 0

  func next() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    last += 1
    return last
  }
}
