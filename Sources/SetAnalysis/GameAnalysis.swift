import SetCore

/// One game of a record, analysed: every set that was ever on its table, and each player's game.
public struct GameAnalysis: Equatable, Sendable {
  /// The game's number in its match, from 1.
  public var game: Int
  /// Both players, seat 1 first.
  public var players: [PlayerAnalysis]
  /// Every set that was on the table, in the order they appeared (sets that appeared together in the
  /// set finder's order).
  public var sets: [SetOnTable] = []
  /// How the game ended; nil when the record ends before it does.
  public var result: GameResult?
  /// How long the game ran, in milliseconds, to its `OVER` or the record's last line.
  public var durationMs: Int64 = 0
  /// The median find time of the game's sets (the lower of the middle two for an even count); nil
  /// when nobody found a set.
  public var medianFindMs: Int64?
  /// The earlier game this one was dealt the same deck as (a same-deck rematch), or nil.
  public var sameDeckAs: Int?

  public init(game: Int, players: [PlayerAnalysis]) {
    self.game = game
    self.players = players
  }

  /// The longest any set stayed on the table before it was found or broken, or to the end.
  public var longestOnTableMs: Int64? { sets.map { $0.duration(endMs: durationMs) }.max() }
}
