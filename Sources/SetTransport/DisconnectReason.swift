/// Why a connection ended.
public enum DisconnectReason: Hashable, Sendable {
  /// The local side asked for it (`LineServer.close(_:flushFirst:)` or `LineClient.close()`).
  case closed
  /// The peer closed the connection (reported by `LineClient`; a `LineServer` reports the end of a
  /// connection's input with `inputEnded` instead, and keeps it open for writing).
  case peerClosed
  /// A socket call failed with this `errno` (for example ECONNRESET or EPIPE).
  case socketError(Int32)
  /// More output was queued than the connection's cap: the peer was not reading.
  case outputOverflow
  /// The peer kept sending lines well past the rate limit.
  case flooded
  /// The connection stayed unidentified and silent past the idle timeout.
  case idleTimeout
  /// The peer sent a telnet interrupt (`IAC IP`).
  case interrupted
  /// `LineServer.stop()` closed the connection.
  case serverStopped
  /// The server was at `maxConnections` when this connection arrived. Only ever passed to
  /// `LineServerDelegate.farewellLine(for:)`: such a connection is never reported as connected.
  case serverFull
}
