@preconcurrency import Glibc

/// `setduel [command] [options]`.
let usage = """
  usage: setduel [command] [options]

  commands:
    (none)    in a terminal, play the computer; otherwise, watch a bot-against-bot game
    serve     host a table over TCP (setduel serve --help)
    replay    print a recorded game and check it against the rules
    help      this text

  README.md has the rules; protocol.md has the wire protocol.
  """

var words = Array(CommandLine.arguments.dropFirst())
let command = words.first
if command != nil { words.removeFirst() }
do {
  switch command {
  case "serve": try Serve.run(words)
  case "replay": try ReplayCommand.run(words)
  case "help", "--help", "-h":
    print(usage)
  default:
    if let command { throw Arguments.UsageError(message: "unknown command \(command)") }
    print(usage)
  }
} catch let error as Arguments.UsageError {
  fputs("setduel: \(error.message)\n\n\(usage)\n", stderr)
  exit(2)
}
