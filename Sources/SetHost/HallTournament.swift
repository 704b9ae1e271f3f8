import SetCore
import SetTournament
import SetTransport

/// The hall's tournament, and what the hall keeps beside it: who may give the organiser's orders, and
/// how often each connection asked for the standings.
struct HallTournament {
  var tournament: Tournament
  /// The organiser's name, as `PlayerName.key` gives it: only a connection named so and proven by the
  /// name's secret gives `TOURNAMENT START|NEXT|PAUSE|RESUME|END`; nil for no organiser.
  let organiser: String?
  /// The file name of the tournament's record in the records folder, nil when it keeps none: each of
  /// its games' records names it (`RecordLine.tournament`).
  var record: String? = nil
  /// When each connection asked for the standings lately, for `standingsPerWindow`.
  var standingsAsked: [ConnectionID: [Instant]] = [:]
  /// The games that were running when the server stopped, with no table now, and when they are
  /// forfeited: the resume grace after the restart.
  var orphans: [Int] = []
  var orphansDue: Instant?
  /// The tables opened for the tournament's games: reused once free.
  var tables: Set<Int> = []
  /// The game being played at each table: its number, its seats, and how many games the table had
  /// finished when it began (its end is the next one).
  var playing: [Int: (game: Int, seats: PerSeat<String>, finished: Int)] = [:]

  /// The fastest set found in the tournament's games since the server started: its find time in
  /// milliseconds and who found it (the first to find it that fast).
  var fastest: (ms: Int64, name: String)?

  /// How many `STANDINGS` one connection may ask in `standingsWindow` milliseconds.
  static let standingsPerWindow = 10
  static let standingsWindow: Int64 = 10_000
}
