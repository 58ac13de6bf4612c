import Testing

@testable import SwitchboardLists

private class Base {}
private final class Derived: Base {}

@Suite("IdentityDiff.sameType")
struct IdentityDiffTests {
  @Test("reinterprets a value only when its type is exactly the target type")
  func sameType() {
    #expect(IdentityDiff.sameType(42, as: Int.self) == 42)
    #expect(IdentityDiff.sameType("a", as: String.self) == "a")
    #expect(IdentityDiff.sameType(42, as: Int32.self) == nil)
    #expect(IdentityDiff.sameType(Int8(1), as: Int.self) == nil)
    let derived = Derived()
    #expect(IdentityDiff.sameType(derived, as: Base.self) == nil, "a subclass is not the same type")
    #expect(IdentityDiff.sameType(derived, as: Derived.self) === derived)
  }
}
