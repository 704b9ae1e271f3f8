import Dispatch
import Glibc
import SetTransport

/// A TCP server that speaks lines: it accepts sockets and reads them through one epoll loop, and runs
/// each connection as a `ConnectionDriver` over its `SocketChannel`, which frames the input, runs the
/// connection's lifecycle and limits through a `ConnectionStateMachine` and performs its actions.
/// It knows nothing of what the lines mean; a `LineServerDelegate` does. `EmbeddedLineServer` runs the
/// same driver in memory, for tests.
///
/// The server runs on a serial queue its owner provides: every delegate call is made on that queue,
/// and every method and property must be used on it. Once started, the server keeps itself alive
/// until `stop()`.
///
/// Protections: lines past `maxLineBytes` arrive as `.tooLong`; lines past the rate limit arrive as
/// `.rateLimited`, and a sustained flood drops the connection; a connection whose queued output
/// passes `ConnectionStateMachine.Limits.pauseInputAbove` is not read until that output is written;
/// one whose queued output passes `maxQueuedOutputBytes` loses it and is closed after its farewell; an
/// unidentified connection that stays silent past `idleTimeout` is dropped; connections past
/// `maxConnections` are turned away with one line; running out of descriptors pauses accepting for
/// `acceptRetryDelay` instead of spinning.
///
/// Accepting is in LineServer+Accepting, reading in LineServer+Input, writing and the sweep in
/// LineServer+Output.
public final class LineServer: @unchecked Sendable {
  // Sendable by confinement: all mutable state is touched only on `queue`, which every entry point asserts.

  /// A connection's driver over its socket.
  typealias Driver = ConnectionDriver<SocketChannel>

  /// The limits and address the server was made with.
  public let configuration: Configuration
  /// The serial queue the server runs on and calls its delegate on.
  public let queue: DispatchQueue
  /// Told about connections and their input. Held weakly: keep it alive yourself.
  public weak var delegate: (any LineServerDelegate)?

  enum State {
    case idle
    case running
    case stopped
  }

