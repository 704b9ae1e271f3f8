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
}
