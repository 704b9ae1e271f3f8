/// The bash completion script, `setduel completions bash`: a generic `_setduel` function and, made
/// from the command table, the options of each command and what each option's value completes to.
enum BashCompletion {
  static func script(_ commands: [CommandSpec]) -> String {
    var options: [String] = []
    var values: [String] = []
    var operands: [String] = []
    for command in commands {
      let key = command.name ?? ""
      options.append(
        "    \(key.singleQuoted())) echo \(command.options.map { "--\($0.name)" }.joined(separator: " ")) ;;")
      for option in command.options where option.value != nil {
        values.append("    \("\(key) --\(option.name)".singleQuoted())) echo \(kind(option.completion)) ;;")
      }
      operands.append("    \(key.singleQuoted())) echo \(kind(command.operandCompletion(commands: commands))) ;;")
    }
    let names = commands.compactMap(\.name).joined(separator: " ")
    return """
      # bash completion for setduel: made by `setduel completions bash` from its command table.

      # The options of command $1 ('' for setduel with none).
      _setduel_options() {
        case "$1" in
      \(options.joined(separator: "\n"))
        esac
      }

      # What the value of option $2 of command $1 completes to; fails when the option takes no value.
      _setduel_value() {
        case "$1 $2" in
      \(values.joined(separator: "\n"))
          *) return 1 ;;
        esac
      }

      # What the words of command $1 that are not options complete to.
      _setduel_operands() {
        case "$1" in
      \(operands.joined(separator: "\n"))
          *) echo nothing ;;
        esac
      }

      # The tables announced on the LAN as HOST:PORT, from fields 2 and 3 of the porcelain list.
      _setduel_tables() {
        local name address port rest
        timeout 3 setduel play --list --porcelain 2>/dev/null |
          while IFS=$'\\t' read -r name address port rest; do printf '%s:%s\\n' "$address" "$port"; done
      }

      # COMPREPLY from what $1 (a kind: words ..., files, directories, tables, nothing) offers for $2.
      _setduel_reply() {
        local kind=$1 cur=$2 candidates
        case "$kind" in
          words\\ *) candidates=${kind#words }; mapfile -t COMPREPLY < <(compgen -W "$candidates" -- "$cur") ;;
          files) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
          directories) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
          tables) mapfile -t COMPREPLY < <(compgen -W "$(_setduel_tables)" -- "$cur") ;;
          *) COMPREPLY=() ;;
        esac
        # Readline replaces only what follows the last colon of HOST:PORT when a colon breaks words.
        if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
          local lead=${cur%"${cur##*:}"}
          COMPREPLY=("${COMPREPLY[@]#"$lead"}")
        fi
      }

      _setduel() {
        # The words from the line up to the cursor, split at spaces only (so --theme=x and HOST:PORT stay whole).
        local line
        if [[ -n ${COMP_LINE-} ]]; then line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}; else line="${COMP_WORDS[*]:0:COMP_CWORD+1}"; fi
        local -a words
        read -ra words <<<"$line"
        [[ -z $line || $line == *[[:space:]] ]] && words+=("")
        local count=${#words[@]}
        local cur=${words[count-1]} prev=
        ((count > 2)) && prev=${words[count-2]}
        local command=
        [[ $count -gt 2 && ${words[1]} != -* ]] && command=${words[1]}
        COMPREPLY=()
        if ((count == 2)) && [[ $cur != -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W "\(names)" -- "$cur")
          return 0
        fi
        local kind
        if [[ $cur == --*=* ]] && kind=$(_setduel_value "$command" "${cur%%=*}"); then
          local value=${cur#*=}
          _setduel_reply "$kind" "$value"
          [[ $COMP_WORDBREAKS == *=* ]] || COMPREPLY=("${COMPREPLY[@]/#/${cur%%=*}=}")
        elif [[ $prev == --* ]] && kind=$(_setduel_value "$command" "$prev"); then
          _setduel_reply "$kind" "$cur"
        elif [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W "$(_setduel_options "$command")" -- "$cur")
        else
          _setduel_reply "$(_setduel_operands "$command")" "$cur"
        fi
        return 0
      }

      complete -F _setduel setduel

      """
  }

  /// How the script names what a word completes to.
  static func kind(_ completion: Completion) -> String {
    switch completion {
    case .nothing, .commands: return "nothing"
    case .words(let words): return ("words " + words.joined(separator: " ")).singleQuoted()
    case .files: return "files"
    case .directories: return "directories"
    case .tables: return "tables"
    }
  }
}
