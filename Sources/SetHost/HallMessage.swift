import SetCore
import SetProtocol

/// What the hall tells a connection, outside any table's events, before it is lines: the presenter of
/// the connection's presentation turns each into the lines it reads (`Presenter.lines(_:)`).
enum HallMessage {
  /// The tables, for `TABLES`, to a connection at table `here`.
  case tables([HallListing], here: Int)
  /// One table's listing changed, pushed to those who watch the hall.
  case listing(HallListing)
  /// The connection is at this table now, which it `opened` or joined.
  case arrived(HallListing, opened: Bool)
  /// Another table's cards, for `PEEK`: table `table`, called `name`, playing `match`.
  case peek(table: Int, name: String, match: Match)
  /// The tournament's standings, for `STANDINGS`.
  case standings([StandingLine])
  /// What the tournament is doing, for `TOURNAMENT`.
  case tournament(TournamentSummary)
  /// What happened in the tournament, told to its entrants.
  case tourney([TourneyLine])
  /// The hall moved the connection to `table` for its tournament game, seated in `seat` with `token`.
  case moved(table: Int, seat: Seat?, token: String?)
}
