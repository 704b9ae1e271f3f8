// The peer's side, which a test drives: connecting, writing, reading, half-closing, and what it sees.
extension EmbeddedLineServer {
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
}
