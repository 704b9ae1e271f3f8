// Attaching, and a browser's connection: what its `WebConnection` asks, the sniffing time, the
// request head's deadline and the WebSocket close frame.

/// A connection's `WebConnection`, held apart from its driver so that it can be let go.
final class WebState {
  var connection: WebConnection

  init(_ connection: WebConnection) {
    self.connection = connection
  }
}

extension ConnectionDriver {
  /// Tells the delegate (through the owner) that the connection is a client of the line protocol: a
  /// line client, or a browser whose WebSocket just opened, and whether a person waits to be spoken to
  /// (see `WebConnection.becameLineWaiting`). One turned away is told the server is full.
  func attach(now: Instant) {
    guard !isAttached else { return }
    guard !isTurnedAway else { return turnAway(now: now) }
    isAttached = true
    owner?.driverAttached(id, peer: peer, waiting: webState?.connection.becameLineWaiting ?? false)
  }

  /// Tells a connection held past the owner's limit that the server is full, now that it is known to be
  /// a line client (the line, raw) or a WebSocket (a text message, then close code 1013), and closes it.
  func turnAway(now: Instant) {
    guard machine.isOpen else { return }
    let text = owner?.driverFarewellLine(for: .serverFull)
    if let phase = webPhase, phase != .line {
      if let text { channel.enqueue(WebSocketFrame.text(text)) }
      closeFrameSent = true
      channel.enqueue(WebSocketFrame.close(code: WebConnection.closeCode(for: .serverFull)))
    } else if let text {
      channel.enqueue(Array(text.utf8) + lineEnd)
    }
    perform(machine.closeRequested(flushFirst: true, now: now), now: now)
  }

  /// The sniffing time is over at `now` (the owner has read what reached the machine before it): a
  /// connection that has sent nothing is a line client, and gets its banner, unless it opened near a
  /// browser's request from its address (`SpareConnections`): then it is told apart by what it sends.
  package func sniffingTimeDue(now: Instant) {
    guard machine.isOpen, webPhase == .sniffing else { return }
    if owner?.spares.mayBeSpare(peer: peer, openedAt: now + (.zero - sniffingTime)) == true { return }
    guard let actions = webState?.connection.sniffingTimedOut(), !actions.isEmpty else { return }
    performWeb(actions, arrivedAt: now, now: now)
  }

  /// Does what the `WebConnection` asked; lines it framed are delivered as having arrived at `time`,
  /// before it ends.
  func performWeb(_ actions: [WebConnection.Action], arrivedAt time: Instant, now: Instant) {
    var items: [LineInput] = []
    let ending = takeWeb(actions, into: &items, now: now)
    if !items.isEmpty { deliver(items, arrivedAt: time, now: now) }
    if let ending { endWeb(ending, now: now) }
  }

  /// Performs `actions` but the last (an end), collecting the lines they frame into `items`; returns the end.
  func takeWeb(_ actions: [WebConnection.Action], into items: inout [LineInput], now: Instant) -> WebConnection.Action?
  {
    var ending: WebConnection.Action?
    var wrote = false
    for action in actions {
      switch action {
      case .attach:
        attach(now: now)
      case .lineBytes(let bytes):
        bytes.withUnsafeBytes { framer.feed($0, into: &items) }
      case .message(let input):
        items.append(input)
      case .write(let bytes):
        channel.enqueue(bytes)
        wrote = true
      case .ping(let pong):
        let (answer, flood) = machine.pingArrived(now: now)
        if let flood {
          perform(flood, now: now)
          return nil
        }
        if answer {
          channel.enqueue(pong)
          wrote = true
        }
      case .browserRequest:
        owner?.spares.browserRequested(from: peer, at: now)
      case .peerClosed, .close:
        ending = action
      }
    }
    if webPhase == .closing && isAttached { closeFrameSent = true }
    // A line client from now on: every byte goes to the framer, and the browser's state is let go.
    if webPhase == .line { webState = nil }
    if wrote && machine.isOpen { flushQueued(now: now) }
    return ending
  }

  /// Ends a browser connection at `now`: a WebSocket whose peer closed has its input end, as a line
  /// client's; anything else is closed once its answer is written.
  package func endWeb(_ ending: WebConnection.Action, now: Instant) {
    guard machine.isOpen else { return }
    if ending == .peerClosed && isAttached {
      endOfInput(now: now)
    } else {
      perform(machine.closeRequested(flushFirst: true, now: now), now: now)
    }
  }

  /// Queues a WebSocket close frame with `code`, once, if the connection is a WebSocket.
  func sendCloseFrame(code: UInt16) {
    guard isWebSocket, !closeFrameSent else { return }
    closeFrameSent = true
    channel.enqueue(WebSocketFrame.close(code: code))
  }

  /// Notes when an HTTP request head began arriving: its deadline counts from the first time it is
  /// seen unfinished.
  func noteRequestHead(now: Instant) {
    guard machine.isOpen, webState?.connection.isMidRequest == true else {
      headSince = nil
      return
    }
    if headSince == nil { headSince = now }
  }

  /// Cuts an HTTP request head that is taking longer than `requestHeadTimeout` (a slow-loris) with 408.
  func checkRequestHead(now: Instant) {
    noteRequestHead(now: now)
    guard let since = headSince, now.duration(since: since) >= requestHeadTimeout,
      let actions = webState?.connection.headTimedOut()
    else { return }
    performWeb(actions, arrivedAt: now, now: now)
  }
}
