import SetAnalysis
import SetCore
import SetProtocol
import SetStats

/// What a table tells a connection, before it is lines: the presenter of the connection's presentation
/// turns each into the lines it reads (`Presenter.lines(_:in:)`).
enum TableMessage {
  /// Events just broadcast, with their machine lines, encoded once for every reader.
  case events([ServerEvent], encoded: [String])
  /// The whole state: the table and each seat.
  case state
  /// The table, as `TABLE` asks for it.
  case table
  /// The score, as `STATE` and `SCORES` tell it.
  case scores
  /// The rules in force: `asked` by `RULES`, or told as a connection takes its name.
  case rules(asked: Bool)
  /// The lines of a `HELP` answer.
  case help([String])
  /// Each finished game: its result, the names it was played under, and its sets' find times.
  case history([(result: GameResult, names: PerSeat<String>, finds: [(seat: Seat, findMs: Int64)])])
  /// The events of the game being played, as `EVENTS` gives them.
  case pastEvents([(seq: Int, event: ServerEvent)])
  /// The player in `seat` shows a mood.
  case mood(Mood, seat: Seat)
  /// The connection watches: both seats are taken, or it chose to.
  case watching
  /// How a player just seated takes the seat back if their connection drops.
  case resumeHint(token: String)
  /// Whether a player just seated plays for the name's rating.
  case rating(Notice)
  /// The game record could not be written, for `reason`.
  case recordLost(reason: String)
  /// A seat is free for the next player.
  case seatFree(Seat)
  /// One player's figures, with the variants they played, for `STATS`.
  case stats(PlayerStats, variant: Variant, played: [(variant: Variant, stats: PlayerStats)])
  /// The best players by rating, for `TOP`.
  case leaderboard([PlayerStats])
  /// A finished game's analysis, for `REVIEW`.
  case review(GameAnalysis)
}
