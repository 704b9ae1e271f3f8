/// One of the 81 cards of Set.
///
/// A card has four attributes (number, colour, shading, shape), each with three values. It is stored as
/// its index 0...80, read as four base-3 digits in that order: `index = 27 * number + 9 * colour +
/// 3 * shading + shape`, each digit 0, 1 or 2.
public struct Card: Hashable, Comparable, Sendable {
  /// The card's position in the unshuffled deck, 0...80.
  public let index: UInt8

  /// Every card, in index order.
  public static let all: [Card] = (0..<81).map { Card(index: UInt8($0)) }

  /// The card with the given index. The index must be in 0...80.
  public init(index: UInt8) {
    precondition(index < 81, "a card index is 0...80")
    self.index = index
  }

  /// The card with the given attribute digits, each 0, 1 or 2.
  public init(number: Int, colour: Int, shading: Int, shape: Int) {
    precondition([number, colour, shading, shape].allSatisfy { (0...2).contains($0) }, "digits are 0...2")
    self.init(index: UInt8(27 * number + 9 * colour + 3 * shading + shape))
  }

  /// The card written as four digits 0-2 (number, colour, shading, shape), such as `"1201"`, or nil.
  public init?(digits: String) {
    let values = digits.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
    guard digits.count == 4, values.count == 4, values.allSatisfy({ $0 <= 2 }) else { return nil }
    self.init(number: values[0], colour: values[1], shading: values[2], shape: values[3])
  }

  /// Number digit: 0, 1, 2 for one, two, three symbols.
  public var number: Int { Int(index) / 27 }
  /// Colour digit: 0 red, 1 green, 2 purple.
  public var colour: Int { Int(index) / 9 % 3 }
  /// Shading digit: 0 solid, 1 striped, 2 open.
  public var shading: Int { Int(index) / 3 % 3 }
  /// Shape digit: 0 diamond, 1 oval, 2 squiggle.
  public var shape: Int { Int(index) % 3 }

  /// The four attribute digits in order (number, colour, shading, shape).
  public var attributes: [Int] { [number, colour, shading, shape] }

  /// The card as four digits, such as `"1201"`.
  public var digits: String { attributes.map(String.init).joined() }

  public static func < (lhs: Card, rhs: Card) -> Bool { lhs.index < rhs.index }
}
