@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetProtocol

/// `setduel play`: the full-screen terminal client.
enum Play {
  static let command = CommandSpec(
    "play", summary: "the full-screen terminal client",
    synopses: [
      "[HOST[:PORT]] [--table TABLE] [--name NAME] [--enter] [--theme NAME] [--light] [--ascii]",
      "--list [--porcelain]",
    ],
    about: """
      Plays at the table on HOST and PORT (default \(Serve.defaultPort)) in a full-screen terminal client. \
      With no HOST it looks for tables announced on the LAN for a moment and lists them: with one table \
      waiting for a player, Enter joins it; with several, a digit picks one; with none, it plays at \
      localhost if a table is served there. A server holding several tables (a hall) lists them first: Enter \
      joins the one waiting for a player, a table's number picks it, n opens a new one, c one against the \
      computer; --table goes straight to a table. The first two players at a table play; anyone after them \
      watches. \
      While a game runs, your seat's resume token is kept in $XDG_STATE_HOME/setduel (else \
      ~/.local/state/setduel): start play again with the same address and name to take your seat back.
      """,
    sections: [
      .init(
        title: "keys",
        text: """
          space calls Set; a-u pick and unpick cards; + asks for three more cards; / opens a chat line; \
          ! shows the history; ? shows help; Enter asks for a rematch once the game is over; # goes back to \
          the list of tables (twice in a running game); in a hall's tournament s shows the standings, your \
          place and the pairings (e enters, w withdraws); Esc twice (or Ctrl-C) quits; Tab switches to the \
          next theme.
          """)
    ],
    options: [
      .valued("name", "NAME", "your name at the table (default: your user name)"),
      .valued("table", "TABLE", "the hall's table to sit down at, by number or name (default: choose from the list)"),
      .flag("enter", "enter the hall's tournament once named (in its standings, s, e enters and w withdraws)"),
      .choice(
        "theme", "NAME", Theme.all.map(\.name),
        "the colours and card frames: \(Theme.all.map(\.name).joined(separator: ", ")) (default \(Theme.standard.name), colour-blind safe)"
      ),
      .flag("light", "colours for a light background (also chosen when COLORFGBG says so)"),
      .flag("ascii", "plain ASCII, no colour (NO_COLOR turns colour off too; TERM=dumb prints line by line)"),
      .flag("list", "print the tables announced on the LAN, one a line, and exit"),
      .flag(
        "porcelain",
        "with --list: tab-separated fields (name, address, port, phase, seat 1, seat 2, spectators) for scripts"),
    ],
    operands: .tables)

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    if arguments.flag("list") {
      guard arguments.positional.isEmpty else {
        throw Arguments.UsageError(message: "--list looks on the LAN; it takes no address")
      }
      Browse.list(porcelain: arguments.flag("porcelain"))
    }
    guard !arguments.flag("porcelain") else { throw Arguments.UsageError(message: "--porcelain goes with --list") }
    var endpoint = try arguments.endpoint(defaultPort: Serve.defaultPort)
    let name = try playerName(arguments.text("name"))
    let table = try tableName(arguments.text("table"))
    let theme = try arguments.value(
      "theme", Theme.standard, expected: Theme.all.map(\.name).joined(separator: ", "), Theme.named)
    let options = screenOptions(ascii: arguments.flag("ascii"), theme: theme, light: arguments.flag("light"))
    guard TerminalMode.isInteractive else {
      guard arguments.positional.isEmpty else {
        fail("play needs a terminal; from a script, use nc \(endpoint.host) \(endpoint.port)")
      }
      fail("play needs a terminal; from a script, `\(Invocation.command) play --list --porcelain` lists the tables")
    }
    if arguments.positional.isEmpty { endpoint = Browse.choose(name: name) }
    let app = PlayApp(
      host: endpoint.host, port: endpoint.port, name: name, options: options,
      tokenFile: SeatTokenFile(host: endpoint.host, port: endpoint.port, name: name),
      secrets: NameSecretFile(host: endpoint.host, port: endpoint.port), table: table, enter: arguments.flag("enter"))
    app.run()
  }

  /// A table given with `--table`, checked: a table's number or name.
  static func tableName(_ given: String?) throws(Arguments.UsageError) -> String? {
    guard let given else { return nil }
    let isNumber = given.utf8.count <= 6 && Int(given).map { $0 >= 1 } == true
    guard isNumber || TableName.isValid(given) else {
      throw Arguments.UsageError(message: "--table takes a table's number or name: \(TableName.rule)")
    }
    return given
  }

  /// The name given, checked, or the default name.
  static func playerName(_ given: String?) throws(Arguments.UsageError) -> String {
    guard let given else { return defaultName() }
    guard PlayerName.isValid(given) else { throw Arguments.UsageError(message: ErrorCode.badName.text) }
    return given
  }

  /// The user's login name made fit for the table, or `player`.
  static func defaultName() -> String {
    let user = getenv("USER").map { String(cString: $0) } ?? ""
    return PlayerName.fitted(user) ?? "player"
  }

  /// How to draw, from `--ascii`, the theme and the environment's NO_COLOR, TERM and COLORFGBG.
  static func screenOptions(ascii: Bool, theme: Theme = .standard, light: Bool = false) -> ScreenOptions {
    var environment: [String: String] = [:]
    for key in ["NO_COLOR", "TERM", "COLORFGBG"] {
      if let value = getenv(key) { environment[key] = String(cString: value) }
    }
    return ScreenOptions.detect(ascii: ascii, environment: environment, theme: theme, light: light)
  }
}
