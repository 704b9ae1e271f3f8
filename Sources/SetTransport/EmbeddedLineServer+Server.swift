// The server's side: delivering input, flushing output, and performing the state machine's actions
// as `LineServer` does.
extension EmbeddedLineServer {
  func deliver(_ items: [LineInput], from id: ConnectionID) {
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

  func flushQueued(_ id: ConnectionID) -> Bool {
    written(id, flush(id))
    let pending = connections[id]?.queued.count ?? 0
    if pending > 0 {
      perform(mutating(id) { $0.machine.outputQueued(pendingBytes: pending, now: clock.now) }, id)
    }
    return connections[id]?.machine.isOpen == true
  }

  /// Moves queued output into the socket as far as it has room: true if nothing is left queued.
  func flush(_ id: ConnectionID) -> Bool {
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

  func written(_ id: ConnectionID, _ drained: Bool) {
    if drained {
      perform(mutating(id) { $0.machine.outputDrained() }, id)
    }
  }

  func perform(_ action: ConnectionStateMachine.Action?, _ id: ConnectionID) {
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

  func disconnect(_ id: ConnectionID, reason: DisconnectReason, closing: ConnectionStateMachine.Closing) {
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
  func sweep() {
    turn {
      for id in connections.keys.sorted() {
        perform(mutating(id) { $0.machine.tick(now: clock.now) }, id)
      }
    }
  }

  /// Runs `body`; once the outermost call returns, forgets closed connections the peer has read,
  /// reports disconnections and re-arms the sweep for the next deadline.
  @discardableResult
  func turn<T>(_ body: () -> T) -> T {
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
  func mutating<T>(_ id: ConnectionID, _ body: (inout Connection) -> T) -> T {
    guard var connection = connections[id] else { preconditionFailure("no connection \(id)") }
    connections[id] = nil
    defer { connections[id] = connection }
    return body(&connection)
  }
}
