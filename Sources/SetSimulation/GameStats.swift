import SetCore

/// What happened in one simulated game.
public struct GameStats: Equatable, Sendable {
  /// The seed the game was played from.
  public var seed: UInt64
  /// How the game ended, or nil when it hit the step limit first.
  public var result: GameResult?
  /// Calls made on the match: commands and deadline advances.
  public var steps = 0
  /// Commands sent, refused ones included.
  public var commands = 0
  /// Commands the match refused.
  public var refused = 0
  /// Sets found, by both players.
  public var setsFound = 0
  /// Three cards picked that were not a set.
  public var wrongPicks = 0
  /// Windows that ran out.
  public var expiredWindows = 0
  /// Commands that came at or after a deadline no timer had handled yet: the match handled it first.
  public var late = 0
  /// Requests for cards made with a set on the table.
  public var needlessDeals = 0
  /// Times three cards were dealt on request.
  public var deals = 0
  /// Times a player left the table.
  public var leaves = 0
  /// Virtual time from the first command to the last, in milliseconds.
  public var duration: Int64 = 0

  /// A blank record for the game played from `seed`.
  public init(seed: UInt64) {
    self.seed = seed
  }

  /// Whether the game ran to its end.
  public var finished: Bool { result != nil }
}
