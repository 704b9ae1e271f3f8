import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// The hall's tournament in the terminal client: the model kept from `TOURNEY` lines and the answers
/// to `TOURNAMENT` and `STANDINGS`, what the session asks and when, and the screens that show it.
@Suite("The tournament in the terminal client")
struct TourneyScreenTests {
  static let standings = [
    "STANDING 1 bob 1 buchholzCut1=1,buchholz=1,sonnebornBerger=1,wins=1 1 1 0 0 0 - active",
    "STANDING 2 ann 1 buchholzCut1=0,buchholz=0,sonnebornBerger=0,wins=1 1 1 0 0 0 - active",
    "STANDING 3 cat 0 buchholzCut1=1,buchholz=1,sonnebornBerger=0,wins=0 1 0 0 1 0 - active",
    "STANDING 4 a-very-long-name 0 buchholzCut1=1,buchholz=1,sonnebornBerger=0,wins=0 1 0 0 1 0 - active",
    "OK @standings STANDINGS 4",
  ]

  /// Ann named at table 1 of a hall with a Swiss of four, in round 2 of `rounds`, paired to bob and
  /// moved to table 3, at `now`.
  static func model(at now: Instant = .zero, moved: Bool = true, rounds: Int = 2) -> ClientModel {
    var model = ClientModel()
    var lines = [
      "SETDUEL 1 hello", "OK MODE machine", "OK @name NAME 1 tok", "OK @tournament TOURNAMENT swiss running 4 -1",
      "TOURNEY started \(rounds)", "TOURNEY round 2 -", "TOURNEY seat 3 2 ann bob",
      "TOURNEY seat 4 2 cat a-very-long-name",
    ]
    lines += standings
    if moved { lines += [ServerLine.rules(Rules()).line, "TOURNEY moved 3 1 tok3"] }
    model.named("ann")
    for line in lines { _ = model.apply(line: line, at: now) }
    return model
  }

  static func screen(_ model: ClientModel, _ state: PlayState, columns: Int, rows: Int, now: Instant = .zero)
    -> [String]
  {
    Renderer(options: .ascii).frame(model: model, state: state, now: now, columns: columns, rows: rows)
      .encoded(color: false)
  }

  // MARK: - The model

  @Test("named, the session asks TOURNAMENT; its answer brings STANDINGS, at most once in 2 s, tagged")
  func asking() throws {
    var machine = try SessionMachineTests.connected()
    _ = try SessionMachineTests.receive("OK @name NAME 1 tok", &machine)
    #expect(machine.tick(at: .zero) == [.send(.tournament(nil), id: .tournament)])
    #expect(machine.tick(at: .zero).isEmpty, "not twice while unanswered")
    _ = try SessionMachineTests.receive("OK @tournament TOURNAMENT swiss entering 2 60000", &machine)
    #expect(machine.model.tourney.summary?.entrants == 2)
    #expect(machine.model.tourney.clockLeft(at: Instant(milliseconds: 15_000)) == 45_000)
    #expect(machine.tick(at: .zero) == [.send(.standings, id: .standings)])
    for line in Self.standings { _ = try SessionMachineTests.receive(line, &machine) }
    #expect(machine.model.tourney.standings.map(\.name) == ["bob", "ann", "cat", "a-very-long-name"])
    #expect(machine.model.tourney.entered, "ann is listed, active")
    _ = try SessionMachineTests.receive("TOURNEY result 9 bob cat seat1 2 0", &machine)
    #expect(machine.tick(at: Instant(milliseconds: 1_000)).isEmpty, "STANDINGS waits out its 2 s")
    #expect(machine.tick(at: Instant(milliseconds: 2_000)) == [.send(.standings, id: .standings)])
    #expect(machine.tick(at: Instant(milliseconds: 5_000)) == [.send(.tournament(nil), id: .tournament)])
  }

  @Test("a hall without a tournament is asked once: its ERR NOT_NOW is not shown to the player")
  func noTournament() throws {
    var machine = try SessionMachineTests.connected()
    _ = try SessionMachineTests.receive("OK @name NAME 1 tok", &machine)
    _ = machine.tick(at: .zero)
    _ = try SessionMachineTests.receive("ERR @tournament NOT_NOW this hall runs no tournament", &machine)
    #expect(machine.model.lastError == nil)
    #expect(machine.model.tourney.known == .none)
    #expect(machine.tick(at: Instant(milliseconds: 60_000)).isEmpty)
    var state = PlayState()
    #expect(state.handle(.character("s"), model: machine.model, now: .zero) != [.lookAtStandings])
  }

