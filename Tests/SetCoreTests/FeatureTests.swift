import Testing

@testable import SetCore

@Suite("Which features keep three cards from being a set")
struct FeatureTests {
  private func cards(_ codes: String...) -> [Card] { codes.compactMap { CardCode.card(from: $0) } }

  @Test("a set breaks on no feature, and counts the features that differ")
  func sets() {
    #expect(SetLogic.broken(cards("1RSD", "1RSO", "1RSS")).isEmpty)
    #expect(SetLogic.differing(cards("1RSD", "1RSO", "1RSS")) == 1)
    #expect(SetLogic.differing(cards("1RSD", "2GSO", "3PSS")) == 3)
    #expect(SetLogic.differing(cards("1RSD", "2GTO", "3POS")) == 4)
  }

  @Test("two the same and one different breaks a feature; all the same or all different does not")
  func broken() {
    #expect(SetLogic.broken(cards("1RSD", "1RSO", "1GSS")) == [.colour])
    #expect(SetLogic.broken(cards("2GOD", "2GSO", "3PTO")) == [.number, .colour, .shape])
    #expect(SetLogic.broken(cards("1RSD", "1RSO")).isEmpty)
  }

  @Test("every three distinct cards are a set exactly when no feature breaks")
  func agreesWithTheRule() {
    for a in stride(from: 0, to: 81, by: 7) {
      for b in stride(from: 1, to: 81, by: 5) where b != a {
        for c in 0..<81 where c != a && c != b {
          let three = [a, b, c].map { Card(index: UInt8($0)) }
          #expect(SetLogic.broken(three).isEmpty == SetLogic.isSet(three))
        }
      }
    }
  }
}
