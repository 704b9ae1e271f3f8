/// How a set found is scored; the raw value is its word on the wire and the command line.
public enum Scoring: String, CaseIterable, Equatable, Sendable {
  /// Every set scores the rules' `setReward`: the standard game.
  case sets
  /// A set scores more the faster it was found: three times `setReward` within 10 s of the table
  /// changing, twice within 20 s, once after that. Penalties stay as they are: a wrong pick costs as
  /// much as under `sets`, so a guess (right about one time in eighty at a table of twelve) loses
  /// points on average even at triple reward.
  case speed

  /// How long each step of the speed curve lasts, in milliseconds.
  public static let speedStep: Int64 = 10_000
  /// The most times `setReward` a set can score under `speed`.
  public static let speedMultiple: Int64 = 3

  /// The points for a set found `findMs` milliseconds after the table last changed.
  public func points(reward: Int, findMs: Int64) -> Int {
    switch self {
    case .sets: return reward
    case .speed:
      let multiple = max(1, Self.speedMultiple - max(0, findMs) / Self.speedStep)
      return reward * Int(multiple)
    }
  }
}
