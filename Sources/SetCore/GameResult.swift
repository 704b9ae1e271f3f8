/// How a game ended.
public struct GameResult: Equatable, Sendable {
  /// Why a game ended.
  public enum Ending: Equatable, Sendable {
    /// The deck ran out with no set on the table.
    case completed
    /// A player stayed away past the grace period and lost.
    case forfeit(Seat)
  }

  /// The game's number in this match, from 1.
  public var game: Int
  /// Final scores.
  public var scores: PerSeat<Int>
  /// Sets taken by each seat.
  public var sets: PerSeat<Int>
  /// The winner, or nil for a tie.
  public var winner: Seat?
  /// Why the game ended.
  public var ending: Ending

  public init(game: Int, scores: PerSeat<Int>, sets: PerSeat<Int>, winner: Seat?, ending: Ending) {
    self.game = game
    self.scores = scores
    self.sets = sets
    self.winner = winner
    self.ending = ending
  }
}
