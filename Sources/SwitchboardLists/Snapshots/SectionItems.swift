/// The items of one section of a ``ListSnapshot``, in order, kept in chunks of at most
/// ``chunkLimit`` so that finding an item's row and inserting or removing one cost about the
/// same at 100,000 items as at 10,000: a scan of one chunk, and a walk of a Fenwick tree over
/// the chunks' sizes (O(log *m*) for *m* chunks), never a shift of the whole section.
///
/// Each chunk has an identifier that stays while the chunk lives; the snapshot remembers the
/// chunk of each item (``ListSnapshot``'s `itemPlace`), and every edit that puts items in
/// another chunk says so through its `moved` closure.
@usableFromInline
struct SectionItems<ItemID: Hashable> {
  /// The section's name in its snapshot, kept while the section is there (`-1`: none).
  ///
  /// An item's place holds it; `ListSnapshot.sectionIndexByKey` says where the section is.
  @usableFromInline var key = -1
  /// The items, chunk by chunk.
  @usableFromInline var chunks: [[ItemID]] = []
  /// The identifier of each chunk, in order.
  @usableFromInline var chunkIDs: [Int] = []
  /// Where each chunk ever made is in `chunks`, by identifier; -1 once it is gone.
  @usableFromInline var chunkIndex: [Int] = []
  /// A Fenwick tree over the chunks' sizes: `tree[i]` sums the sizes of the chunks
  /// `i - (i & -i)` to `i - 1` (empty, not `[0]`, while there are no chunks: an empty section
  /// allocates nothing).
  @usableFromInline var tree: [Int] = []
  /// How many items there are.
  @usableFromInline var count = 0

  /// The most items a chunk holds; a chunk that grows past it is split in two.
  @usableFromInline static var chunkLimit: Int { 128 }
  /// How many items a new chunk gets, when items are appended or a chunk is split: half the
  /// limit, so that the first insert into a chunk built by `appendItems` does not split it
  /// (a split records the new chunk of every item it moves).
  @usableFromInline static var chunkFill: Int { chunkLimit / 2 }

  @inlinable init() {}

  @inlinable init(key: Int) { self.key = key }

  /// Every item, in order.
  @inlinable var elements: [ItemID] {
    if chunks.count == 1 { return chunks[0] }
    var all: [ItemID] = []
    all.reserveCapacity(count)
    append(to: &all)
    return all
  }

  /// Appends every item, in order, to `all`: a copy of each chunk.
  @inlinable func append(to all: inout [ItemID]) {
    for chunk in chunks { all.append(contentsOf: chunk) }
  }

  /// How many items the chunks before the chunk at `index` hold.
  @inlinable func itemsBefore(chunk index: Int) -> Int {
    var sum = 0
    var node = index
    while node > 0 {
      sum += tree[node]
      node -= node & -node
    }
    return sum
  }

