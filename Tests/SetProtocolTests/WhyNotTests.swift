import SetCore
import Testing

@testable import SetProtocol

@Suite("Why a pick is not a set, in words")
struct WhyNotTests {
  private func cards(_ codes: String...) -> [Card] { codes.compactMap { CardCode.card(from: $0) } }

  @Test("one broken feature names its three values in the order picked")
  func oneFeature() {
    #expect(
      HumanText.whyNot(cards("1RSD", "1RSO", "1GSS")) == "colour is red, red, green (two the same, one different)")
    #expect(
      HumanText.whyNot(cards("1RSD", "3RSO", "1RSS")) == "number is one, three, one (two the same, one different)")
  }

  @Test("several broken features are each named, in feature order")
  func severalFeatures() {
    #expect(
      HumanText.whyNot(cards("2GOD", "2GSO", "3PTO"))
        == "number is two, two, three; colour is green, green, purple; shape is diamond, oval, oval "
        + "(each two the same, one different)")
  }

  @Test("a set has no reason")
  func set() {
    #expect(HumanText.whyNot(cards("1RSD", "2GTO", "3POS")) == nil)
  }

  @Test("the human presentation of NOSET says why, for the picker and for everyone else")
  func sentence() {
    let event = ServerEvent.notASet(.one, [Slot(0), Slot(1), Slot(2)], cards("1RSD", "1RSO", "1GSS"))
    #expect(
      HumanText.sentence(for: event, names: ["ann", "bob"], viewer: .one)
        == "You picked A 1RSD, B 1RSO, C 1GSS: not a set: colour is red, red, green (two the same, one different).")
    #expect(
      HumanText.sentence(for: event, names: ["ann", "bob"])
        == "ann picked A 1RSD, B 1RSO, C 1GSS: not a set: colour is red, red, green (two the same, one different).")
  }

  @Test("the machine presentation of NOSET is unchanged")
  func machine() {
    let event = ServerEvent.notASet(.two, [Slot(0), Slot(1), Slot(2)], cards("1RSD", "1RSO", "1GSS"))
    #expect(EventCodec.encode(event, seq: 9) == "NOSET 9 2 A,B,C 1RSD,1RSO,1GSS")
  }
}
