/// Why a score changed.
public enum ScoreReason: String, CaseIterable, Equatable, Sendable {
  /// A set was found: plus.
  case setFound = "set"
  /// Three cards that are not a set were picked: minus.
  case wrongPick = "wrong"
  /// A claim window ran out before three cards were picked: minus.
  case claimExpired = "expired"
  /// Cards were asked for while a set was on the table: minus.
  case needlessDeal = "needless"
}
