/// Finds the sets among some cards in O(n²): for each pair, the one card completing it is looked up in a
/// presence mask. Each set is found once, from the pair of its two lowest cards.
public enum SetFinder {
  /// Every set among `cards` (distinct cards), each as three cards in ascending order.
  public static func all(in cards: [Card]) -> [[Card]] {
    var found: [[Card]] = []
    visit(cards) { a, b, c in
      found.append([a, b, c])
      return true
    }
    return found
  }

  /// The first set found among `cards`, or nil when there is none.
  public static func first(in cards: [Card]) -> [Card]? {
    var found: [Card]?
    visit(cards) { a, b, c in
      found = [a, b, c]
      return false
    }
    return found
  }

  /// How many sets there are among `cards`.
  public static func count(in cards: [Card]) -> Int {
    var total = 0
    visit(cards) { _, _, _ in
      total += 1
      return true
    }
    return total
  }

  /// Whether there is at least one set among `cards`.
  public static func any(in cards: [Card]) -> Bool {
    var found = false
    visit(cards) { _, _, _ in
      found = true
      return false
    }
    return found
  }

  /// Calls `body` with each set (a < b < c) until it returns false.
  @inlinable
  static func visit(_ cards: [Card], _ body: (Card, Card, Card) -> Bool) {
    let n = cards.count
    guard n >= 3 else { return }
    let mask = CardMask(cards)
    // The thirds table is fetched once, not once per pair.
    SetLogic.thirds.withUnsafeBufferPointer { thirds in
      cards.withUnsafeBufferPointer { cards in
        pairs: for i in 0..<(n - 1) {
          let x = cards[i]
          let row = Int(x.index) &* 81
          for j in (i + 1)..<n {
            let y = cards[j]
            let a = min(x, y)
            let b = max(x, y)
            let c = Card(index: thirds[row &+ Int(y.index)])
            if c > b, mask.contains(c), !body(a, b, c) { break pairs }
          }
        }
      }
    }
  }

  /// Every set among `cards` by testing every triple, O(n³): the yardstick the benchmark measures
  /// the finder against.
  public static func naiveCount(in cards: [Card]) -> Int {
    let n = cards.count
    var total = 0
    guard n >= 3 else { return 0 }
    for i in 0..<(n - 2) {
      for j in (i + 1)..<(n - 1) {
        for k in (j + 1)..<n where SetLogic.isSet(cards[i], cards[j], cards[k]) {
          total += 1
        }
      }
    }
    return total
  }
}
