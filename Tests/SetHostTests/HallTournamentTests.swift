import SetCore
import SetProtocol
import SetPureTestSupport
import SetTournament
import SetTransport
import Testing

@testable import SetHost

/// Connection `n`.
private func c(_ number: UInt64) -> ConnectionID { ConnectionID(rawValue: number) }

@Suite("The hall's tournament: entering, the organiser's orders, the standings")
struct HallTournamentTests {
  static let secret = "8cTq2VbX0rLm5YwJ"

  /// A hall running a Swiss that starts by itself in five minutes, organised by `org`; connections 1
  /// to `count` named ann, bob, cy, dee, ... in the machine presentation (connection 1 as `org`, with
  /// its secret, when `organiser` is set). `record` is the tournament record's file name; `seatsPerMinute`
  /// the address's limit of seatings.
  static func hall(
    _ count: Int, format: TournamentSettings.Format = .swiss(rounds: nil), record: String? = nil,
    seatsPerMinute: Int? = nil
  ) -> HallDriver {
    var hall = HallDriver(seed: 3)
    if let seatsPerMinute { hall.hall.players.seatingLimit = SeatingLimit(perMinute: seatsPerMinute) }
    hall.hold(
      TournamentSettings(format: format, seed: 5, startAt: Instant(milliseconds: 300_000)), organiser: "org",
      record: record)
    let names = ["org", "ann", "bob", "cy", "dee", "eve"]
    for number in 1...count {
      hall.connect(c(UInt64(number)))
      hall.send("MODE MACHINE", from: c(UInt64(number)))
      hall.send("NAME \(names[number - 1])" + (number == 1 ? " \(secret)" : ""), from: c(UInt64(number)))
    }
    return hall
  }

  @Test("ENTER takes a named player in once; ENTER twice and WITHDRAW when not entered are refused, changing nothing")
  func enterAndWithdraw() {
    var hall = Self.hall(3)
    hall.connect(c(9))
    hall.send("MODE MACHINE", from: c(9))
    #expect(hall.send("ENTER", from: c(9)).first?.hasPrefix("ERR NOT_NAMED") == true)
    #expect(hall.send("ENTER", from: c(2)) == ["OK ENTER"])
    let recorded = hall.tournamentRecord
    #expect(recorded.last == "= entered name=ann late=0")
    #expect(hall.send("ENTER", from: c(2)) == ["ERR NOT_NOW you are entered already"])
    #expect(hall.send("WITHDRAW", from: c(3)) == ["ERR NOT_NOW you are not entered: ENTER first"])
    #expect(hall.tournamentRecord == recorded)
    #expect(hall.send("@w WITHDRAW", from: c(2)) == ["TOURNEY withdrew ann asked", "OK @w WITHDRAW"])
    #expect(hall.hall.tournament?.isEntered("ann") == false)
    #expect(hall.send("PAUSE", from: c(2)).first == "ERR NOT_NOW only an arena has PAUSE and BACK")
  }

