import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetSimulation
import Testing

@testable import SetStats

/// Players' figures and ratings folded from game records, against the same figures counted from the
/// simulated matches' own events.
@Suite("History from records")
struct HistoryTests {
  static let pool = ["ann", "bob", "cy", "dee"]

  @Test("stats folded from seeded games' records equal those counted from the games themselves")
  func statsMatchTheGames() throws {
    let simulated = SimulatedRecords(count: 40, pool: Self.pool)
    var history = History()
    for text in simulated.texts { try history.fold(record: text) }
    #expect(history.records == 40)
    #expect(history.games == simulated.results.count)
    #expect(Set(history.players.keys) == Set(Self.pool))
    var totalSets = 0
    for name in Self.pool {
      let expected = try #require(simulated.expected[name])
      let player = try #require(history.player(name.uppercased()))
      let folded = SimulatedRecords.Expected(
        games: player.games, wins: player.wins, losses: player.losses, ties: player.ties, forfeits: player.forfeits,
        sets: player.sets, wrongPicks: player.wrongPicks, expiredClaims: player.expiredClaims,
        needlessDeals: player.needlessDeals, findTimes: player.findTimes)
      #expect(folded == expected, "\(name)")
      #expect(player.medianFindTime == expected.findTimes.sorted()[(expected.findTimes.count - 1) / 2])
      #expect(player.fastestFindTime == expected.findTimes.min())
      totalSets += player.sets
    }
    // The mixed players make every kind of move, so each figure above was really counted.
    let all = simulated.expected.values
    #expect(totalSets > 100)
    #expect(all.contains { $0.wrongPicks > 0 } && all.contains { $0.expiredClaims > 0 })
    #expect(all.contains { $0.needlessDeals > 0 } && all.contains { $0.forfeits > 0 })
  }

  @Test("the simulated records replay exactly, as a table's own records do")
  func simulatedRecordsReplay() throws {
    for text in SimulatedRecords(count: 5, pool: Self.pool).texts {
      #expect(try Replay(text: text).verify() > 50)
    }
  }

  @Test("ratings folded from records equal Glicko-2 applied game by game in order")
  func ratingsMatchTheGames() throws {
    let simulated = SimulatedRecords(count: 40, pool: Self.pool)
    var history = History()
    for text in simulated.texts { try history.fold(record: text) }
    var ratings: [String: Glicko2.Rating] = [:]
    for (names, result) in simulated.results {
      let keys = names.map { $0.lowercased() }
      let score: Double = result.winner == .one ? 1 : result.winner == .two ? 0 : 0.5
      let (one, two) = Glicko2.game(ratings[keys.one] ?? .init(), ratings[keys.two] ?? .init(), score: score)
      (ratings[keys.one], ratings[keys.two]) = (one, two)
    }
    for name in Self.pool {
      #expect(history.player(name)?.rating == ratings[name], "\(name)")
    }
    let board = history.leaderboard(limit: 3)
    #expect(board.count == 3)
    #expect(zip(board, board.dropFirst()).allSatisfy { $0.rating.rating >= $1.rating.rating })
    #expect(history.player("nobody") == nil)
  }

  @Test("a record cut short counts as far as it goes; a game without OVER moves no rating")
  func truncatedRecord() throws {
    let simulated = SimulatedRecords(count: 1, pool: ["ann", "bob"], behaviour: .perfect)
    let text = simulated.texts[0]
    let lines = text.split(separator: "\n")
    let over = try #require(lines.firstIndex { $0.hasPrefix("ev OVER ") })
    // Cut in the middle of the line before OVER, as a server killed while writing would leave it.
    let cut = lines[..<over].joined(separator: "\n").dropLast(3)
    var history = History()
    try history.fold(record: String(cut))
    let ann = try #require(history.player("ann"))
    let bob = try #require(history.player("bob"))
    #expect(history.games == 0 && ann.games == 0 && ann.rating == Glicko2.Rating())
    #expect(ann.sets + bob.sets == simulated.expected.values.map(\.sets).reduce(0, +))
  }

