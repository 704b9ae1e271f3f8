/// What `OK TOURNAMENT` says of the hall's tournament: `<format> <state> <entrants> <ms>`.
public struct TournamentSummary: Equatable, Sendable {
  /// `arena` or `swiss`.
  public var format: String
  /// `entering`, `running` or `finished`.
  public var state: String
  /// How many players are entered (withdrawn ones not counted).
  public var entrants: Int
  /// Milliseconds until the tournament starts by itself (entering) or an arena's clock runs out
  /// (running); -1 when no such time is set.
  public var clockMilliseconds: Int64

  public init(format: String, state: String, entrants: Int, clockMilliseconds: Int64) {
    self.format = format
    self.state = state
    self.entrants = entrants
    self.clockMilliseconds = clockMilliseconds
  }

  /// The fields after `OK TOURNAMENT`.
  public var fields: [String] { [format, state, "\(entrants)", "\(clockMilliseconds)"] }

  /// The summary the fields give, or nil if they fit no grammar (fields beyond the fourth ignored).
  public init?(fields: [String]) {
    guard fields.count >= 4, ["arena", "swiss"].contains(fields[0]),
      ["entering", "running", "finished"].contains(fields[1]), let entrants = Int(fields[2]), entrants >= 0,
      let ms = Int64(fields[3]), ms >= -1
    else { return nil }
    self.init(format: fields[0], state: fields[1], entrants: entrants, clockMilliseconds: ms)
  }
}
