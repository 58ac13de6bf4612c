/// The per-item and per-section buffers of one diff, carved out of one allocation.
///
/// At 50 items a diff's work is small, and a dozen arrays cost more than it: each allocation
/// of an array also looks up its type's metadata. One raw allocation, bound region by region to
/// plain values, costs one `malloc`. Unchecked like the diff's other buffer loops: every region
/// is sized from the inputs before it is filled, the regions do not overlap, and none outlives
/// ``deallocate()``, which the diff calls on its way out.
struct DiffBuffers {
  private let base: UnsafeMutableRawPointer
  private let byteCount: Int
  private var used = 0

  /// Room for the regions whose sizes `byteCount` sums (each from ``bytes(_:_:)``).
  init(byteCount: Int) {
    self.byteCount = byteCount
    base = .allocate(byteCount: max(byteCount, 8), alignment: 8)
  }

  /// The bytes that `count` values of `type` take, rounded up so that the next region is
  /// aligned.
  static func bytes<Value: BitwiseCopyable>(_ type: Value.Type, _ count: Int) -> Int {
    (MemoryLayout<Value>.stride * count + 7) & ~7
  }

  /// The next region: `count` values, each `value`.
  mutating func take<Value: BitwiseCopyable>(_ count: Int, _ value: Value)
    -> UnsafeMutableBufferPointer<Value>
  {
    let size = Self.bytes(Value.self, count)
    precondition(
      MemoryLayout<Value>.alignment <= 8 && used + size <= byteCount,
      "DiffBuffers: a region outside the allocation. This is a bug in Switchboard.")
    let start = (base + used).bindMemory(to: Value.self, capacity: count)
    start.initialize(repeating: value, count: count)
    used += size
    return UnsafeMutableBufferPointer(start: start, count: count)
  }

  /// Frees the allocation; no region may be used after.
  func deallocate() { base.deallocate() }
}
