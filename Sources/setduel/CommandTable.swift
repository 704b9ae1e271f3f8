@preconcurrency import Glibc
import SetProtocol

/// Every command of `setduel`, in the order `setduel help` lists them: what main dispatches on, and
/// what the help, the man page and the shell completions are made from. A new command is a
/// `CommandSpec` and a `run` in its own file, and a line here.
enum CommandTable {
  /// A command with a name, and what runs it with the words after that name.
  struct Subcommand: Sendable {
    let spec: CommandSpec
    let run: @Sendable ([String]) throws(Arguments.UsageError) -> Never
  }

  /// The commands that are run by name.
  static let subcommands: [Subcommand] = [
    Subcommand(spec: Serve.command, run: Serve.run), Subcommand(spec: Play.command, run: Play.run),
    Subcommand(spec: BotCommand.command, run: BotCommand.run),
    Subcommand(spec: ReplayCommand.command, run: ReplayCommand.run),
    Subcommand(spec: StatsCommand.command, run: StatsCommand.run),
    Subcommand(spec: TourneyCommand.command, run: TourneyCommand.run),
    Subcommand(spec: AnalyseCommand.command, run: AnalyseCommand.run),
    Subcommand(spec: PuzzleCommand.command, run: PuzzleCommand.run),
    Subcommand(spec: PracticeCommand.command, run: PracticeCommand.run),
    Subcommand(spec: QRCommand.command, run: QRCommand.run),
    Subcommand(spec: CompletionsCommand.command, run: CompletionsCommand.run),
  ]

  /// `setduel help`, which main answers itself.
  static let help = CommandSpec(
    "help", summary: "this text; help COMMAND explains one command", synopses: ["[COMMAND]", "--man"],
    about: "Lists the commands, or explains the one named (as COMMAND --help does).",
    options: [.flag("man", "print the manual page, setduel(1), in roff (man -l - reads it)")], operands: .commands)

  /// `setduel version`, which main answers itself.
  static let version = CommandSpec(
    "version", summary: "the version (also --version)", synopses: [""],
    about: "Prints the version, the version of the protocol it speaks, and the commit it was built from.",
    options: [])

  /// Every command: the one without a name first, then those run by name, then help and version.
  static var all: [CommandSpec] { [Demo.command] + subcommands.map(\.spec) + [help, version] }

  /// The options `setduel` takes before any command.
  static let topOptions = ["help", "version"] + Demo.command.options.map(\.name).filter { $0 != "help" }

  /// What setduel is, in a line: the man page's name line.
  static let tagline = "two-player Set head to head over a network"

  /// What setduel is, at the top of `setduel help` and of the man page.
  static let about = """
    SetDuel is two-player Set head to head over a network: a small TCP server deals one shared table, \
    judges every pick and runs the clocks; people play from a terminal, from telnet or nc, or against the \
    computer.
    """

  /// The words that end `setduel help`.
  static let closing = "README.md has the rules; protocol.md has the wire protocol."

  /// `setduel help`'s words answered: `--man` prints the man page, `COMMAND` that command's help (as
  /// `COMMAND --help` does); returns when the list of commands is wanted.
  static func answerHelp(_ words: [String]) throws(Arguments.UsageError) {
    let arguments = try Arguments(words, for: help)
    arguments.answerHelp(help)
    if arguments.flag("man") { ManPage.print(all) }
    guard let topic = arguments.positional.first else { return }
    guard arguments.positional.count == 1 else {
      throw Arguments.UsageError(message: "unexpected argument \(arguments.positional[1])")
    }
    if let command = subcommand(topic) { try command.run(["--help"]) }
    guard let command = [help, version].first(where: { $0.name == topic }) else {
      let guess = Suggestion.question(for: topic, among: all.compactMap(\.name)) { "help \($0)" }
      throw Arguments.UsageError(message: "no help on \(topic)" + (guess.map { "; \($0)" } ?? ""))
    }
    print(HelpText.usage(command))
    exit(0)
  }

  /// `setduel version`'s words checked: `--help` explains it; anything else is refused.
  static func answerVersion(_ words: [String]) throws(Arguments.UsageError) {
    let arguments = try Arguments(words, for: version)
    arguments.answerHelp(version)
    if let word = arguments.positional.first { throw Arguments.UsageError(message: "unexpected argument \(word)") }
  }

  /// The command called `name`, or nil.
  static func subcommand(_ name: String?) -> Subcommand? { subcommands.first { $0.spec.name == name } }
}

extension Arguments {
  /// Prints `command`'s help and exits 0 when `--help` was given.
  func answerHelp(_ command: CommandSpec) {
    guard flag("help") else { return }
    print(HelpText.usage(command))
    exit(0)
  }
}
