/// The use of every command, for `HELP` and for usage errors.
public enum Help {
  /// Each command's verb, use and meaning, in the order HELP lists them.
  public static let commands: [(verb: String, usage: String, meaning: String)] = [
    ("NAME", "NAME <name>", "take a seat (the first two names play, later ones watch)"),
    ("CLAIM", "CLAIM", "call Set: you alone may pick for a few seconds (SET works too)"),
    ("PICK", "PICK <slot> [<slot> <slot>]", "pick cards by slot letter; PICK A B C picks three (and claims)"),
    ("UNPICK", "UNPICK <slot>", "take back a pick"),
    ("DEAL", "DEAL", "ask for three more cards (-1 if a set is on the table)"),
    ("STATE", "STATE", "show the whole table, scores and whose turn it is"),
    ("SCORES", "SCORES", "show the scores"),
    ("HISTORY", "HISTORY", "show the results of the games so far"),
    ("STATS", "STATS [<name>]", "a player's record, rating and find times (yours by default)"),
    ("TOP", "TOP [<count>]", "the best players by rating (10 by default, at most 100)"),
    ("SAY", "SAY <text>", "chat to everyone at the table"),
    ("NEW", "NEW", "ask for a rematch once the game is over"),
    ("PING", "PING [<token>]", "check the connection; answered with PONG"),
    ("RESUME", "RESUME <token>", "take back your seat after a dropped connection"),
    ("MODE", "MODE HUMAN|MACHINE", "switch between readable text and the machine grammar"),
    ("HELP", "HELP [<command>]", "list commands, or explain one"),
    ("QUIT", "QUIT", "leave"),
  ]

  /// The use of one verb, or nil if there is no such command.
  public static func usage(of verb: String) -> String? {
    let verb = verb == "SET" ? "CLAIM" : verb
    return commands.first { $0.verb == verb }.map(\.usage)
  }

  /// The lines HELP answers with: every command, or the one named.
  public static func lines(for verb: String?) -> [String]? {
    guard let verb else { return commands.map { "\($0.usage) - \($0.meaning)" } }
    let key = verb == "SET" ? "CLAIM" : verb
    return commands.first { $0.verb == key }.map { ["\($0.usage) - \($0.meaning)"] }
  }
}
