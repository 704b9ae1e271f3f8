import SetCore
import Testing

/// The exact facts and test vectors of ORACLES.md.
@Suite("Oracles: exact facts about Set")
struct OracleTests {
  @Test("the deck has 81 distinct cards, every combination of four digits 0-2")
  func deckHas81Cards() {
    #expect(Card.all.count == 81)
    #expect(Set(Card.all).count == 81)
    var digits: Set<String> = []
    for n in 0...2 {
      for c in 0...2 {
        for s in 0...2 {
          for p in 0...2 { digits.insert("\(n)\(c)\(s)\(p)") }
        }
      }
    }
    #expect(Set(Card.all.map(\.digits)) == digits)
    #expect(Card.all.allSatisfy { Card(digits: $0.digits) == $0 })
  }

  @Test("the whole deck holds 1080 sets: the finder, its count, the naive loop and a brute force agree")
  func wholeDeckHas1080Sets() {
    #expect(SetFinder.all(in: Card.all).count == 1_080)
    #expect(SetFinder.count(in: Card.all) == 1_080)
    #expect(SetFinder.naiveCount(in: Card.all) == 1_080)
    #expect(bruteForceSets(Card.all) == 1_080)
  }

  @Test("every set the finder reports is a set, in ascending order, and none is reported twice")
  func finderReportsEachSetOnce() {
    let found = SetFinder.all(in: Card.all)
    #expect(found.allSatisfy { $0.count == 3 && $0[0] < $0[1] && $0[1] < $0[2] })
    #expect(found.allSatisfy { digitSumRule($0[0], $0[1], $0[2]) })
    #expect(Set(found.map { $0.map(\.index) }).count == found.count)
  }

  @Test("40 sets pass through any one card")
  func fortySetsThroughEachCard() {
    var through = [Int](repeating: 0, count: 81)
    for set in SetFinder.all(in: Card.all) {
      for card in set { through[Int(card.index)] += 1 }
    }
    #expect(through.allSatisfy { $0 == 40 })
  }

  @Test(
    "third card vectors",
    arguments: [("0001", "0002", "0000"), ("1201", "1002", "1100")])
  func thirdCardVectors(a: String, b: String, expected: String) {
    #expect(SetLogic.third(card(a), card(b)) == card(expected))
    #expect(SetLogic.third(card(b), card(a)) == card(expected))
  }

  @Test("for every pair of cards the third card is (3 - (a + b) mod 3) mod 3 per attribute")
  func thirdCardFormulaForAllPairs() {
    for a in Card.all {
      for b in Card.all {
        let digits = zip(a.attributes, b.attributes).map { (3 - ($0 + $1) % 3) % 3 }
        let expected = Card(number: digits[0], colour: digits[1], shading: digits[2], shape: digits[3])
        #expect(SetLogic.third(a, b) == expected)
        if a != b {
          #expect(expected != a && expected != b)
          #expect(SetLogic.isSet(a, b, expected))
        }
      }
    }
  }

  @Test("exactly one card completes each pair of distinct cards")
  func exactlyOneCardCompletesAPair() {
    let a = card("1201")
    let b = card("1002")
    let completing = Card.all.filter { digitSumRule(a, b, $0) }
    #expect(completing == [card("1100")])
  }

  @Test("set vectors", arguments: ["0001 0002 0000", "1201 1002 1100"])
  func setVectors(triple: String) {
    let three = cards(triple)
    #expect(SetLogic.isSet(three))
    #expect(SetLogic.isSet(three[2], three[0], three[1]))
  }

  @Test("not-set vectors", arguments: ["0001 0002 0020", "1221 1002 1100", "0112 0122 0112"])
  func notSetVectors(triple: String) {
    let three = cards(triple)
    #expect(!SetLogic.isSet(three))
    #expect(!SetLogic.isSet(three[2], three[0], three[1]))
  }

  @Test("isSet agrees with the digit-sum rule on every triple of the deck")
  func isSetAgreesWithDigitSums() {
    var sets = 0
    for i in 0..<79 {
      for j in (i + 1)..<80 {
        for k in (j + 1)..<81 {
          let (a, b, c) = (Card.all[i], Card.all[j], Card.all[k])
          let rule = digitSumRule(a, b, c)
          #expect(SetLogic.isSet(a, b, c) == rule)
          if rule { sets += 1 }
        }
      }
    }
    #expect(sets == 1_080)
  }

