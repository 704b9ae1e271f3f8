// Output: queuing lines in the connection's framing, flushing, and performing the state machine's
// actions, the farewell among them.
extension ConnectionDriver {
  /// Whether the delegate's output is taken: the connection is open and the delegate knows it.
  package var canSend: Bool { machine.isOpen && isAttached }

  /// Whether the owner should read the connection's input now: not while more of its output waits
  /// than the limits allow (`ConnectionStateMachine.readsInput(pendingBytes:)`); the owner then leaves
  /// its input unread until everything queued is written.
  package var readsInput: Bool { machine.readsInput(pendingBytes: channel.pendingOutputBytes) }

  /// Whether it is a browser's WebSocket: its lines go out as text messages.
  package var isWebSocket: Bool {
    guard isAttached, let phase = webPhase else { return false }
    return phase != .line
  }

  /// Queues one line as the connection's framing writes it: a text message for a WebSocket, the line
  /// and a CRLF for a line client. `flushQueued` (or the owner's batch) writes it.
  package func enqueue(line: String) {
    if isWebSocket {
      channel.enqueue(WebSocketFrame.text(line))
    } else {
      channel.enqueue(line.utf8)
      channel.enqueue(lineEnd)
    }
  }

  /// Queues `bytes` as given, or for a WebSocket as one text message a line, framed through `cache`
  /// (a broadcast sends the same bytes to every spectator in turn: they are framed once).
  package func enqueue(raw bytes: [UInt8], framing cache: inout WebSocketTextCache) {
    if isWebSocket {
      channel.enqueue(cache.frames(for: bytes))
    } else {
      channel.enqueue(bytes)
    }
  }

  /// Writes what is queued, unless the channel already waits for room; ends the connection if the
  /// write fails or too much is left queued. Returns whether it is still open.
  @discardableResult
  package func flushQueued(now: Instant) -> Bool {
    if !channel.isWaitingToWrite {
      written(channel.flush(), now: now)
    }
    let pending = channel.pendingOutputBytes
    if pending > 0 {
      perform(machine.outputQueued(pendingBytes: pending, now: now), now: now)
    }
    return machine.isOpen
  }

  /// A flush came to `result` at `now` (the owner's, when the peer made room; or one of the driver's).
  package func written(_ result: ByteChannelFlushResult, now: Instant) {
    switch result {
    case .pending:
      noteProgress(now: now)
    case .failed(let code):
      perform(machine.socketFailed(code, now: now), now: now)
    case .drained:
      noteProgress(now: now)
      perform(machine.outputDrained(), now: now)
    }
  }

  /// The peer took output at `now` (a test's peer read from a `MemoryChannel`): what waited for room
  /// is written, and a closing connection's deadline counts again.
  package func peerTookOutput(now: Instant) {
    guard !channel.isClosed else { return }
    if channel.isWaitingToWrite {
      written(channel.flush(), now: now)
    } else {
      noteProgress(now: now)
    }
  }

  /// Does what the state machine asked, at `now`.
  func perform(_ action: ConnectionStateMachine.Action?, now: Instant) {
    switch action {
    case nil:
      return
    case .deliver(let input):
      owner?.driverReceived(input, from: id, arrivedAt: now)
    case .write(let bytes):
      channel.enqueue(bytes)
      flushQueued(now: now)
    case .reportInputEnded:
      owner?.driverInputEnded(id)
    case .disconnect(let reason, let closing):
      disconnect(reason: reason, closing: closing, now: now)
    case .halfClose:
      // Closing with input unread would reset the connection and could destroy the output just
      // written before the peer reads it: half-close and let the peer close first.
      channel.shutdownWrite()
    case .closeSocket:
      channel.close()
    case .resetOnceDelivered:
      checkDelivery(now: now)
    case .resetSocket:
      channel.reset()
    }
  }

  /// Tells the owner to report the connection disconnected on a later turn, writes its farewell and
  /// closes it as `closing` says.
  func disconnect(reason: DisconnectReason, closing: ConnectionStateMachine.Closing, now: Instant) {
    let writesFarewell = ConnectionStateMachine.writesFarewell(reason)
    let farewell = writesFarewell && isAttached ? owner?.driverFarewellLine(for: reason) : nil
    if isAttached { owner?.driverDisconnected(id, reason: reason) }
    if isWebSocket {
      // A farewell is a text message, and a close frame follows it; output cut short mid-frame would
      // make both unreadable, so a browser whose output is discarded gets none.
      let keepsOutput = closing == .flushing || closing == .hangingUp
      if !keepsOutput { channel.discardOutput() }
      if channel.pendingOutputBytes == 0 || keepsOutput {
        if let farewell { channel.enqueue(WebSocketFrame.text(farewell)) }
        if writesFarewell { sendCloseFrame(code: WebConnection.closeCode(for: reason)) }
      }
      lastUnsent = channel.pendingOutputBytes + (channel.unsentKernelBytes ?? 0)
      if closing == .immediately {
        _ = channel.flush()
        channel.close()
      } else if !channel.isWaitingToWrite {
        written(channel.flush(), now: now)
      }
      return
    }
    switch closing {
    case .immediately:
      if let farewell {
        // Tried once, without waiting, after the rest of a telnet command already begun.
        channel.discardOutput()
        let start = channel.isOutputMidLine ? lineEnd : []
        channel.enqueue(start + Array(farewell.utf8) + lineEnd)
        _ = channel.flush()
      }
      channel.close()
    case .flushing, .discardingQueued, .hangingUp:
      // With `.discardingQueued` the queue is forgotten at once, so memory stays bounded; the farewell
      // waits behind what the kernel already holds, for a peer that reads again before the deadline.
      let discarding = closing == .discardingQueued
      if discarding {
        channel.discardOutput()
      }
      lastUnsent = channel.pendingOutputBytes + (channel.unsentKernelBytes ?? 0)
      if let farewell {
        if discarding && channel.isOutputMidLine {
          channel.enqueue(lineEnd)
        }
        channel.enqueue(farewell.utf8)
        channel.enqueue(lineEnd)
      }
      if !channel.isWaitingToWrite {
        written(channel.flush(), now: now)
      }
    }
  }
}
