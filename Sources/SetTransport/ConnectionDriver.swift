/// One connection carried out over a byte pipe: it owns the connection's `LineFramer`, its
/// `ConnectionStateMachine` and, on a server with a web site, its `WebConnection`, and performs every
/// action they return on its `ByteChannel`. `LineServer` runs it over a socket, `EmbeddedLineServer`
/// over a `MemoryChannel`: what a test shows in memory is what the socket server does.
///
/// The driver reads no clock: every event comes with `now`. It reads no input either: its owner reads
/// the pipe and hands it the bytes (`frame`, then `deliver`), and the end of input or a failure. What
/// it needs of the owner — telling the delegate, reporting disconnection on a later turn, the farewell's
/// text, a wake-up after a while — it asks through `ConnectionDriverOwner`.
///
/// Input, and the connection's start and its ends, are here; output and the state machine's actions
/// in ConnectionDriver+Output; closing, progress and the deadlines in ConnectionDriver+Closing; the
/// browser's HTTP and WebSocket in ConnectionDriver+Web.
package final class ConnectionDriver<Channel: ByteChannel> {
  /// The connection's name, for the owner and the delegate.
  package let id: ConnectionID
  /// Where it comes from ("a.b.c.d:port"), told to the delegate when it attaches.
  package let peer: String
  /// Its byte pipe.
  package let channel: Channel
  /// Splits its line-protocol bytes into lines.
  package var framer: LineFramer
  /// Its lifecycle and limits.
  package internal(set) var machine: ConnectionStateMachine
  /// On a server with a web site: what the connection speaks, and its HTTP and WebSocket state. Nil
  /// once it turned out to be a line client (and on a server without a web site): held apart from the
  /// driver in `webState`, a browser's buffers are let go then, and a line client holds none of them.
  package var web: WebConnection? { webState?.connection }
  /// Where `web` is kept and changed in place.
  var webState: WebState?
  /// What `web` speaks, read without copying it.
  package var webPhase: WebConnection.Phase? { webState?.connection.phase }
  /// Whether the delegate knows it (a line client, or an open WebSocket; not a browser fetching a page).
  package internal(set) var isAttached = false
  /// Past the owner's connection limit: once it is known to be a line client or a WebSocket, it is
  /// told the server is full and closed, never attached.
  package var isTurnedAway = false
  /// The owner's mark: output given to it waits to be written with others at the end of a turn.
  package var isWriteBatched = false
  weak var owner: (any ConnectionDriverOwner)?
  let sniffingTime: Duration
  let requestHeadTimeout: Duration
  /// A WebSocket close frame was written or queued: nothing more may follow it.
  var closeFrameSent = false
  /// When the HTTP request head now arriving was first seen unfinished.
  var headSince: Instant?
  /// Closing: the output not yet taken by the peer when last looked at, and the bytes written by then.
  var lastUnsent = Int.max
  var lastBytesWritten = 0
  /// Hanging up: a check of whether the peer has acknowledged everything is already scheduled.
  var deliveryCheckPending = false

  /// A connection accepted at `now` on `channel`, held to `limits`, framed and sniffed as
  /// `configuration` says. Call `start(now:)` once the owner holds it.
  package init(
    id: ConnectionID, peer: String, channel: Channel, configuration: LineServerConfiguration,
    limits: ConnectionStateMachine.SharedLimits, now: Instant, owner: any ConnectionDriverOwner
  ) {
    self.id = id
    self.peer = peer
    self.channel = channel
    self.owner = owner
    framer = LineFramer(maxLineBytes: configuration.maxLineBytes)
    machine = ConnectionStateMachine(sharing: limits, now: now)
    webState = configuration.webSite.map { WebState(WebConnection(site: $0, maxLineBytes: configuration.maxLineBytes)) }
    sniffingTime = configuration.sniffingTime
    requestHeadTimeout = configuration.requestHeadTimeout
  }

  /// Starts the connection: a line client attaches at once; on a server with a web site, a browser sends
  /// its request at once while a person on `nc` waits for the banner, so the driver asks to be woken at
  /// the end of the sniffing time (`sniffingTimeDue(now:)`).
  package func start(now: Instant) {
    guard webState != nil else { return attach(now: now) }
    owner?.driverSchedule(.sniffing, for: id, after: sniffingTime)
  }

  // MARK: - Input

  /// Frames `bytes`, read at `now`, appending the lines they complete to `items`; the telnet commands
  /// the framer dropped wait in `framer.takeDroppedCommands()`. A browser's HTTP answers and pongs are
  /// written here. Returns the end a browser connection came to (its WebSocket closed, or its answer
  /// ends it), to pass to `endWeb` once `items` are delivered. Nothing is framed unless open.
  package func frame(_ bytes: UnsafeRawBufferPointer, into items: inout [LineInput], now: Instant)
    -> WebConnection.Action?
  {
    guard machine.isOpen else { return nil }
    if let state = webState, state.connection.phase != .line {
      var actions: [WebConnection.Action] = []
      state.connection.feed(bytes, into: &actions)
      let ending = takeWeb(actions, into: &items, now: now)
      noteRequestHead(now: now)
      return ending
    }
    framer.feed(bytes, into: &items)
    return nil
  }

  /// Hands `items` (framed from input that reached the machine at `time`) to the state machine and
  /// the delegate, then counts `droppedTelnetCommands` against the rate limit, at `now`. Telnet
  /// answers are queued in order with everything else, and written together at the end.
  package func deliver(
    _ items: [LineInput], arrivedAt time: Instant, droppedTelnetCommands dropped: Int = 0, now: Instant
  ) {
    var answered = false
    // Told the server is full: nothing it sends is read.
    for item in items where !isTurnedAway {
      guard machine.isOpen else { break }
      let action = machine.inputFramed(item, now: now)
      if case .write(let bytes) = action {
        channel.enqueue(bytes)
        answered = true
        continue
      }
      if case .deliver(let input) = action {
        owner?.driverReceived(input, from: id, arrivedAt: time)
        continue
      }
      perform(action, now: now)
    }
    if answered && machine.isOpen { _ = flushQueued(now: now) }
    if dropped > 0 && machine.isOpen {
      perform(machine.telnetCommandsDropped(dropped, now: now), now: now)
    }
  }

  /// The peer will send nothing more (its input is read to the end). A browser still being sniffed
  /// turns out to be a line client; a connection the delegate does not know is closed; otherwise the
  /// last unterminated line is delivered and the delegate is told.
  package func inputEnded(now: Instant) {
    if machine.isOpen, let actions = webState?.connection.sniffingTimedOut(inputEnded: true), !actions.isEmpty {
      performWeb(actions, arrivedAt: now, now: now)  // A line without its end, then the end.
    }
    guard isAttached else {
      channel.stopReading()
      if machine.isOpen {
        perform(machine.closeRequested(flushFirst: true, now: now), now: now)
      }
      return
    }
    endOfInput(now: now)
  }

  /// The end of a line client's input (or of a WebSocket): the last line, then the state machine's say.
  func endOfInput(now: Instant) {
    channel.stopReading()
    if machine.isOpen {
      deliver(framer.finish(), arrivedAt: now, now: now)
    }
    perform(machine.inputEnded(pendingBytes: channel.pendingOutputBytes), now: now)
  }

  /// The owner marked the connection identified: the idle timeout no longer applies.
  package func markIdentified() {
    machine.markIdentified()
  }

  /// Reading failed with `code`.
  package func readFailed(_ code: Int32, now: Instant) {
    perform(machine.socketFailed(code, now: now), now: now)
  }
}

/// The line end the line protocol writes.
let lineEnd: [UInt8] = [13, 10]
