import SetCore
import SetTransport

/// What a presenter reads of a table to turn a message into one connection's lines: the match as the
/// message tells it, who sits where, the scores as players see them, and whose eyes they are.
struct TableView {
  /// The match as the message tells it: a broadcast's state after its events, or the match as it stands.
  var match: Match
  var seating: Seating
  /// The scores shown: a newcomer to a seat after a game ended has 0, not the score its last player left.
  var scores: PerSeat<Int>
  /// The seat of the connection that reads, nil for a spectator.
  var viewer: Seat?
  /// The sequence number of the last event broadcast.
  var seq: Int
  /// The time of the call being handled, for the time left before a seat is forfeited.
  var now: Instant
}
