@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetCore
import SetProtocol

/// What the commands that print line by line (practice, the daily puzzle) write: the table drawn as
/// the game draws it, and sentences wrapped at spaces to the terminal's width, never in a word.
enum Printed {
  /// The table as the game draws it, with its lower-case keys; plain where standard output is not a
  /// terminal, so that scripts read the same lines.
  static func table(_ cards: [Card]) {
    let terminal = isatty(1) == 1
    var options = Play.screenOptions(ascii: !terminal)
    options.fullScreen = terminal && options.fullScreen
    for line in Renderer(options: options).printedTable(cards, columns: columns()) { print(line) }
  }

  /// `text` wrapped to the terminal's width (at most 79 columns), later lines indented by two spaces.
  static func say(_ text: String) {
    for line in HumanTable.wrap(text, width: min(HumanTable.width, columns() - 1)) { print(line) }
  }

  private static func columns() -> Int { isatty(1) == 1 ? max(20, TerminalMode.size().columns) : 80 }
}
