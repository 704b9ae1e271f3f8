/// The zsh completion script, `setduel completions zsh` (a `_setduel` for a folder on `$fpath`), made
/// from the command table with zsh's `_arguments`.
enum ZshCompletion {
  static func script(_ commands: [CommandSpec]) -> String {
    let named = commands.filter { $0.name != nil }
    let top = commands.first { $0.name == nil }
    let described = named.map { "    \("\($0.name!):\($0.summary)".singleQuoted())" }
    let cases = named.map { command in
      (["    \(command.name!))", "      _arguments -S \\"] + command.options.map { "        \(spec($0)) \\" }
        + ["        \(operandSpec(command.operandCompletion(commands: commands)))", "      ;;"]).joined(separator: "\n")
    }
    let topOptions = (top?.options ?? []).map { "--\($0.name)" }.joined(separator: " ")
    return """
      #compdef setduel
      # zsh completion for setduel: made by `setduel completions zsh` from its command table.

      # The tables announced on the LAN as HOST:PORT, from fields 2 and 3 of the porcelain list.
      _setduel_tables() {
        local -a tables
        tables=(${(f)"$(timeout 3 setduel play --list --porcelain 2>/dev/null | while IFS=$'\\t' read -r name address port rest; do print -r -- "$address:$port"; done)"})
        compadd -a tables
      }

      _setduel() {
        local -a commands
        commands=(
      \(described.joined(separator: "\n"))
        )
        if (( CURRENT == 2 )); then
          if [[ $PREFIX == -* ]]; then
            compadd -- \(topOptions)
          else
            _describe -t commands 'setduel command' commands
          fi
          return
        fi
        local command=$words[2]
        shift words
        (( CURRENT-- ))
        case $command in
      \(cases.joined(separator: "\n"))
        esac
      }

      # Autoloaded from $fpath, this file is the completion function's body; sourced, it registers it.
      if [[ $funcstack[1] == _setduel ]]; then
        _setduel "$@"
      else
        compdef _setduel setduel
      fi

      """
  }

  /// `_arguments`' words for one option: `--name=[help]:VALUE:action`, or `--name[help]` for a flag.
  static func spec(_ option: OptionSpec) -> String {
    let help = "[" + brief(option.help).replacingOccurrences(of: "]", with: "\\]") + "]"
    guard let value = option.value else { return "--\(option.name)\(help)".singleQuoted() }
    let escaped = value.replacingOccurrences(of: ":", with: "\\:")
    return "--\(option.name)=\(help):\(escaped):\(action(option.completion))".singleQuoted()
  }

  /// `_arguments`' words for the operands.
  static func operandSpec(_ completion: Completion) -> String {
    "'*:argument:\(action(completion))'"
  }

  /// What completes a value.
  static func action(_ completion: Completion) -> String {
    switch completion {
    case .nothing, .commands: return " "
    case .words(let words): return "(\(words.joined(separator: " ")))"
    case .files: return "_files"
    case .directories: return "_files -/"
    case .tables: return "_setduel_tables"
    }
  }

  /// The help up to its first parenthesis or semicolon: enough for a menu.
  static func brief(_ help: String) -> String {
    let end = help.firstIndex { $0 == "(" || $0 == ";" } ?? help.endIndex
    return String(help[..<end]).trimmingCharacters()
  }
}

extension String {
  /// The text without spaces at either end.
  func trimmingCharacters() -> String { self[...].trimmingSpaces() }
}
