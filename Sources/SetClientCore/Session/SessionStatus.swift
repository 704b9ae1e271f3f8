/// Where a session's connection stands, with the reason it ended kept typed (the shell puts it into words
/// for the screen's `LinkStatus`).
public enum SessionStatus: Equatable, Sendable {
  /// Connecting for the first time.
  case connecting
  /// Connected: the table's banner came.
  case connected
  /// The connection dropped; trying again (attempt `attempt` of `limit`).
  case reconnecting(attempt: Int, limit: Int)
  /// The session is over, with why. Nothing follows.
  case ended(SessionEnd)
}

/// Why a session ended.
public enum SessionEnd: Equatable, Sendable {
  /// The player left (`QUIT`).
  case left
  /// The server said goodbye (`BYE`, or the seat was taken back elsewhere), with its words.
  case closed(farewell: String)
  /// The first connection could not be made, with why in words.
  case cannotConnect(String)
  /// The host accepted the connection and closed it before the table's banner.
  case notATable
  /// The host accepted the first connection and said nothing for this many milliseconds.
  case silent(milliseconds: Int64)
  /// A dropped connection could not be made again within the reconnection policy's tries.
  case gaveUp
  /// The table asked for could not be joined (no such table), with the server's words.
  case tableRefused(String)
}
