/// The short text code of a card, read by people and sent on the wire.
///
/// Four characters, one per attribute, in the order number, colour, shading, shape:
///
/// | attribute | values |
/// |---|---|
/// | number | `1`, `2`, `3` |
/// | colour | `R` red, `G` green, `P` purple |
/// | shading | `S` solid, `T` striped, `O` open |
/// | shape | `D` diamond, `O` oval, `S` squiggle |
///
/// So `2RSD` is two red solid diamonds. Codes are printed in upper case and parsed in any case.
public enum CardCode {
  static let numbers: [Character] = ["1", "2", "3"]
  static let colours: [Character] = ["R", "G", "P"]
  static let shadings: [Character] = ["S", "T", "O"]
  static let shapes: [Character] = ["D", "O", "S"]

  /// The code of a card, such as `"2RSD"`.
  public static func code(of card: Card) -> String {
    String([numbers[card.number], colours[card.colour], shadings[card.shading], shapes[card.shape]])
  }

  /// The card a code names, or nil when the text is not a card code.
  public static func card(from text: some StringProtocol) -> Card? {
    // Checked before capitals: "ß" capitalises to "SS", so "1Rß" would read as 1RSS.
    guard text.count == 4, text.allSatisfy(\.isASCII) else { return nil }
    let characters = Array(text.uppercased())
    guard characters.count == 4,
      let number = numbers.firstIndex(of: characters[0]),
      let colour = colours.firstIndex(of: characters[1]),
      let shading = shadings.firstIndex(of: characters[2]),
      let shape = shapes.firstIndex(of: characters[3])
    else { return nil }
    return Card(number: number, colour: colour, shading: shading, shape: shape)
  }
}

extension Card: CustomStringConvertible {
  /// The card's text code, such as `2RSD`.
  public var description: String { CardCode.code(of: self) }
}
