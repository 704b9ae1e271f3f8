/// Why a Swiss round was paired as it was, as data: each reason also reads as a sentence.
public enum SwissPairingReason: Hashable, Sendable, CustomStringConvertible {
  /// Why a player left their points group.
  public enum FloatCause: String, Hashable, Sendable {
    /// The player has met every other player present on the same points.
    case metEveryoneInGroup = "met-everyone"
    /// The group has an odd number of players to pair.
    case oddGroup = "odd-group"
    /// A pairing inside the group would force a rematch or a larger points gap elsewhere.
    case restOfRound = "rest-of-round"
  }

  /// Why a lower-ranked player did not get the bye.
  public enum ByeBar: String, Hashable, Sendable {
    /// Has had a bye already.
    case hadBye = "had-bye"
    /// Has won by forfeit.
    case wonByForfeit = "won-by-forfeit"
    /// Could have it by the rules, but the rest of the round would then cost more.
    case costlier = "costlier"
  }

  /// `player` on `fromHalves` half-points plays `opponent` on `toHalves`.
  case floated(player: String, fromHalves: Int, opponent: String, toHalves: Int, cause: FloatCause)
  /// Top half against bottom half would have paired `player` with `wouldHavePlayed`, met in round `round`.
  case rematchAvoided(player: String, wouldHavePlayed: String, round: Int)
  /// `player` gets the bye; `passedOver` are the lower-ranked players who did not, and why.
  case bye(player: String, passedOver: [PassedOver])

  /// A lower-ranked player not given the bye, and why.
  public struct PassedOver: Hashable, Sendable {
    /// The player's name.
    public var player: String
    /// Why not.
    public var because: ByeBar

    /// `player`, passed over `because`.
    public init(player: String, because: ByeBar) {
      self.player = player
      self.because = because
    }
  }

  /// The reason as a sentence.
  public var description: String {
    switch self {
    case .floated(let player, let from, let opponent, let to, let cause):
      let why: String
      switch cause {
      case .metEveryoneInGroup: why = "has met everyone present on \(Points.text(halves: from))"
      case .oddGroup: why = "the group on \(Points.text(halves: from)) has an odd number of players"
      case .restOfRound: why = "pairing inside the group would force a rematch or a larger gap elsewhere"
      }
      return "\(player) (\(Points.text(halves: from))) floats to play \(opponent) (\(Points.text(halves: to))): \(why)"
    case .rematchAvoided(let player, let other, let round):
      return "\(player) would have played \(other) (top half against bottom half), but they met in round \(round)"
    case .bye(let player, let passedOver):
      guard !passedOver.isEmpty else { return "\(player) gets the bye: the lowest-ranked player" }
      let others = passedOver.map { "\($0.player) (\($0.because.words))" }.joined(separator: ", ")
      return "\(player) gets the bye: the lowest-ranked player who can; not \(others)"
    }
  }
}

extension SwissPairingReason.ByeBar {
  var words: String {
    switch self {
    case .hadBye: "has had a bye"
    case .wonByForfeit: "has won by forfeit"
    case .costlier: "the rest of the round would cost more"
    }
  }
}

/// Points kept exactly in half-points, and written as people write them.
public enum Points {
  /// "2", "1.5", "0.5": half-points as a decimal.
  public static func text(halves: Int) -> String {
    let sign = halves < 0 ? "-" : ""
    let magnitude = abs(halves)
    return sign + "\(magnitude / 2)" + (magnitude % 2 == 1 ? ".5" : "")
  }

  /// Quarter-points as a decimal: "1.25", "3", "0.5".
  public static func text(quarters: Int) -> String {
    let sign = quarters < 0 ? "-" : ""
    let magnitude = abs(quarters)
    let fraction = ["", ".25", ".5", ".75"][magnitude % 4]
    return sign + "\(magnitude / 4)" + fraction
  }
}
