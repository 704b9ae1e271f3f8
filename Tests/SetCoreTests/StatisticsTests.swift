import SetCore
import Testing

/// The statistical facts of ORACLES.md, checked over many seeded samples with a tolerance.
@Suite("Oracles: statistics over seeded deals")
struct StatisticsTests {
  /// Tallies of many seeded deals of one size.
  struct Tally {
    var deals = 0
    var withoutSet = 0
    var sets = 0

    /// Deals `count` hands of `size` cards from `seed`, each a fresh shuffle of the deck.
    init(size: Int, count: Int, seed: UInt64) {
      var generator = SplitMix64(seed: seed)
      for _ in 0..<count {
        let sets = SetFinder.count(in: randomCards(size, using: &generator))
        deals += 1
        self.sets += sets
        if sets == 0 { withoutSet += 1 }
      }
    }

    var shareWithoutSet: Double { Double(withoutSet) / Double(deals) }
    var meanSets: Double { Double(sets) / Double(deals) }

    static func + (lhs: Tally, rhs: Tally) -> Tally {
      var sum = lhs
      sum.deals += rhs.deals
      sum.withoutSet += rhs.withoutSet
      sum.sets += rhs.sets
      return sum
    }
  }

  /// 200,000 deals of `size` cards in parallel batches.
  static func tally(size: Int) async -> Tally {
    await withTaskGroup(of: Tally.self) { group in
      for batch in 0..<4 {
        group.addTask { Tally(size: size, count: 50_000, seed: UInt64(1_000 * size + batch)) }
      }
      var total = Tally(size: size, count: 0, seed: 0)
      for await part in group { total = total + part }
      return total
    }
  }

  @Test("12 fresh cards hold no set about 3.2 % of the time and 220/79 sets on average (200,000 deals)")
  func twelveCards() async {
    let tally = await Self.tally(size: 12)
    #expect(tally.deals == 200_000)
    #expect((0.029...0.035).contains(tally.shareWithoutSet), "share without a set: \(tally.shareWithoutSet)")
    #expect((2.75...2.82).contains(tally.meanSets), "mean sets: \(tally.meanSets)")
  }

  @Test("15 fresh cards almost never hold no set, and 455/79 sets on average (200,000 deals)")
  func fifteenCards() async {
    let tally = await Self.tally(size: 15)
    #expect(tally.deals == 200_000)
    #expect(tally.shareWithoutSet < 0.002, "share without a set: \(tally.shareWithoutSet)")
    #expect((5.70...5.82).contains(tally.meanSets), "mean sets: \(tally.meanSets)")
  }

  @Test("3 random cards form a set about 1 time in 79 (400,000 draws)")
  func threeRandomCards() {
    var generator = SplitMix64(seed: 79)
    let draws = 400_000
    var sets = 0
    for _ in 0..<draws where SetLogic.isSet(randomCards(3, using: &generator)) {
      sets += 1
    }
    let share = Double(sets) / Double(draws)
    // 1/79 = 0.01266; the standard error over 400,000 draws is 0.00018.
    #expect(abs(share - 1.0 / 79.0) < 0.0009, "share: \(share)")
  }

  @Test("the deals of a match have the same statistics: the deck's own shuffle is uniform enough")
  func matchDealsLikeRandomCards() {
    var withoutSet = 0
    let deals = 20_000
    for seed in 0..<UInt64(deals) where !SetFinder.any(in: openingTable(seed: seed)) {
      withoutSet += 1
    }
    let share = Double(withoutSet) / Double(deals)
    // 3.2 %, with a standard error of 0.12 % over 20,000 deals.
    #expect((0.026...0.038).contains(share), "share: \(share)")
  }
}
