import SetProtocol

/// The requests a session sends on its own behalf, tagged with an id so that their replies can be told
/// from the replies to the player's requests: the id is the case's name on the wire (`@name NAME ...`).
public enum SessionRequest: String, CaseIterable, Equatable, Sendable {
  /// `NAME`: sitting down, or asking again under another name.
  case name
  /// `RESUME`: taking a seat back with its token.
  case resume
  /// `SIT`: a spectator taking a seat that became free, on the same connection.
  case sit
  /// `TABLES WATCH`: the hall's tables, kept up to date while the list is shown.
  case tables
  /// `JOIN`: moving to a table of the hall, before `NAME` or with the seat's name.
  case join
  /// `OPEN`: opening a table and moving to it.
  case open
  /// `TOURNAMENT`: the hall's tournament, its state and clock (`TourneyState`).
  case tournament
  /// `STANDINGS`: the tournament's standings.
  case standings

  /// The request sent, for the requests of the client model's own (`tournament`, `standings`).
  public var command: ClientCommand? {
    switch self {
    case .tournament: .tournament(nil)
    case .standings: .standings
    default: nil
    }
  }

  /// The request a reply answers, or nil when its id is none of the session's.
  public init?(answeredBy reply: Reply) {
    guard let id = reply.id, let request = SessionRequest(rawValue: id) else { return nil }
    self = request
  }
}
