import SetProtocol

/// The help a person reads in the terminal, made from the command table: `setduel help` lists the
/// commands, `setduel COMMAND --help` explains one.
enum HelpText {
  /// The width help text is wrapped to: what fits a terminal of 80 columns.
  static let width = ColumnFit.width

  /// `setduel help`: the use, every command with its summary, and where the rest is explained.
  static func overview(_ commands: [CommandSpec]) -> String {
    let rows = commands.map { command in
      let name = command.name ?? "(none)"
      // Kept on one line by spaces that do not break.
      let more = CommandTable.subcommand(command.name) != nil ? " (setduel\u{A0}\(name)\u{A0}--help)" : ""
      return (name, command.summary + more)
    }
    let about = paragraphs(CommandTable.about).flatMap { wrap($0, width: width) + [""] }
    return
      (["usage: setduel [command] [options]", ""] + about + ["commands:"] + table(rows, indent: 2)
      + ["", wrap(CommandTable.closing, width: width).joined(separator: "\n")]).joined(separator: "\n")
  }

  /// `setduel COMMAND --help`: how it is called, what it does, its sections and its options.
  static func usage(_ command: CommandSpec) -> String {
    var lines: [String] = []
    for (index, synopsis) in command.synopses.enumerated() {
      let lead = (index == 0 ? "usage: " : "       ") + command.invocation + " "
      let hang = String(repeating: " ", count: lead.count)
      let wrapped = wrap(synopsis, width: width - lead.count)
      lines += wrapped.enumerated().map { (($0.offset == 0 ? lead : hang) + $0.element).trimmingTrailingSpaces() }
    }
    for paragraph in paragraphs(command.about) {
      lines += [""] + wrap(paragraph, width: width)
    }
    for section in command.sections {
      lines += [""] + hanging(section.title + ":", section.text)
    }
    lines += ["", "options:"] + table(command.options.map { ($0.label, $0.help) }, indent: 2)
    return lines.joined(separator: "\n")
  }

  /// The paragraphs of `text`, split at blank lines, each on one line.
  static func paragraphs(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .split { $0.allSatisfy(\.isWhitespace) }
      .map { $0.map { $0.trimmingSpaces() }.joined(separator: " ") }
  }

  /// Two columns: the left one as wide as its widest entry (up to 24), the right one wrapped; an entry
  /// too wide for the column has its text start on the next line.
  static func table(_ rows: [(String, String)], indent: Int) -> [String] {
    let column = min(24, rows.map(\.0.count).max() ?? 0) + 2
    let margin = String(repeating: " ", count: indent)
    let hang = String(repeating: " ", count: indent + column)
    var lines: [String] = []
    for (left, right) in rows {
      let wrapped = wrap(right, width: width - indent - column)
      if left.count > column - 2 {
        lines.append(margin + left)
        lines += wrapped.map { hang + $0 }
      } else {
        let lead = margin + left + String(repeating: " ", count: column - left.count)
        lines += wrapped.enumerated().map { ($0.offset == 0 ? lead : hang) + $0.element }
      }
    }
    return lines
  }

  /// `title` followed by `text`, wrapped with every line after the first under the text's start.
  static func hanging(_ title: String, _ text: String) -> [String] {
    let hang = String(repeating: " ", count: title.count + 1)
    return wrap(text, width: width - hang.count).enumerated().map { ($0.offset == 0 ? title + " " : hang) + $0.element }
  }

  /// `text`'s words in lines of at most `width` characters (a longer word has a line of its own). A
  /// command in backquotes is kept on one line when it fits one, so that it can be copied whole; a
  /// space that does not break (U+00A0) never breaks, and is printed as a space.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in unbroken(text, width: width) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    return (lines + [line]).map { $0.replacingNoBreakSpaces() }
  }

  /// `text`'s words, those of a backquoted span that fits `width` joined into one.
  static func unbroken(_ text: String, width: Int) -> [String] {
    var words: [String] = []
    var span: [Substring] = []
    for word in text.split(separator: " ") {
      if span.isEmpty, !word.hasPrefix("`") || word.dropFirst().contains("`") {
        words.append(String(word))
        continue
      }
      span.append(word)
      guard word.dropFirst(span.count == 1 ? 1 : 0).contains("`") else { continue }
      let joined = span.joined(separator: " ")
      words += joined.count <= width ? [joined] : span.map(String.init)
      span = []
    }
    return words + span.map(String.init)
  }
}

extension String {
  /// The text without spaces at its end.
  func trimmingTrailingSpaces() -> String { String(reversed().drop { $0 == " " }.reversed()) }

  /// The text with each space that does not break made a plain space.
  func replacingNoBreakSpaces() -> String { String(map { $0 == "\u{A0}" ? " " : $0 }) }
}

extension Substring {
  /// The text without spaces at either end.
  func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
