import SetCore
import Testing

@testable import SetStats

@Suite("Daily puzzle times")
struct PuzzleTimeTests {
  @Test("a time's line reads back; other lines are skipped")
  func lines() throws {
    let day = try #require(DailyPuzzle.Day("2026-12-01"))
    let time = PuzzleTime(day: day, ms: 83_412, wrongPicks: 2)
    #expect(time.line == "puzzle 2026-12-01 83412 2")
    #expect(PuzzleTime(line: time.line) == time)
    let text = ["junk", time.line, "puzzle 2026-02-30 1 0", "puzzle 2026-12-02 -5 0", "puzzle 2026-12-02 900 0"]
      .joined(separator: "\n")
    #expect(PuzzleTime.all(in: text).map(\.ms) == [83_412, 900])
  }

  @Test("the summary counts each day once, at its best, newest first")
  func summary() throws {
    let text = ["puzzle 2026-12-01 83412 2", "puzzle 2026-12-01 61000 0", "puzzle 2026-12-02 95000 1"]
      .joined(separator: "\n")
    #expect(
      PuzzleTime.summary(PuzzleTime.all(in: text)) == [
        "Daily puzzles: 2 solved; best 61 s on 2026-12-01.", "  2026-12-02  95 s  1 wrong pick",
        "  2026-12-01  61 s  no wrong picks",
      ])
    #expect(PuzzleTime.summary([]).isEmpty)
  }
}
