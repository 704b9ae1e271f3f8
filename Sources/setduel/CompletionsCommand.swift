@preconcurrency import Glibc
import SetProtocol

/// `setduel completions SHELL`: a completion script for bash, zsh or fish, made from the command table.
enum CompletionsCommand {
  /// The shells a script is made for, each with its maker.
  static let shells: [(name: String, script: @Sendable ([CommandSpec]) -> String)] = [
    ("bash", BashCompletion.script), ("zsh", ZshCompletion.script), ("fish", FishCompletion.script),
  ]

  static let command = CommandSpec(
    "completions", summary: "a completion script for bash, zsh or fish", synopses: ["bash|zsh|fish"],
    about: """
      Prints a script that completes setduel's commands, options and their values, and for play and bot \
      the tables announced on the LAN (it asks `setduel play --list --porcelain`, which listens for a \
      moment). For the current bash: `source <(setduel completions bash)`. To keep it, save it where \
      the shell looks for it:

      `setduel completions bash > ~/.local/share/bash-completion/completions/setduel`

      `setduel completions zsh > _setduel` in a folder on $fpath

      `setduel completions fish > ~/.config/fish/completions/setduel.fish`
      """,
    options: [], operands: .words(shells.map(\.name)))

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    let names = shells.map(\.name)
    guard arguments.positional.count == 1 else {
      throw Arguments.UsageError(message: "completions needs one shell: \(Suggestion.alternatives(names))")
    }
    let shell = arguments.positional[0]
    guard let maker = shells.first(where: { $0.name == shell }) else {
      throw Arguments.UsageError(message: "no completions for \(shell): expected \(Suggestion.alternatives(names))")
    }
    print(maker.script(CommandTable.all), terminator: "")
    exit(0)
  }
}

extension CommandSpec {
  /// The words that complete this command's operands, with `commands` standing for the commands' names.
  func operandCompletion(commands: [CommandSpec]) -> Completion {
    guard operands == .commands else { return operands }
    return .words(commands.compactMap(\.name))
  }
}

extension String {
  /// The text in single quotes for a POSIX shell or fish: each `'` written as `'\''` (fish: `\'`).
  func singleQuoted(fish: Bool = false) -> String {
    "'" + replacingOccurrences(of: "'", with: fish ? "\\'" : "'\\''") + "'"
  }

  /// Every `target` replaced by `replacement`.
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
