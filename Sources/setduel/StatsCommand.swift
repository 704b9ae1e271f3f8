@preconcurrency import Glibc
import SetCore
import SetHost
import SetProtocol
import SetServer
import SetStats
import SetTournament

/// `setduel stats [--records DIR] [NAME]`: the leaderboard, or one player's figures, from the records.
enum StatsCommand {
  static let command = CommandSpec(
    "stats", summary: "players' ratings and figures from the game records",
    synopses: ["[--records DIR] [--variant NAME] [NAME]"],
    about: """
      Reads every game record in DIR (default \(RecordFile.defaultDirectoryText)) and prints the \
      players by rating and the daily puzzles solved (setduel puzzle), or NAME's figures (matched without \
      regard to case) with a chart of their find times, then the tournaments NAME played (the \
      tournament-<time>-<format>.tournament records in DIR) with their place in each. A computer player's name is marked with \
      \(StatsText.botMark). Exits 1 when the folder is missing or holds no records, or NAME never played. \
      Each variant is rated on its own: --variant shows its players instead of the standard game's.
      """,
    options: [
      .valued("records", "DIR", "the folder of game records to read", completion: .directories),
      .choice(
        "variant", "NAME", Variant.allCases.map(\.rawValue),
        "a variant's players and figures (\(Variant.allCases.filter { $0 != .normal }.map(\.rawValue).joined(separator: ", "))) instead of the standard game's"
      ),
    ])

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    guard arguments.positional.count <= 1 else { throw Arguments.UsageError(message: "stats takes at most one NAME") }
    let variant = Serve.variant(arguments)
    let directory = arguments.text("records") ?? RecordFile.defaultDirectory()
    let folded: RecordsFolder.Folded
    do {
      folded = try RecordsFolder.fold(directory)
    } catch {
      fail("\(error)")
    }
    for warning in folded.warnings { fputs("setduel: \(warning)\n", stderr) }
    // The daily puzzles solved, kept beside the records: shown after the players, or alone.
    let puzzles = PuzzleTime.summary(
      PuzzleTime.all(in: (try? RecordFile.contents(of: directory + "/" + PuzzleTime.fileName)) ?? ""))
    if folded.files == 0, !puzzles.isEmpty, arguments.positional.isEmpty {
      for line in puzzles { print(line) }
      exit(0)
    }
    guard folded.files > 0 else { fail("no game records in \(directory)") }
    let history = folded.history
    let among = variant == .normal ? "" : " of \(variant.rawValue)"
    if let name = arguments.positional.first {
      guard let player = history.player(name, variant: variant) else {
        fail("no games\(among) recorded for \(name) in \(directory)")
      }
      for line in StatsText.player(player, variant: variant, played: history.variantsPlayed(by: name)) { print(line) }
      for line in tournamentLines(for: name, in: directory) { print(line) }
    } else {
      guard !history.leaderboard(limit: 1, variant: variant).isEmpty else {
        fail("no finished games\(among) in the records in \(directory)")
      }
      for line in StatsText.leaderboard(history.leaderboard(variant: variant)) { print(line) }
      if !puzzles.isEmpty { print("") }
      for line in puzzles { print(line) }
    }
    exit(0)
  }

  /// The tournaments `name` played, read from their records in `directory`, oldest first: a heading,
  /// then a line each with the player's place, points and the tournament's state; none for none.
  static func tournamentLines(for name: String, in directory: String) -> [String] {
    var lines: [String] = []
    for (path, tournament) in TournamentRecordFile.all(in: directory) {
      guard let tournament else { continue }
      let standings = Hall.standingLines(tournament)
      guard let mine = standings.first(where: { PlayerName.same($0.name, name) }), mine.games + mine.byes > 0 else {
        continue
      }
      let file = path.split(separator: "/").last.map(String.init) ?? path
      lines.append(
        "  \(file): place \(mine.rank) of \(standings.count) with \(mine.points) points "
          + "(\(tournament.settings.formatName), \(tournament.state.rawValue))")
    }
    return lines.isEmpty ? [] : ["Tournaments played:"] + lines
  }
}
