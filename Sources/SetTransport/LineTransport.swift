/// What a line server's owner asks of its transport: write lines, close connections, mark them
/// identified. `LineServer` is the real one; `RecordingLineTransport` stands in for it in tests, so a
/// game server written against this protocol can be tested without sockets.
public protocol LineTransport: AnyObject {
  /// Queues `line` plus CRLF for `id`; false if `id` is not connected.
  @discardableResult
  func send(_ line: String, to id: ConnectionID) -> Bool
  /// Closes `id`, after writing what is queued if `flushFirst`.
  func close(_ id: ConnectionID, flushFirst: Bool)
  /// Exempts `id` from the idle timeout.
  func markIdentified(_ id: ConnectionID)
}
