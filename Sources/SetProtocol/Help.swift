/// The use of every command, for `HELP` and for usage errors.
public enum Help {
  /// Each command's verb, use and meaning, in the order HELP lists them.
  public static let commands: [(verb: String, usage: String, meaning: String)] = [
    ("NAME", "NAME <name>", "take a seat (the first two names play, later ones watch)"),
    ("CLAIM", "CLAIM", "call Set: you alone may pick for a few seconds (SET works too)"),
    ("PICK", "PICK <slot> [<slot> <slot>]", "pick cards by slot letter; PICK A B C picks three (and claims)"),
    ("UNPICK", "UNPICK <slot>", "take back a pick"),
    ("DEAL", "DEAL", "ask for three more cards (-1 if a set is on the table)"),
    ("TABLE", "TABLE", "show the table and whose turn it is (LOOK works too)"),
    ("STATE", "STATE", "show the whole table, scores and whose turn it is"),
    ("SCORES", "SCORES", "show the scores"),
    ("HISTORY", "HISTORY", "show the results of the games so far"),
    ("STATS", "STATS [<name>] [<variant>]", "a player's record, rating and find times (yours by default)"),
    ("TOP", "TOP [<count>] [<variant>]", "the best players by rating (10 by default, at most 100)"),
    ("SAY", "SAY <text>", "chat to everyone at the table"),
    ("NEW", "NEW", "ask for a rematch once the game is over"),
    ("PING", "PING [<token>]", "check the connection; answered with PONG"),
    ("RESUME", "RESUME <token>", "take back your seat after a dropped connection"),
    ("MODE", "MODE HUMAN|MACHINE", "switch between readable text and the machine grammar"),
    ("HELP", "HELP [<command>|CARDS]", "list commands, explain one, or explain the card codes"),
    ("QUIT", "QUIT", "leave"),
  ]

  /// Verbs that are another verb's second name.
  static let aliases = ["SET": "CLAIM", "LOOK": "TABLE"]

  /// The use of one verb, or nil if there is no such command.
  public static func usage(of verb: String) -> String? {
    let verb = aliases[verb] ?? verb
    return commands.first { $0.verb == verb }.map(\.usage)
  }

  /// The lines HELP answers with: every command, the one named, or, for `CARDS`, what a card's code means.
  public static func lines(for verb: String?) -> [String]? {
    guard let verb else { return commands.map { "\($0.usage) - \($0.meaning)" } }
    if verb == "CARDS" { return HumanTable.legend }
    let key = aliases[verb] ?? verb
    return commands.first { $0.verb == key }.map { ["\($0.usage) - \($0.meaning)"] }
  }

  /// The verb nearest to a mistyped `word`, or nil if none is near (see `Suggestion`).
  public static func nearest(to word: String) -> String? {
    Suggestion.nearest(to: word.uppercased(), among: commands.map(\.verb) + aliases.keys.sorted())
  }
}
