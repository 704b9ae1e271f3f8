import SetBase
import SetTournament
import Testing

/// The tournament state machine driven step by step on instants the test chooses.
@Suite("Tournament: entries, starts, rounds, breaks, no-shows, forfeits and the arena's clock")
struct TournamentTests {
  static func at(_ seconds: Int64) -> Instant { Instant(milliseconds: seconds * 1000) }

  static func seats(_ events: [TournamentEvent]) -> [TournamentPairing] {
    events.compactMap { if case .seat(let pairing) = $0 { pairing } else { nil } }
  }

  static func swiss(_ names: [String], rounds: Int? = nil) throws -> Tournament {
    var tournament = Tournament(settings: TournamentSettings(format: .swiss(rounds: rounds), seed: 7, startAt: at(300)))
    for (index, name) in names.enumerated() {
      _ = try tournament.apply(.enter(name, rating: 2000 - 100 * index), at: at(0))
    }
    return tournament
  }

  /// Seats both players of every pairing and ends each game with seat 1 winning.
  static func play(_ pairings: [TournamentPairing], on tournament: inout Tournament, at now: Instant) throws
    -> [TournamentEvent]
  {
    var events: [TournamentEvent] = []
    for pairing in pairings {
      for name in pairing.seats.values { events += try tournament.apply(.seated(name), at: now) }
      events += try tournament.apply(.result(game: pairing.game, .seat1), at: now)
    }
    return events
  }

  @Test("bad commands are refused with a typed error and change nothing")
  func badCommands() throws {
    var tournament = try Self.swiss(["a", "b"])
    let before = tournament
    let cases: [(TournamentCommand, TournamentError)] = [
      (.enter("a", rating: 1), .alreadyEntered("a")), (.withdraw("zed"), .notEntered("zed")),
      (.start(organiser: false), .notOrganiser), (.next(organiser: true), .nothingToSkip),
      (.pause("a"), .notArena), (.result(game: 1, .tie), .unknownGame(1)),
    ]
    for (command, error) in cases {
      #expect(throws: error) { _ = try tournament.apply(command, at: Self.at(1)) }
      #expect(tournament == before)
    }
  }

  @Test("a Swiss round due with fewer than two of its players present waits for them, and is paired when two are back")
  func swissWaitsForTwoPresent() throws {
    var tournament = try Self.swiss(["a", "b", "c", "d"])
    let first = Self.seats(try tournament.apply(.start(organiser: true), at: Self.at(10)))
    for name in ["a", "b", "c"] { _ = try tournament.apply(.connection(name, connected: false), at: Self.at(15)) }
    let ended = try Self.play(first, on: &tournament, at: Self.at(20))
    let paired = { (events: [TournamentEvent]) in
      events.contains { if case .roundPaired = $0 { true } else { false } }
    }
    #expect(!paired(ended) && tournament.state == .running, "only d is present: round 2 waits")
    #expect(!paired(tournament.advance(to: Self.at(200))) && tournament.state == .running)
    // a (who played c in round 1, as b played d) comes back: a plays d.
    let back = try tournament.apply(.connection("a", connected: true), at: Self.at(210))
    let round = back.compactMap { if case .roundPaired(let round) = $0 { round } else { nil } }.first
    #expect(round?.number == 2 && round?.games.first.map { Set($0.seats.values) } == ["a", "d"], "\(back)")
    #expect(round.map { Set($0.absent) } == ["b", "c"])
  }

  @Test("a Swiss: round 1 at the organiser's start, the next round paired at once and seated after the break or NEXT")
  func swissRounds() throws {
    var tournament = try Self.swiss(["a", "b", "c", "d"])
    let start = try tournament.apply(.start(organiser: true), at: Self.at(10))
    #expect(start.first == .started(rounds: 3) && tournament.state == .running)
    let first = Self.seats(start)
    #expect(first.map { $0.seats.values } == [["a", "c"], ["b", "d"]])
    let ended = try Self.play(first, on: &tournament, at: Self.at(20))
    #expect(ended.contains { if case .roundPaired(let round) = $0 { round.number == 2 } else { false } })
    #expect(Self.seats(ended).isEmpty && tournament.nextDeadline == Self.at(50))
    #expect(Self.seats(tournament.advance(to: Self.at(49))).isEmpty)
    let second = Self.seats(tournament.advance(to: Self.at(50)))
    // a and b on 1 play each other, c and d on 0; a and b had seat 1 once each, c and d never:
    // seat 1 to the higher-ranked.
    #expect(second.map { $0.seats.values } == [["a", "b"], ["c", "d"]])
    let third = try Self.play(second, on: &tournament, at: Self.at(60))
    _ = try tournament.apply(.next(organiser: true), at: Self.at(61))
    #expect(tournament.liveGames.count == 2 && Self.seats(third).isEmpty)
    _ = try Self.play(tournament.liveGames, on: &tournament, at: Self.at(70))
    #expect(tournament.state == .finished)
    #expect(tournament.swiss.standings().first?.name == "b" || tournament.swiss.standings().first?.name == "a")
  }

