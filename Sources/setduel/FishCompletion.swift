/// The fish completion script, `setduel completions fish`, made from the command table.
enum FishCompletion {
  static func script(_ commands: [CommandSpec]) -> String {
    let names = commands.compactMap(\.name)
    var lines = [
      "# fish completion for setduel: made by `setduel completions fish` from its command table.",
      "complete -c setduel -f",
      "",
      "# The tables announced on the LAN as HOST:PORT, from fields 2 and 3 of the porcelain list.",
      "function __setduel_tables",
      "    timeout 3 setduel play --list --porcelain 2>/dev/null | while read -d \\t name address port rest",
      "        echo $address:$port",
      "    end",
      "end",
      "",
    ]
    for command in commands {
      let condition =
        command.name.map { "__fish_seen_subcommand_from \($0)" }
        ?? "not __fish_seen_subcommand_from \(names.joined(separator: " "))"
      let head = "complete -c setduel -n \(condition.singleQuoted(fish: true))"
      if let name = command.name {
        lines.append(
          "complete -c setduel -n __fish_use_subcommand -a \(name) -d \(ZshCompletion.brief(command.summary).singleQuoted(fish: true))"
        )
      }
      for option in command.options {
        var line = "\(head) -l \(option.name)"
        if option.value != nil { line += " " + arguments(option.completion) }
        lines.append(line + " -d \(ZshCompletion.brief(option.help).singleQuoted(fish: true))")
      }
      let operands = command.operandCompletion(commands: commands)
      if operands != .nothing, command.name != nil { lines.append("\(head) \(arguments(operands))") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `complete`'s words for what a value completes to.
  static func arguments(_ completion: Completion) -> String {
    switch completion {
    case .nothing, .commands: return "-x"
    case .words(let words): return "-x -a \(words.joined(separator: " ").singleQuoted(fish: true))"
    case .files: return "-r -F"
    case .directories: return "-x -a '(__fish_complete_directories)'"
    case .tables: return "-x -a '(__setduel_tables)'"
    }
  }
}
