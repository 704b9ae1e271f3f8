import SetProtocol

/// A command of `setduel` as data: its name, its use, what it does and its options. The parser
/// (`Arguments`), the help text, the man page and the shell completions are all made from these, so
/// they cannot disagree.
struct CommandSpec: Sendable {
  /// A titled block of text shown after what the command does, such as the terminal client's keys.
  struct Section: Sendable {
    let title: String
    let text: String
  }

  /// The word that names it (`serve`), or nil for `setduel` with no command.
  let name: String?
  /// What it does, in a line, for the list of commands.
  let summary: String
  /// How it is called, each after `setduel NAME`: `[options]`, `FILE [--watch]`.
  let synopses: [String]
  /// What it does: paragraphs separated by a blank line, wrapped when shown.
  let about: String
  /// Titled blocks shown after `about`.
  var sections: [Section] = []
  /// Its options, `--help` last (added here, so every command has it).
  let options: [OptionSpec]
  /// What its words that are not options complete to.
  let operands: Completion

  init(
    _ name: String?, summary: String, synopses: [String], about: String, sections: [Section] = [],
    options: [OptionSpec], operands: Completion = .nothing
  ) {
    self.name = name
    self.summary = summary
    self.synopses = synopses
    self.about = about
    self.sections = sections
    self.options = options + [OptionSpec.flag("help", "this text")]
    self.operands = operands
  }

  /// `setduel serve`, or `setduel` for the command without a name.
  var invocation: String { name.map { "setduel \($0)" } ?? "setduel" }

  /// The option called `name`, or nil.
  func option(_ name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// One `--name` option of a command.
struct OptionSpec: Sendable {
  /// The name without its dashes: `port`.
  let name: String
  /// What its value is called in the help (`N`, `DIR`), or nil for a flag, which takes none.
  let value: String?
  /// What it does, wrapped when shown.
  let help: String
  /// The only values it accepts (compared without regard to case), or empty when any will do.
  let choices: [String]
  /// What its value completes to.
  let completion: Completion

  /// A flag: `--name` alone.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help, choices: [], completion: .nothing)
  }

  /// An option with a value, `--name VALUE` or `--name=VALUE`; `completion` says what to offer for it.
  static func valued(_ name: String, _ value: String, _ help: String, completion: Completion = .nothing)
    -> OptionSpec
  {
    OptionSpec(name: name, value: value, help: help, choices: [], completion: completion)
  }

  /// An option that takes one of `choices`.
  static func choice(_ name: String, _ value: String, _ choices: [String], _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: value, help: help, choices: choices, completion: .words(choices))
  }

  /// `--port N`, or `--ascii` for a flag.
  var label: String { "--\(name)" + (value.map { " \($0)" } ?? "") }
}

/// What a word on the command line completes to.
enum Completion: Sendable, Equatable {
  /// Nothing worth offering: a number, a name.
  case nothing
  /// One of these words.
  case words([String])
  /// A file's path.
  case files
  /// A folder's path.
  case directories
  /// The addresses (`HOST:PORT`) of the tables announced on the LAN, from `setduel play --list --porcelain`.
  case tables
  /// A command's name.
  case commands
}

extension Arguments {
  /// Splits `words` by `command`'s options; an option with choices refuses any other value, naming them.
  init(_ words: [String], for command: CommandSpec) throws(UsageError) {
    let valued = command.options.filter { $0.value != nil }
    try self.init(
      words, valued: Set(valued.map(\.name)), flags: Set(command.options.filter { $0.value == nil }.map(\.name)))
    for option in valued where !option.choices.isEmpty {
      guard let given = text(option.name), !option.choices.contains(given.lowercased()) else { continue }
      let guess = Suggestion.question(for: given.lowercased(), among: option.choices).map { " (\($0))" }
      throw UsageError(
        message: "--\(option.name) \(given): expected \(Suggestion.alternatives(option.choices))" + (guess ?? ""))
    }
  }
}