  @Test("TOURNAMENT gives the format, state, entrants and the time to the start")
  func summary() {
    var hall = Self.hall(3)
    hall.send("ENTER", from: c(2))
    hall.send("ENTER", from: c(3))
    #expect(
      hall.send("TOURNAMENT", from: c(2), at: Instant(milliseconds: 1_000)) == ["OK TOURNAMENT swiss entering 2 299000"]
    )
  }

  @Test("only the organiser, proven by the name's secret, starts the tournament")
  func organiserStarts() {
    var hall = Self.hall(3)
    hall.send("ENTER", from: c(2))
    let notOrganiser = "ERR NOT_NOW only the organiser, proven by the name's secret"
    #expect(hall.send("TOURNAMENT START", from: c(2)).first?.hasPrefix(notOrganiser) == true)
    #expect(
      hall.send("TOURNAMENT START", from: c(1)) == ["ERR NOT_NOW a tournament needs at least two players entered"])
    hall.send("ENTER", from: c(3))
    let before = hall.tournamentRecord
    #expect(hall.send("TOURNAMENT START", from: c(3)).first?.hasPrefix("ERR NOT_NOW only") == true)
    #expect(hall.tournamentRecord == before)
    #expect(hall.send("TOURNAMENT START", from: c(1)).last == "OK TOURNAMENT swiss running 2 -1")
    #expect(hall.tournamentRecord.contains("at=0 start organiser=1"))
    #expect(hall.tournamentRecord.contains("= started rounds=1"))
  }

  @Test("the organiser's name taken without its secret gives no orders")
  func unprovenOrganiser() {
    var hall = HallDriver(seed: 3)
    hall.hold(TournamentSettings(format: .swiss(rounds: nil), seed: 5, startAt: .zero), organiser: "org")
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    hall.send("NAME org", from: c(1))
    let reply = hall.send("TOURNAMENT END", from: c(1)).first ?? ""
    #expect(reply.hasPrefix("ERR NOT_NOW only the organiser, proven by the name's secret"), "\(reply)")
  }

  @Test("STANDINGS sends a line per player, then OK STANDINGS; a flood of them is refused")
  func standings() {
    var hall = Self.hall(4)
    for number in 2...4 as ClosedRange<UInt64> { hall.send("ENTER", from: c(number)) }
    let lines = hall.send("STANDINGS", from: c(1))
    #expect(lines.count == 4 && lines.last == "OK STANDINGS 3")
    let standing = StandingLine(line: lines[0])
    #expect(standing?.rank == 1 && standing?.points == "0" && standing?.status == "active")
    #expect(standing?.tieBreaks.map(\.name) == ["buchholzCut1", "buchholz", "sonnebornBerger", "wins"])
    #expect(Set(lines.dropLast().compactMap { StandingLine(line: $0)?.name }) == ["ann", "bob", "cy"])
    for _ in 1...9 { hall.send("STANDINGS", from: c(1)) }
    #expect(hall.send("STANDINGS", from: c(1)).first?.hasPrefix("ERR RATE_LIMITED") == true)
    #expect(hall.send("STANDINGS", from: c(2)).last == "OK STANDINGS 3")
    #expect(hall.send("STANDINGS", from: c(1), at: Instant(milliseconds: 10_000)).last == "OK STANDINGS 3")
  }

  @Test("an arena's standings carry its tie-breaks and streak; in words they fit the terminal")
  func arenaStandings() {
    var hall = Self.hall(3, format: .arena(minutes: 30))
    hall.send("ENTER", from: c(2))
    hall.send("ENTER", from: c(3))
    let lines = hall.send("STANDINGS", from: c(2))
    #expect(StandingLine(line: lines[0])?.tieBreaks.map(\.name) == ["performance", "games"])
    #expect(StandingLine(line: lines[0])?.streak == 0)
    hall.send("MODE HUMAN", from: c(2))
    let words = hall.send("STANDINGS", from: c(2))
    #expect(words.contains { $0.hasPrefix("  1.  ann") } && words.allSatisfy { $0.count <= 79 }, "\(words)")
    #expect(words.first?.hasSuffix("streak  status") == true, "\(words)")
  }

  @Test("a hall with no tournament says so")
  func noTournament() {
    var hall = HallDriver(seed: 3)
    hall.connect(c(1))
    hall.send("MODE MACHINE", from: c(1))
    #expect(hall.send("STANDINGS", from: c(1)) == ["ERR NOT_NOW this hall runs no tournament"])
  }
}

@Suite("The hall's tournament: pairings onto tables, and their results")
struct HallPairingTests {
  @Test("a Swiss round's pairs are told with the round, a line a board, each entrant but the bye once")
  func pairsToldWithTheRound() {
    var hall = HallTournamentTests.hall(6)
    for number in 2...6 { hall.send("ENTER", from: c(UInt64(number))) }
    hall.send("TOURNAMENT START", from: c(1))
    let told = hall.drain(c(2))
    guard let round = told.firstIndex(where: { $0.hasPrefix("TOURNEY round 1 ") }) else {
      Issue.record("no round line in \(told)")
      return
    }
    let bye = String(told[round].split(separator: " ")[3])
    let pairs = told[(round + 1)...].prefix { $0.hasPrefix("TOURNEY pair ") }.map { $0.split(separator: " ") }
    #expect(pairs.map { $0[2] + " " + $0[3] } == ["1 1", "1 2"], "\(told)")
    let paired = pairs.flatMap { $0.suffix(2).map(String.init) } + [bye]
    #expect(paired.sorted() == ["ann", "bob", "cy", "dee", "eve"], "\(told)")
  }