  @Test(
    "times with decimals, as a server stamping commands with the kernel's time writes them, give the same find times")
  func fractionalTimes() throws {
    let text = SimulatedRecords(count: 1, pool: ["ann", "bob"]).texts[0]
    // Every command and tick a quarter of a millisecond later: no find time changes.
    let later = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
      guard words.count == 3, words[0] == "cmd" || words[0] == "tick" else { return String(line) }
      return "\(words[0]) \(words[1]).250000 \(words[2])"
    }.joined(separator: "\n")
    #expect(later != text)
    var whole = History()
    try whole.fold(record: text)
    var fractional = History()
    try fractional.fold(record: later)
    let times = try #require(whole.player("ann")?.findTimes)
    #expect(times.contains { $0 > 0 })
    #expect(fractional.player("ann")?.findTimes == times)
    #expect(fractional.player("bob")?.findTimes == whole.player("bob")?.findTimes)
  }

  @Test("text that is not a record is refused and changes nothing")
  func unreadableRecord() throws {
    var history = History()
    try history.fold(record: SimulatedRecords(count: 1, pool: ["ann", "bob"]).texts[0])
    let before = history
    #expect(throws: History.Unreadable.self) { try history.fold(record: "hello\nworld\n") }
    #expect(throws: History.Unreadable.self) { try history.fold(record: "") }
    #expect(history == before)
  }

  /// A short game as a table writes it at human speed: command times with a fraction of a
  /// millisecond, and each `SET` carrying the find time the rules measured.
  static let humanSpeedRecord = """
    SETDUEL-RECORD 1
    seed 7
    cmd 3230.239032 1 JOIN
    ev JOINED 1 1 ann
    cmd 3412.5 2 JOIN
    ev JOINED 2 2 bob
    ev START 3 1 69 A=1RSD
    cmd 3713.901234 1 CLAIM
    ev CLAIM 4 1 5000
    cmd 3790.000001 1 PICK A,B,C
    ev SET 5 1 A,B,C 1RSD,2RSD,3RSD 301
    ev DIFF 6 66 12 +A=1GSD
    cmd 4422.75 2 PICK D,E,F
    ev SET 7 2 D,E,F 1GSD,2GSD,3GSD 632
    """

  @Test("find times come from the SET events of a record written at human speed, fractions and all")
  func findTimesAtHumanSpeed() throws {
    var history = History()
    let warnings = try history.fold(record: Self.humanSpeedRecord)
    #expect(warnings.isEmpty)
    #expect(history.player("ann")?.findTimes == [301])
    #expect(history.player("bob")?.findTimes == [632])
    var live = History()
    live.beginRecord()
    for line in Self.humanSpeedRecord.split(separator: "\n").dropFirst() {
      _ = live.fold(try RecordLine.parse(line).get())
    }
    #expect(live.player("bob")?.findTimes == [632])
  }

  @Test("an old record whose SET lines carry no find time still gets them from its command times")
  func findTimesOfOldRecords() throws {
    let old = Self.humanSpeedRecord.split(separator: "\n").map { line in
      line.hasPrefix("ev SET ") ? line.split(separator: " ").dropLast().joined(separator: " ") : String(line)
    }.joined(separator: "\n")
    var history = History()
    try history.fold(record: old)
    // From START (no time yet: 3412.5) to the claim at 3713.901234; from the DIFF after the set
    // (3790.000001) to bob's pick at 4422.75.
    #expect(history.player("ann")?.findTimes == [301])
    #expect(history.player("bob")?.findTimes == [632])
  }

  @Test(
    "a time too large for the clock is a warning naming its line, never a trap",
    arguments: [
      "cmd 99999999999999 1 JOIN", "tick 99999999999999999", "tick 9223372036854775807", "cmd 1.9999999 1 JOIN",
      "tick 18446744073709551616", "cmd 1000000000001 1 JOIN",
    ])
  func outOfRangeTimes(line: String) throws {
    var history = History()
    let text = "SETDUEL-RECORD 1\nseed 7\n\(line)\nev JOINED 1 1 ann\nev NOSET 2 1 A,B,C 1RSD,1RSO,1RSS\n"
    let warnings = try history.fold(record: text)
    #expect(warnings == ["line 3: a time out of range (0 to 1000000000000 ms, up to six decimals)"])
    #expect(history.player("ann")?.wrongPicks == 1, "the lines after it are read")
  }
}
