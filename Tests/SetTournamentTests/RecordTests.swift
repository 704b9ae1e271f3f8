import Foundation
import SetBase
import SetTournament
import Testing

/// The tournament's record written as things happen, replayed, and read back when edited by hand; the
/// standings as JSON, read by Foundation's independent parser, and as CSV.
@Suite("Record: written, replayed, edited by hand; the standings as JSON and CSV")
struct RecordTests {
  /// A recorder as the server will keep one: the header, then each command's lines.
  struct Recorder {
    var tournament: Tournament
    var lines: [String]

    init(_ settings: TournamentSettings) {
      tournament = Tournament(settings: settings)
      lines = [TournamentRecord.header(settings)]
    }

    mutating func apply(_ command: TournamentCommand, at seconds: Int64) throws {
      let now = Instant(milliseconds: seconds * 1000)
      let events = try tournament.apply(command, at: now)
      lines += TournamentRecord.lines(for: command, at: now, events: events)
    }

    mutating func advance(to seconds: Int64) {
      let now = Instant(milliseconds: seconds * 1000)
      lines += TournamentRecord.lines(for: nil, at: now, events: tournament.advance(to: now))
    }

    /// Seats both players of game `a`-`b` (either order) and records `winner` (nil: a tie).
    mutating func play(_ a: String, _ b: String, winner: String?, at seconds: Int64) throws {
      let pairing = tournament.liveGames.first { Set($0.seats.values) == [a, b] }!
      try apply(.seated(a), at: seconds)
      try apply(.seated(b), at: seconds)
      let result: GameResult = winner == nil ? .tie : (winner == pairing.seats.one ? .seat1 : .seat2)
      try apply(.result(game: pairing.game, result), at: seconds)
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
  }

  /// The five-player Swiss of the worked example, through the state machine, recorded.
  static func workedExample() throws -> Recorder {
    var recorder = Recorder(
      TournamentSettings(format: .swiss(rounds: 3), seed: 11, startAt: .zero.adding(milliseconds: 600_000)))
    for (name, rating) in [("A", 1900), ("B", 1800), ("C", 1700), ("D", 1600), ("E", 1500)] {
      try recorder.apply(.enter(name, rating: rating), at: 1)
    }
    try recorder.apply(.start(organiser: true), at: 2)
    try recorder.play("A", "C", winner: "A", at: 3)
    try recorder.play("B", "D", winner: nil, at: 4)
    recorder.advance(to: 34)
    try recorder.play("E", "D", winner: "E", at: 40)
    try recorder.apply(.withdraw("D"), at: 41)
    try recorder.play("A", "B", winner: "B", at: 42)
    try recorder.apply(.next(organiser: true), at: 43)
    try recorder.play("B", "C", winner: "B", at: 50)
    try recorder.play("E", "A", winner: nil, at: 51)
    return recorder
  }

  @Test("the worked example replays with no warning to the same tournament, and its JSON says it all")
  func replayAndJSON() throws {
    let recorder = try Self.workedExample()
    #expect(recorder.tournament.state == .finished)
    let replay = TournamentReplay(recorder.text, file: "t.record")
    #expect(replay.warnings == [])
    #expect(replay.tournament == recorder.tournament)
    #expect(recorder.lines.contains { $0.hasPrefix("= reason round=2 kind=rematch player=B other=D met=1 | ") })

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(recorder.tournament.standingsJSON().utf8)) as? [String: Any])
    #expect(json["format"] as? String == "swiss" && json["state"] as? String == "finished")
    let players = try #require(json["players"] as? [[String: Any]])
    #expect(players.map { $0["name"] as? String } == ["E", "B", "A", "C", "D"])
    let e = players[0]
    let tiebreaks = try #require(e["tiebreaks"] as? [String: Any])
    #expect(e["points"] as? Double == 2.5 && tiebreaks["buchholzCut1"] as? Double == 4)
    #expect(tiebreaks["buchholz"] as? Double == 5 && tiebreaks["sonnebornBerger"] as? Double == 3)
    #expect(e["byes"] as? Int == 1 && e["wins"] as? Int == 1 && e["ties"] as? Int == 1)
    #expect(players[4]["status"] as? String == "withdrawn" && players[4]["rank"] as? Int == 5)
    let rounds = try #require(json["rounds"] as? [[String: Any]])
    #expect(rounds.map { $0["bye"] as? String } == ["E", "C", nil])
    #expect(rounds[2]["absent"] as? [String] == ["D"])
    let second = try #require(rounds[1]["pairings"] as? [[String: Any]])
    #expect(second[0]["seat1"] as? String == "A" && second[0]["seat2"] as? String == "B")
    #expect(second[0]["result"] as? String == "seat2" && second[0]["table"] as? Int == 1)

    let csv = recorder.tournament.standingsCSV().split(separator: "\r\n")
    #expect(csv.count == 6 && csv[1] == "1,E,2.5,4,5,3,1,2,1,0,1,active")
  }

  @Test("a result changed, a line cut short, a line of 1 MB, a bad header: warnings naming the line, no crash")
  func editedByHand() throws {
    let lines = try Self.workedExample().lines
    // The first result: A beats C becomes C beats A.
    let at = try #require(lines.firstIndex { $0.contains(" result game=1 result=") })
    var changed = lines
    changed[at] = changed[at].replacing("result=seat1", with: "result=seat2")
    let replay = TournamentReplay(changed.joined(separator: "\n"), file: "t.record")
    #expect(replay.warnings.first?.hasPrefix("t.record:\(at + 2): the record says \"= result game=1") == true)

    var cut = lines
    cut[at] = String(cut[at].prefix(12))
    let short = TournamentReplay(cut.joined(separator: "\n"), file: "t.record")
    #expect(short.warnings.first == "t.record:\(at + 1): unreadable line: skipped")

    var long = lines
    long.insert("at=" + String(repeating: "9", count: 1_048_576), at: 3)
    let huge = TournamentReplay(long.joined(separator: "\n"), file: "t.record")
    #expect(huge.warnings == ["t.record:4: line of 1048579 bytes, longer than 65536: skipped"])
    #expect(huge.tournament == (try Self.workedExample()).tournament)

    let junk = TournamentReplay("hello\nat=1 tick\n", file: "x")
    #expect(junk.warnings == ["x:1: not a tournament record's header: stopped"] && junk.tournament == nil)
  }

  @Test("names with spaces, quotes and control characters are escaped in the record, the JSON and the CSV")
  func escaping() throws {
    var recorder = Recorder(TournamentSettings(format: .arena(minutes: 5), seed: 1, startAt: .zero))
    let odd = "a \"b\",\\c\u{1}=%é"
    try recorder.apply(.enter(odd, rating: 1500), at: 0)
    try recorder.apply(.enter("plain", rating: 1400), at: 0)
    try recorder.play(odd, "plain", winner: odd, at: 1)
    let replay = TournamentReplay(recorder.text, file: "r")
    #expect(replay.warnings == [] && replay.tournament == recorder.tournament)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(recorder.tournament.standingsJSON().utf8)) as? [String: Any])
    let players = try #require(json["players"] as? [[String: Any]])
    #expect(players.first?["name"] as? String == odd && players.first?["points"] as? Int == 2)
    let games = try #require(json["games"] as? [[String: Any]])
    #expect(games.first?["seat1"] as? String == odd && games.first?["endedMs"] as? Int == 1000)
    #expect(recorder.tournament.standingsCSV().contains("\"a \"\"b\"\",\\c\u{1}=%é\""))
  }
}
