import SetCore
import SetProtocol

/// The daily puzzles solved, kept beside the game records in `puzzles.txt`, one line each:
/// `puzzle <YYYY-MM-DD> <ms> <wrong picks>`, the time from the board shown to the sixth set found.
public struct PuzzleTime: Equatable, Sendable {
  public var day: DailyPuzzle.Day
  public var ms: Int64
  public var wrongPicks: Int

  public init(day: DailyPuzzle.Day, ms: Int64, wrongPicks: Int) {
    self.day = day
    self.ms = ms
    self.wrongPicks = wrongPicks
  }

  /// The file's name in the records folder.
  public static let fileName = "puzzles.txt"

  /// The line kept for this time.
  public var line: String { "puzzle \(day) \(ms) \(wrongPicks)" }

  /// The time a line keeps, or nil when the line is not one.
  public init?(line: some StringProtocol) {
    let words = line.split(separator: " ")
    guard words.count == 4, words[0] == "puzzle", let day = DailyPuzzle.Day(words[1]),
      let ms = Int64(words[2]), ms >= 0, let wrong = Int(words[3]), wrong >= 0
    else { return nil }
    self.init(day: day, ms: ms, wrongPicks: wrong)
  }

  /// Every time in a file's text, lines that are not one skipped.
  public static func all(in text: String) -> [PuzzleTime] {
    text.split(separator: "\n").compactMap { PuzzleTime(line: $0) }
  }

  /// The puzzles in words for `setduel stats`: how many, the best time, and the last few (each day's
  /// best).
  public static func summary(_ times: [PuzzleTime], last: Int = 7) -> [String] {
    var best: [DailyPuzzle.Day: PuzzleTime] = [:]
    for time in times where best[time.day].map({ time.ms < $0.ms }) ?? true { best[time.day] = time }
    guard let fastest = best.values.min(by: { ($0.ms, $0.day) < ($1.ms, $1.day) }) else { return [] }
    var lines = [
      "Daily puzzles: \(best.count) solved; best \(HumanText.seconds(fastest.ms)) on \(fastest.day)."
    ]
    for time in best.values.sorted(by: { $0.day > $1.day }).prefix(last) {
      let wrong =
        time.wrongPicks == 0 ? "no wrong picks" : Counted.of(time.wrongPicks, "wrong pick")
      lines.append("  \(time.day)  \(HumanText.seconds(time.ms))  \(wrong)")
    }
    return lines
  }
}
