import SetCore
import Testing

@Suite("Seeded randomness: SplitMix64, bounded draws and Fisher-Yates")
struct RandomTests {
  @Test("SplitMix64 from seed 0 gives the published first outputs")
  func splitMixKnownOutputs() {
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(generator.next() == 0x06C4_5D18_8009_454F)
  }

  @Test("the same seed gives the same numbers and the same shuffle; another seed does not")
  func sameSeedSameShuffle() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
    var first = SplitMix64(seed: 7)
    var second = SplitMix64(seed: 7)
    var other = SplitMix64(seed: 8)
    let deck = Deck.shuffled(using: &first)
    #expect(deck == Deck.shuffled(using: &second))
    #expect(deck != Deck.shuffled(using: &other))
  }

  @Test("a shuffle is a permutation, for every length up to 100")
  func fisherYatesIsAPermutation() {
    var generator = SplitMix64(seed: 3)
    for length in 0...100 {
      var values = Array(0..<length)
      values.fisherYatesShuffle(using: &generator)
      #expect(values.sorted() == Array(0..<length))
    }
    let deck = Deck.shuffled(using: &generator)
    #expect(deck.count == 81)
    #expect(deck.cards.sorted() == Card.all)
  }

  @Test("a shuffle of a deck with a fixed seed is pinned, so recorded games replay on every release")
  func shuffleIsPinned() {
    var generator = SplitMix64(seed: 0)
    let deck = Deck.shuffled(using: &generator)
    var again = SplitMix64(seed: 0)
    var expected = Card.all
    // Fisher-Yates written out: from the last place down, swap with a draw at or below it.
    for upper in stride(from: 80, to: 0, by: -1) {
      expected.swapAt(upper, again.draw(below: upper + 1))
    }
    #expect(deck.cards == expected)
    #expect(deck.cards != Card.all)
  }

  @Test("every position of a 3-card shuffle is equally likely")
  func shuffleIsUniform() {
    var generator = SplitMix64(seed: 11)
    var counts: [[Int]: Int] = [:]
    let rounds = 60_000
    for _ in 0..<rounds {
      var values = [0, 1, 2]
      values.fisherYatesShuffle(using: &generator)
      counts[values, default: 0] += 1
    }
    #expect(counts.count == 6)
    // Each order expects 10,000, with a standard deviation of about 91.
    #expect(counts.values.allSatisfy { abs($0 - rounds / 6) < 500 })
  }

  @Test("draw(below:) stays in range and hits every value")
  func boundedDraw() {
    var generator = SplitMix64(seed: 5)
    for bound in [1, 2, 3, 7, 81, 1_000] {
      var seen = Set<Int>()
      for _ in 0..<(bound * 30) {
        let value = generator.draw(below: bound)
        #expect((0..<bound).contains(value))
        seen.insert(value)
      }
      #expect(seen.count == bound)
    }
  }

  @Test("dealing takes cards from the top in order")
  func deckDeals() {
    var deck = Deck(cards: cards("0000 1111 2222 0120"))
    #expect(deck.deal(3) == cards("0000 1111 2222"))
    #expect(deck.count == 1)
    #expect(deck.deal(3) == cards("0120"))
    #expect(deck.isEmpty)
    #expect(deck.deal(3).isEmpty)
  }
}
