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
    // Checked before reading bytes: "ß" capitalises to "SS", so "1Rß" must not read as 1RSS.
    guard text.count == 4, text.allSatisfy(\.isASCII) else { return nil }
    var text = String(text)
    return text.withUTF8 { card(utf8: $0) }
  }

  /// The card a code names, given as its UTF-8 bytes, or nil when they are not a card code: four
  /// ASCII characters, in any case. How the wire's lines read cards without making strings.
  public static func card(utf8 code: UnsafeBufferPointer<UInt8>) -> Card? {
    guard code.count == 4 else { return nil }
    func index(_ byte: UInt8, _ letters: (UInt8, UInt8, UInt8)) -> Int? {
      let upper = (97...122).contains(byte) ? byte - 32 : byte
      return upper == letters.0 ? 0 : upper == letters.1 ? 1 : upper == letters.2 ? 2 : nil
    }
    guard let number = index(code[0], numberBytes), let colour = index(code[1], colourBytes),
      let shading = index(code[2], shadingBytes), let shape = index(code[3], shapeBytes)
    else { return nil }
    return Card(number: number, colour: colour, shading: shading, shape: shape)
  }

  /// The letters of each attribute as bytes, for reading codes without making strings.
  private static let numberBytes = bytes(numbers)
  private static let colourBytes = bytes(colours)
  private static let shadingBytes = bytes(shadings)
  private static let shapeBytes = bytes(shapes)

  private static func bytes(_ letters: [Character]) -> (UInt8, UInt8, UInt8) {
    (letters[0].asciiValue!, letters[1].asciiValue!, letters[2].asciiValue!)
  }
}

extension Card: CustomStringConvertible {
  /// The card's text code, such as `2RSD`.
  public var description: String { CardCode.code(of: self) }
}