  @Test("isSet refuses anything but three distinct cards")
  func isSetNeedsThreeDistinctCards() {
    let a = card("0000")
    #expect(!SetLogic.isSet(a, a, a))
    #expect(!SetLogic.isSet([a, a, a]))
    #expect(!SetLogic.isSet(cards("0001 0002")))
    #expect(!SetLogic.isSet(cards("0001 0002 0000 1111")))
  }

  @Test("a pile that holds a set")
  func pileWithASet() {
    let pile = cards("1111 2222 1010 2021 0201 1021 1022 0112")
    #expect(SetFinder.any(in: pile))
    #expect(SetFinder.first(in: pile).map(SetLogic.isSet) == true)
    #expect(SetFinder.count(in: pile) == bruteForceSets(pile))
    #expect(Table(cards: pile).hasSet)
  }

  @Test("piles that hold no set", arguments: ["2012 0112 0000 2011 2020", "1121 2222 1010 2021 0201 1021 1022 0112"])
  func pileWithoutASet(list: String) {
    let pile = cards(list)
    #expect(!SetFinder.any(in: pile))
    #expect(SetFinder.first(in: pile) == nil)
    #expect(SetFinder.count(in: pile) == 0)
    #expect(!bruteForceHasSet(pile))
    #expect(!Table(cards: pile).hasSet)
    #expect(Table(cards: pile).sets().isEmpty)
  }

  @Test("fewer than three cards hold no set")
  func tinyPiles() {
    #expect(SetFinder.all(in: []).isEmpty)
    #expect(SetFinder.count(in: cards("0000 1111")) == 0)
    #expect(SetFinder.naiveCount(in: cards("0000")) == 0)
  }

  /// A cap set built greedily: cards in the order `seed` shuffles them, each kept unless it makes a set
  /// with two kept before. Seed 1773 happens to reach the largest size, 20.
  static func greedyCap(seed: UInt64) -> [Card] {
    var generator = SplitMix64(seed: seed)
    var order = Card.all
    order.fisherYatesShuffle(using: &generator)
    var cap: [Card] = []
    for candidate in order {
      var makesSet = false
      for i in cap.indices {
        for j in cap.indices where j > i && digitSumRule(cap[i], cap[j], candidate) { makesSet = true }
      }
      if !makesSet { cap.append(candidate) }
    }
    return cap
  }

  @Test("a 20-card cap set holds no set, and any other card added to it makes one")
  func capSetOfTwenty() {
    let cap = Self.greedyCap(seed: 1_773)
    #expect(cap.count == 20)
    #expect(Set(cap).count == 20)
    #expect(bruteForceSets(cap) == 0)
    #expect(!SetFinder.any(in: cap))
    #expect(!Table(cards: cap).hasSet)
    for extra in Card.all where !cap.contains(extra) {
      #expect(bruteForceHasSet(cap + [extra]), "\(extra) joins the cap without a set")
      #expect(SetFinder.any(in: cap + [extra]))
    }
  }

  @Test("10,000 random piles of 21 cards all hold a set")
  func twentyOneCardsAlwaysHoldASet() {
    var generator = SplitMix64(seed: 21)
    var withoutSet = 0
    for _ in 0..<10_000 where !SetFinder.any(in: randomCards(21, using: &generator)) {
      withoutSet += 1
    }
    #expect(withoutSet == 0)
  }

  @Test(
    "12 cards can hold 14 sets: a plane of 9 cards (12 sets) with 2 cards from one parallel plane and 1 from the other")
  func twelveCardsWithFourteenSets() {
    // The plane: shading and shape free, number 0 and colour 0.
    let plane = Card.all.filter { $0.number == 0 && $0.colour == 0 }
    #expect(plane.count == 9)
    #expect(bruteForceSets(plane) == 12)
    let pile = plane + cards("1000 1001 2000")
    #expect(bruteForceSets(pile) == 14)
    #expect(SetFinder.count(in: pile) == 14)
    #expect(SetFinder.naiveCount(in: pile) == 14)
    #expect(Table(cards: pile).sets().count == 14)
  }

  @Test("of all 85,320 triples of the deck exactly 1 in 79 is a set")
  func oneTripleIn79IsASet() {
    var triples = 0
    var sets = 0
    for i in 0..<79 {
      for j in (i + 1)..<80 {
        for k in (j + 1)..<81 {
          triples += 1
          if SetLogic.isSet(Card.all[i], Card.all[j], Card.all[k]) { sets += 1 }
        }
      }
    }
    #expect(triples == 85_320)
    #expect(sets * 79 == triples)
  }
}
