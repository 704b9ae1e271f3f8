@preconcurrency import Glibc
import SetHost
import SetServer
import SetTournament

/// `setduel tournament FILE [--json | --csv]` and `setduel tournament replay FILE`: a tournament's
/// record read back, its standings printed, or its events derived again and compared.
enum TourneyCommand {
  static let command = CommandSpec(
    "tournament", summary: "a tournament's standings from its record, or its replay",
    synopses: ["FILE [--json | --csv]", "replay FILE"],
    about: """
      Reads a tournament's record (tournament-<time>-<format>.tournament in the records folder of \
      setduel serve --tournament) and prints its standings: a line per player in words, or as JSON or CSV \
      (protocol.md, "Tournaments"; tournaments.md, "The record"). replay derives every pairing and standing \
      again from the record's entries and results and says where the record differs, a warning FILE:LINE \
      each; it exits 1 if there is any. A line that cannot be read is a warning too, and is skipped.
      """,
    options: [
      .flag("json", "the standings as one JSON object"),
      .flag("csv", "the standings as CSV, a header row first"),
    ], operands: .files)

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    let replaying = arguments.positional.first == "replay"
    let files = replaying ? Array(arguments.positional.dropFirst()) : arguments.positional
    guard files.count == 1 else { throw Arguments.UsageError(message: "tournament takes one FILE") }
    guard !(arguments.flag("json") && arguments.flag("csv")) else {
      throw Arguments.UsageError(message: "--json or --csv, not both")
    }
    if replaying, arguments.flag("json") || arguments.flag("csv") {
      throw Arguments.UsageError(message: "replay prints what differs: --json and --csv are for the standings")
    }
    let path = files[0]
    let text: String
    do {
      text = try RecordFile.contents(of: path)
    } catch {
      fail("\(error)")
    }
    let replay = TournamentReplay(text, file: path)
    for warning in replay.warnings { fputs("setduel: \(warning)\n", stderr) }
    guard let tournament = replay.tournament else { fail("\(path) is not a tournament's record") }
    if replaying {
      if replay.warnings.isEmpty {
        print("\(path): the record agrees with its replay (\(tournament.state.rawValue)).")
        exit(0)
      }
      print("\(path): \(replay.warnings.count) differences or unreadable lines.")
      exit(1)
    }
    if arguments.flag("json") {
      print(tournament.standingsJSON())
    } else if arguments.flag("csv") {
      fputs(tournament.standingsCSV(), stdout)
    } else {
      let lines = Hall.standingLines(tournament)
      print("A \(tournament.settings.formatName) tournament, \(tournament.state.rawValue): \(lines.count) players.")
      for line in lines { print(line.words) }
    }
    exit(0)
  }
}
