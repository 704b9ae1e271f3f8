import SetCore

/// A command a client sends, parsed from one line.
public enum ClientCommand: Equatable, Sendable {
  /// `HELP [verb]`: the list of commands, or one command's use.
  case help(String?)
  /// `NAME name`: take a seat if one is free, else watch.
  case name(String)
  /// `MODE HUMAN|MACHINE`: switch presentation.
  case mode(Presentation)
  /// `CLAIM` (or `SET`): call Set.
  case claim
  /// `PICK slot [slot slot]`.
  case pick([Slot])
  /// `PICK card [card card] [#seq]` or `PICK slot [slot slot] #seq`: a pick that cannot go stale. It
  /// names the cards themselves, or slots as they were at event `seq`; if the cards are no longer on
  /// the table, or the table changed after event `seq`, it is refused and costs nothing.
  case guardedPick(PickTarget, table: Int?)
  /// `UNPICK slot`.
  case unpick(Slot)
  /// `DEAL`: ask for three more cards.
  case deal
  /// `TABLE` (or `LOOK`): the table as it stands.
  case table
  /// `STATE`: the whole table and game state.
  case state
  /// `SCORES`.
  case scores
  /// `HISTORY`: the results so far.
  case history
  /// `STATS [name]`: a player's figures from the game records (the asker's by default).
  case stats(String?)
  /// `TOP [n]`: the best `n` players by rating (10 by default).
  case top(Int)
  /// `STATS [name] variant`: a player's figures in a variant other than the standard game.
  case variantStats(String?, Variant)
  /// `TOP [n] variant`: the best `n` players of a variant other than the standard game.
  case variantTop(Int, Variant)
  /// `SAY text`: chat to the table.
  case say(String)
  /// `NEW`: ask for a rematch.
  case new
  /// `PING [token]`.
  case ping(String?)
  /// `RESUME token`: take back a seat after a dropped connection.
  case resume(String)
  /// `QUIT`.
  case quit
}

/// How the server writes to one connection.
public enum Presentation: String, Equatable, Sendable {
  /// Plain words, the table drawn after each change, and a prompt: for people on nc or telnet.
  case human
  /// Every line exactly as protocol.md's grammar says, no prompt: for programs.
  case machine
}

/// What a guarded pick names: cards by code, or slots.
public enum PickTarget: Equatable, Sendable {
  case cards([Card])
  case slots([Slot])
}
