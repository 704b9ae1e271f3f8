import SetCore
import SetProtocol

/// Where the game stands, as a client sees it from the lines it read.
public enum ClientPhase: Equatable, Sendable {
  /// Before the first game: a seat is still empty.
  case waiting
  /// Either player may call Set or ask for cards.
  case open
  /// One player alone may pick until `deadline`, a local instant; `length` is how long the window was
  /// when it opened, in milliseconds (for a countdown bar).
  case window(holder: Seat, kind: Window.Kind, deadline: Instant, length: Int64)
  /// A player is away and no clock runs. The window that was open, if any, keeps `remaining` ms.
  case paused(holder: Seat?, kind: Window.Kind?, remaining: Int64)
  /// The game is over; the result is nil only when the client joined after the end and has not yet
  /// read it.
  case over(GameResult?)

  /// The seat holding a claim or turn, or nil.
  public var holder: Seat? {
    if case .window(let holder, _, _, _) = self { return holder }
    return nil
  }

  /// Whether a game is being played, paused or not.
  public var isRunning: Bool {
    switch self {
    case .open, .window, .paused: true
    case .waiting, .over: false
    }
  }
}

/// What a client model asks its shell to send, to keep itself right.
public enum ModelAction: Equatable, Sendable {
  /// Send `STATE`: an event was missed (a sequence gap), or the phase is unknown after joining.
  case requestState
  /// Send `HISTORY`: the game is over but its result was not seen.
  case requestHistory
  /// Send `REVIEW`: a game this client played just ended; its analysis is shown at game over.
  case requestReview
  /// Send `STATS name`: after a resume, the rating of a player at the table, shown as the last game's.
  case requestStats(String)

  /// The request the action asks to send.
  public var command: ClientCommand {
    switch self {
    case .requestState: .state
    case .requestHistory: .history
    case .requestReview: .review(nil)
    case .requestStats(let name): .stats(name)
    }
  }
}