  var state = State.idle
  var listenSource: DispatchSourceRead?
  var listenFD: Int32 = -1
  var acceptPaused = false
  var sweepTimer: DispatchSourceTimer?
  /// Watches the connections' sockets and runs their reads on `queue` (see `EventLoop`).
  var loop: EventLoop?
  /// Ends a pause in accepting. Made and armed at start, like the sweep timer: Dispatch sets up its
  /// timers lazily, and that needs a descriptor, which a pause for want of them cannot count on.
  var acceptRetryTimer: DispatchSourceTimer?
  /// Ends the new connections' sniffing times (see LineServer+Sniffing), made and armed at start too.
  var sniffingTimer: DispatchSourceTimer?
  /// The sniffing deadlines asked for, in order; those before `sniffingHead` are done.
  var sniffingDeadlines: [SniffingDeadline] = []
  var sniffingHead = 0
  /// Every socket held, by connection: open ones and those still closing.
  var connections: [ConnectionID: Driver] = [:]
  var attachedCount = 0
  /// Connections past `maxConnections` held until they show what they speak, to be told the server is
  /// full in their own framing (a browser's WebSocket gets a text message and close code 1013).
  var turnedAwayCount = 0
  /// The most connections held at once to be turned away so; past it, the full line is written raw.
  static let turnedAwayLimit = 16
  var lastID: UInt64 = 0
  /// When to ask the allocator to give back the memory of closed connections (see `sweep`).
  var trimSchedule = MemoryTrimSchedule()
  /// How many times accepting paused for want of descriptors (for tests).
  var acceptPauses = 0
  /// How many times the sweep ran: once it has, Dispatch has set up the timers (for tests).
  var sweeps = 0
  /// One read buffer for all connections: reads happen one at a time, on the queue. It holds what one
  /// connection may send in one turn (`readBytesPerTurn`).
  let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: LineServer.readBytesPerTurn, alignment: 16)
  /// What the last read framed, kept to save an allocation a read.
  var framed: [LineInput] = []
  /// What the reads of this batch of readiness framed, waited for delivery at its end.
  var arrived: [Arrival] = []
  /// What was read and is not yet delivered, in turns between the delegate's groups (see
  /// `deliverInTurns`).
  var waiting = DeliveryTurns<Arrival>()
  /// The reads made since the server started, which order arrivals at the same instant.
  var readCount: UInt64 = 0
  /// The limits every connection's state machine holds it to.
  let limits: ConnectionStateMachine.SharedLimits
  /// Connections given output during this batch of input and not yet written, in the order they were
  /// given it: each is written once, with everything it was given (see `queueWrite`).
  var unwritten: [Driver] = []
  /// `broadcastRaw`'s arrays for line connections and for WebSockets, kept between broadcasts.
  var broadcastLines = BroadcastScratch()
  var broadcastMessages = BroadcastScratch()
  /// The connection whose input is being delivered: its answer follows what it is given meanwhile, so
  /// a broadcast leaves its output queued to go out with that answer in one write. Held only while it
  /// is delivered, and not weakly: a weak reference would give every connection that ever spoke a
  /// side table, through which each retain and release of it then goes (a broadcast makes thousands).
  var delivering: Driver?
  /// The last bytes `sendRaw` framed for a WebSocket, and their frames.
  var webSocketText = WebSocketTextCache()
  /// The requests browsers made, for telling their spare connections from a person's (`SpareConnections`).
  package var spares = SpareConnections()

  /// A server with `configuration`, running on the serial `queue`. Call `start()` to listen.
  public init(configuration: Configuration = Configuration(), queue: DispatchQueue) {
    precondition(configuration.maxConnections > 0 && configuration.maxQueuedOutputBytes > 0)
    self.configuration = configuration
    self.queue = queue
    limits = ConnectionStateMachine.SharedLimits(ConnectionStateMachine.Limits(configuration))
  }

  deinit {
    readBuffer.deallocate()
  }

  /// A timer whose firings are handled by this server's event loop, on its queue: a timerfd in the
  /// loop once the server has started, or a Dispatch timer on the queue (before `start()`, or if the
  /// system gives no timerfd). A table's game clock runs on it.
  public func makeWakeUpTimer() -> any WakeUpTimer {
    dispatchPrecondition(condition: .onQueue(queue))
    if let loop, let timer = LoopWakeUpTimer(loop: loop) { return timer }
    return DispatchWakeUpTimer(queue: queue)
  }

  /// How many connections the delegate knows as connected (reported and not yet disconnected).
  public var connectionCount: Int {
    dispatchPrecondition(condition: .onQueue(queue))
    return attachedCount
  }

  /// How many sockets the server holds: its connections plus those still closing.
  public var openSocketCount: Int {
    dispatchPrecondition(condition: .onQueue(queue))
    return connections.count
  }

  /// Starts listening and returns the bound port. Ignores SIGPIPE for the whole process and raises
  /// its soft descriptor limit to the hard limit. Call once.
  public func start() throws(SocketError) -> UInt16 {
    dispatchPrecondition(condition: .onQueue(queue))
    precondition(state == .idle, "a LineServer starts once")
    signal(SIGPIPE, SIG_IGN)
    Sockets.raiseDescriptorLimit()
    let (fd, port) = try listeningSocket()

    let loop = try EventLoop.started(on: queue, orClosing: fd)
    loop.onBatchEnd { [self] in
      let more = deliverInTurns()
      writeUnwritten()
      return more
    }
    self.loop = loop

    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    source.setEventHandler { [self] in acceptConnections(listening: fd) }
    source.setCancelHandler { Glibc.close(fd) }
    listenSource = source
    listenFD = fd

    let shortest = min(configuration.idleTimeout, configuration.closeTimeout).wholeMilliseconds
    let interval = Int(max(10, min(1000, shortest / 4)))
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval),
      leeway: .milliseconds(max(1, interval / 4)))
    timer.setEventHandler { [self] in sweep() }
    sweepTimer = timer
    let retry = DispatchSource.makeTimerSource(queue: queue)
    retry.schedule(deadline: .now() + .seconds(3600), leeway: .milliseconds(1))
    retry.setEventHandler { [self] in resumeAccepting() }
    acceptRetryTimer = retry
    let sniffing = DispatchSource.makeTimerSource(queue: queue)
    sniffing.schedule(deadline: .distantFuture)
    sniffing.setEventHandler { [self] in sniffingTimerFired() }
    sniffingTimer = sniffing

    state = .running
    source.resume()
    timer.resume()
    retry.resume()
    sniffing.resume()
    return port
  }

  /// Queues `line` and a CRLF for `id` (a text message, for a WebSocket) and writes what the socket
  /// takes now. `line` should hold no CR or LF. Returns false if `id` is not connected (any more), or
  /// was just dropped because its output queue overflowed or its socket failed.
  @discardableResult
  public func send(_ line: String, to id: ConnectionID) -> Bool {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let driver = connections[id], driver.canSend else { return false }
    driver.enqueue(line: line)
    return queueWrite(driver)
  }

  /// Queues `bytes` for `id` exactly as given (for telnet answers and the like; for a WebSocket, one
  /// text message a line). Returns as `send`.
  @discardableResult
  public func sendRaw(_ bytes: [UInt8], to id: ConnectionID) -> Bool {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let driver = connections[id], driver.canSend else { return false }
    driver.enqueue(raw: bytes, framing: &webSocketText)
    return queueWrite(driver)
  }

  /// Sends the same `bytes` to each of `ids` in turn. A connection with nothing waiting to be written
  /// (a spectator, told only the broadcast) is written at once: a line connection from `bytes`
  /// itself, a WebSocket from their text messages, framed once for all of them; no copy into its
  /// output, and nothing left for the turn's end. One with output waiting (a player's reply given in
  /// this turn, a socket full) has them queued, as `sendRaw` does.
  ///
  /// The connections are looked at before they are sent to: the first few (the seated players come
  /// first) are sent to at once, then all the others are looked at, their sockets gathered into one
  /// array (`BroadcastScratch`), and sent to from it, touching nothing else; what each send did is
  /// told to its connection after the last. With a thousand spectators, their connections' memory is
  /// read all together, not a piece between each two sends, where the sends have pushed it out of the
  /// cache.
  public func broadcastRaw(_ bytes: [UInt8], to ids: some Sequence<ConnectionID>) {
    dispatchPrecondition(condition: .onQueue(queue))
    var lines = broadcastLines
    var messages = broadcastMessages
    (broadcastLines, broadcastMessages) = (BroadcastScratch(), BroadcastScratch())
    defer {
      lines.removeAll()
      messages.removeAll()
      (broadcastLines, broadcastMessages) = (lines, messages)
    }
    var framed: [UInt8] = []
    for id in ids {
      guard let driver = connections[id], driver.canSend else { continue }
      let channel = driver.channel
      guard !driver.isWriteBatched, driver !== delivering, !channel.isWaitingToWrite, channel.pendingOutputBytes == 0
      else {
        driver.enqueue(raw: bytes, framing: &webSocketText)
        _ = queueWrite(driver)
        continue
      }
      if driver.isWebSocket {
        if framed.isEmpty { framed = webSocketText.frames(for: bytes) }
        messages.append(driver)
        if messages.hasFirst { sendGathered(framed, &messages) }
      } else {
        lines.append(driver)
        if lines.hasFirst { sendGathered(bytes, &lines) }
      }
    }
    sendGathered(bytes, &lines)
    sendGathered(framed, &messages)
    let now = MonotonicClock.now()
    tellSent(bytes, lines, now: now)
    tellSent(framed, messages, now: now)
  }

  /// Tells each connection `group` sent `bytes` to what its send did.
  private func tellSent(_ bytes: [UInt8], _ group: BroadcastScratch, now: Instant) {
    for (driver, sent) in zip(group.drivers, group.sent) {
      driver.written(driver.channel.sent(bytes, count: sent), now: now)
      if driver.channel.pendingOutputBytes > 0 { driver.flushQueued(now: now) }
    }
  }

  /// Sends `bytes` to the connections `direct` has gathered since its last sends; those given output
  /// before (the seated players, who come first, or a WebSocket among them) are written first.
  private func sendGathered(_ bytes: [UInt8], _ direct: inout BroadcastScratch) {
    guard direct.unsent > 0 else { return }
    if !unwritten.isEmpty { writeUnwritten() }
    direct.send(bytes)
  }

  /// How many writes handed the kernel some of `id`'s output, or nil if `id` is gone (for tests).
  func writeCalls(of id: ConnectionID) -> Int? {
    connections[id]?.channel.writeCalls
  }

  /// Whether `id`'s input is left unread until its output is written (for tests).
  func isReadingPaused(_ id: ConnectionID) -> Bool {
    connections[id]?.channel.isReadingPaused ?? false
  }

  /// Marks `id` as identified: the idle timeout no longer applies to it.
  public func markIdentified(_ id: ConnectionID) {
    dispatchPrecondition(condition: .onQueue(queue))
    connections[id]?.markIdentified()
  }

  /// Closes `id`. With `flushFirst`, input is no longer delivered, queued output is written, the
  /// write side is shut down and the socket closed once the peer closes too, or after
  /// `closeTimeout`. Without it, the socket is closed now and queued output is lost. Either way the
  /// delegate gets `disconnected(id, reason: .closed)` on a later turn. Does nothing if `id` is gone.
  public func close(_ id: ConnectionID, flushFirst: Bool = true) {
    dispatchPrecondition(condition: .onQueue(queue))
    connections[id]?.close(flushFirst: flushFirst, now: MonotonicClock.now())
  }

  /// Ends `id` for a peer that asked to leave: input is no longer delivered, queued output is written,
  /// and once the peer has acknowledged all of it the socket is closed with a reset, so a peer that
  /// keeps its side open (OpenBSD `nc`) sees the end at once; unacknowledged after `closeTimeout`, it is
  /// closed anyway. The delegate gets `disconnected(id, reason: .closed)` on a later turn.
  public func hangUp(_ id: ConnectionID) {
    dispatchPrecondition(condition: .onQueue(queue))
    connections[id]?.hangUp(now: MonotonicClock.now())
  }

  /// Stops listening and closes every connection at once, queued output unsent; each connected one
  /// is reported as `disconnected(_, reason: .serverStopped)`. The server cannot be started again.
  public func stop() {
    dispatchPrecondition(condition: .onQueue(queue))
    guard state == .running else {
      state = .stopped
      return
    }
    state = .stopped
    if let source = listenSource {
      // Refuse new connections now; the descriptor itself is closed by the source's cancel handler.
      _ = shutdown(listenFD, Int32(SHUT_RDWR))
      source.cancel()
      if acceptPaused {
        acceptPaused = false
        source.resume()  // A suspended source runs its cancel handler only once resumed.
      }
    }
    listenSource = nil
    sweepTimer?.cancel()
    sweepTimer = nil
    acceptRetryTimer?.cancel()
    acceptRetryTimer = nil
    sniffingTimer?.cancel()
    sniffingTimer = nil
    let now = MonotonicClock.now()
    for driver in connections.values {
      driver.serverStopped(now: now)
    }
    arrived.removeAll()
    _ = waiting.takeAll()
    loop?.stop()
    loop = nil
  }
}

extension LineServer: LineTransport {
  /// Where a `LineServer` listens and the limits it holds every connection to.
  public typealias Configuration = LineServerConfiguration
}
