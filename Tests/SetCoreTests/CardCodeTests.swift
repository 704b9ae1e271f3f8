import SetCore
import Testing

@Suite("Card codes, digits and slot labels")
struct CardCodeTests {
  @Test("2RSD is two red solid diamonds")
  func twoRedSolidDiamonds() {
    let card = CardCode.card(from: "2RSD")
    #expect(card == Card(number: 1, colour: 0, shading: 0, shape: 0))
    #expect(card?.digits == "1000")
    #expect(CardCode.code(of: Card(number: 2, colour: 2, shading: 2, shape: 2)) == "3POS")
    #expect(CardCode.code(of: Card(number: 0, colour: 1, shading: 1, shape: 1)) == "1GTO")
    #expect(Card(index: 0).description == "1RSD")
  }

  @Test("every card's code names it again, and the 81 codes are distinct")
  func codesRoundTrip() {
    for card in Card.all {
      let code = CardCode.code(of: card)
      #expect(code.count == 4)
      #expect(CardCode.card(from: code) == card)
      #expect(CardCode.card(from: code.lowercased()) == card)
      #expect(CardCode.card(from: Substring(code)) == card)
    }
    #expect(Set(Card.all.map(CardCode.code(of:))).count == 81)
  }

  @Test("codes are parsed in any case", arguments: ["2rsd", "2Rsd", "2rSd", "2rsD", "2RSD"])
  func anyCase(text: String) {
    #expect(CardCode.card(from: text) == CardCode.card(from: "2RSD"))
  }

  @Test(
    "junk is not a card code",
    arguments: [
      "", "2RS", "2RSDX", " 2RSD", "2RSD ", "0RSD", "4RSD", "2XSD", "2RXD", "2RSX", "2ROT", "RSD2", "2 RS",
      "２RSD", "2RS\u{301}D",
    ])
  func junkIsRejected(text: String) {
    #expect(CardCode.card(from: text) == nil)
  }

  @Test(
    "text whose capitals are another length or other letters is not a card code",
    arguments: ["1Rß", "2Gß", "3Pß", "1Rſd", "1ʀsd"])
  func caseMappingDoesNotMakeJunkACode(text: String) {
    // "ß" capitalises to "SS" and "ſ" to "S": the text must be four ASCII characters before capitals.
    #expect(CardCode.card(from: text) == nil)
  }

  @Test("cards round-trip through their digits, and index = 27n + 9c + 3s + p")
  func digitsRoundTrip() {
    for card in Card.all {
      #expect(Card(digits: card.digits) == card)
      #expect(Int(card.index) == 27 * card.number + 9 * card.colour + 3 * card.shading + card.shape)
      #expect(card.attributes == [card.number, card.colour, card.shading, card.shape])
    }
    #expect(card("1201").index == 27 + 18 + 0 + 1)
  }

  @Test("junk is not card digits", arguments: ["", "000", "00000", "0003", "000a", "-001", "0 01", "١٢٠١", "¹²⁰¹"])
  func junkDigits(text: String) {
    #expect(Card(digits: text) == nil)
  }

  @Test("slot labels run A to Z, parse in any case, and reject anything else")
  func slotLabels() {
    #expect(Slot(0).label == "A")
    #expect(Slot(20).label == "U")
    #expect(Slot(25).description == "Z")
    for index in 0..<Slot.limit {
      let slot = Slot(index)
      #expect(Slot(label: slot.label) == slot)
      #expect(Slot(label: slot.label.lowercased()) == slot)
    }
    for junk in ["", "AB", "1", "@", "[", " ", "Á", "A\u{301}", "ß", "ſ", "ﬀ"] {
      #expect(Slot(label: junk) == nil, "\(junk) parsed as a slot")
    }
  }
}
