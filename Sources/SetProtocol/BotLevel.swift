/// How strong a computer opponent is: the names `serve --bot`, `setduel bot --level` and `OPEN bot=`
/// take. How each level plays is the client core's (`BotLevel.skill`).
public enum BotLevel: String, CaseIterable, Sendable {
  /// Slow; overlooks sets and calls Set wrongly more than the others.
  case easy
  /// A steady player.
  case normal
  /// Quick, and seldom wrong.
  case hard

  /// The name a computer player of this level plays under by default, `bot-easy`, `bot-normal` or
  /// `bot-hard`: each level has its own, so that one rating does not mix three strengths.
  public var playerName: String { "bot-\(rawValue)" }
}
