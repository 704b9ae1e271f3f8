// Long because it plays both ends in memory: the peer's side a test drives (write, read, half-close)
// and the server's side, which performs the connection state machine's actions as `LineServer` does.

// Past 300 lines because it is a whole transport, the in-memory twin of LineServer: connections,
// their socket buffers, framing, the state machine's actions and the delegate's calls.

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
public final class EmbeddedLineServer: LineTransport {
  /// The limits every connection is held to (the address fields are unused).
  public let configuration: LineServerConfiguration
  /// The clock the limits are measured on; advance it to let time pass.
  public let clock: ManualClock
  /// How many bytes one connection's socket holds for a peer that has not read them.
  public let socketBufferBytes: Int
  /// Told about connections and their input. Held weakly: keep it alive yourself.
  public weak var delegate: (any LineServerDelegate)?

  private struct Connection {
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

  private var connections: [ConnectionID: Connection] = [:]
  /// The connections the server ended with a reset rather than a FIN.
  private var resetIDs: Set<ConnectionID> = []
  private var lastID: UInt64 = 0
  private var stopped = false
  /// Disconnections to report once the call that caused them returns.
  private var reports: [(ConnectionID, DisconnectReason)] = []
  /// How deep the calls into the server are nested: reports wait until the outermost returns.
  private var depth = 0
  /// Wakes the server at the earliest idle or close deadline of its connections.
  private let sweepTimer: ManualTimer
  private static let crlf: [UInt8] = [13, 10]

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

  // MARK: - The peer's side

  /// A new connection from `peer`; the delegate is told it connected.
  @discardableResult
  public func connect(peer: String = "127.0.0.1:50000") -> ConnectionID {
    precondition(!stopped, "the server has stopped")
    lastID += 1
    let id = ConnectionID(rawValue: lastID)
    connections[id] = Connection(
      machine: ConnectionStateMachine(limits: ConnectionStateMachine.Limits(configuration), now: clock.now),
      framer: LineFramer(maxLineBytes: configuration.maxLineBytes))
    turn { delegate?.connected(id, peer: peer) }
    return id
  }

  /// The peer of `id` sends `bytes`.
  public func write(_ bytes: [UInt8], from id: ConnectionID) {
    turn {
      guard var connection = connections[id], !connection.socketClosed, !connection.peerInputEnded else { return }
      guard connection.machine.isOpen else { return }  // A closing connection's input is discarded.
      let items = connection.framer.feed(bytes)
      let dropped = connection.framer.takeDroppedCommands()
      connections[id] = connection
      deliver(items, from: id)
      if dropped > 0, connections[id]?.machine.isOpen == true {
        perform(mutating(id) { $0.machine.telnetCommandsDropped(dropped, now: clock.now) }, id)
      }
    }
  }

  /// The peer of `id` sends `line` and a LF.
  public func write(line: String, from id: ConnectionID) {
    write(Array(line.utf8) + [10], from: id)
  }

  /// The peer of `id` reads everything its socket holds, and goes on reading as the server writes what
  /// it had queued, until nothing more comes.
  public func read(from id: ConnectionID) -> [UInt8] {
    var bytes: [UInt8] = []
    turn {
      while let connection = connections[id], !connection.socket.isEmpty {
        bytes += connection.socket
        mutating(id) {
          $0.socket.removeAll()
          $0.machine.outputProgressed(now: clock.now)
        }
        if !connection.socketClosed && !connection.queued.isEmpty {
          written(id, flush(id))
        }
      }
    }
    return bytes
  }

  /// The peer of `id` reads at most `limit` bytes of what its socket holds (a slow reader); the server
  /// then moves what it had queued into the room made.
  public func read(from id: ConnectionID, upTo limit: Int) -> [UInt8] {
    turn {
      guard let connection = connections[id], !connection.socket.isEmpty else { return [] }
      let bytes = Array(connection.socket.prefix(limit))
      mutating(id) {
        $0.socket.removeFirst(bytes.count)
        $0.machine.outputProgressed(now: clock.now)
      }
      if !connection.socketClosed && !connection.queued.isEmpty {
        written(id, flush(id))
      }
      return bytes
    }
  }

  /// The peer of `id` half-closes: it will send nothing more.
  public func endInput(from id: ConnectionID) {
    turn {
      guard var connection = connections[id], !connection.socketClosed, !connection.peerInputEnded else { return }
      connection.peerInputEnded = true
      let tail = connection.machine.isOpen ? connection.framer.finish() : []
      connections[id] = connection
      deliver(tail, from: id)
      perform(mutating(id) { $0.machine.inputEnded(pendingBytes: $0.queued.count) }, id)
    }
  }

  /// Whether the server ended `id` with a reset: the peer sees it at once, after what the socket holds.
  public func wasReset(_ id: ConnectionID) -> Bool {
    resetIDs.contains(id)
  }

  /// Whether the server shut down `id`'s write side or closed it: the peer sees the end of its input
  /// once it has read what the socket holds.
  public func outputEnded(_ id: ConnectionID) -> Bool {
    guard let connection = connections[id] else { return true }
    return connection.writeShut || connection.socketClosed
  }

  /// Whether `id`'s socket is closed.
  public func isSocketClosed(_ id: ConnectionID) -> Bool {
    connections[id]?.socketClosed ?? true
  }

  /// Whether the delegate knows `id` as connected.
  public func isConnected(_ id: ConnectionID) -> Bool {
    connections[id]?.machine.isOpen ?? false
  }

  /// Output for `id` queued beyond its socket.
  public func queuedOutputBytes(_ id: ConnectionID) -> Int {
    connections[id]?.queued.count ?? 0
  }

