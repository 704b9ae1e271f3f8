/// Where a match stands.
public enum Phase: Equatable, Sendable {
  /// Before a pair's first game: a seat is still empty, at a fresh table or after a game whose seat
  /// changed hands.
  case waiting
  /// Either player may call Set or ask for cards.
  case open
  /// One player alone may pick, until the window's deadline.
  case window(Window)
  /// A player is away; no window runs.
  case paused(Pause)
  /// The game is over; a rematch starts another, and a seat taken by someone new makes the table wait
  /// for the new pair.
  case over(GameResult)
}

/// A game stopped while a player is away.
public struct Pause: Equatable, Sendable {
  /// The window that was open when play stopped, if any, and how many milliseconds it had left.
  public var suspended: Window?
  /// Milliseconds the suspended window had left.
  public var remaining: Int64
  /// When each absent seat is forfeited; nil for a present seat.
  public var forfeitAt: PerSeat<Instant?>
}
