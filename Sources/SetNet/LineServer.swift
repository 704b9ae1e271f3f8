// Long because the socket shell is one piece: listening and accepting (with its back-off), reading and
// framing, writing, and performing each connection's state-machine actions on its socket.

import Dispatch
import Glibc
import SetTransport

/// A TCP server that speaks lines: it frames each connection's input with a `LineFramer`, runs each
/// connection's lifecycle and limits through a `ConnectionStateMachine` and performs its actions on the
/// socket, and queues output per connection. It knows nothing of what the lines mean; a
/// `LineServerDelegate` does. `EmbeddedLineServer` runs the same state machine in memory, for tests.
///
/// The server runs on a serial queue its owner provides: every delegate call is made on that queue,
/// and every method and property must be used on it. Once started, the server keeps itself alive
/// until `stop()`.
///
/// Protections: lines past `maxLineBytes` arrive as `.tooLong`; lines past the rate limit arrive as
/// `.rateLimited`, and a sustained flood drops the connection; a connection whose queued output
/// passes `maxQueuedOutputBytes` loses that output and is closed after its farewell line; an
/// unidentified connection that stays silent past `idleTimeout` is dropped; connections past
/// `maxConnections` are turned away with one line; running out of descriptors pauses accepting for
/// `acceptRetryDelay` instead of spinning.
public final class LineServer: @unchecked Sendable {
  // Sendable by confinement: all mutable state is touched only on `queue`, which every entry point asserts.

  /// The limits and address the server was made with.
  public let configuration: Configuration
  /// The serial queue the server runs on and calls its delegate on.
  public let queue: DispatchQueue
  /// Told about connections and their input. Held weakly: keep it alive yourself.
  public weak var delegate: (any LineServerDelegate)?

  private enum State {
    case idle
    case running
    case stopped
  }

