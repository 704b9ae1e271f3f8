import SetCore

/// The card written as four digits (number, colour, shading, shape), as in ORACLES.md.
func card(_ digits: String) -> Card {
  guard let card = Card(digits: digits) else { preconditionFailure("not a card: \(digits)") }
  return card
}

/// Cards written as digits separated by spaces, such as `"0001 0002 0000"`.
func cards(_ list: String) -> [Card] {
  list.split(separator: " ").map { card(String($0)) }
}

/// Slots by label, such as `slots("A B C")`.
func slots(_ labels: String) -> [Slot] {
  labels.split(separator: " ").map { Slot(label: $0)! }
}

/// Whether some three of `cards` form a set, by testing every triple: the yardstick for the finder.
func bruteForceHasSet(_ cards: [Card]) -> Bool {
  bruteForceSets(cards) > 0
}

/// How many triples of `cards` form a set, by testing every triple with the digit-sum rule written
/// out here, independently of `SetLogic`.
func bruteForceSets(_ cards: [Card]) -> Int {
  let n = cards.count
  guard n >= 3 else { return 0 }
  var total = 0
  for i in 0..<(n - 2) {
    for j in (i + 1)..<(n - 1) {
      for k in (j + 1)..<n where digitSumRule(cards[i], cards[j], cards[k]) {
        total += 1
      }
    }
  }
  return total
}

/// The set rule straight from ORACLES.md: per attribute, the three values sum to 0 mod 3.
func digitSumRule(_ a: Card, _ b: Card, _ c: Card) -> Bool {
  guard a != b, b != c, a != c else { return false }
  return (a.number + b.number + c.number) % 3 == 0 && (a.colour + b.colour + c.colour) % 3 == 0
    && (a.shading + b.shading + c.shading) % 3 == 0 && (a.shape + b.shape + c.shape) % 3 == 0
}

/// `count` distinct cards drawn at random: a partial Fisher-Yates over the deck.
func randomCards(_ count: Int, using generator: inout SplitMix64) -> [Card] {
  var deck = Card.all
  for i in 0..<count {
    deck.swapAt(i, i + generator.draw(below: deck.count - i))
  }
  return Array(deck.prefix(count))
}

/// The first 12 cards the first game of a match with `seed` deals, found without playing.
func openingTable(seed: UInt64, tableSize: Int = 12) -> [Card] {
  var generator = SplitMix64(seed: seed)
  return Array(Deck.shuffled(using: &generator).cards.prefix(tableSize))
}

/// The first seed from `start` whose opening table satisfies `condition`.
func seed(from start: UInt64 = 1, where condition: ([Card]) -> Bool) -> UInt64 {
  var seed = start
  while !condition(openingTable(seed: seed)) { seed += 1 }
  return seed
}
