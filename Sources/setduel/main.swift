@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetProtocol

/// `setduel [command] [options]`.
let usage = HelpText.overview(CommandTable.all)

/// The subcommands, each with its `run`.
let subcommands = CommandTable.subcommands.map { (name: $0.spec.name ?? "", run: $0.run) }

var words = Array(CommandLine.arguments.dropFirst())
let command = words.first
if command != nil { words.removeFirst() }
do {
  switch command {
  case "help", "--help", "-h":
    try CommandTable.answerHelp(words)
    print(ColumnFit.fit(usage))
  case "version", "--version":
    try CommandTable.answerVersion(words)
    print(Version.line)
  case let option? where option.hasPrefix("--"):
    try Demo.run([option] + words)
  case let name?:
    if let sub = subcommands.first(where: { $0.name == name }) { try sub.run(words) }
    let guess = Suggestion.question(for: name, among: subcommands.map(\.name) + ["help", "version"])
    throw Arguments.UsageError(message: "unknown command \(name)" + (guess.map { "; \($0)" } ?? ""))
  case nil:
    try Demo.run(words)
  }
} catch let error as Arguments.UsageError {
  let known = subcommands.contains { $0.name == command }
  let hint = known ? "see: \(Invocation.command) \(command ?? "") --help" : ColumnFit.fit(usage)
  fputs("setduel: \(error.message)\n\(hint)\n", stderr)
  exit(2)
}