  @Test("TOURNEY lines: the round, its pairings and bye, your game and its table, your result")
  func lines() {
    var model = Self.model(moved: false)
    #expect(model.tourney.rounds == 2 && model.tourney.round == 2)
    #expect(model.tourney.pairings.map(\.game) == [3, 4])
    #expect(model.tourney.next == TourneyGame(game: 3, round: 2, seats: PerSeat(one: "ann", two: "bob")))
    _ = model.apply(line: "TOURNEY moved 3 1 tok3", at: .zero)
    #expect(model.tourney.next?.table == 3)
    _ = model.apply(line: "TOURNEY result 3 ann bob seat2 0 2", at: .zero)
    #expect(model.tourney.next == nil)
    #expect(model.tourney.lastResult == "lost")
    _ = model.apply(line: "TOURNEY round 3 cat", at: .zero)
    #expect(model.tourney.pairings.isEmpty && model.tourney.bye == "cat")
  }

  @Test("TOURNEY moved forgets the old table's ratings and results: the header shows none of them")
  func movedForgets() {
    var model = Self.model(moved: false)
    for line in ClientModelTests.start + ["OVER 4 1 1 3 1 3 1 completed", "RATED 5 1 1500 1662 1500 1338"] {
      _ = model.apply(line: line, at: .zero)
    }
    #expect(model.ratings != nil && !model.results.isEmpty)
    _ = model.apply(line: ServerLine.rules(Rules(variant: .normal, firstTo: 1)).line, at: .zero)
    _ = model.apply(line: "TOURNEY moved 4 2 tok4", at: .zero)
    #expect(model.ratings == nil && model.results.isEmpty && model.scores == [0, 0])
    #expect(model.table == 4 && model.seat == .two && model.rules.firstTo == 1)
    #expect(model.tourney.next?.table == 4)
  }

  @Test("moving to another table keeps the tournament and the player's name")
  func keptAcrossMoves() {
    var model = Self.model()
    model.beginMove()
    _ = model.apply(line: ServerLine.rules(Rules()).line, at: .zero)
    _ = model.apply(line: "OK @join JOIN 2 1 tok2", at: .zero)
    #expect(model.table == 2)
    #expect(model.tourney.standings.count == 4 && model.playerName == "ann")
  }

  // MARK: - Keys

  @Test("s shows the standings and asks them afresh; with a card in slot S it picks that card")
  func standingsKey() {
    let model = Self.model()
    var state = PlayState()
    #expect(state.handle(.character("s"), model: model, now: .zero) == [.lookAtStandings])
    #expect(state.view == .standings(scroll: 0))
    #expect(state.handle(.character("e"), model: model, now: .zero).isEmpty, "ann is entered already")
    #expect(state.handle(.character("w"), model: model, now: .zero) == [.send(.withdraw)])
    #expect(state.handle(.character("s"), model: model, now: .zero).isEmpty)
    #expect(state.view == .table)
    var full = model
    _ = full.apply(line: "START 1 1 60 \(Tables.table(Tables.cards(21)))", at: .zero)
    var picking = PlayState()
    #expect(picking.handle(.character("s"), model: full, now: .zero) == [.send(.pick(.cards([Tables.cards(21)[18]])))])
  }

  // MARK: - Screens

  @Test("at the table, the tournament's line says the round, your opponent with its rank, the table and your place")
  func tableLine() {
    let model = Self.model()
    for (columns, rows) in [(60, 20), (80, 24), (120, 40)] {
      let lines = Self.screen(model, PlayState(), columns: columns, rows: rows)
      #expect(lines.count == rows && lines.allSatisfy { $0.count <= columns })
      #expect(lines[1].hasPrefix(" Swiss: round 2 of 2 - you play bob (1st) here, at table 3"), "\(lines[1])")
      #expect(lines.last?.contains("s standings") == true, "\(lines.last ?? "")")
    }
    var playing = model
    _ = playing.apply(line: "START 1 1 69 \(Tables.table(Tables.cards(12)))", at: .zero)
    _ = playing.apply(line: "OPEN 2", at: .zero)
    _ = playing.apply(line: "HALL 3 table-3 normal 1 sets ann bob 0 0 playing 0 -", at: .zero)
    let frame = Renderer(options: ScreenOptions()).frame(
      model: playing, state: PlayState(), now: .zero, columns: 80, rows: 24)
    let bar = frame.lines.last?.text ?? ""
    #expect(bar.contains(" space  Set") && bar.contains(" s  standings"), "in open play at 80 columns: \(bar)")
    let wide = Self.screen(model, PlayState(), columns: 120, rows: 40)
    #expect(wide[1].contains("you 2nd of 4, 1 point"))
  }

