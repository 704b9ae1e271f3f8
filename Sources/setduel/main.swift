@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetProtocol

/// `setduel [command] [options]`.
let usage = """
  usage: setduel [command] [options]

  commands:
    (none)    in a terminal, play the computer (--public lets friends watch); otherwise, watch a
              bot-against-bot game
    serve     host a table over TCP (setduel serve --help)
    play      the full-screen terminal client (setduel play --help)
    bot       a computer player (setduel bot --help)
    replay    print a recorded game and check it against the rules (setduel replay --help)
    stats     players' ratings and figures from the game records (setduel stats --help)
    analyse   every set a recorded game had on the table, and what each player made of them
    puzzle    the daily puzzle: twelve cards, six sets, against the clock (setduel puzzle --help)
    practice  alone at a table of your own, with hints, unrated (setduel practice --help)
    help      this text; help COMMAND explains one command
    version   the version (also --version)

  README.md has the rules; protocol.md has the wire protocol.
  """

/// The subcommands, each with its `run`.
let subcommands: [(name: String, run: ([String]) throws(Arguments.UsageError) -> Never)] = [
  ("serve", Serve.run), ("play", Play.run), ("bot", BotCommand.run), ("replay", ReplayCommand.run),
  ("stats", StatsCommand.run), ("analyse", AnalyseCommand.run),
  ("puzzle", PuzzleCommand.run), ("practice", PracticeCommand.run),
]

var words = Array(CommandLine.arguments.dropFirst())
let command = words.first
if command != nil { words.removeFirst() }
do {
  switch command {
  case "help", "--help", "-h":
    // `help SUBCOMMAND` is `SUBCOMMAND --help`.
    if let topic = words.first, let sub = subcommands.first(where: { $0.name == topic }) { try sub.run(["--help"]) }
    if let topic = words.first { throw Arguments.UsageError(message: "no help on \(topic)") }
    print(usage)
  case "version", "--version":
    print(Version.line)
  case let option? where option.hasPrefix("--"):
    try Demo.run([option] + words)
  case let name?:
    if let sub = subcommands.first(where: { $0.name == name }) { try sub.run(words) }
    let guess = Suggestion.nearest(to: name, among: subcommands.map(\.name) + ["help", "version"])
    throw Arguments.UsageError(message: "unknown command \(name)" + (guess.map { "; did you mean \($0)?" } ?? ""))
  case nil:
    try Demo.run(words)
  }
} catch let error as Arguments.UsageError {
  let known = subcommands.contains { $0.name == command }
  let hint = known ? "see: \(Invocation.command) \(command ?? "") --help" : usage
  fputs("setduel: \(error.message)\n\(hint)\n", stderr)
  exit(2)
}
