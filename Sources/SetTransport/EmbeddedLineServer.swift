/// A line server in memory, for tests of what runs above a transport: the same framing and the same
/// `ConnectionStateMachine` as `LineServer`, with bytes in arrays instead of sockets and a `ManualClock`
/// instead of the system's. A test plays the peers: it opens connections, writes bytes in, reads the
/// bytes out, half-closes, and moves the clock. Everything runs at once on the caller's thread.
///
/// Each connection has a socket buffer of `socketBufferBytes`: written output waits there until the
/// peer reads it, and beyond it output queues in the server, up to the output cap. A peer that stops
/// reading therefore fills the cap as it would over TCP. As with `LineServer`, `disconnected` is
/// delivered after the call that caused it returns, never from inside a call the delegate made.
/// `maxConnections` and the listening address are not modelled. Not thread-safe.
///
/// The peer's side a test drives is in EmbeddedLineServer+Peer, the server's side in
/// EmbeddedLineServer+Server.
public final class EmbeddedLineServer: LineTransport {
  /// The limits every connection is held to (the address fields are unused).
  public let configuration: LineServerConfiguration
  /// The clock the limits are measured on; advance it to let time pass.
  public let clock: ManualClock
  /// How many bytes one connection's socket holds for a peer that has not read them.
  public let socketBufferBytes: Int
  /// Told about connections and their input. Held weakly: keep it alive yourself.
  public weak var delegate: (any LineServerDelegate)?

  struct Connection {
    var machine: ConnectionStateMachine
    var framer: LineFramer
    /// Output beyond what the socket holds.
    var queued = OutputBuffer()
    /// Output written to the socket, not yet read by the peer.
    var socket: [UInt8] = []
    /// The server shut down its write side.
    var writeShut = false
    /// The socket is closed.
    var socketClosed = false
    /// The peer sent its end of input.
    var peerInputEnded = false
  }

  var connections: [ConnectionID: Connection] = [:]
  /// The connections the server ended with a reset rather than a FIN.
  var resetIDs: Set<ConnectionID> = []
  var lastID: UInt64 = 0
  var stopped = false
  /// Disconnections to report once the call that caused them returns.
  var reports: [(ConnectionID, DisconnectReason)] = []
  /// How deep the calls into the server are nested: reports wait until the outermost returns.
  var depth = 0
  /// Wakes the server at the earliest idle or close deadline of its connections.
  let sweepTimer: ManualTimer
  static let crlf: [UInt8] = [13, 10]

  /// A server held to `configuration`'s limits on `clock`, each connection's socket holding
  /// `socketBufferBytes` unread bytes.
  public init(
    configuration: LineServerConfiguration = LineServerConfiguration(), clock: ManualClock = ManualClock(),
    socketBufferBytes: Int = 64 * 1024
  ) {
    precondition(socketBufferBytes > 0, "socketBufferBytes must be positive")
    self.configuration = configuration
    self.clock = clock
    self.socketBufferBytes = socketBufferBytes
    sweepTimer = clock.makeTimer()
    sweepTimer.setHandler { [weak self] in self?.sweep() }
  }

  // MARK: - LineTransport

  @discardableResult
  public func send(_ line: String, to id: ConnectionID) -> Bool {
    guard connections[id]?.machine.isOpen == true else { return false }
    return turn {
      mutating(id) {
        $0.queued.append(line.utf8)
        $0.queued.append(Self.crlf)
      }
      return flushQueued(id)
    }
  }

  @discardableResult
  public func sendRaw(_ bytes: [UInt8], to id: ConnectionID) -> Bool {
    guard connections[id]?.machine.isOpen == true else { return false }
    return turn {
      mutating(id) { $0.queued.append(bytes) }
      return flushQueued(id)
    }
  }

  public func close(_ id: ConnectionID, flushFirst: Bool) {
    turn {
      guard connections[id] != nil else { return }
      perform(mutating(id) { $0.machine.closeRequested(flushFirst: flushFirst, now: clock.now) }, id)
    }
  }

  public func hangUp(_ id: ConnectionID) {
    turn {
      guard connections[id] != nil else { return }
      perform(mutating(id) { $0.machine.hangUpRequested(now: clock.now) }, id)
    }
  }

  public func markIdentified(_ id: ConnectionID) {
    guard connections[id] != nil else { return }
    mutating(id) { $0.machine.markIdentified() }
  }

  public func stop() {
    turn {
      stopped = true
      for id in connections.keys.sorted() {
        perform(mutating(id) { $0.machine.serverStopped(now: clock.now) }, id)
      }
    }
  }
}
