import SetProtocol
import SetTournament

extension TournamentError {
  /// The error code a refused tournament request is answered with.
  var code: ErrorCode {
    self == .full ? .serverFull : .notNow
  }
}

extension Hall {
  /// A refused tournament request, in words.
  static func words(for error: TournamentError) -> String {
    switch error {
    case .alreadyEntered: "you are entered already"
    case .notEntered: "you are not entered: ENTER first"
    case .notOrganiser: "only the organiser, proven by the name's secret, may do that"
    case .entryClosed: "entry is closed"
    case .notRunning: "the tournament is not running"
    case .alreadyStarted: "the tournament has started already"
    case .finished: "the tournament is over"
    case .tooFewPlayers: "a tournament needs at least two players entered"
    case .unknownGame(let game): "no tournament game \(game) is being played"
    case .notArena: "only an arena has PAUSE and BACK"
    case .playing: "not during a game: PAUSE once it ends"
    case .notPaused: "you are not paused"
    case .alreadyPaused: "you are paused already: BACK to be paired again"
    case .nothingToSkip: "no break between rounds is running"
    case .notPaired: "you have no game to sit down to"
    case .full: "the tournament has as many players as it may"
    }
  }
}
