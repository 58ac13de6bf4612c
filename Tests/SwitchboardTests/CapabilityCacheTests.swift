import Testing

@testable import Switchboard

/// A capability that names a type, as the list capabilities name their host: the kind of
/// existential whose cast the cache exists to avoid repeating.
@MainActor protocol Labeling<Label>: AnyObject {
  associatedtype Label
  func label() -> Label
}

final class NameTag: Labeling {
  let name: String
  init(_ name: String) { self.name = name }
  func label() -> String { name }
}

final class NumberTag: Labeling {
  func label() -> Int { 7 }
}

/// Casts made once per handler, slot and capability, and kept without keeping the handler.
@MainActor
struct CapabilityCacheTests {
  typealias Named = any Labeling<String>
  var cache = CapabilityCache(slots: 2)
  var casts: [String] = []

  /// Casts `object` for `slot`, noting in `casts` when the cast was made rather than found.
  mutating func label(_ object: AnyObject, slot: Int = 0) -> String? {
    var made: [String] = []
    let named = cache.cast(object, slot: slot, to: Named.self) {
      made.append("cast \(type(of: object)) \($0 == nil ? "✗" : "✓")")
    }
    casts += made
    return named?.label()
  }

  @Test mutating func castsAHandlerOnceAndAnswersFromTheCacheAfter() {
    let ann = NameTag("ann")
    #expect(label(ann) == "ann")
    #expect(label(ann) == "ann")
    #expect(label(ann) == "ann")
    #expect(casts == ["cast NameTag ✓"])
  }

  @Test mutating func remembersThatAHandlerDoesNotAdoptTheCapability() {
    let number = NumberTag()  // a Labeling, but of Int
    #expect(label(number) == nil)
    #expect(label(number) == nil)
    #expect(casts == ["cast NumberTag ✗"])
  }

  @Test mutating func keepsSeveralHandlersOfOneSlotApart() {
    let ann = NameTag("ann")
    let bob = NameTag("bob")
    let number = NumberTag()
    for _ in 0..<3 {
      #expect(label(ann) == "ann")
      #expect(label(bob) == "bob")
      #expect(label(number) == nil)
    }
    #expect(casts == ["cast NameTag ✓", "cast NameTag ✓", "cast NumberTag ✗"])
  }

  @Test mutating func keepsSlotsAndCapabilitiesApart() {
    let ann = NameTag("ann")
    #expect(label(ann, slot: 0) == "ann")
    #expect(label(ann, slot: 1) == "ann")
    #expect(casts.count == 2)
    let numbered = cache.cast(ann, slot: 0, to: (any Labeling<Int>).self)
    #expect(numbered == nil)
    #expect(label(ann, slot: 0) == "ann")
    #expect(casts.count == 2, "the other capability's entry did not replace this one's")
  }

  @Test mutating func forgetsEveryCastOnRemoveAll() {
    let ann = NameTag("ann")
    _ = label(ann)
    cache.removeAll()
    #expect(label(ann) == "ann")
    #expect(casts == ["cast NameTag ✓", "cast NameTag ✓"])
  }

  @Test mutating func forgetsOtherHandlersBeyondItsBoundAndStillAnswers() {
    let tags = (0..<(CapabilityCache.othersLimit + 5)).map { NameTag("\($0)") }
    for tag in tags { #expect(label(tag) == tag.name) }
    for tag in tags { #expect(label(tag) == tag.name) }
    #expect(casts.count > tags.count, "some casts were forgotten and made again")
    #expect(cache.others.count <= CapabilityCache.othersLimit)
  }

  @Test mutating func neverKeepsAHandlerAlive() {
    weak var released: NameTag?
    do {
      let ann = NameTag("ann")
      released = ann
      #expect(label(ann) == "ann")
    }
    #expect(released == nil)
    // A new handler, wherever it lands, is answered correctly.
    let bob = NameTag("bob")
    #expect(label(bob) == "bob")
    let number = NumberTag()
    #expect(label(number) == nil)
  }
}
