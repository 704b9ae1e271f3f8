import SetTournament

/// The tournament a server runs (`serve --tournament`): its settings, the start counted from when the
/// server starts, and its organiser.
public struct TournamentPlan: Sendable {
  /// The tournament's settings; their start time is set when the server starts.
  public var settings: TournamentSettings
  /// How long after the server starts the tournament starts by itself, in milliseconds.
  public var startIn: Int64
  /// The name that, proven by its secret, may give the organiser's orders; nil for none.
  public var organiser: String?

  public init(settings: TournamentSettings, startIn: Int64, organiser: String?) {
    self.settings = settings
    self.startIn = startIn
    self.organiser = organiser
  }
}