  @Test("a pairing moves both players to a free table in its seat order, and a forfeit there is its result")
  func pairingAndForfeit() {
    var hall = HallTournamentTests.hall(3)
    hall.send("ENTER", from: c(2))
    hall.send("ENTER", from: c(3))
    let started = hall.send("TOURNAMENT START", from: c(1))
    #expect(started.last == "OK TOURNAMENT swiss running 2 -1")
    #expect(hall.hall.table(of: c(2)) == 2 && hall.hall.table(of: c(3)) == 2)
    #expect(hall.hall.table(of: c(1)) == 1)
    let told = hall.drain(c(2))
    let seat = told.first { $0.hasPrefix("TOURNEY seat ") }
    #expect(seat == "TOURNEY seat 1 1 ann bob" || seat == "TOURNEY seat 1 1 bob ann")
    let first = seat?.split(separator: " ")[4] == "ann" ? c(2) : c(3)
    // The round's pair was told as the round was paired, before its game was seated, in seat order.
    let pair = told.firstIndex { $0.hasPrefix("TOURNEY pair ") }
    let seated = told.firstIndex { $0.hasPrefix("TOURNEY seat ") }
    #expect(
      pair.map { told[$0] }
        == seat.map { "TOURNEY pair 1 1 " + $0.split(separator: " ").suffix(2).joined(separator: " ") })
    #expect(pair != nil && seated != nil && pair! < seated!, "\(told)")
    #expect(told.contains("TOURNEY started 1"))
    #expect(hall.tournamentRecord.contains { $0.hasSuffix(" seated name=ann") })
    #expect(hall.tournamentRecord.contains { $0.hasSuffix(" seated name=bob") })
    #expect(hall.hall.host(of: 2)?.match.phase != .waiting)
    // The player in seat 1 drops and stays away past the resume grace: a forfeit, reported.
    hall.disconnect(first)
    hall.advance(to: Instant(milliseconds: 200_000))
    let other = first == c(2) ? c(3) : c(2)
    let results = hall.drain(other).filter { $0.hasPrefix("TOURNEY result ") }
    #expect(results.count == 1 && results.first?.contains(" forfeit1 0 2") == true, "\(results)")
    #expect(hall.hall.tournament?.state == .finished)
  }

  @Test("a finished tournament's TOURNAMENT tells the fastest set found in its games and who found it")
  func fastestSet() throws {
    var hall = HallTournamentTests.hall(3)
    hall.send("ENTER", from: c(2))
    hall.send("ENTER", from: c(3))
    hall.send("TOURNAMENT START", from: c(1), at: Instant(milliseconds: 1_000))
    #expect(
      hall.send("TOURNAMENT", from: c(1)) == ["OK TOURNAMENT swiss running 2 -1"], "no fastest set before the end")
    let host = try #require(hall.hall.host(of: 2))
    let slots = try #require(host.match.groupSlots().first)
    for (offset, slot) in slots.enumerated() {
      hall.send("PICK \(slot.label)", from: c(2), at: Instant(milliseconds: 2_500 + Int64(offset)))
    }
    #expect(hall.hall.host(of: 2)?.match.scores.values.contains(1) == true, "ann found the set")
    hall.disconnect(c(3))
    hall.advance(to: Instant(milliseconds: 200_000))
    #expect(hall.hall.tournament?.state == .finished)
    #expect(hall.send("TOURNAMENT", from: c(1)) == ["OK TOURNAMENT swiss finished 2 -1 1500 ann"])
    hall.send("MODE HUMAN", from: c(1))
    let words = hall.send("TOURNAMENT", from: c(1)).joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains("The fastest set: ann, 1.5 s."), "\(words)")
    let summary = try #require(TournamentSummary(fields: ["swiss", "finished", "2", "-1", "1500", "ann"]))
    #expect(summary.fastestMilliseconds == 1_500 && summary.fastestName == "ann")
    #expect(summary.fields == ["swiss", "finished", "2", "-1", "1500", "ann"])
  }

  @Test("in a Swiss's break between rounds TOURNAMENT's clock is the time to the next round")
  func breakClock() throws {
    var hall = HallTournamentTests.hall(4, format: .swiss(rounds: 2))
    for number in 2...4 { hall.send("ENTER", from: c(UInt64(number))) }
    hall.send("TOURNAMENT START", from: c(1), at: Instant(milliseconds: 1_000))
    let paired = [c(2), c(3), c(4)].filter { hall.hall.table(of: $0) != 1 }
    #expect(paired.count == 2)
    // One of the round's players stays away: a forfeit ends round 1, and round 2 is paired with a break.
    hall.disconnect(paired[0])
    while hall.hall.tournament?.breakEnds == nil, hall.now < Instant(milliseconds: 300_000) {
      hall.advance(to: hall.now.adding(milliseconds: 1_000))
    }
    let started = hall.now
    #expect(hall.hall.tournament?.breakEnds == started.adding(milliseconds: SwissRules.breakMilliseconds))
    let answer = hall.send("TOURNAMENT", from: c(1), at: started.adding(milliseconds: 5_000))
    #expect(answer == ["OK TOURNAMENT swiss running 3 25000"], "\(answer)")
    hall.send("MODE HUMAN", from: c(1))
    let words = hall.send("TOURNAMENT", from: c(1)).joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains("its next round starts in 25 s"), "\(words)")
  }

  @Test("a tournament game's record names the tournament's record, the game and the round before its players sit")
  func gameRecordNamesTheTournament() {
    var hall = HallTournamentTests.hall(3, record: "tournament-20261202-051300-swiss.tournament")
    hall.send("ENTER", from: c(2))
    hall.send("ENTER", from: c(3))
    hall.send("TOURNAMENT START", from: c(1))
    let record = hall.records[2] ?? []
    let named = record.firstIndex(of: "tournament 1 1 tournament-20261202-051300-swiss.tournament")
    let joined = record.firstIndex { $0.hasPrefix("ev ") && $0.contains("JOINED") }
    #expect(named != nil && joined != nil && named! < joined!, "\(record)")
    #expect(hall.records[1]?.contains { $0.hasPrefix("tournament ") } == false)
  }

  @Test("a pairing's seats do not count against the address's seatings: a room behind one address is seated")
  func pairingsAreNotLimited() {
    // org and ann take table 1's seats, the address's two; bob watches.
    var hall = HallTournamentTests.hall(3, seatsPerMinute: 2)
    hall.send("ENTER", from: c(2))
    hall.send("ENTER", from: c(3))
    hall.send("TOURNAMENT START", from: c(1))
    #expect(hall.hall.host(of: 2)?.seatsTaken == [true, true])
    #expect(hall.hall.host(of: 2)?.match.phase != .waiting)
  }
}