  @Test("the standings view at 60x20, 80x24 and 120x40: your row marked, the columns that fit, the pairings")
  func standingsView() {
    var state = PlayState()
    state.view = .standings(scroll: 0)
    state.link = .connected
    let model = Self.model()
    for (columns, rows) in [(60, 20), (80, 24), (120, 40)] {
      let lines = Self.screen(model, state, columns: columns, rows: rows)
      #expect(lines.count == rows && lines.allSatisfy { $0.count <= columns }, "\(columns)x\(rows)")
      let text = lines.joined(separator: "\n")
      #expect(text.contains(" >   2.  ann "), "\(columns)x\(rows)")
      #expect(text.contains("Round 2's pairings") && text.contains("ann - bob"))
      #expect(text.contains("a-very-long-name"))
      Snapshot.check(lines, named: "tourney-standings-\(columns)x\(rows)-ascii")
    }
    let narrow = Self.screen(model, state, columns: 60, rows: 20).joined(separator: "\n")
    #expect(narrow.contains("Buchholz-1") && !narrow.contains("status"), "the status goes first")
  }

  @Test("between Swiss rounds the clock counts down the break to the next round, and you have the bye")
  func breakClock() {
    var model = Self.model()
    _ = model.apply(line: "TOURNEY result 3 ann bob seat1 2 0", at: .zero)
    _ = model.apply(line: "TOURNEY round 3 ann", at: .zero)
    _ = model.apply(line: "OK @tournament TOURNAMENT swiss running 4 30000", at: .zero)
    let lines = Self.screen(model, PlayState(), columns: 80, rows: 24, now: Instant(milliseconds: 5_000))
    #expect(lines[1].hasPrefix(" Swiss: round 3 of 2 starts in 0:25 - you have the bye"), "\(lines[1])")
    var plain = ScreenOptions.ascii
    plain.fullScreen = false
    let printed = Renderer(options: plain).frame(
      model: model, state: PlayState(), now: Instant(milliseconds: 5_000), columns: 80, rows: 24)
    #expect(printed.lines[1].text.hasPrefix(" Swiss: round 3 of 2 - you have the bye"), "no ticking clock")
  }

  @Test("a Swiss round's TOURNEY pair lines show its pairings and your next opponent in the break, before any seat")
  func pairsInTheBreak() {
    var model = Self.model(rounds: 3)
    for line in [
      "TOURNEY result 3 ann bob seat1 2 0", "TOURNEY result 4 cat a-very-long-name tie 1 1", "TOURNEY round 3 -",
      "TOURNEY pair 3 1 cat ann", "TOURNEY pair 3 2 bob a-very-long-name",
      "OK @tournament TOURNAMENT swiss running 4 30000",
    ] {
      _ = model.apply(line: line, at: .zero)
    }
    #expect(model.tourney.pairings.map(\.board) == [1, 2] && model.tourney.pairings.map(\.game) == [nil, nil])
    #expect(model.tourney.next == TourneyGame(game: nil, round: 3, board: 1, seats: PerSeat(one: "cat", two: "ann")))
    #expect(model.tourney.isBetweenRounds)
    let lines = Self.screen(model, PlayState(), columns: 80, rows: 24, now: Instant(milliseconds: 5_000))
    #expect(lines[1].hasPrefix(" Swiss: round 3 of 3 starts in 0:25 - you play cat (3rd)"), "\(lines[1])")
    var state = PlayState()
    state.view = .standings(scroll: 0)
    state.link = .connected
    let view = Self.screen(model, state, columns: 80, rows: 24, now: Instant(milliseconds: 5_000))
    Snapshot.check(view, named: "tourney-break-80x24-ascii")
    // The games seated when the break ends are the pairs told: no pairing twice, each with its game.
    _ = model.apply(line: "TOURNEY seat 5 3 cat ann", at: .zero)
    _ = model.apply(line: "TOURNEY seat 6 3 bob a-very-long-name", at: .zero)
    #expect(model.tourney.pairings.map(\.game) == [5, 6] && model.tourney.pairings.map(\.board) == [1, 2])
    #expect(model.tourney.next?.game == 5 && model.tourney.next?.board == 1)
  }

  @Test("at the end, your place")
  func finished() {
    var model = Self.model()
    _ = model.apply(line: "TOURNEY finished", at: .zero)
    _ = model.apply(line: "OK @tournament TOURNAMENT swiss finished 4 -1", at: .zero)
    let lines = Self.screen(model, PlayState(), columns: 80, rows: 24)
    #expect(lines[1] == " Swiss: finished - you finished 2nd of 4 with 1 point", "\(lines[1])")
  }

  @Test("ordinals and clocks")
  func words() {
    #expect(
      [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(Renderer.ordinal) == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
      ])
    #expect([0, 1, 59_001, 60_000, 3_600_000].map(Renderer.clock) == ["0:00", "0:01", "1:00", "1:00", "1:00:00"])
  }
}
