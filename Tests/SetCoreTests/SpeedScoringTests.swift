import SetCore
import Testing

/// Speed scoring: a set scores more the faster it was found, timed on the match's own clock.
@Suite("Speed scoring")
struct SpeedScoringTests {
  static var speed: Rules {
    var rules = Rules()
    rules.scoring = .speed
    return rules
  }

  /// The points the set-found score change of `events` gave.
  static func reward(_ events: [MatchEvent]) -> Int? {
    events.lazy.compactMap { event -> Int? in
      guard case .scoreChanged(_, let delta, _, .setFound) = event else { return nil }
      return delta
    }.first
  }

  @Test("the curve: three times the reward within 10 s, twice within 20 s, once after")
  func curve() {
    #expect(Scoring.speed.points(reward: 1, findMs: 0) == 3)
    #expect(Scoring.speed.points(reward: 1, findMs: 9_999) == 3)
    #expect(Scoring.speed.points(reward: 1, findMs: 10_000) == 2)
    #expect(Scoring.speed.points(reward: 2, findMs: 19_999) == 4)
    #expect(Scoring.speed.points(reward: 1, findMs: 20_000) == 1)
    #expect(Scoring.speed.points(reward: 1, findMs: 600_000) == 1)
    #expect(Scoring.sets.points(reward: 1, findMs: 0) == 1)
  }

  @Test("a set is timed from the table's last change to the claim that found it")
  func timedFromTheTableChange() throws {
    var harness = MatchHarness(seed: ClaimRuleTests.seedWithSet, rules: Self.speed)
    harness.wait(4_000)
    #expect(Self.reward(harness.apply(.pick(harness.aSet()), by: .one)) == 3)
    // The table changed at 4 s; a claim at 19 s finds the next set in 15 s, however long the picks take.
    harness.wait(15_000)
    harness.apply(.claim, by: .two)
    harness.wait(4_000)
    let set = try #require(Table(cards: harness.match.table.cards).sets().first)
    #expect(Self.reward(harness.apply(.pick(set), by: .two)) == 2)
    harness.wait(25_000)
    let next = try #require(Table(cards: harness.match.table.cards).sets().first)
    #expect(Self.reward(harness.apply(.pick(next), by: .one)) == 1)
    #expect(harness.match.scores == [4, 2])
  }

  @Test("under the standard rules the same sets score one each")
  func standardRules() {
    var harness = MatchHarness(seed: ClaimRuleTests.seedWithSet)
    harness.wait(4_000)
    #expect(Self.reward(harness.apply(.pick(harness.aSet()), by: .one)) == 1)
  }

  @Test("guessing does not pay: a random guesser at once, at triple reward, loses points on average")
  func guessingLoses() {
    var random = SplitMix64(seed: 13)
    var total = 0
    let games = 2_000
    for seed in 0..<UInt64(games) {
      var harness = MatchHarness(seed: seed, rules: Self.speed)
      var slots: [Slot] = []
      while slots.count < 3 {
        let slot = Slot(Int(random.next() % 12))
        if !slots.contains(slot) { slots.append(slot) }
      }
      harness.apply(.pick(slots), by: .one)
      total += harness.match.scores.one
    }
    let mean = Double(total) / Double(games)
    #expect(mean < -0.5, "a guess scores \(mean) on average")
  }
}