@Suite("The hall's tournament: only the entrants present in the hall are paired")
struct HallPresenceTests {
  @Test("an arena with three waiting, one of whom dropped, pairs the two still connected")
  func arenaPairsTheConnected() {
    var hall = HallTournamentTests.hall(4, format: .arena(minutes: 30))
    for number in 2...4 { hall.send("ENTER", from: c(UInt64(number))) }
    // ann entered first: of three waiting she would be paired, and cy, the last to arrive, would wait.
    hall.disconnect(c(2))
    #expect(hall.tournamentRecord.last == "at=0 connection name=ann connected=0", "\(hall.tournamentRecord)")
    hall.send("TOURNAMENT START", from: c(1))
    let games = hall.hall.tournament?.liveGames ?? []
    #expect(games.count == 1 && Set(games.first?.seats.values ?? []) == ["bob", "cy"], "\(games)")
    #expect(hall.hall.table(of: c(3)) != 1 && hall.hall.table(of: c(3)) == hall.hall.table(of: c(4)))
  }

  @Test("an entrant away when a Swiss round is paired is left out of it with 0, and paired again once back")
  func swissAbsentThenBack() throws {
    var hall = HallTournamentTests.hall(5, format: .swiss(rounds: 3))
    for number in 2...5 { hall.send("ENTER", from: c(UInt64(number))) }
    hall.disconnect(c(5))
    hall.send("TOURNAMENT START", from: c(1), at: Instant(milliseconds: 1_000))
    let first = try #require(hall.hall.tournament?.swiss.rounds.first)
    #expect(first.absent == ["dee"], "\(first)")
    #expect(!first.games.contains { $0.seats.values.contains("dee") } && first.bye != "dee")
    #expect(hall.hall.tournament?.swiss.outcome(of: "dee", in: first) == .unpaired)
    let standings = hall.send("STANDINGS", from: c(1)).compactMap(StandingLine.init(line:))
    #expect(standings.first { $0.name == "dee" }?.points == "0", "\(standings)")
    #expect(standings.first { $0.name == first.bye }?.points == "1", "the bye scores at once: \(standings)")
    // dee comes back, under the name, at table 1; one of round 1's players drops and forfeits its game.
    hall.connect(c(9))
    hall.send("MODE MACHINE", from: c(9))
    hall.send("NAME dee", from: c(9))
    #expect(hall.tournamentRecord.contains { $0.hasSuffix(" connection name=dee connected=1") })
    let dropped = try #require([c(2), c(3), c(4)].first { hall.hall.table(of: $0) != 1 })
    hall.disconnect(dropped)
    while hall.hall.tournament?.breakEnds == nil, hall.now < Instant(milliseconds: 300_000) {
      hall.advance(to: hall.now.adding(milliseconds: 1_000))
    }
    let rounds = hall.hall.tournament?.swiss.rounds ?? []
    #expect(rounds.count == 2, "\(rounds)")
    let second = try #require(rounds.last)
    #expect(
      second.games.contains { $0.seats.values.contains("dee") } || second.bye == "dee", "dee is paired: \(second)")
    #expect(!second.absent.contains("dee") && second.absent.count == 1, "the one who dropped is absent: \(second)")
  }

  @Test("taken up after a restart, a tournament counts its entrants away until a connection takes the name")
  func awayAfterARestart() throws {
    var tournament = Tournament(settings: TournamentSettings(format: .arena(minutes: 30), seed: 5, startAt: .zero))
    _ = try tournament.apply(.enter("ann", rating: 1500), at: .zero)
    _ = try tournament.apply(.enter("bob", rating: 1500), at: .zero)
    var hall = HallDriver(seed: 3)
    _ = hall.hall.resume(tournament, organiser: nil, at: .zero)
    #expect(hall.hall.tournament?.isConnected("ann") == false && hall.hall.tournament?.isConnected("bob") == false)
    hall.connect(c(2))
    hall.send("MODE MACHINE", from: c(2))
    hall.send("NAME Ann", from: c(2))
    #expect(hall.hall.tournament?.isConnected("ann") == true, "names compare as the hall compares them")
    #expect(hall.hall.tournament?.isConnected("bob") == false)
  }
}

