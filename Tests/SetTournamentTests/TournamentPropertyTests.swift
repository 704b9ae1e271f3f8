import Foundation
import SetBase
import SetTournament
import Testing

/// Seeded random Swiss tournaments run through the state machine as a server would run them: late
/// entries, withdrawals and entries again, dropped connections, no-shows, forfeits, ties and NEXT;
/// the rules checked from the rounds alone, and the record replayed.
@Suite("Tournament: random Swiss tournaments through the state machine, checked and replayed")
struct TournamentPropertyTests {
  /// What the rounds say each player had before round `number`: opponents, byes, forfeit wins.
  static func history(_ rounds: [SwissRound], before number: Int) -> (
    met: Set<[String]>, byes: [String: Int], forfeitWins: Set<String>
  ) {
    var met = Set<[String]>()
    var byes: [String: Int] = [:]
    var forfeitWins = Set<String>()
    for round in rounds where round.number < number {
      if let bye = round.bye { byes[bye, default: 0] += 1 }
      for game in round.games {
        met.insert([game.seats.one, game.seats.two].sorted())
        if game.result == .forfeit1 { forfeitWins.insert(game.seats.two) }
        if game.result == .forfeit2 { forfeitWins.insert(game.seats.one) }
      }
    }
    return (met, byes, forfeitWins)
  }

  @Test(
    "random Swiss tournaments: never a rematch, one bye at most, none after a forfeit win; the record replays exactly")
  func randomSwissThroughTheMachine() throws {
    var seen: [String: Int] = [:]  // how often the record shows each case, so that each is exercised
    for seed in 1...max(40, randomTournaments / 5) {
      var random = SplitMix64(seed: UInt64(seed) &* 31)
      let count = 2 + random.draw(below: 23)
      var recorder = RecordTests.Recorder(
        TournamentSettings(
          format: .swiss(rounds: nil), seed: UInt64(seed), startAt: .zero.adding(milliseconds: 600_000)))
      var late: [String] = []
      for index in 0..<count {
        if index >= 2 && random.draw(below: 5) == 0 {
          late.append("p\(index)")
        } else {
          try recorder.apply(.enter("p\(index)", rating: 1000 + random.draw(below: 10) * 50), at: 0)
        }
      }
      try recorder.apply(.start(organiser: true), at: 1)
      var second: Int64 = 1
      var sitting = Set<String>()
      var dealt = Set<Int>()
      var absentees: [Int: Set<String>] = [:]
      while recorder.tournament.state != .finished && second < 20_000 {
        second += 1
        func attempt(_ command: TournamentCommand) {
          try? recorder.apply(command, at: second)
        }
        for pairing in recorder.tournament.liveGames {
          if !dealt.contains(pairing.game) {
            // A sixth of the paired players never sit down: they lose by forfeit after 60 s.
            dealt.insert(pairing.game)
            for name in pairing.seats.values where random.draw(below: 6) == 0 {
              absentees[pairing.game, default: []].insert(name)
            }
          }
          for name in pairing.seats.values
          where !sitting.contains(name) && absentees[pairing.game]?.contains(name) != true {
            if (try? recorder.apply(.seated(name), at: second)) != nil { sitting.insert(name) }
          }
          if pairing.seats.values.allSatisfy(sitting.contains) && random.draw(below: 3) == 0 {
            attempt(.result(game: pairing.game, [.seat1, .seat2, .tie][random.draw(below: 3)]))
            sitting.subtract(pairing.seats.values)
          }
        }
        switch random.draw(below: 100) {
        case 0: if let name = late.popLast() { attempt(.enter(name, rating: 1234)) }
        case 1: attempt(.withdraw("p\(random.draw(below: count))"))
        case 2: attempt(.enter("p\(random.draw(below: count))", rating: 1500))
        case 3: attempt(.connection("p\(random.draw(below: count))", connected: random.draw(below: 3) != 0))
        case 4: attempt(.next(organiser: true))
        default: break
        }
        recorder.advance(to: second)
      }
      let tournament = recorder.tournament
      #expect(tournament.state == .finished, "seed \(seed): not finished")
      for round in tournament.swiss.rounds {
        let before = Self.history(tournament.swiss.rounds, before: round.number)
        for game in round.games {
          #expect(!before.met.contains([game.seats.one, game.seats.two].sorted()), "seed \(seed): a rematch")
        }
        if let bye = round.bye {
          let lateBye = tournament.swiss.entrant(bye)?.lateBye == true
          #expect(before.byes[bye] == nil && !lateBye, "seed \(seed) round \(round.number): a second bye for \(bye)")
          #expect(!before.forfeitWins.contains(bye), "seed \(seed) round \(round.number): a bye after a forfeit win")
        }
      }
      for (what, marker) in [
        ("forfeit", "result=forfeit"), ("two forfeits", "cause=two-forfeits"), ("late bye", "late=1"),
        ("bye", "= bye "), ("absent", "absent=p"), ("float", "kind=float"),
      ] where recorder.lines.contains(where: { $0.contains(marker) }) {
        seen[what, default: 0] += 1
      }
      let replay = TournamentReplay(recorder.text, file: "random")
      #expect(replay.warnings.isEmpty, "seed \(seed): \(replay.warnings.prefix(3))")
      #expect(replay.tournament == tournament, "seed \(seed): replay differs")
      let json = try JSONSerialization.jsonObject(with: Data(tournament.standingsJSON().utf8)) as? [String: Any]
      #expect((json?["players"] as? [Any])?.count == tournament.swiss.entrants.count)
    }
    #expect(seen.count == 6, "cases exercised: \(seen.keys.sorted())")
  }

  @Test("a record cut or garbled at random places gives warnings, never a crash")
  func garbledRecords() throws {
    let text = try RecordTests.workedExample().text
    var random = SplitMix64(seed: 99)
    for _ in 0..<200 {
      var bytes = Array(text.utf8)
      for _ in 0..<(1 + random.draw(below: 4)) {
        switch random.draw(below: 3) {
        case 0: bytes.removeSubrange(random.draw(below: bytes.count)..<bytes.count)
        case 1: bytes[random.draw(below: bytes.count)] = UInt8(random.draw(below: 256))
        default: bytes.insert(UInt8(ascii: "\n"), at: random.draw(below: bytes.count))
        }
        if bytes.isEmpty { bytes = [10] }
      }
      let garbled = String(decoding: bytes, as: UTF8.self)
      let replay = TournamentReplay(garbled, file: "g")
      // Each warning names the file and a line that exists.
      let lines = garbled.utf8.split(separator: 10, omittingEmptySubsequences: false).count
      for warning in replay.warnings {
        let number = warning.split(separator: ":").dropFirst().first.flatMap { Int($0) }
        #expect(warning.hasPrefix("g:") && number.map { (1...lines).contains($0) } == true, "\(warning)")
      }
    }
  }
}
