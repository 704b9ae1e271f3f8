/// The server-side line transport a game server is written against: write lines, close connections,
/// mark them identified, and tell a `LineServerDelegate` what the connections do. `LineServer` is the
/// real one, on sockets; `EmbeddedLineServer` runs the same `ConnectionDriver` in memory, so a game
/// server can be tested whole, and as it runs, without sockets or sleeps.
public protocol LineTransport: AnyObject {
  /// Told about connections and their input. Held weakly.
  var delegate: (any LineServerDelegate)? { get set }
  /// How many sockets the transport holds open, closing ones included.
  var openSocketCount: Int { get }
  /// Queues `line` plus CRLF for `id`; false if `id` is not connected.
  @discardableResult
  func send(_ line: String, to id: ConnectionID) -> Bool
  /// Queues `bytes` for `id` exactly as given; false if `id` is not connected.
  @discardableResult
  func sendRaw(_ bytes: [UInt8], to id: ConnectionID) -> Bool
  /// Sends the same `bytes` to each of `ids` in turn, as `sendRaw` would each: a broadcast, whose bytes
  /// a transport may write from the one array without a copy a connection.
  func broadcastRaw(_ bytes: [UInt8], to ids: some Sequence<ConnectionID>)
  /// Closes `id`, after writing what is queued if `flushFirst`.
  func close(_ id: ConnectionID, flushFirst: Bool)
  /// Ends `id` for a peer that asked to leave: what is queued is written, and once the peer has it all
  /// the connection is reset, so a peer that keeps its own side open still sees the end at once.
  func hangUp(_ id: ConnectionID)
  /// Exempts `id` from the idle timeout.
  func markIdentified(_ id: ConnectionID)
  /// Closes every connection at once and stops.
  func stop()
  /// Reads and delivers, now, the input waiting on every connection: called before acting on a
  /// deadline. Default: nothing (for a transport that delivers input as it comes).
  func readWaitingInput()
  /// Writes now what the connections were given so far in this turn, rather than at its end: called
  /// after acting on a deadline. Default: nothing (for a transport that writes as it is given output).
  func writeQueuedOutput()
}

extension LineTransport {
  /// A connection at a time, through `sendRaw`.
  public func broadcastRaw(_ bytes: [UInt8], to ids: some Sequence<ConnectionID>) {
    for id in ids { sendRaw(bytes, to: id) }
  }

  /// Nothing waits: input is delivered as it comes.
  public func readWaitingInput() {}

  /// Nothing waits: output is written as it is given.
  public func writeQueuedOutput() {}
}
