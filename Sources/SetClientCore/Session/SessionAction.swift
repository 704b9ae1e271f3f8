import SetProtocol

/// What a `SessionMachine` asks its shell to do. The shell carries the actions out in order.
public enum SessionAction: Equatable, Sendable {
  /// Open a connection to the table now; report `connected()` or `connectFailed(_:)`.
  case connect
  /// Report `timerFired()` after this many milliseconds (the wait before trying to connect again).
  case wait(milliseconds: Int64)
  /// Report `bannerTimerFired()` after this many milliseconds, unless the connection just opened has
  /// been closed by then (the wait for the table's banner).
  case awaitBanner(milliseconds: Int64)
  /// Send a request on the open connection, tagged with `id` when it is one of the session's own.
  case send(ClientCommand, id: SessionRequest?)
  /// Look up the secret that proves `name` and report it with `secretFound(_:for:)`: the session then
  /// sends `NAME` with it.
  case lookUpSecret(name: String)
  /// Close the open connection (its drop is not reported, and no wait asked for before fires: the
  /// session already knows).
  case disconnect
  /// The server answered the `RESUME` sent with a token kept from an earlier run: `resumed` is true
  /// when the seat was taken back, false when it was gone and the session is sitting down afresh.
  case savedTokenAnswered(resumed: Bool)
}
