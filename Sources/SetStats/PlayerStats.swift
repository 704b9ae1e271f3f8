import SetProtocol

/// One player's figures, folded from every game record they played in.
public struct PlayerStats: Equatable, Sendable {
  /// The name as last seen at a table (names are matched without regard to case).
  public var name: String
  /// Whether the player is a computer player.
  public var isBot = false
  /// Games played to an end: completed or forfeited.
  public var games = 0
  public var wins = 0
  public var losses = 0
  public var ties = 0
  /// Games this player lost by staying away past the grace period.
  public var forfeits = 0
  /// Sets found.
  public var sets = 0
  /// Three cards picked that were not a set.
  public var wrongPicks = 0
  /// Claims that ran out before three cards were picked.
  public var expiredClaims = 0
  /// Requests for cards made while a set was on the table.
  public var needlessDeals = 0
  /// The find time of every set found, in milliseconds, oldest first (see `FindClock`).
  public var findTimes: [Int64] = []
  /// The rating after the last game.
  public var rating = Glicko2.Rating()
  /// The most recent games, oldest first, at most `recentGameCount`.
  public var recentGames: [GameSummary] = []

  /// How many recent games a player's figures keep.
  public static let recentGameCount = 10

  /// A player never seen in a game.
  public init(name: String) {
    self.name = name
  }

  /// The median find time in milliseconds (the lower of the middle two for an even count), or nil
  /// when no set was found.
  public var medianFindTime: Int64? {
    guard !findTimes.isEmpty else { return nil }
    return findTimes.sorted()[(findTimes.count - 1) / 2]
  }

  /// The fastest find time in milliseconds, or nil when no set was found.
  public var fastestFindTime: Int64? { findTimes.min() }

  mutating func remember(_ game: GameSummary) {
    recentGames.append(game)
    if recentGames.count > Self.recentGameCount { recentGames.removeFirst() }
  }
}

/// One finished game from one player's side.
public struct GameSummary: Equatable, Sendable {
  /// How the game went for the player.
  public enum Outcome: String, Equatable, Sendable {
    case won, lost, tied
  }

  /// The opponent's name.
  public var opponent: String
  public var outcome: Outcome
  /// The player's final score, then the opponent's.
  public var score: Int
  public var opponentScore: Int
  /// Whether the game ended by a forfeit.
  public var forfeit: Bool
  /// The player's rating before and after the game.
  public var ratingBefore: Double
  public var ratingAfter: Double

  public init(
    opponent: String, outcome: Outcome, score: Int, opponentScore: Int, forfeit: Bool, ratingBefore: Double,
    ratingAfter: Double
  ) {
    self.opponent = opponent
    self.outcome = outcome
    self.score = score
    self.opponentScore = opponentScore
    self.forfeit = forfeit
    self.ratingBefore = ratingBefore
    self.ratingAfter = ratingAfter
  }
}

extension PlayerStats {
  /// The figures as the wire's `STAT` line carries them.
  public var figures: PlayerFigures {
    PlayerFigures(
      name: name, isBot: isBot, rating: Int(rating.rating.rounded()), deviation: Int(rating.deviation.rounded()),
      games: games, wins: wins, losses: losses, ties: ties, forfeits: forfeits, sets: sets, wrongPicks: wrongPicks,
      expiredClaims: expiredClaims, needlessDeals: needlessDeals, medianFindTime: medianFindTime,
      fastestFindTime: fastestFindTime)
  }
}
