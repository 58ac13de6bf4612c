/// A random number generator that repeats its sequence for a given seed (SplitMix64).
///
/// Use it for randomized tests that must be reproducible: print the seed when a check fails, and
/// run again with it.
///
/// ```swift
/// let seed = UInt64.random(in: .min ... .max)
/// var random = SeededGenerator(seed: seed)
/// let steps = Int.random(in: 1...10, using: &random)
/// #expect(check(steps), "seed \(seed)")
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
