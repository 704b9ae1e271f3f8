import SetBase
import SetTournament
import Testing

@Suite("Arena: lichess's sheet, its pairing weights and its tie-breaks")
struct ArenaTests {
  @Test(
    "the sheet: win,win,win = 8; win,win,tie = 6; four wins = 12; win,win,loss,win = 6",
    arguments: [
      ([ArenaOutcome.win, .win, .win], 8), ([.win, .win, .tie], 6), ([.win, .win, .win, .win], 12),
      ([.win, .win, .loss, .win], 6), ([.tie, .win, .win, .tie, .win], 1 + 2 + 2 + 2 + 2),
    ])
  func sheet(outcomes: [ArenaOutcome], total: Int) {
    #expect(ArenaSheet(outcomes).total == total)
  }

  @Test("a loss or a tie ends the fire; two wins light it again")
  func fire() {
    var sheet = ArenaSheet([.win, .win])
    #expect(sheet.onFire)
    #expect(sheet.add(.loss) == 0)
    #expect(!sheet.onFire)
    #expect(sheet.add(.win) == 2)
    #expect(sheet.add(.win) == 2)
    #expect(sheet.add(.tie) == 2)
    #expect(!sheet.onFire && sheet.streak == 0)
  }

  static func candidate(_ name: String, rating: Int, rank: Int, since: Int64 = 0, last: String? = nil)
    -> ArenaCandidate
  {
    ArenaCandidate(name: name, rating: rating, rank: rank, since: Instant(milliseconds: since), lastOpponent: last)
  }

  @Test("lichess's weight: |rank gap| x (300 + 1700 x (players - better rank) / players) + |rating gap|")
  func weight() {
    let a = Self.candidate("a", rating: 1500, rank: 1)
    let b = Self.candidate("b", rating: 1620, rank: 4)
    // 3 x (300 + 1700 x 9 / 10) + 120 = 3 x 1830 + 120
    #expect(ArenaPairer.weight(a, b, players: 10) == 5_610)
    let c = Self.candidate("c", rating: 1400, rank: 7)
    // 3 x (300 + 1700 x 6 / 10) + 220
    #expect(ArenaPairer.weight(b, c, players: 10) == 3 * 1_320 + 220)
  }

  @Test("four waiting: the matching of least total weight, not the greedy one")
  func leastTotalWeight() {
    // The cheapest pair, b-c (1 x 1150), leaves a-d (3 x 1575 + 1500): 7375 in all; a-b (1575) with
    // c-d (725 + 1500) costs 3800; a-c (3150) with b-d (2300 + 1500), 6950.
    let players = [
      Self.candidate("a", rating: 1500, rank: 1), Self.candidate("b", rating: 1500, rank: 2),
      Self.candidate("c", rating: 1500, rank: 3), Self.candidate("d", rating: 3000, rank: 4),
    ]
    let pairs = ArenaPairer.pair(players, players: 4).map { [$0.0.name, $0.1.name] }
    #expect(pairs == [["a", "b"], ["c", "d"]])
  }

  @Test("no immediate rematch unless they are the only two waiting; with an odd number the last to arrive waits")
  func rematchAndOdd() {
    let a = Self.candidate("a", rating: 1500, rank: 1, since: 0, last: "b")
    let b = Self.candidate("b", rating: 1500, rank: 2, since: 0, last: "a")
    let c = Self.candidate("c", rating: 1000, rank: 9, since: 10)
    let d = Self.candidate("d", rating: 1000, rank: 10, since: 20)
    #expect(ArenaPairer.pair([a, b], players: 10).map { [$0.0.name, $0.1.name] } == [["a", "b"]])
    #expect(ArenaPairer.pair([a, b, c, d], players: 10).map { [$0.0.name, $0.1.name] } == [["a", "c"], ["b", "d"]])
    // a-c 8 x 1830 + 500 with b-d 8 x 1660 + 500 (28920) against a-d 9 x 1830 + 500 with b-c
    // 7 x 1660 + 500 (29090). With e, the last to arrive, five wait: e waits.
    let e = Self.candidate("e", rating: 1000, rank: 8, since: 30)
    let five = ArenaPairer.pair([e, c, a, b, d], players: 10).map { [$0.0.name, $0.1.name] }
    #expect(five == [["a", "c"], ["b", "d"]])
  }

  @Test("standings: points, then performance, then more games, then the lot")
  func standings() {
    var book = ArenaBook()
    for (index, (name, rating)) in [("a", 1500), ("b", 1700), ("c", 1500), ("d", 1300)].enumerated() {
      book.players.append(ArenaPlayer(name: name, rating: rating, lot: UInt64(10 - index), since: .zero))
    }
    // a beats b (perf a: 1700 + 500); c beats d (perf c: 1300 + 500): equal points, a's performance higher.
    _ = book.finish(seats: ["a", "b"], result: .seat1, at: Instant(milliseconds: 5))
    _ = book.finish(seats: ["c", "d"], result: .seat1, at: Instant(milliseconds: 6))
    let standings = book.standings()
    // b and d: 0 points, performance 1000 each, one game each: the lot puts d (7) before b (9).
    #expect(standings.map(\.name) == ["a", "c", "d", "b"])
    #expect(standings.map(\.performance) == [2200, 1800, 1000, 1000])
    #expect(book.games.map(\.endedMilliseconds) == [5, 6])
    // A forfeit win counts on the sheet and for the streak, not for the performance.
    let points = book.finish(seats: ["b", "d"], result: .forfeit2, at: Instant(milliseconds: 7))
    #expect(points == [2, 0])
    #expect(book.standings().first { $0.name == "b" }?.performance == 1000)
  }
}
