/// Finds the groups of a variant among the cards on the table and the chain beside it.
///
/// Sets are found by `SetFinder` (each pair's third card looked up in a presence mask). A chain group
/// is a chain card and a pair of table cards completing it: one lookup per chain card and table card.
/// An UltraSet is two disjoint pairs with the same completing card: every pair is filed under its
/// third card, and any two pairs filed together are one (two pairs sharing a card and a third card
/// would be the same pair).
public enum GroupFinder {
  /// Every group of `variant` among `table` with `chain` beside it. A set or chain group lists its
  /// cards in table order with the chain card first; an UltraSet lists its two pairs.
  public static func all(_ variant: Variant, in table: [Card], chain: [Card] = []) -> [[Card]] {
    var found: [[Card]] = []
    visit(variant, table, chain) {
      found.append($0)
      return true
    }
    return found
  }

  /// How many groups of `variant` there are.
  public static func count(_ variant: Variant, in table: [Card], chain: [Card] = []) -> Int {
    switch variant {
    case .normal, .junior, .shuffle: return SetFinder.count(in: table)
    case .chain where chain.isEmpty: return SetFinder.count(in: table)
    case .ultra, .ultra9: return ultraCount(table)
    case .chain:
      var total = 0
      visit(variant, table, chain) { _ in
        total += 1
        return true
      }
      return total
    }
  }

  /// Whether there is at least one group of `variant`.
  public static func any(_ variant: Variant, in table: [Card], chain: [Card] = []) -> Bool {
    switch variant {
    case .normal, .junior, .shuffle: return SetFinder.any(in: table)
    case .ultra, .ultra9: return anyUltra(table)
    default:
      var found = false
      visit(variant, table, chain) { _ in
        found = true
        return false
      }
      return found
    }
  }

  /// Whether four cards form an UltraSet: distinct, and two pairs of them are completed by one card.
  public static func isUltra(_ cards: [Card]) -> Bool {
    guard cards.count == 4 else { return false }
    return isUltra(cards[0], cards[1], cards[2], cards[3])
  }

  /// Whether four cards form an UltraSet.
  public static func isUltra(_ a: Card, _ b: Card, _ c: Card, _ d: Card) -> Bool {
    guard a != b, a != c, a != d, b != c, b != d, c != d else { return false }
    return SetLogic.third(a, b) == SetLogic.third(c, d) || SetLogic.third(a, c) == SetLogic.third(b, d)
      || SetLogic.third(a, d) == SetLogic.third(b, c)
  }

  /// Calls `body` with each group until it returns false.
  static func visit(_ variant: Variant, _ table: [Card], _ chain: [Card], _ body: ([Card]) -> Bool) {
    switch variant {
    case .normal, .junior, .shuffle:
      SetFinder.visit(table) { body([$0, $1, $2]) }
    case .chain where chain.isEmpty:
      SetFinder.visit(table) { body([$0, $1, $2]) }
    case .chain:
      let mask = CardMask(table)
      for link in chain {
        for card in table {
          let other = SetLogic.third(card, link)
          if other > card, mask.contains(other), !body([link, card, other]) { return }
        }
      }
    case .ultra, .ultra9:
      visitUltras(table, body)
    }
  }

  /// The pairs of `cards` filed by their third card: `head[third]` is the last pair filed there and
  /// `next[pair]` the one filed before it, -1 ending each list.
  private static func pairsByThird(_ cards: [Card]) -> (head: [Int], next: [Int], pairs: [(Int, Int)]) {
    var head = [Int](repeating: -1, count: 81)
    var next: [Int] = []
    var pairs: [(Int, Int)] = []
    let n = cards.count
    guard n >= 2 else { return (head, next, pairs) }
    next.reserveCapacity(n * (n - 1) / 2)
    pairs.reserveCapacity(n * (n - 1) / 2)
    for i in 0..<(n - 1) {
      for j in (i + 1)..<n {
        let third = Int(SetLogic.third(cards[i], cards[j]).index)
        next.append(head[third])
        head[third] = pairs.count
        pairs.append((i, j))
      }
    }
    return (head, next, pairs)
  }

  private static func visitUltras(_ cards: [Card], _ body: ([Card]) -> Bool) {
    let (head, next, pairs) = pairsByThird(cards)
    for third in 0..<81 {
      var p = head[third]
      while p >= 0 {
        var q = next[p]
        while q >= 0 {
          let (a, b) = pairs[q]
          let (c, d) = pairs[p]
          if !body([cards[a], cards[b], cards[c], cards[d]]) { return }
          q = next[q]
        }
        p = next[p]
      }
    }
  }

  private static func anyUltra(_ cards: [Card]) -> Bool {
    let n = cards.count
    guard n >= 4 else { return false }
    var filed = CardMask()
    for i in 0..<(n - 1) {
      for j in (i + 1)..<n {
        let third = SetLogic.third(cards[i], cards[j])
        if filed.contains(third) { return true }
        filed.insert(third)
      }
    }
    return false
  }

  private static func ultraCount(_ cards: [Card]) -> Int {
    var filed = [Int](repeating: 0, count: 81)
    var total = 0
    let n = cards.count
    guard n >= 4 else { return 0 }
    for i in 0..<(n - 1) {
      for j in (i + 1)..<n {
        let third = Int(SetLogic.third(cards[i], cards[j]).index)
        total += filed[third]
        filed[third] += 1
      }
    }
    return total
  }

  /// Every group of `variant` found by testing every choice of cards with `Variant.isGroup`: the
  /// yardstick the finder is tested and measured against.
  public static func naiveAll(_ variant: Variant, in table: [Card], chain: [Card] = []) -> [[Card]] {
    var found: [[Card]] = []
    let pool = variant.chains ? chain + table : table
    let n = pool.count
    if variant.groupSize == 3 {
      guard n >= 3 else { return [] }
      for i in 0..<(n - 2) {
        for j in (i + 1)..<(n - 1) {
          for k in (j + 1)..<n where SetLogic.isSet(pool[i], pool[j], pool[k]) {
            guard chain.isEmpty || [pool[i], pool[j], pool[k]].filter(chain.contains).count == 1 else { continue }
            found.append([pool[i], pool[j], pool[k]])
          }
        }
      }
      return found
    }
    guard n >= 4 else { return [] }
    for i in 0..<(n - 3) {
      for j in (i + 1)..<(n - 2) {
        for k in (j + 1)..<(n - 1) {
          for l in (k + 1)..<n where isUltra(pool[i], pool[j], pool[k], pool[l]) {
            found.append([pool[i], pool[j], pool[k], pool[l]])
          }
        }
      }
    }
    return found
  }
}
