import SetCore
import SetSimulation
import Testing

/// The same seed and the same commands at the same times give the same events.
@Suite("Determinism")
struct DeterminismTests {
  /// One call on a match, as recorded from a simulation.
  struct Call: Equatable {
    var action: Step.Action
    var time: Instant
  }

  /// Plays the game from `seed` and returns every call made and every event seen, in order.
  static func record(seed: UInt64, behaviour: Behaviour = .mixed) -> (calls: [Call], events: [MatchEvent], final: Match)
  {
    var calls: [Call] = []
    var events: [MatchEvent] = []
    var game = SimulatedGame(seed: seed, behaviour: behaviour)
    _ = game.play { step in
      calls.append(Call(action: step.action, time: step.time))
      events += step.events
    }
    return (calls, events, game.match)
  }

  /// Makes `calls` on a fresh match from `seed` and returns the events.
  static func replay(_ calls: [Call], seed: UInt64) -> (events: [MatchEvent], final: Match) {
    var match = Match(seed: seed)
    var events: [MatchEvent] = []
    for call in calls {
      switch call.action {
      case .command(let command, let seat):
        if let outcome = try? match.apply(command, by: seat, at: call.time) { events += outcome.events }
      case .advance:
        events += match.advance(to: call.time).events
      }
    }
    return (events, match)
  }

  @Test(
    "the same seed played twice by the simulation gives identical calls, events and stats",
    arguments: [1, 2, 3, 99, 12_345] as [UInt64])
  func simulationTwice(seed: UInt64) {
    let first = Self.record(seed: seed)
    let second = Self.record(seed: seed)
    #expect(first.calls == second.calls)
    #expect(first.events == second.events)
    #expect(first.final == second.final)
    #expect(SimulatedGame.play(seed: seed) == SimulatedGame.play(seed: seed))
  }

  @Test("the same timed commands on a fresh match give identical events", arguments: [4, 5, 6, 77, 2_024] as [UInt64])
  func replayedCommands(seed: UInt64) {
    let recorded = Self.record(seed: seed)
    #expect(!recorded.events.isEmpty)
    let replayed = Self.replay(recorded.calls, seed: seed)
    #expect(replayed.events == recorded.events)
    #expect(replayed.final == recorded.final)
  }

  @Test("a hand-written sequence of timed commands gives the same events every time")
  func scriptedCommands() throws {
    func run() throws -> [MatchEvent] {
      var match = Match(seed: 31)
      var events: [MatchEvent] = []
      var now = Instant.zero
      func step(_ command: MatchCommand, _ seat: Seat, after milliseconds: Int64) throws {
        now = now.adding(milliseconds: milliseconds)
        events += match.advance(to: now).events
        events += try match.apply(command, by: seat, at: now).events
      }
      try step(.join, .one, after: 0)
      try step(.join, .two, after: 10)
      for round in 0..<40 {
        let seat: Seat = round % 2 == 0 ? .one : .two
        if let set = match.table.sets().first {
          try step(round % 3 == 0 ? .pick([set[0], set[1]]) : .pick(set), seat, after: 700)
          if match.selection.count == 2 { try step(.pick([set[2]]), seat, after: 300) }
        } else if !match.deck.isEmpty {
          try step(.deal, seat, after: 1_200)
        }
        if round == 10 {
          try step(.leave, .two, after: 50)
          try step(.join, .two, after: 20_000)
        }
        if round == 20 {
          try step(.claim, .one, after: 100)
          events += match.advance(to: now.adding(milliseconds: 20_000)).events
          now = now.adding(milliseconds: 20_000)
        }
        guard case .over = match.phase else { continue }
        break
      }
      return events
    }
    let first = try run()
    #expect(first.count > 40)
    #expect(try run() == first)
  }

  @Test("different seeds give different games")
  func differentSeedsDiffer() {
    let one = Self.record(seed: 1)
    let two = Self.record(seed: 2)
    #expect(one.events != two.events)
    #expect(one.events[2] != two.events[2])  // the opening tables, after the two joins
    var tables: Set<[Card]> = []
    for seed in UInt64(0)..<200 { tables.insert(openingTable(seed: seed)) }
    #expect(tables.count == 200)
  }
}
