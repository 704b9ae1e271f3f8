@preconcurrency import Glibc
import SetClient
import SetClientCore

/// `setduel [command] [options]`.
let usage = """
  usage: setduel [command] [options]

  commands:
    (none)    in a terminal, play the computer; otherwise, watch a bot-against-bot game
    serve     host a table over TCP (setduel serve --help)
    play      the full-screen terminal client (setduel play --help)
    bot       a computer player (setduel bot --help)
    replay    print a recorded game and check it against the rules (setduel replay --help)
    stats     players' ratings and figures from the game records (setduel stats --help)
    help      this text

  README.md has the rules; protocol.md has the wire protocol.
  """

var words = Array(CommandLine.arguments.dropFirst())
let command = words.first
if command != nil { words.removeFirst() }
do {
  switch command {
  case "serve": try Serve.run(words)
  case "play": try Play.run(words)
  case "bot": try BotCommand.run(words)
  case "replay": try ReplayCommand.run(words)
  case "stats": try StatsCommand.run(words)
  case "help", "--help", "-h":
    print(usage)
  default:
    if let command { throw Arguments.UsageError(message: "unknown command \(command)") }
    if TerminalMode.isInteractive { Demo.playTheComputer() } else { Demo.watchBots() }
  }
} catch let error as Arguments.UsageError {
  let known = ["serve", "play", "bot", "replay", "stats"].contains(command ?? "")
  let hint = known ? "see: setduel \(command ?? "") --help" : usage
  fputs("setduel: \(error.message)\n\(hint)\n", stderr)
  exit(2)
}
