@preconcurrency import Glibc
import SetAnalysis
import SetServer

/// `setduel analyse FILE [--game N] [--json]`: every set that was on the table, and each player's game.
enum AnalyseCommand {
  static let command = CommandSpec(
    "analyse", summary: "every set a recorded game had on the table, and what each player made of them",
    synopses: ["FILE [--game N] [--json]"],
    about: """
      Reads a game record and reports, for each game in it, every set that was ever on the table (its \
      cards, when it appeared and left, and who found it, or that another set broke it), and per player: \
      sets found and missed, find times by how many features differ, wrong picks by the feature that broke \
      them, and the longest a set stayed unseen. README.md defines each figure and the JSON format.

      Exits 1, naming the file and line, when the file is not a record, a line cannot be read, there is \
      no game N, or the record was cut short (the analysis is still printed, as far as it goes).
      """,
    options: [
      .valued("game", "N", "only game N of the record"),
      .flag("json", "one JSON object, for scripts"),
    ],
    operands: .files)

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    guard arguments.positional.count == 1 else { throw Arguments.UsageError(message: "analyse needs one FILE") }
    let path = arguments.positional[0]
    let number = try arguments.count("game", 0, in: 1...1_000_000)
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      fail("\(path) is a folder; analyse reads one record file (setduel stats reads a folder)")
    }
    let analysis: RecordAnalysis
    do {
      analysis = try RecordAnalysis.analyse(try RecordFile.contents(of: path))
    } catch let error as AnalysisError {
      fail("\(path):\(error.line): \(error.message)")
    } catch {
      fail("\(error)")
    }
    var games = analysis.games
    if number > 0 {
      games = games.filter { $0.game == number }
      guard !games.isEmpty else {
        let held = analysis.games.map { "\($0.game)" }.joined(separator: ", ")
        fail("\(path): no game \(number) in the record (it holds " + (held.isEmpty ? "no games)" : "game \(held))"))
      }
    }
    if arguments.flag("json") {
      print(AnalysisJSON.encode(analysis, file: path, games: games))
    } else {
      if games.isEmpty { print("No game started in \(path).") }
      for (index, game) in games.enumerated() {
        if index > 0 { print("") }
        for line in AnalysisText.report(game) { print(line) }
      }
    }
    guard analysis.closedCleanly else {
      fflush(stdout)
      fail(
        "\(path):\(analysis.lastLine): the record ends here without a clean close (the server was killed or "
          + "could not write); the analysis goes as far as it does")
    }
    exit(0)
  }
}
