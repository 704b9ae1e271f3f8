/// What `OK TOURNAMENT` says of the hall's tournament: `<format> <state> <entrants> <ms>`, and once it
/// is finished `<fastest-ms> <fastest-name>`, the fastest set found in its games and who found it.
public struct TournamentSummary: Equatable, Sendable {
  /// `arena` or `swiss`.
  public var format: String
  /// `entering`, `running` or `finished`.
  public var state: String
  /// How many players are entered (withdrawn ones not counted).
  public var entrants: Int
  /// Milliseconds until the tournament starts by itself (entering), an arena's clock runs out or a
  /// Swiss's break between rounds ends (running); -1 when no such time is set.
  public var clockMilliseconds: Int64
  /// The fastest set's find time in milliseconds and who found it, told once the tournament is
  /// finished; nil before, or when no set was found.
  public var fastestMilliseconds: Int64?
  public var fastestName: String?

  public init(
    format: String, state: String, entrants: Int, clockMilliseconds: Int64, fastestMilliseconds: Int64? = nil,
    fastestName: String? = nil
  ) {
    self.format = format
    self.state = state
    self.entrants = entrants
    self.clockMilliseconds = clockMilliseconds
    if let fastestMilliseconds, let fastestName {
      self.fastestMilliseconds = fastestMilliseconds
      self.fastestName = fastestName
    }
  }

  /// The fields after `OK TOURNAMENT`.
  public var fields: [String] {
    let fastest = fastestMilliseconds.flatMap { ms in fastestName.map { ["\(ms)", $0] } } ?? []
    return [format, state, "\(entrants)", "\(clockMilliseconds)"] + fastest
  }

  /// The summary the fields give, or nil if they fit no grammar (the fastest set read when both of its
  /// fields are there and fit, fields beyond the sixth ignored).
  public init?(fields: [String]) {
    guard fields.count >= 4, ["arena", "swiss"].contains(fields[0]),
      ["entering", "running", "finished"].contains(fields[1]), let entrants = Int(fields[2]), entrants >= 0,
      let ms = Int64(fields[3]), ms >= -1
    else { return nil }
    let fastest = fields.count >= 6 ? Int64(fields[4]).flatMap { $0 >= 0 ? $0 : nil } : nil
    let name = fastest != nil && PlayerName.isValid(fields[5]) ? fields[5] : nil
    self.init(
      format: fields[0], state: fields[1], entrants: entrants, clockMilliseconds: ms,
      fastestMilliseconds: name == nil ? nil : fastest, fastestName: name)
  }
}
