import TestSupport
import Testing

@Suite struct SeededGeneratorTests {
  @Test func theSameSeedRepeatsItsSequenceAndAnotherSeedDoesNot() {
    var first = SeededGenerator(seed: 42)
    var again = SeededGenerator(seed: 42)
    var other = SeededGenerator(seed: 43)
    let sequence = (0..<8).map { _ in first.next() }
    #expect(sequence == (0..<8).map { _ in again.next() })
    #expect(sequence != (0..<8).map { _ in other.next() })
    #expect(Set(sequence).count == 8)
  }
}
