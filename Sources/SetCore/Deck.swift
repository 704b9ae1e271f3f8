/// The cards not yet dealt, in the order they will be dealt.
public struct Deck: Equatable, Sendable {
  /// The remaining cards; the next card dealt is the first.
  public private(set) var cards: [Card]

  /// A deck holding `cards`, dealt in that order.
  public init(cards: [Card]) {
    self.cards = cards
  }

  /// All 81 cards shuffled with `generator`.
  public static func shuffled(using generator: inout some RandomNumberGenerator) -> Deck {
    var cards = Card.all
    cards.fisherYatesShuffle(using: &generator)
    return Deck(cards: cards)
  }

  /// `cards` shuffled with `generator`.
  public static func shuffled(_ cards: [Card], using generator: inout some RandomNumberGenerator) -> Deck {
    var cards = cards
    cards.fisherYatesShuffle(using: &generator)
    return Deck(cards: cards)
  }

  /// How many cards are left.
  public var count: Int { cards.count }

  /// Whether no card is left.
  public var isEmpty: Bool { cards.isEmpty }

  /// Removes and returns up to `n` cards from the top.
  public mutating func deal(_ n: Int) -> [Card] {
    let dealt = Array(cards.prefix(n))
    cards.removeFirst(dealt.count)
    return dealt
  }
}
