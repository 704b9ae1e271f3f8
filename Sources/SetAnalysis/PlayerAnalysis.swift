import SetCore

/// One player's game, as the analysis of its record sees it.
public struct PlayerAnalysis: Equatable, Sendable {
  /// The player's seat.
  public var seat: Seat
  /// The name the player sat down with.
  public var name: String
  /// Whether the record marks the player as a computer player.
  public var isBot = false
  /// Sets the player found.
  public var setsFound = 0
  /// Sets the player missed (see `GameAnalysis.missed`): indices into the game's `sets`.
  public var missed: [Int] = []
  /// Find times in milliseconds by how many features differ across the set: `findTimes[k - 1]` for k
  /// differing features, 1 to 4.
  public var findTimes: [[Int64]] = [[], [], [], []]
  /// Wrong picks, each counted once.
  public var wrongPicks = 0
  /// Wrong picks by the feature that broke them, in `Feature` order; a pick that broke on two
  /// features counts for both.
  public var wrongPicksBy: [Int] = [0, 0, 0, 0]
  /// The longest a set the player did not find stayed on the table, in milliseconds; nil when the
  /// player found every set.
  public var longestUnseenMs: Int64?
  /// Which set that was: an index into the game's `sets`.
  public var longestUnseenSet: Int?

  /// Sets missed.
  public var setsMissed: Int { missed.count }

  public init(seat: Seat, name: String) {
    self.seat = seat
    self.name = name
  }
}