  @Test("a no-show loses by forfeit after 60 s; two forfeits in a row withdraw; entering again earns no bye")
  func noShows() throws {
    var tournament = try Self.swiss(["a", "b", "c", "d"], rounds: 3)
    let start = try tournament.apply(.start(organiser: true), at: Self.at(0))
    // Everyone but c sits down; c's game is forfeit at 60 s.
    for name in ["a", "b", "d"] { _ = try tournament.apply(.seated(name), at: Self.at(1)) }
    let other = Self.seats(start).first { !$0.seats.values.contains("c") }!
    _ = try tournament.apply(.result(game: other.game, .tie), at: Self.at(5))
    #expect(tournament.nextDeadline == Self.at(60))
    let timedOut = tournament.advance(to: Self.at(60))
    let game = Self.seats(start).first { $0.seats.values.contains("c") }!
    let expected: GameResult = game.seats.one == "c" ? .forfeit1 : .forfeit2
    #expect(
      timedOut.contains(
        .result(game: game.game, seats: game.seats, expected, points: PerSeat { expected.halves(for: $0) })))
    let second = Self.seats(tournament.advance(to: Self.at(90)))
    #expect(second.contains { $0.seats.values.contains("c") })
    for name in second.flatMap(\.seats.values) where name != "c" {
      _ = try tournament.apply(.seated(name), at: Self.at(91))
    }
    let events = tournament.advance(to: Self.at(150))
    #expect(events.contains(.withdrew("c", .twoForfeits)))
    #expect(!tournament.isEntered("c") && tournament.swiss.byeBar(for: "c") == nil)
    let back = try tournament.apply(.enter("c", rating: 1500), at: Self.at(151))
    #expect(back.contains(.entered("c", lateBye: false)))
    #expect(tournament.swiss.entrant("c")?.lateBye == false)
  }

  @Test("late entry until half the rounds have started, with one half-point bye")
  func lateEntry() throws {
    var tournament = try Self.swiss(["a", "b", "c", "d"], rounds: 3)
    let start = try tournament.apply(.start(organiser: true), at: Self.at(0))
    let late = try tournament.apply(.enter("e", rating: 1000), at: Self.at(1))
    #expect(late == [.entered("e", lateBye: true)])
    #expect(tournament.swiss.halves(of: "e") == 1)
    _ = try Self.play(Self.seats(start), on: &tournament, at: Self.at(2))
    // Round 2 is paired (two of three rounds started): entry is closed.
    #expect(throws: TournamentError.entryClosed) {
      _ = try tournament.apply(.enter("f", rating: 1000), at: Self.at(3))
    }
    // e, with the late bye, cannot have the round's bye.
    let round = tournament.swiss.rounds[1]
    #expect(round.bye != nil && round.bye != "e")
  }

  @Test("an arena: the first pairing at once; then only once two have waited 8 s; BACK waits 10 s; the clock's end")
  func arena() throws {
    var tournament = Tournament(settings: TournamentSettings(format: .arena(minutes: 1), seed: 3, startAt: Self.at(0)))
    _ = try tournament.apply(.enter("a", rating: 1500), at: Self.at(0))
    let pairing = Self.seats(try tournament.apply(.enter("b", rating: 1400), at: Self.at(1)))
    #expect(pairing.count == 1 && tournament.state == .running)
    _ = try tournament.apply(.enter("c", rating: 1300), at: Self.at(2))
    _ = try tournament.apply(.pause("c"), at: Self.at(3))
    let ended = try Self.play(pairing, on: &tournament, at: Self.at(10))
    #expect(Self.seats(ended).isEmpty)
    _ = try tournament.apply(.back("c"), at: Self.at(11))
    // a and b, the only two eligible, just played: paired again only once both have waited 8 s.
    #expect(Self.seats(tournament.advance(to: Self.at(17))).isEmpty)
    let again = Self.seats(tournament.advance(to: Self.at(18)))
    #expect(again.map { Set($0.seats.values) } == [["a", "b"]])
    _ = try Self.play(again, on: &tournament, at: Self.at(19))
    // c may be paired from 21 s; at 27 s a and b have waited 8 s with c eligible.
    let three = Self.seats(tournament.advance(to: Self.at(27)))
    #expect(three.count == 1 && three[0].seats.values.contains("c"))
    // The one waiting player's wait is over: the next deadline is the clock's end, not a past instant.
    #expect(tournament.nextDeadline == Self.at(61))
    // Started at 1 s, the clock ends at 61 s: the running game still counts, no new pairing, then finished.
    #expect(!tournament.advance(to: Self.at(60)).contains(.clockEnded))
    #expect(tournament.advance(to: Self.at(61)) == [.clockEnded])
    _ = try Self.play(three, on: &tournament, at: Self.at(62))
    #expect(tournament.state == .finished)
    #expect(tournament.arena.games.count == 3)
  }
}
