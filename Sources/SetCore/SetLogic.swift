/// The rule that makes three cards a set, and the card that completes a pair.
public enum SetLogic {
  /// Whether three cards form a set: for every attribute the values are all the same or all
  /// different, which is the same as their digits summing to 0 mod 3.
  public static func isSet(_ a: Card, _ b: Card, _ c: Card) -> Bool {
    guard a != b, b != c, a != c else { return false }
    return third(a, b) == c
  }

  /// Whether the three cards of an array form a set; false unless there are exactly three.
  public static func isSet(_ cards: [Card]) -> Bool {
    cards.count == 3 && isSet(cards[0], cards[1], cards[2])
  }

  /// The one card that makes a set with `a` and `b` (distinct): per attribute `(3 - (x + y) mod 3) mod 3`.
  @inlinable
  public static func third(_ a: Card, _ b: Card) -> Card {
    Card(index: thirds[Int(a.index) &* 81 &+ Int(b.index)])
  }

  /// `thirds[81 * a + b]` is the index of the card completing `a` and `b`, computed once.
  @usableFromInline
  static let thirds: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 81 * 81)
    for a in Card.all {
      for b in Card.all {
        let digits = zip(a.attributes, b.attributes).map { (3 - ($0 + $1) % 3) % 3 }
        table[Int(a.index) * 81 + Int(b.index)] =
          Card(number: digits[0], colour: digits[1], shading: digits[2], shape: digits[3]).index
      }
    }
    return table
  }()
}
