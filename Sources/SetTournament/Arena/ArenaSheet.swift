/// A finished game from one player's side. A forfeit win is a win and a forfeit loss a loss.
public enum ArenaOutcome: String, Hashable, Sendable {
  /// Won, at the table or by forfeit.
  case win
  /// Tied.
  case tie
  /// Lost, at the table or by forfeit.
  case loss
}

/// An arena player's score sheet, as lichess scores it (lila's `ArenaSheet`, without berserk or the
/// draw-streak rule): a win 2, a tie 1, a loss 0; after two wins in a row the player is on fire and a
/// win scores 4, a tie 2, until a game that is not a win.
public struct ArenaSheet: Hashable, Sendable {
  /// The outcomes in the order the games ended.
  public private(set) var outcomes: [ArenaOutcome] = []
  /// The points each of those games scored.
  public private(set) var scores: [Int] = []

  /// An empty sheet.
  public init() {}

  /// A sheet of `outcomes`, in order.
  public init(_ outcomes: [ArenaOutcome]) {
    for outcome in outcomes { add(outcome) }
  }

  /// Whether the last two finished games were both wins.
  public var onFire: Bool { outcomes.count >= 2 && outcomes.suffix(2).allSatisfy { $0 == .win } }

  /// The sheet's total.
  public var total: Int { scores.reduce(0, +) }

  /// Adds a finished game and returns the points it scored.
  @discardableResult
  public mutating func add(_ outcome: ArenaOutcome) -> Int {
    let base: Int
    switch outcome {
    case .win: base = 2
    case .tie: base = 1
    case .loss: base = 0
    }
    let points = onFire ? 2 * base : base
    outcomes.append(outcome)
    scores.append(points)
    return points
  }

  /// The current streak of wins.
  public var streak: Int { outcomes.reversed().prefix { $0 == .win }.count }
}
