import SetCore
import SetProtocol

/// A finished game's analysis as `REVIEW`'s data lines (`ReviewFields`, in the wire's vocabulary).
public enum ReviewLine {
  /// Every line for a game: its sets, then its players.
  public static func lines(for game: GameAnalysis) -> [String] {
    game.sets.map { ServerLine.review(.set(fields($0, game: game.game))).line }
      + game.players.map { ServerLine.review(.player(fields($0, game: game.game))).line }
  }

  static func fields(_ set: SetOnTable, game: Int) -> ReviewFields.ReviewedSet {
    let fate: ReviewFields.ReviewedSet.Fate =
      switch set.fate {
      case .found: .found
      case .broken: .broken
      case .stillThere: .there
      }
    return ReviewFields.ReviewedSet(
      game: game, cards: set.cards, differing: set.differing, appearedSeq: set.appearedSeq,
      appearedMs: set.appearedMs, goneSeq: set.goneSeq, goneMs: set.goneMs, fate: fate, foundBy: set.foundBy,
      findMs: set.findMs)
  }

  static func fields(_ player: PlayerAnalysis, game: Int) -> ReviewFields.ReviewedPlayer {
    ReviewFields.ReviewedPlayer(
      game: game, seat: player.seat, found: player.setsFound, missed: player.setsMissed,
      wrongPicks: player.wrongPicks, wrongPicksBy: player.wrongPicksBy, longestUnseenMs: player.longestUnseenMs,
      finds: player.findTimes.map { ($0.count, AnalysisText.median($0)) })
  }
}
