import Glibc
import SetBase
import SetTournament
import Testing

/// How many seeded random Swiss tournaments to play: 200 by default, so that the target runs in
/// seconds; `SETDUEL_GAMES` asks for more (CI plays 10,000, a couple of minutes in a debug build).
let randomTournaments = max(200, getenv("SETDUEL_GAMES").flatMap { Int(String(cString: $0)) } ?? 200)

/// Seeded random Swiss tournaments with ties, forfeits, absences, withdrawals, entries again and late
/// entries, each round checked against the absolute rules and, for 11 players or fewer, against a
/// search of every pairing.
@Suite("Swiss: random tournaments against the rules and an exhaustive search")
struct SwissPropertyTests {
  /// The least (squared points gap, bye's place from the bottom) over every pairing of `players` (in
  /// ranking order) that keeps the absolute rules, or nil if none does. The bye counts as a pair with
  /// a player on 0 points.
  static func bestCost(book: SwissBook, players: [String]) -> (square: Int, byeFromBottom: Int)? {
    let halves = players.map(book.halves(of:))
    let met = players.map(book.opponents(of:))
    var best: (square: Int, byeFromBottom: Int)?
    var used = Array(repeating: false, count: players.count)
    func consider(_ cost: (Int, Int)) {
      if let known = best, known.square < cost.0 || (known.square == cost.0 && known.byeFromBottom <= cost.1) {
        return
      }
      best = cost
    }
    func search(square: Int, byeFromBottom: Int?) {
      if let best, square > best.square { return }  // no completion can cost less
      guard let first = used.firstIndex(of: false) else {
        consider((square, byeFromBottom ?? 0))
        return
      }
      used[first] = true
      if byeFromBottom == nil && players.count % 2 == 1 && book.byeBar(for: players[first]) == nil {
        search(square: square + halves[first] * halves[first], byeFromBottom: players.count - 1 - first)
      }
      for other in (first + 1)..<players.count where !used[other] && met[first][players[other]] == nil {
        used[other] = true
        let gap = halves[first] - halves[other]
        search(square: square + gap * gap, byeFromBottom: byeFromBottom)
        used[other] = false
      }
      used[first] = false
    }
    search(square: 0, byeFromBottom: nil)
    return best
  }

  /// The same costs of a round the pairer made.
  static func cost(of round: SwissRound, book: SwissBook, players: [String]) -> (square: Int, byeFromBottom: Int) {
    var square = 0
    for game in round.games {
      let gap = book.halves(of: game.seats.one) - book.halves(of: game.seats.two)
      square += gap * gap
    }
    guard let bye = round.bye else { return (square, 0) }
    return (square + book.halves(of: bye) * book.halves(of: bye), players.count - 1 - players.firstIndex(of: bye)!)
  }

  @Test("random tournaments of 2 to 40 players: no rematch, one bye at most, never after a forfeit win, least cost")
  func randomTournamentsKeepTheRules() {
    var searched = 0
    for seed in 1...randomTournaments {
      var random = SplitMix64(seed: UInt64(seed))
      let count = 2 + random.draw(below: 39)
      let rounds = SwissRules.defaultRounds(players: count)
      var book = SwissBook()
      var waiting: [String] = []  // enter late
      for index in 0..<count {
        let name = "p\(index)"
        if random.draw(below: 6) == 0 && rounds > 1 {
          waiting.append(name)
        } else {
          book.entrants.append(SwissEntrant(name: name, rating: 1000 + random.draw(below: 8) * 100, lot: random.next()))
        }
      }
      for number in 1...rounds {
        // Late entries until half the rounds have started; withdrawals; entries again.
        if SwissRules.lateEntryOpen(roundsStarted: number - 1, rounds: rounds) {
          while let name = waiting.popLast(), random.draw(below: 2) == 0 {
            book.entrants.append(
              SwissEntrant(name: name, rating: 1500, lot: random.next(), firstRound: number, lateBye: number > 1))
          }
        }
        for index in book.entrants.indices where random.draw(below: 12) == 0 {
          book.entrants[index].active.toggle()
        }
        let present = book.entrants.filter { $0.active && random.draw(below: 15) != 0 }.map(\.name)
        let ranked = book.ranked(present)
        if ranked.isEmpty { continue }
        let round = SwissPairer.pair(book: book, present: present, number: number)
        if ranked.count <= 11 {
          searched += 1
          let best = Self.bestCost(book: book, players: ranked)
          #expect((round == nil) == (best == nil), "seed \(seed) round \(number): pairer and search disagree")
          if let round, let best {
            let made = Self.cost(of: round, book: book, players: ranked)
            #expect(
              made.square == best.square, "seed \(seed) round \(number): squared gap \(made.square) > \(best.square)")
            #expect(
              made == best, "seed \(seed) round \(number): bye \(made.byeFromBottom) from the bottom, best \(best)")
          }
        }
        guard var round else { break }
        var seen = Set<String>()
        for game in round.games {
          let (a, b) = (game.seats.one, game.seats.two)
          #expect(book.opponents(of: a)[b] == nil, "seed \(seed) round \(number): \(a) and \(b) meet again")
          #expect(seen.insert(a).inserted && seen.insert(b).inserted, "seed \(seed): paired twice")
        }
        if let bye = round.bye {
          #expect(book.byeBar(for: bye) == nil, "seed \(seed) round \(number): \(bye) gets a second bye")
          #expect(seen.insert(bye).inserted)
        }
        #expect(seen == Set(present), "seed \(seed) round \(number): not everyone present is paired")
        for index in round.games.indices {
          let results: [GameResult] = [.seat1, .seat2, .tie, .seat1, .seat2, .forfeit1, .forfeit2, .forfeitBoth]
          round.games[index].result = results[random.draw(below: results.count)]
        }
        book.rounds.append(round)
      }
      for entrant in book.entrants {
        let byes = book.rounds.filter { $0.bye == entrant.name }.count + (entrant.lateBye ? 1 : 0)
        #expect(byes <= 1, "seed \(seed): \(entrant.name) has \(byes) byes")
      }
    }
    #expect(searched > randomTournaments)
  }
}
