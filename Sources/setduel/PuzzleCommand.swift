@preconcurrency import Glibc
import SetAnalysis
import SetCore
import SetProtocol
import SetServer
import SetStats

/// `setduel puzzle [--date YYYY-MM-DD] [--print]`: the daily puzzle, twelve cards holding six sets.
enum PuzzleCommand {
  static let command = CommandSpec(
    "puzzle", summary: "the daily puzzle: twelve cards, six sets, against the clock",
    synopses: ["[--date YYYY-MM-DD] [--print] [--records DIR]"],
    about: """
      The daily puzzle: twelve cards that hold exactly six sets, the same for everyone on that date \
      (derived from the date alone, no server needed). Type the three letters of each set you see (such \
      as "a f k"); the clock runs from the board's first showing to the sixth set. The time is kept in \
      DIR/\(PuzzleTime.fileName) (default \(RecordFile.defaultDirectoryText)), and setduel stats shows it.
      """,
    options: [
      .valued("date", "YYYY-MM-DD", "another day's puzzle (default today, in local time)"),
      .flag("print", "write the twelve card codes on one line and exit, for scripts"),
      .valued("records", "DIR", "where the puzzle times are kept", completion: .directories),
    ])

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    guard arguments.positional.isEmpty else { throw Arguments.UsageError(message: "puzzle takes no FILE or NAME") }
    let day = try arguments.value("date", today(), expected: "a date as YYYY-MM-DD") { DailyPuzzle.Day($0) }
    var puzzle = DailyPuzzle(day: day)
    if arguments.flag("print") {
      print(puzzle.cards.map(\.description).joined(separator: " "))
      exit(0)
    }
    Printed.say("Daily puzzle for \(day): twelve cards, six sets. Type three letters for each set (a f k); q quits.")
    Printed.table(puzzle.cards)
    let start = monotonicMs()
    var wrong = 0
    while !puzzle.isSolved {
      print("> ", terminator: "")
      fflush(stdout)
      guard let line = readLine() else {
        print("")
        fail("stopped with \(puzzle.found.count) of 6 sets found")
      }
      let text = line.trimmingSpaces
      if text == "q" || text == "quit" { fail("stopped with \(puzzle.found.count) of 6 sets found") }
      if text.isEmpty {
        Printed.table(puzzle.cards)
        continue
      }
      let letters = text.filter { $0 != " " && $0 != "," }
      let slots = letters.compactMap { Slot(label: String($0)) }
      let elapsed = AnalysisText.clock(monotonicMs() - start)
      switch puzzle.pick(slots.count == letters.count ? slots : []) {
      case .set(let cards, let found):
        Printed.say("Set \(found) of 6: \(codes(cards)), at \(elapsed).")
      case .again(let cards):
        Printed.say("You found \(codes(cards)) already.")
      case .notASet(let cards, _):
        wrong += 1
        Printed.say("\(codes(cards)): not a set: \(HumanText.whyNot(cards) ?? "").")
      case .badPick:
        Printed.say("Type three different letters from a to l, such as: a f k")
      }
    }
    let ms = monotonicMs() - start
    Printed.say(
      "All six sets in \(AnalysisText.clock(ms))"
        + (wrong == 0 ? ", without a wrong pick." : ", \(Counted.of(wrong, "wrong pick"))."))
    keep(
      PuzzleTime(day: day, ms: ms, wrongPicks: wrong), in: arguments.text("records") ?? RecordFile.defaultDirectory())
    exit(0)
  }

  private static func codes(_ cards: [Card]) -> String { cards.map(\.description).joined(separator: " ") }

  /// Appends the time to the puzzles file in `directory`, making the folder if need be; says so if it cannot.
  private static func keep(_ time: PuzzleTime, in directory: String) {
    let path = directory + "/" + PuzzleTime.fileName
    do {
      try RecordFile.keep(time.line + "\n", at: path, appending: true)
    } catch {
      fail("could not keep the time in \(path): \(error)")
    }
    print("Kept in \(path); setduel stats shows your puzzles.")
  }

  /// Today's date in local time.
  static func today() -> DailyPuzzle.Day {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return DailyPuzzle.Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      ?? DailyPuzzle.Day(year: 2000, month: 1, day: 1)!
  }

  private static func monotonicMs() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}

extension String {
  /// The text without spaces at either end, in lower case.
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()).lowercased()
  }
}
