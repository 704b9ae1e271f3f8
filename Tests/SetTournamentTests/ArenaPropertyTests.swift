import SetBase
import SetTournament
import Testing

/// Seeded random arenas run through the state machine: pauses, returns, dropped connections,
/// no-shows, ties and withdrawals; the scores checked against the sheet's rule applied here, the
/// pairings against the clock and each other, and the record replayed.
@Suite("Arena: random arenas through the state machine, scored, checked and replayed")
struct ArenaPropertyTests {
  /// A player's points from the games in the order they ended, by the rule itself: 2 a win, 1 a tie,
  /// doubled after two wins in a row.
  static func score(_ name: String, games: [ArenaGame]) -> Int {
    var total = 0
    var wins = 0
    for game in games where game.seats.values.contains(name) {
      let seat: Seat = game.seats.one == name ? .one : .two
      let halves = game.result.halves(for: seat)
      total += halves * (wins >= 2 ? 2 : 1)
      wins = halves == 2 ? wins + 1 : 0
    }
    return total
  }

  @Test(
    "random arenas: scores by the sheet's rule, one game at a time, nothing paired after the clock; replayed exactly")
  func randomArenas() throws {
    let arenas = max(30, randomTournaments / 10)
    var games = 0
    var forfeits = 0
    for seed in 1...arenas {
      var random = SplitMix64(seed: UInt64(seed) &* 977)
      let count = 2 + random.draw(below: 15)
      var recorder = RecordTests.Recorder(
        TournamentSettings(format: .arena(minutes: 3), seed: UInt64(seed), startAt: .zero.adding(milliseconds: 5_000)))
      for index in 0..<count {
        try recorder.apply(.enter("p\(index)", rating: 1000 + random.draw(below: 20) * 50), at: 0)
      }
      var absentees: [Int: Set<String>] = [:]
      var sitting = Set<String>()
      var second: Int64 = 0
      while recorder.tournament.state != .finished && second < 2_000 {
        second += 1
        let before = recorder.lines.count
        for pairing in recorder.tournament.liveGames {
          if absentees[pairing.game] == nil {
            absentees[pairing.game] = Set(pairing.seats.values.filter { _ in random.draw(below: 10) == 0 })
          }
          for name in pairing.seats.values where !sitting.contains(name) && !absentees[pairing.game]!.contains(name) {
            if (try? recorder.apply(.seated(name), at: second)) != nil { sitting.insert(name) }
          }
          if pairing.seats.values.allSatisfy(sitting.contains) && random.draw(below: 15) == 0 {
            try? recorder.apply(.result(game: pairing.game, [.seat1, .seat2, .tie][random.draw(below: 3)]), at: second)
            sitting.subtract(pairing.seats.values)
          }
        }
        let name = "p\(random.draw(below: count))"
        switch random.draw(below: 60) {
        case 0: try? recorder.apply(.pause(name), at: second)
        case 1, 2: try? recorder.apply(.back(name), at: second)
        case 3: try? recorder.apply(.connection(name, connected: random.draw(below: 2) == 0), at: second)
        case 4: try? recorder.apply(.withdraw(name), at: second)
        case 5: try? recorder.apply(.enter(name, rating: 1500), at: second)
        default: break
        }
        recorder.advance(to: second)
        let live = recorder.tournament.liveGames.flatMap(\.seats.values)
        #expect(Set(live).count == live.count, "seed \(seed) at \(second) s: a player in two games")
        if let ends = recorder.tournament.clockEnds, Instant(milliseconds: second * 1000) > ends {
          #expect(
            !recorder.lines[before...].contains { $0.hasPrefix("= seat ") }, "seed \(seed): paired after the clock")
        }
      }
      let tournament = recorder.tournament
      #expect(tournament.state == .finished, "seed \(seed): not finished")
      for player in tournament.arena.players {
        #expect(
          player.sheet.total == Self.score(player.name, games: tournament.arena.games), "seed \(seed) \(player.name)")
      }
      games += tournament.arena.games.count
      forfeits += tournament.arena.games.filter { !$0.result.played }.count
      let replay = TournamentReplay(recorder.text, file: "arena")
      #expect(replay.warnings.isEmpty, "seed \(seed): \(replay.warnings.prefix(3))")
      #expect(replay.tournament == tournament, "seed \(seed): replay differs")
    }
    // Each arena plays several games, some of them forfeits.
    #expect(games > 5 * arenas && forfeits > 0, "\(games) games, \(forfeits) forfeits")
  }
}