@Suite("The hall's tournament: a round paired while its players were away seats each as they come back")
struct HallWaitingGameTests {
  /// A Swiss of ann, bob, cy and dee taken up after a restart in the break before round 2, whose
  /// pairings were made before the stop; nobody is connected. Returns one of round 2's pairings.
  static func restartedInTheBreak() throws -> (HallDriver, TournamentPairing) {
    let settings = TournamentSettings(format: .swiss(rounds: 2), seed: 5, startAt: Instant(milliseconds: 300_000))
    var tournament = Tournament(settings: settings)
    for name in ["ann", "bob", "cy", "dee"] { _ = try tournament.apply(.enter(name, rating: 1500), at: .zero) }
    _ = try tournament.apply(.start(organiser: true), at: .zero)
    for game in tournament.liveGames {
      _ = try tournament.apply(.result(game: game.game, .seat1), at: Instant(milliseconds: 1_000))
    }
    #expect(tournament.breakEnds != nil, "round 2 is paired, its games handed out when the break ends")
    var hall = HallDriver(seed: 3)
    _ = hall.hall.resume(tournament, organiser: nil, at: Instant(milliseconds: 2_000))
    // The break ends with nobody back: the game is seated at a table nobody is at.
    hall.advance(to: Instant(milliseconds: 60_000))
    let pairing = try #require(hall.hall.tournament?.liveGames.first)
    #expect(pairing.round == 2)
    return (hall, pairing)
  }

