import SetCore
import SetSimulation
import Testing

/// The simulated game itself: what it counts is what happened.
@Suite("Simulated games")
struct SimulatedGameTests {
  @Test("the simulation's stats agree with the events it saw")
  func statsAgreeWithEvents() {
    var steps = 0
    var sets = 0
    var refused = 0
    let stats = SimulatedGame.play(seed: 77, behaviour: .mixed) { step in
      steps += 1
      if case .failure = step.result { refused += 1 }
      sets += step.events.filter { if case .setFound = $0 { true } else { false } }.count
    }
    #expect(stats.steps == steps)
    #expect(stats.setsFound == sets)
    #expect(stats.refused == refused)
    #expect(stats.result.map { $0.sets.values.reduce(0, +) } == sets)
  }

  @Test("a game plays the same with an observer as without: only the observer's copies differ")
  func observerChangesNothing() {
    for variant in Variant.allCases {
      for seed in UInt64(1)...200 {
        let rules = Rules(variant: variant)
        var seen = 0
        let watched = SimulatedGame.play(seed: seed, behaviour: .mixed, rules: rules) { _ in seen += 1 }
        let unwatched = SimulatedGame.play(seed: seed, behaviour: .mixed, rules: rules)
        #expect(watched == unwatched, "\(variant) seed \(seed)")
        #expect(seen == unwatched.steps)
      }
    }
  }
}
