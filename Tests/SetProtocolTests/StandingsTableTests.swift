import SetProtocol
import Testing

/// The tournament in the human presentation: the standings as a table and the summary as a sentence,
/// within the terminal's 79 columns whatever the names and numbers.
@Suite("the standings and the tournament in words")
struct StandingsTableTests {
  static func swiss(_ rank: Int, _ name: String, points: String = "2.5", status: String = "active") -> StandingLine {
    StandingLine(
      rank: rank, name: name, points: points,
      tieBreaks: [("buchholzCut1", "12.5"), ("buchholz", "14"), ("sonnebornBerger", "7.25"), ("wins", "2")],
      games: 5, wins: 2, ties: 1, losses: 2, byes: 1, streak: nil, status: status)
  }

  @Test("a Swiss's table: a heading, then a row a player in rank order, its columns aligned")
  func swissTable() {
    let lines = StandingsTable.lines([Self.swiss(1, "ann"), Self.swiss(512, "Bob_the-16chars_", status: "withdrawn")])
    #expect(
      lines == [
        "   #  player            points  Buchholz-1  games  W-T-L       byes  status",
        "  1.  ann                  2.5        12.5      5  2-1-2          1  active",
        "512.  Bob_the-16chars_     2.5        12.5      5  2-1-2          1  withdrawn",
      ], "\(lines)")
  }

  @Test("an arena's rows end with the wins in a row, fire from two")
  func arenaTable() {
    let line = StandingLine(
      rank: 1, name: "ann", points: "12", tieBreaks: [("performance", "2100"), ("games", "4")], games: 4, wins: 4,
      ties: 0, losses: 0, byes: 0, streak: 4, status: "playing")
    let lines = StandingsTable.lines([line])
    #expect(lines[0].contains("perform.") && lines[0].contains("streak"), "\(lines)")
    #expect(lines[1].hasSuffix("4 fire  playing"), "\(lines)")
  }

  @Test("no row is wider than 79 columns, a long or harmful name cut and made harmless")
  func rowsFit() {
    let hostile = Self.swiss(100, "全全全全全全全全全全全全全全全全全全全全\u{1B}[2J\u{202E}", points: "1000000.5")
    let lines = StandingsTable.lines([hostile])
    #expect(lines.allSatisfy { $0.count <= 79 }, "\(lines)")
    #expect(!lines[1].unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, "\(lines)")
    #expect(lines[1].contains("…"), "\(lines)")
    #expect(StandingsTable.lines([]) == ["Nobody has entered yet."])
  }

  @Test("TOURNAMENT in words: entries and the start, the clock running, the end")
  func sentences() {
    #expect(
      StandingsTable.sentence(.init(format: "swiss", state: "entering", entrants: 1, clockMilliseconds: 245_000))
        == "The Swiss tournament takes entries: 1 player so far; it starts in 4 min 5 s. ENTER to play in it.")
    #expect(
      StandingsTable.sentence(.init(format: "arena", state: "running", entrants: 12, clockMilliseconds: 3_723_000))
        == "The arena is running with 12 players, 1 h 2 min left. STANDINGS shows the standings.")
    #expect(
      StandingsTable.sentence(.init(format: "swiss", state: "running", entrants: 16, clockMilliseconds: -1))
        == "The Swiss tournament is running with 16 players. STANDINGS shows the standings.")
    #expect(
      StandingsTable.sentence(.init(format: "arena", state: "finished", entrants: 8, clockMilliseconds: -1))
        == "The arena is over. STANDINGS shows the final standings.")
  }
}
