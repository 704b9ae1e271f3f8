/// How strong a computer opponent is: the names `serve --bot`, `setduel bot --level` and `OPEN bot=`
/// take. How each level plays is the client core's (`BotLevel.skill`).
public enum BotLevel: String, CaseIterable, Sendable {
  /// Slow; overlooks sets and calls Set wrongly more than the others.
  case easy
  /// A steady player.
  case normal
  /// Quick, and seldom wrong.
  case hard
}
