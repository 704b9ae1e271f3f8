@preconcurrency import Glibc

/// `setduel help --man`: the manual page setduel(1) in roff, made from the command table and the same
/// text `setduel help` and `COMMAND --help` print.
enum ManPage {
  /// Prints the page and exits 0.
  static func print(_ commands: [CommandSpec]) -> Never {
    Swift.print(text(commands), terminator: "")
    exit(0)
  }

  static func text(_ commands: [CommandSpec]) -> String {
    var lines = [
      ".TH SETDUEL 1 \"\" \"setduel \(Version.release)\" \"User Commands\"",
      ".nh", ".ad l",
      ".SH NAME",
      "setduel \\- \(escaped(CommandTable.tagline))",
      ".SH SYNOPSIS",
      ".nf",
    ]
    for command in commands {
      for synopsis in command.synopses {
        lines.append("\\fB\(escaped(command.invocation))\\fR" + (synopsis.isEmpty ? "" : " " + escaped(synopsis)))
      }
    }
    lines += [".fi", ".SH DESCRIPTION"]
    lines += HelpText.paragraphs(CommandTable.about).flatMap { [".PP", escaped($0)] }
    lines.append(".SH COMMANDS")
    for command in commands {
      lines.append(".SS \"\(escaped(command.invocation))\"")
      lines += [".PP", escaped(command.summary) + "."]
      lines += HelpText.paragraphs(command.about).flatMap { [".PP", escaped($0)] }
      for section in command.sections {
        lines += [".PP", "\\fI\(escaped(section.title))\\fR: \(escaped(section.text))"]
      }
      for option in command.options {
        let value = option.value.map { " \\fI\(escaped($0))\\fR" } ?? ""
        lines += [".TP", "\\fB\\-\\-\(escaped(option.name))\\fR" + value, escaped(option.help)]
      }
    }
    lines += [".SH SEE ALSO", escaped(CommandTable.closing)]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` safe in roff: backslashes and hyphens escaped, and a line that would start with a
  /// control character guarded.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      default: out.append(character)
      }
    }
    return out.first == "." || out.first == "'" ? "\\&" + out : out
  }
}