  private var state = State.idle
  private var listenSource: DispatchSourceRead?
  private var listenFD: Int32 = -1
  private var acceptPaused = false
  private var sweepTimer: DispatchSourceTimer?
  /// Watches the connections' sockets and runs their reads on `queue` (see `EventLoop`).
  private var loop: EventLoop?
  /// Ends a pause in accepting. Made and armed at start, like the sweep timer: Dispatch sets up its
  /// timers lazily, and that needs a descriptor, which a pause for want of them cannot count on.
  private var acceptRetryTimer: DispatchSourceTimer?
  private var connections: [ConnectionID: Connection] = [:]
  private var attachedCount = 0
  /// Connections past `maxConnections` held until they show what they speak, to be told the server is
  /// full in their own framing (a browser's WebSocket gets a text message and close code 1013).
  private var turnedAwayCount = 0
  /// The most connections held at once to be turned away so; past it, the full line is written raw.
  static let turnedAwayLimit = 16
  private var lastID: UInt64 = 0
  /// How many times accepting paused for want of descriptors (for tests).
  private(set) var acceptPauses = 0
  /// How many times the sweep ran: once it has, Dispatch has set up the timers (for tests).
  private(set) var sweeps = 0
  /// One read buffer for all connections: reads happen one at a time, on the queue. It holds what one
  /// connection may send in one turn (`readBytesPerTurn`).
  private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: LineServer.readBytesPerTurn, alignment: 16)
  /// What the last read framed, kept to save an allocation a read.
  private var framed: [LineInput] = []
  /// What the reads of this batch of readiness framed, delivered in the order it arrived at its end.
  private var arrived: [Arrival] = []
  /// The reads made since the server started, which order arrivals at the same instant.
  private var readCount: UInt64 = 0
  private static let crlf: [UInt8] = [13, 10]
  /// The limits every connection's state machine holds it to.
  private let limits: ConnectionStateMachine.Limits
  /// Connections given output during this batch of input and not yet written, in the order they were
  /// given it: each is written once, with everything it was given (see `queueWrite`).
  private var unwritten: [Connection] = []
  /// The last bytes `sendRaw` framed for a WebSocket, and their frames.
  private var lastRawForWebSocket: [UInt8] = []
  private var lastFramedForWebSocket: [UInt8] = []

  /// A server with `configuration`, running on the serial `queue`. Call `start()` to listen.
  public init(configuration: Configuration = Configuration(), queue: DispatchQueue) {
    precondition(configuration.maxConnections > 0 && configuration.maxQueuedOutputBytes > 0)
    self.configuration = configuration
    self.queue = queue
    limits = ConnectionStateMachine.Limits(configuration)
  }

  deinit {
    readBuffer.deallocate()
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
    var address = try Sockets.address(host: configuration.host, port: configuration.port)
    let fd = try Sockets.makeTCPSocket()
    Sockets.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
    guard Sockets.withSockaddr(&address, { bind(fd, $0, $1) }) == 0 else {
      let error = SocketError.last("bind \(configuration.host):\(configuration.port)")
      Glibc.close(fd)
      throw error
    }
    guard listen(fd, configuration.backlog) == 0 else {
      let error = SocketError.last("listen")
      Glibc.close(fd)
      throw error
    }
    var bound = sockaddr_in()
    _ = Sockets.withSockaddr(&bound) { pointer, size in
      var length = size
      return getsockname(fd, pointer, &length)
    }
    let port = UInt16(bigEndian: bound.sin_port)

    let loop = try EventLoop.started(on: queue, orClosing: fd)
    loop.onBatchEnd { [self] in
      deliverArrived()
      writeUnwritten()
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

    state = .running
    source.resume()
    timer.resume()
    retry.resume()
    return port
  }

  /// Queues `line` and a CRLF for `id` and writes what the socket takes now. `line` should hold no
  /// CR or LF. Returns false if `id` is not connected (any more), or was just dropped because its
  /// output queue overflowed or its socket failed.
  @discardableResult
  public func send(_ line: String, to id: ConnectionID) -> Bool {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let connection = connections[id], connection.machine.isOpen, connection.attached else { return false }
    enqueue(line, on: connection)
    return queueWrite(connection)
  }

  /// Queues each of `lines` and a CRLF for `id`, then writes what the socket takes now: one lookup
  /// and one system call for many lines (a broadcast's events). Returns as `send`.
  @discardableResult
  public func send(lines: [String], to id: ConnectionID) -> Bool {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let connection = connections[id], connection.machine.isOpen, connection.attached else { return false }
    for line in lines { enqueue(line, on: connection) }
    return queueWrite(connection)
  }

  /// Queues one line for `connection` as its framing writes it: a text message for a WebSocket, the
  /// line and a CRLF for a line client.
  private func enqueue(_ line: String, on connection: Connection) {
    if connection.isWebSocket {
      connection.channel.enqueue(WebSocketFrame.text(line))
    } else {
      connection.channel.enqueue(line.utf8)
      connection.channel.enqueue(Self.crlf)
    }
  }

  /// Queues `bytes` for `id` exactly as given (for telnet answers and the like). Returns as `send`.
  @discardableResult
  public func sendRaw(_ bytes: [UInt8], to id: ConnectionID) -> Bool {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let connection = connections[id], connection.machine.isOpen, connection.attached else { return false }
    if connection.isWebSocket {
      // A broadcast sends the same bytes to every spectator in turn: they are framed once.
      if bytes != lastRawForWebSocket {
        lastRawForWebSocket = bytes
        lastFramedForWebSocket = WebSocketFrame.textMessages(lines: bytes)
      }
      connection.channel.enqueue(lastFramedForWebSocket)
    } else {
      connection.channel.enqueue(bytes)
    }
    return queueWrite(connection)
  }

  /// How many writes handed the kernel some of `id`'s output, or nil if `id` is gone (for tests).
  func writeCalls(of id: ConnectionID) -> Int? {
    connections[id]?.channel.writeCalls
  }

  /// Marks `id` as identified: the idle timeout no longer applies to it.
  public func markIdentified(_ id: ConnectionID) {
    dispatchPrecondition(condition: .onQueue(queue))
    connections[id]?.machine.markIdentified()
  }

  /// Closes `id`. With `flushFirst`, input is no longer delivered, queued output is written, the
  /// write side is shut down and the socket closed once the peer closes too, or after
  /// `closeTimeout`. Without it, the socket is closed now and queued output is lost. Either way the
  /// delegate gets `disconnected(id, reason: .closed)` on a later turn. Does nothing if `id` is gone.
  public func close(_ id: ConnectionID, flushFirst: Bool = true) {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let connection = connections[id] else { return }
    if flushFirst && connection.machine.isOpen { sendCloseFrame(connection, code: 1000) }
    perform(connection.machine.closeRequested(flushFirst: flushFirst, now: MonotonicClock.now()), connection)
  }

  /// Ends `id` for a peer that asked to leave: input is no longer delivered, queued output is written,
  /// and once the peer has acknowledged all of it the socket is closed with a reset, so a peer that
  /// keeps its side open (OpenBSD `nc`) sees the end at once; unacknowledged after `closeTimeout`, it is
  /// closed anyway. The delegate gets `disconnected(id, reason: .closed)` on a later turn.
  public func hangUp(_ id: ConnectionID) {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let connection = connections[id] else { return }
    if connection.machine.isOpen { sendCloseFrame(connection, code: 1000) }
    perform(connection.machine.hangUpRequested(now: MonotonicClock.now()), connection)
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
    let now = MonotonicClock.now()
    for connection in connections.values {
      perform(connection.machine.serverStopped(now: now), connection)
    }
    loop?.stop()
    loop = nil
  }

  // MARK: - Accepting

  private func acceptConnections(listening fd: Int32) {
    // A budget per wake-up, so a storm of connections cannot starve the connections already open.
    for _ in 0..<64 {
      guard state == .running && !acceptPaused else { return }
      var address = sockaddr_in()
      let accepted = Sockets.withSockaddr(&address) { pointer, size in
        var length = size
        return accept(fd, pointer, &length)
      }
      if accepted >= 0 {
        Sockets.setNonBlockingAndCloseOnExec(accepted)
        adopt(accepted, peer: Sockets.describe(address))
        continue
      }
      switch errno {
      case EINTR, ECONNABORTED, EPROTO, EPERM:
        continue  // This one connection failed; others may wait.
      case EAGAIN, EWOULDBLOCK:
        return
      default:
        pauseAccepting()  // EMFILE, ENFILE, ENOBUFS, ENOMEM (or worse): back off rather than spin.
        return
      }
    }
    queue.async { [self] in acceptConnections(listening: fd) }
  }

  private func pauseAccepting() {
    guard let source = listenSource, !acceptPaused else { return }
    acceptPaused = true
    acceptPauses += 1
    source.suspend()
    let delay = DispatchTimeInterval.milliseconds(Int(max(1, configuration.acceptRetryDelay.wholeMilliseconds)))
    acceptRetryTimer?.schedule(deadline: .now() + delay, leeway: .milliseconds(1))
  }

  private func resumeAccepting() {
    guard acceptPaused, state == .running else { return }
    acceptPaused = false
    listenSource?.resume()
    // Connections that arrived while paused may raise no new readiness event: take them now.
    acceptConnections(listening: listenFD)
  }

  private func adopt(_ fd: Int32, peer: String) {
    let full = connections.count - turnedAwayCount >= configuration.maxConnections
    guard !full || (configuration.webSite != nil && turnedAwayCount < Self.turnedAwayLimit) else {
      if let text = delegate?.farewellLine(for: .serverFull) {
        let bytes = Array(text.utf8) + Self.crlf
        _ = bytes.withUnsafeBytes {
          Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
      }
      Glibc.close(fd)
      return
    }
    Sockets.setNoDelay(fd)
    lastID += 1
    let id = ConnectionID(rawValue: lastID)
    guard let loop else {
      Glibc.close(fd)
      return
    }
    let channel = SocketChannel(fd: fd, loop: loop) { [self] in
      if connections[id]?.turnedAway == true { turnedAwayCount -= 1 }
      connections[id] = nil
    }
    channel.enableArrivalTimes()
    let connection = Connection(
      id: id, peer: peer, channel: channel, framer: LineFramer(maxLineBytes: configuration.maxLineBytes),
      machine: ConnectionStateMachine(limits: limits, now: MonotonicClock.now()))
    connection.web = configuration.webSite.map { WebConnection(site: $0, maxLineBytes: configuration.maxLineBytes) }
    connection.turnedAway = full
    if full { turnedAwayCount += 1 }
    connections[id] = connection
    channel.start(
      onReadable: { [self] in readInput(connection) },
      onWritten: { [self] in written(connection, $0) })
    guard connection.web != nil else {
      attach(connection)
      return
    }
    // A browser sends its request at once; a person on `nc` waits for the banner.
    let wait = Int(max(1, configuration.sniffingTime.wholeMilliseconds))
    queue.asyncAfter(deadline: .now() + .milliseconds(wait)) { [self] in
      guard connections[connection.id] === connection, connection.machine.isOpen else { return }
      // A request that reached the machine in time, while the queue was busy, still counts: read first.
      if connection.web?.phase == .sniffing {
        readInput(connection)
        deliverArrived()
      }
      guard connections[connection.id] === connection, connection.machine.isOpen,
        let actions = connection.web?.sniffingTimedOut(), !actions.isEmpty
      else { return }
      performWeb(actions, connection, arrivedAt: MonotonicClock.now())
    }
  }

  /// Tells the delegate `connection` is a client of the line protocol: a line client, or a browser
  /// whose WebSocket just opened.
  private func attach(_ connection: Connection) {
    guard !connection.attached else { return }
    guard !connection.turnedAway else { return turnAway(connection) }
    connection.attached = true
    attachedCount += 1
    delegate?.connected(connection.id, peer: connection.peer)
  }

  /// Tells a connection held past `maxConnections` that the server is full, now that it is known to be
  /// a line client (the line, raw) or a WebSocket (a text message, then close code 1013), and closes it.
  private func turnAway(_ connection: Connection) {
    guard connection.machine.isOpen else { return }
    let text = delegate?.farewellLine(for: .serverFull)
    if let web = connection.web, web.phase != .line {
      if let text { connection.channel.enqueue(WebSocketFrame.text(text)) }
      connection.closeFrameSent = true
      connection.channel.enqueue(WebSocketFrame.close(code: WebConnection.closeCode(for: .serverFull)))
    } else if let text {
      connection.channel.enqueue(Array(text.utf8) + Self.crlf)
    }
    perform(connection.machine.closeRequested(flushFirst: true, now: MonotonicClock.now()), connection)
  }

  // MARK: - Browsers

  /// Does what a browser connection's `WebConnection` asked; lines it framed are delivered as having
  /// arrived at `time`, before it ends.
  private func performWeb(_ actions: [WebConnection.Action], _ connection: Connection, arrivedAt time: Instant) {
    var items: [LineInput] = []
    let ending = takeWeb(actions, connection, into: &items)
    if !items.isEmpty { deliver(items, from: connection, arrivedAt: time) }
    if let ending { endWeb(ending, connection) }
  }

  /// Performs `actions` but the last (an end), collecting the lines they frame into `items`; returns the end.
  private func takeWeb(_ actions: [WebConnection.Action], _ connection: Connection, into items: inout [LineInput])
    -> WebConnection.Action?
  {
    var ending: WebConnection.Action?
    var wrote = false
    for action in actions {
      switch action {
      case .attach:
        attach(connection)
      case .lineBytes(let bytes):
        bytes.withUnsafeBytes { connection.framer.feed($0, into: &items) }
      case .message(let input):
        items.append(input)
      case .write(let bytes):
        connection.channel.enqueue(bytes)
        wrote = true
      case .ping(let pong):
        let (answer, flood) = connection.machine.pingArrived(now: MonotonicClock.now())
        if let flood {
          perform(flood, connection)
          return nil
        }
        if answer {
          connection.channel.enqueue(pong)
          wrote = true
        }
      case .peerClosed, .close:
        ending = action
      }
    }
    if connection.web?.phase == .closing && connection.attached { connection.closeFrameSent = true }
    if wrote && connection.machine.isOpen { _ = flushQueued(connection) }
    return ending
  }

  /// Ends a browser connection: a WebSocket whose peer closed has its input end, as a line client's;
  /// anything else is closed once its answer is written.
  private func endWeb(_ ending: WebConnection.Action, _ connection: Connection) {
    guard connection.machine.isOpen else { return }
    if ending == .peerClosed && connection.attached {
      endOfInput(connection)
    } else {
      perform(connection.machine.closeRequested(flushFirst: true, now: MonotonicClock.now()), connection)
    }
  }

  /// Queues a WebSocket close frame with `code` for `connection`, once, if it is a WebSocket.
  private func sendCloseFrame(_ connection: Connection, code: UInt16) {
    guard connection.isWebSocket, !connection.closeFrameSent else { return }
    connection.closeFrameSent = true
    connection.channel.enqueue(WebSocketFrame.close(code: code))
  }

  // MARK: - Input

  /// Reads, now, every connection whose input is waiting, and delivers it in the order it arrived:
  /// call before acting on a deadline, so that what came before the deadline is judged first.
  public func readWaitingInput() {
    dispatchPrecondition(condition: .onQueue(queue))
    loop?.handleReady()
  }

  /// Lines one read framed, with the time the kernel received them.
  private struct Arrival {
    let connection: Connection
    let time: Instant
    let order: UInt64
    let items: [LineInput]
    let droppedTelnetCommands: Int
  }

  /// Delivers what the reads since the last call framed, in the order it reached the machine (by the
  /// kernel's receive times), so when several connections' lines are read together the first to
  /// arrive is handled first: a race between two claims is won by the claim that came first.
  private func deliverArrived() {
    guard !arrived.isEmpty else { return }
    var batch = arrived
    arrived.removeAll()
    if batch.count > 1 {
      batch.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    }
    for arrival in batch where arrival.connection.machine.isOpen {
      deliver(arrival.items, from: arrival.connection, arrivedAt: arrival.time)
      if arrival.droppedTelnetCommands > 0 && arrival.connection.machine.isOpen {
        perform(
          arrival.connection.machine.telnetCommandsDropped(arrival.droppedTelnetCommands, now: MonotonicClock.now()),
          arrival.connection)
      }
    }
  }

  /// The most bytes read from one connection in one turn of the loop. The loop's epoll is
  /// level-triggered, so a connection with more waiting is reported again in the next turn, beside
  /// every other connection then ready: one fast sender (a flood of telnet commands, say) holds the
  /// queue for no longer than it takes to handle this much, and the others are served in between its
  /// reads, as redis-server reads 16 KiB of a client's query per event. Framing and answering 16 KiB
  /// of `IAC DO TIMING-MARK` (5,461 commands) takes about a millisecond in a release build.
  static let readBytesPerTurn = 16 * 1024

  private func readInput(_ connection: Connection) {
    switch connection.channel.read(into: readBuffer) {
    case .wouldBlock:
      return
    case .end:
      deliverArrived()  // What came before the end is handled first.
      if connection.machine.isOpen, let actions = connection.web?.sniffingTimedOut(inputEnded: true), !actions.isEmpty {
        performWeb(actions, connection, arrivedAt: MonotonicClock.now())  // A line without its end, then the end.
      }
      guard connection.attached else {
        connection.channel.stopReading()
        if connection.machine.isOpen {
          perform(connection.machine.closeRequested(flushFirst: true, now: MonotonicClock.now()), connection)
        }
        return
      }
      endOfInput(connection)
    case .failed(let code):
      deliverArrived()
      perform(connection.machine.socketFailed(code, now: MonotonicClock.now()), connection)
    case .bytes(let count, let time):
      // A closing connection's input is read only to be discarded. Whatever is left unread, the loop
      // reports the socket again in its next turn.
      guard connection.machine.isOpen else { return }
      framed.removeAll(keepingCapacity: true)
      let input = UnsafeRawBufferPointer(rebasing: readBuffer[..<count])
      var ending: WebConnection.Action?
      if let web = connection.web, web.phase != .line {
        ending = takeWeb(connection.web!.feed(input), connection, into: &framed)
      } else {
        connection.framer.feed(input, into: &framed)
      }
      let dropped = connection.framer.takeDroppedCommands()
      if !framed.isEmpty || dropped > 0 {
        readCount += 1
        arrived.append(
          Arrival(connection: connection, time: time, order: readCount, items: framed, droppedTelnetCommands: dropped))
      }
      if let ending {
        deliverArrived()  // What came before the end is handled first.
        endWeb(ending, connection)
      }
    }
  }

  private func deliver(_ items: [LineInput], from connection: Connection, arrivedAt time: Instant) {
    let now = MonotonicClock.now()
    var answered = false
    guard !connection.turnedAway else { return }  // Told the server is full: nothing it sends is read.
    for item in items {
      guard connection.machine.isOpen else { return }
      let action = connection.machine.inputFramed(item, now: now)
      if case .write(let bytes) = action {
        // Telnet answers are queued in order with everything else, and written together below.
        connection.channel.enqueue(bytes)
        answered = true
        continue
      }
      if case .deliver(let input) = action {
        delegate?.received(input, from: connection.id, arrivedAt: time)
        continue
      }
      perform(action, connection)
    }
    if answered && connection.machine.isOpen { _ = flushQueued(connection) }
  }

  private func endOfInput(_ connection: Connection) {
    connection.channel.stopReading()
    if connection.machine.isOpen {
      deliver(connection.framer.finish(), from: connection, arrivedAt: MonotonicClock.now())
    }
    perform(connection.machine.inputEnded(pendingBytes: connection.channel.pendingOutputBytes), connection)
  }

  // MARK: - Output

  /// Has what `connection` was given during a batch of input written at the batch's end, with
  /// whatever else the batch gives it: a reply and the broadcast after it, or the answers to several
  /// lines read together, go out in one write. So that the first connections given output (the seated
  /// players, before the spectators) do not wait for a thousand others to be given theirs, the waiting
  /// connections are written whenever `connectionsWrittenTogether` of them wait. Output given outside
  /// a batch (on a timer's deadline, say), output past the cap, and output for a socket already full
  /// are dealt with at once, as `flushQueued` does. Returns whether the connection is still connected.
  private func queueWrite(_ connection: Connection) -> Bool {
    let channel = connection.channel
    guard loop?.isHandlingBatch == true, !channel.isWaitingToWrite,
      channel.pendingOutputBytes <= configuration.maxQueuedOutputBytes
    else { return flushQueued(connection) }
    guard !connection.writeQueued else { return true }
    connection.writeQueued = true
    unwritten.append(connection)
    if unwritten.count >= Self.connectionsWrittenTogether { writeUnwritten() }
    return true
  }

  /// How many connections given output during a batch of input wait at most before they are written.
  static let connectionsWrittenTogether = 32

  /// Writes now what the connections were given so far in this batch of input (see `queueWrite`),
  /// rather than at its end. Output given outside a batch is written at once anyway.
  public func writeQueuedOutput() {
    dispatchPrecondition(condition: .onQueue(queue))
    writeUnwritten()
  }

  /// Writes every connection waiting in `unwritten`, in the order it was given output.
  private func writeUnwritten() {
    guard !unwritten.isEmpty else { return }
    let batch = unwritten
    unwritten.removeAll(keepingCapacity: true)
    for connection in batch {
      connection.writeQueued = false
      guard connection.machine.isOpen, connection.channel.pendingOutputBytes > 0 else { continue }
      _ = flushQueued(connection)
    }
  }

  /// Writes what `connection` has queued, unless the loop already watches for room to; drops the
  /// connection if the write fails or too much is left queued. Returns whether it is still connected.
  private func flushQueued(_ connection: Connection) -> Bool {
    if !connection.channel.isWaitingToWrite {
      written(connection, connection.channel.flush())
    }
    let pending = connection.channel.pendingOutputBytes
    if pending > 0 {
      perform(connection.machine.outputQueued(pendingBytes: pending, now: MonotonicClock.now()), connection)
    }
    return connection.machine.isOpen
  }

  private func written(_ connection: Connection, _ result: SocketChannel.FlushResult) {
    switch result {
    case .pending:
      noteProgress(connection, now: MonotonicClock.now())
    case .failed(let code):
      perform(connection.machine.socketFailed(code, now: MonotonicClock.now()), connection)
    case .drained:
      noteProgress(connection, now: MonotonicClock.now())
      perform(connection.machine.outputDrained(), connection)
    }
  }

  // MARK: - Performing the connection's actions

  /// Does what `connection`'s state machine asked.
  private func perform(_ action: ConnectionStateMachine.Action?, _ connection: Connection) {
    switch action {
    case nil:
      return
    case .deliver(let input):
      delegate?.received(input, from: connection.id)
    case .write(let bytes):
      connection.channel.enqueue(bytes)
      _ = flushQueued(connection)
    case .reportInputEnded:
      delegate?.inputEnded(connection.id)
    case .disconnect(let reason, let closing):
      disconnect(connection, reason: reason, closing: closing)
    case .halfClose:
      // Closing with input unread would reset the connection and could destroy the output just
      // written before the peer reads it: half-close and let the peer close first.
      connection.channel.shutdownWrite()
    case .closeSocket:
      connection.channel.close()
    case .resetOnceDelivered:
      // Checked again shortly until the peer has acknowledged everything written (the close deadline
      // bounds it); then the reset comes when the grace is over.
      // One such check is pending at a time: the sweep's ticks ask too, and must not start more.
      let acknowledged = connection.channel.isClosed || connection.channel.unsentKernelBytes == 0
      if acknowledged {
        connection.machine.delivered(now: MonotonicClock.now())
      } else if connection.deliveryCheckPending {
        return
      }
      connection.deliveryCheckPending = !acknowledged
      let wait = acknowledged ? ConnectionStateMachine.hangUpGrace : .milliseconds(10)
      queue.asyncAfter(deadline: .now() + .milliseconds(Int(wait.wholeMilliseconds))) { [self] in
        if !acknowledged { connection.deliveryCheckPending = false }
        guard connections[connection.id] === connection, !connection.machine.isClosed else { return }
        perform(connection.machine.tick(now: MonotonicClock.now()), connection)
      }
    case .resetSocket:
      connection.channel.reset()
    }
  }

  /// Reports `connection` disconnected on a later turn, writes its farewell and closes it as `closing` says.
  private func disconnect(_ connection: Connection, reason: DisconnectReason, closing: ConnectionStateMachine.Closing) {
    let id = connection.id
    if connection.attached {
      attachedCount -= 1
      queue.async { [self] in delegate?.disconnected(id, reason: reason) }
    }
    let farewell =
      ConnectionStateMachine.writesFarewell(reason) && connection.attached ? delegate?.farewellLine(for: reason) : nil
    let channel = connection.channel
    if connection.isWebSocket {
      // A farewell is a text message, and a close frame follows it; output cut short mid-frame would
      // make both unreadable, so a browser whose output is discarded gets none.
      if closing != .flushing && closing != .hangingUp { channel.discardOutput() }
      if channel.pendingOutputBytes == 0 || closing == .flushing || closing == .hangingUp {
        if let farewell { channel.enqueue(WebSocketFrame.text(farewell)) }
        if ConnectionStateMachine.writesFarewell(reason) {
          sendCloseFrame(connection, code: WebConnection.closeCode(for: reason))
        }
      }
      connection.lastUnsent = channel.pendingOutputBytes + (channel.unsentKernelBytes ?? 0)
      if closing == .immediately {
        _ = channel.flush()
        channel.close()
      } else if !channel.isWaitingToWrite {
        written(connection, channel.flush())
      }
      return
    }
    switch closing {
    case .immediately:
      if let farewell {
        // Tried once, without waiting, after the rest of a telnet command already begun.
        channel.discardOutput()
        let start = channel.isOutputMidLine ? Self.crlf : []
        channel.enqueue(start + Array(farewell.utf8) + Self.crlf)
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
      connection.lastUnsent = channel.pendingOutputBytes + (channel.unsentKernelBytes ?? 0)
      if let farewell {
        if discarding && channel.isOutputMidLine {
          channel.enqueue(Self.crlf)
        }
        channel.enqueue(farewell.utf8)
        channel.enqueue(Self.crlf)
      }
      if !channel.isWaitingToWrite {
        written(connection, channel.flush())
      }
    }
  }

  /// Enforces the idle timeout and the close deadlines. Each firing is a wake-up that rereads the clock.
  private func sweep() {
    sweeps += 1
    let now = MonotonicClock.now()
    for connection in connections.values {
      noteProgress(connection, now: now)
      perform(connection.machine.tick(now: now), connection)
      checkRequestHead(connection, now: now)
    }
  }

  /// Cuts an HTTP request head that is taking longer than `requestHeadTimeout` (a slow-loris) with 408.
  private func checkRequestHead(_ connection: Connection, now: Instant) {
    guard connection.machine.isOpen, let web = connection.web, web.isMidRequest else {
      connection.headSince = nil
      return
    }
    guard let since = connection.headSince else {
      connection.headSince = now
      return
    }
    if now.duration(since: since) >= configuration.requestHeadTimeout, let actions = connection.web?.headTimedOut() {
      performWeb(actions, connection, arrivedAt: now)
    }
  }

  /// A closing connection whose output moved on since last seen (the kernel sent more to a peer that
  /// reads, however slowly) counts its close deadline from now.
  private func noteProgress(_ connection: Connection, now: Instant) {
    guard !connection.machine.isOpen && !connection.machine.isClosed else { return }
    let unsent = connection.channel.pendingOutputBytes + (connection.channel.unsentKernelBytes ?? 0)
    if unsent < connection.lastUnsent || connection.channel.bytesWritten != connection.lastBytesWritten {
      connection.machine.outputProgressed(now: now)
    }
    connection.lastUnsent = unsent
    connection.lastBytesWritten = connection.channel.bytesWritten
  }
}

/// One accepted socket and what the server knows about it.
private final class Connection: @unchecked Sendable {
  // Sendable by confinement: used only on the server's queue (its handlers run there too).
  let id: ConnectionID
  let peer: String
  let channel: SocketChannel
  var framer: LineFramer
  /// On a server with a web site: what the connection speaks, and its HTTP and WebSocket state.
  var web: WebConnection?
  /// Whether the delegate knows it (a line client, or an open WebSocket; not a browser fetching a page).
  var attached = false
  /// A WebSocket close frame was written or queued: nothing more may follow it.
  var closeFrameSent = false
  /// Past `maxConnections`: it is told the server is full once it is known to be a line client or a
  /// WebSocket, and is never attached.
  var turnedAway = false
  /// When the HTTP request head now arriving was first seen unfinished.
  var headSince: Instant?
  /// Its lifecycle and limits: what the server does with its input, output and end.
  var machine: ConnectionStateMachine
  /// Closing: the output not yet taken by the peer when last looked at, and the bytes written by then.
  var lastUnsent = Int.max
  var lastBytesWritten = 0
  /// Hanging up: a check of whether the peer has acknowledged everything is already scheduled.
  var deliveryCheckPending = false
  /// Output given to it waits to be written at the end of the turn (it is in `unwritten`).
  var writeQueued = false

  init(id: ConnectionID, peer: String, channel: SocketChannel, framer: LineFramer, machine: ConnectionStateMachine) {
    self.id = id
    self.peer = peer
    self.channel = channel
    self.framer = framer
    self.machine = machine
  }

  /// Whether it is a browser's WebSocket: its lines go out as text messages.
  var isWebSocket: Bool { attached && web.map { $0.phase != .line } ?? false }
}

extension LineServer: LineTransport {
  /// Where a `LineServer` listens and the limits it holds every connection to.
  public typealias Configuration = LineServerConfiguration
}