  /// How many connections the delegate knows as connected.
  public var connectionCount: Int {
    connections.values.filter(\.machine.isOpen).count
  }

  /// How many sockets are open, closing ones included.
  public var openSocketCount: Int {
    connections.values.filter { !$0.socketClosed }.count
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

  // MARK: - The server's side

  private func deliver(_ items: [LineInput], from id: ConnectionID) {
    var answered = false
    for item in items {
      guard connections[id]?.machine.isOpen == true else { return }
      let action = mutating(id) { $0.machine.inputFramed(item, now: clock.now) }
      if case .write(let bytes) = action {
        // Telnet answers are queued in order with everything else, and written together below.
        mutating(id) { $0.queued.append(bytes) }
        answered = true
        continue
      }
      perform(action, id)
    }
    if answered && connections[id]?.machine.isOpen == true { _ = flushQueued(id) }
  }

  private func flushQueued(_ id: ConnectionID) -> Bool {
    written(id, flush(id))
    let pending = connections[id]?.queued.count ?? 0
    if pending > 0 {
      perform(mutating(id) { $0.machine.outputQueued(pendingBytes: pending, now: clock.now) }, id)
    }
    return connections[id]?.machine.isOpen == true
  }

  /// Moves queued output into the socket as far as it has room: true if nothing is left queued.
  private func flush(_ id: ConnectionID) -> Bool {
    mutating(id) { connection in
      guard !connection.socketClosed && !connection.writeShut else { return connection.queued.isEmpty }
      let room = socketBufferBytes - connection.socket.count
      var socket = connection.socket
      _ = connection.queued.drain { bytes in
        let count = min(room, bytes.count)
        socket.append(contentsOf: bytes.prefix(count))
        return count
      }
      connection.socket = socket
      return connection.queued.isEmpty
    }
  }

  private func written(_ id: ConnectionID, _ drained: Bool) {
    if drained {
      perform(mutating(id) { $0.machine.outputDrained() }, id)
    }
  }

  private func perform(_ action: ConnectionStateMachine.Action?, _ id: ConnectionID) {
    switch action {
    case nil:
      return
    case .deliver(let input):
      delegate?.received(input, from: id)
    case .write(let bytes):
      mutating(id) { $0.queued.append(bytes) }
      _ = flushQueued(id)
    case .reportInputEnded:
      delegate?.inputEnded(id)
    case .disconnect(let reason, let closing):
      disconnect(id, reason: reason, closing: closing)
    case .halfClose:
      mutating(id) { $0.writeShut = true }
    case .closeSocket:
      mutating(id) {
        $0.socketClosed = true
        $0.queued.removeAll()
      }
    case .resetOnceDelivered:
      // What is written is in the peer's socket buffer: delivered. The reset comes after the grace.
      mutating(id) { $0.machine.delivered(now: clock.now) }
    case .resetSocket:
      mutating(id) {
        $0.socketClosed = true
        $0.queued.removeAll()
      }
      resetIDs.insert(id)
    }
  }

  private func disconnect(_ id: ConnectionID, reason: DisconnectReason, closing: ConnectionStateMachine.Closing) {
    reports.append((id, reason))
    let farewell = ConnectionStateMachine.writesFarewell(reason) ? delegate?.farewellLine(for: reason) : nil
    switch closing {
    case .immediately:
      mutating(id) { connection in
        if let farewell {
          // Tried once, without waiting: it goes in only if the socket has room, after the rest of a
          // telnet command the socket holds the start of.
          connection.queued.removeAllButUnfinishedCommand()
          var bytes: [UInt8] = []
          _ = connection.queued.drain {
            bytes += $0; return $0.count
          }
          bytes += (connection.queued.isMidLine ? Self.crlf : []) + Array(farewell.utf8) + Self.crlf
          if connection.socket.count + bytes.count <= socketBufferBytes {
            connection.socket += bytes
          }
        }
        connection.queued.removeAll()
        connection.socketClosed = true
      }
    case .flushing, .discardingQueued, .hangingUp:
      mutating(id) { connection in
        if closing == .discardingQueued {
          connection.queued.removeAllButUnfinishedCommand()
        }
        if let farewell {
          if closing == .discardingQueued && connection.queued.endsMidLine {
            connection.queued.append(Self.crlf)
          }
          connection.queued.append(farewell.utf8)
          connection.queued.append(Self.crlf)
        }
      }
      written(id, flush(id))
    }
  }

  /// Enforces the idle timeouts and close deadlines at the clock's time.
  private func sweep() {
    turn {
      for id in connections.keys.sorted() {
        perform(mutating(id) { $0.machine.tick(now: clock.now) }, id)
      }
    }
  }

  /// Runs `body`; once the outermost call returns, forgets closed connections the peer has read,
  /// reports disconnections and re-arms the sweep for the next deadline.
  @discardableResult
  private func turn<T>(_ body: () -> T) -> T {
    depth += 1
    let result = body()
    depth -= 1
    guard depth == 0 else { return result }
    while !reports.isEmpty {
      let (id, reason) = reports.removeFirst()
      depth += 1
      delegate?.disconnected(id, reason: reason)
      depth -= 1
    }
    sweepTimer.schedule(at: connections.values.compactMap(\.machine.nextDeadline).min())
    return result
  }

  /// Runs `body` on `id`'s connection in place.
  @discardableResult
  private func mutating<T>(_ id: ConnectionID, _ body: (inout Connection) -> T) -> T {
    guard var connection = connections[id] else { preconditionFailure("no connection \(id)") }
    connections[id] = nil
    defer { connections[id] = connection }
    return body(&connection)
  }
}
