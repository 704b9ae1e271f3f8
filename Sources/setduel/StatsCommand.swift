@preconcurrency import Glibc
import SetCore
import SetServer
import SetStats

/// `setduel stats [--records DIR] [NAME]`: the leaderboard, or one player's figures, from the records.
enum StatsCommand {
  static let usage = """
    usage: setduel stats [--records DIR] [--variant NAME] [NAME]

    Reads every game record in DIR (default \(RecordFile.defaultDirectoryText)) and prints the
    players by rating, or NAME's figures (matched without regard to case) with a chart of their find
    times. A computer player's name is marked with \(StatsText.botMark). Exits 1 when the folder is missing
    or holds no records, or NAME never played. Each variant is rated on its own: --variant (junior,
    shuffle, chain, ultra, ultra9) shows its players instead of the standard game's.
    """

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, valued: ["records", "variant"], flags: ["help"])
    arguments.answerHelp(usage)
    guard arguments.positional.count <= 1 else { throw Arguments.UsageError(message: "stats takes at most one NAME") }
    let variant = try Serve.variant(arguments.text("variant"))
    let directory = arguments.text("records") ?? RecordFile.defaultDirectory()
    let folded: RecordsFolder.Folded
    do {
      folded = try RecordsFolder.fold(directory)
    } catch {
      fail("\(error)")
    }
    for warning in folded.warnings { fputs("setduel: \(warning)\n", stderr) }
    guard folded.files > 0 else { fail("no game records in \(directory)") }
    let history = folded.history
    let among = variant == .normal ? "" : " of \(variant.rawValue)"
    if let name = arguments.positional.first {
      guard let player = history.player(name, variant: variant) else {
        fail("no games\(among) recorded for \(name) in \(directory)")
      }
      for line in StatsText.player(player, variant: variant, played: history.variantsPlayed(by: name)) { print(line) }
    } else {
      guard !history.table(variant).isEmpty else { fail("no players\(among) in the records in \(directory)") }
      for line in StatsText.leaderboard(history.leaderboard(variant: variant)) { print(line) }
    }
    exit(0)
  }
}