  /// The chunk holding the item at `row` (in `0..<count`), and the item's place in it.
  @inlinable func chunk(holding row: Int) -> (chunk: Int, offset: Int) {
    // The Fenwick tree's descent: the last chunk whose items before it are at most `row`.
    var node = 0
    var remaining = row
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = node + step
      if next < tree.count, tree[next] <= remaining {
        node = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return (node, remaining)
  }

  /// The item at `row`, in `0..<count`.
  @inlinable func item(at row: Int) -> ItemID {
    let place = chunk(holding: row)
    return chunks[place.chunk][place.offset]
  }

  /// The row of `item`, which is in the chunk `chunkID`; `nil` when it is not there.
  @inlinable func row(of item: ItemID, inChunk chunkID: Int) -> Int? {
    guard let offset = offset(of: item, inChunk: chunkID) else { return nil }
    return itemsBefore(chunk: chunkIndex[chunkID]) + offset
  }

  /// Where `item` is in the chunk `chunkID`; `nil` when it is not there.
  @inlinable func offset(of item: ItemID, inChunk chunkID: Int) -> Int? {
    guard chunkID >= 0, chunkID < chunkIndex.count, chunkIndex[chunkID] >= 0 else { return nil }
    // From the end: the item edited next to is most often the last one added (a list built,
    // or a chat growing, item after item).
    return chunks[chunkIndex[chunkID]].lastIndex(of: item)
  }

  /// Adds `newItems` before the item at `row` (or after the last, for `count`); `moved` hears
  /// each item that is in a chunk it was not in before (the new ones among them), with that
  /// chunk's identifier.
  @inlinable mutating func insert(
    _ newItems: [ItemID], at row: Int, moved: (ItemID, Int) -> Void
  ) {
    guard !newItems.isEmpty else { return }
    if chunks.isEmpty || (row == count && chunks[chunks.count - 1].count >= Self.chunkFill) {
      // At the end, past a chunk filled as appends fill one: new chunks, nothing to shift.
      appendChunks(of: newItems[...], moved: moved)
      return
    }
    let place =
      row == count ? (chunks.count - 1, chunks[chunks.count - 1].count) : chunk(holding: row)
    insert(newItems, inChunkAt: place.0, at: place.1, moved: moved)
  }

  /// Adds `newItems` at `offset` in the chunk `chunkID` (its end included), as
  /// ``insert(_:at:moved:)`` does: for an edit next to an item whose chunk is known.
  @inlinable mutating func insert(
    _ newItems: [ItemID], inChunk chunkID: Int, at offset: Int, moved: (ItemID, Int) -> Void
  ) {
    guard !newItems.isEmpty else { return }
    insert(newItems, inChunkAt: chunkIndex[chunkID], at: offset, moved: moved)
  }

  @inlinable mutating func insert(
    _ newItems: [ItemID], inChunkAt index: Int, at offset: Int, moved: (ItemID, Int) -> Void
  ) {
    if newItems.count == 1 {
      chunks[index].insert(newItems[0], at: offset)
    } else {
      chunks[index].insert(contentsOf: newItems, at: offset)
    }
    count += newItems.count
    let chunkID = chunkIDs[index]
    for item in newItems { moved(item, chunkID) }
    if chunks[index].count <= Self.chunkLimit {
      add(newItems.count, toChunk: index)
    } else {
      split(chunk: index, moved: moved)
    }
  }

  /// Removes `item`, which is in the chunk `chunkID`; `false` when it is not there.
  @inlinable mutating func remove(_ item: ItemID, inChunk chunkID: Int) -> Bool {
    guard let offset = offset(of: item, inChunk: chunkID) else { return false }
    let index = chunkIndex[chunkID]
    chunks[index].remove(at: offset)
    count -= 1
    if chunks[index].isEmpty {
      chunks.remove(at: index)
      chunkIDs.remove(at: index)
      chunkIndex[chunkID] = -1
      reindexChunks(from: index)
    } else {
      add(-1, toChunk: index)
    }
    return true
  }

  // MARK: Chunks

  /// Adds `items` at the end as new chunks of at most ``chunkFill``.
  @inlinable mutating func appendChunks(of items: ArraySlice<ItemID>, moved: (ItemID, Int) -> Void)
  {
    var start = items.startIndex
    while start < items.endIndex {
      let end = min(start + Self.chunkFill, items.endIndex)
      let chunkID = chunkIndex.count
      chunkIndex.append(chunks.count)
      chunkIDs.append(chunkID)
      chunks.append(Array(items[start..<end]))
      for item in items[start..<end] { moved(item, chunkID) }
      start = end
    }
    count += items.count
    rebuildTree()
  }

  /// Splits the chunk at `index`, grown past ``chunkLimit``, into chunks of ``chunkFill``.
  @inlinable mutating func split(chunk index: Int, moved: (ItemID, Int) -> Void) {
    let items = chunks[index]
    let half = Self.chunkFill
    chunks[index] = Array(items[..<half])
    var pieces: [[ItemID]] = []
    var start = half
    while start < items.count {
      let end = min(start + half, items.count)
      pieces.append(Array(items[start..<end]))
      start = end
    }
    var newIDs: [Int] = []
    for piece in pieces {
      let chunkID = chunkIndex.count
      chunkIndex.append(-1)
      newIDs.append(chunkID)
      for item in piece { moved(item, chunkID) }
    }
    chunks.insert(contentsOf: pieces, at: index + 1)
    chunkIDs.insert(contentsOf: newIDs, at: index + 1)
    reindexChunks(from: index)
  }

  /// Records where the chunks from `index` on now are, and rebuilds the size tree.
  @inlinable mutating func reindexChunks(from index: Int) {
    for position in index..<chunks.count { chunkIndex[chunkIDs[position]] = position }
    rebuildTree()
  }

  /// Rebuilds the size tree, in O(*m*) for *m* chunks.
  @inlinable mutating func rebuildTree() {
    tree = [Int](repeating: 0, count: chunks.count + 1)
    for index in chunks.indices {
      let node = index + 1
      tree[node] += chunks[index].count
      let parent = node + (node & -node)
      if parent < tree.count { tree[parent] += tree[node] }
    }
  }

  /// Adds `delta` to the size of the chunk at `index`.
  @inlinable mutating func add(_ delta: Int, toChunk index: Int) {
    var node = index + 1
    while node < tree.count {
      tree[node] += delta
      node += node & -node
    }
  }
}

extension SectionItems: Equatable {
  /// The same items in the same order, however they are chunked.
  @inlinable static func == (lhs: SectionItems, rhs: SectionItems) -> Bool {
    lhs.count == rhs.count && lhs.chunks.joined().elementsEqual(rhs.chunks.joined())
  }
}

extension SectionItems: Sendable where ItemID: Sendable {}