  /// The table of `pairing`'s game: the one whose host counts it as its tournament game.
  static func table(of pairing: TournamentPairing, in hall: HallDriver) -> Int? {
    hall.hall.tableInfos.map(\.id).first { hall.hall.host(of: $0)?.tournamentGame?.game == pairing.game }
  }

  @Test("each player back under their name sits in their pairing's seat, the second first as well")
  func seatsEachInTheirSeat() throws {
    var (hall, pairing) = try Self.restartedInTheBreak()
    let table = try #require(Self.table(of: pairing, in: hall))
    #expect(hall.hall.host(of: table)?.seatsTaken == [false, false])
    // Seat 2's player comes back first: seat 1 stays free for seat 1's.
    let second = pairing.seats[.two]
    hall.connect(c(2))
    hall.send("MODE MACHINE", from: c(2))
    hall.send("NAME \(second)", from: c(2))
    #expect(hall.hall.table(of: c(2)) == table)
    #expect(hall.hall.host(of: table)?.seatsTaken == [false, true])
    let told = hall.drain(c(2))
    #expect(told.last?.hasPrefix("TOURNEY moved \(table) 2 ") == true, "told its table and seat: \(told)")
    // Seat 1's player comes back to the table they knew, watching it, then names themself.
    let first = pairing.seats[.one]
    hall.connect(c(3))
    hall.send("MODE MACHINE", from: c(3))
    hall.send("JOIN \(table)", from: c(3))
    #expect(hall.hall.host(of: table)?.seatsTaken == [false, true], "watching, unnamed")
    hall.send("NAME \(first)", from: c(3))
    #expect(hall.hall.host(of: table)?.seatsTaken == [true, true])
    let host = try #require(hall.hall.host(of: table))
    #expect(host.seatAndToken(of: c(3))?.seat == .one && host.seatAndToken(of: c(2))?.seat == .two)
    #expect(host.match.phase != .waiting, "the game starts")
    // Past the resume grace from the restart, the game goes on: it was paired, not yet handed out, when
    // the server stopped, and no game of it was lost with the stop.
    hall.advance(to: Instant(milliseconds: 70_000))
    #expect(hall.tournamentRecord.allSatisfy { !$0.contains("forfeit") }, "\(hall.tournamentRecord)")
    #expect(hall.hall.host(of: table)?.match.phase != .waiting)
  }

  @Test("until its game ends, a tournament table's seats are its paired players': anyone else watches")
  func strangersWatch() throws {
    var (hall, pairing) = try Self.restartedInTheBreak()
    let table = try #require(Self.table(of: pairing, in: hall))
    // eve, in no pairing, goes to the table and names herself there; then asks to sit.
    hall.connect(c(5))
    hall.send("MODE MACHINE", from: c(5))
    hall.send("JOIN \(table)", from: c(5))
    #expect(hall.send("NAME eve", from: c(5)).last == "OK NAME 0 -")
    #expect(hall.send("SIT", from: c(5)).last?.hasPrefix("ERR SEAT_TAKEN the free seat is kept") == true)
    #expect(hall.hall.host(of: table)?.seatsTaken == [false, false])
    // The pairing's players, named there too, sit in their own seats.
    for (number, seat) in [(6, Seat.two), (7, .one)] as [(UInt64, Seat)] {
      hall.connect(c(number))
      hall.send("MODE MACHINE", from: c(number))
      hall.send("JOIN \(table)", from: c(number))
      hall.send("NAME \(pairing.seats[seat])", from: c(number))
      #expect(hall.hall.host(of: table)?.seatAndToken(of: c(number))?.seat == seat)
    }
    #expect(hall.hall.host(of: table)?.match.phase != .waiting, "the game starts")
  }
}
