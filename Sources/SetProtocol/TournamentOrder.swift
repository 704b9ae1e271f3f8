/// What the organiser tells a hall's tournament with `TOURNAMENT <order>`.
public enum TournamentOrder: String, CaseIterable, Equatable, Sendable {
  /// Start now, before the start time (with at least two entered).
  case start = "START"
  /// Skip a Swiss break: the round's games begin at once.
  case next = "NEXT"
  /// Hold the pairing: games running go on, no new one is paired.
  case pause = "PAUSE"
  /// Pair again after a pause.
  case resume = "RESUME"
  /// End it: no new pairing, the games running still count.
  case end = "END"
}
