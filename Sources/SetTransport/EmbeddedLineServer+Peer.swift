// The peer's side, which a test drives: connecting, writing, reading, half-closing, and what it sees.
extension EmbeddedLineServer {
  /// A new connection from `peer`; the delegate is told it connected (on a server with a web site,
  /// once it turns out to be a line client or a WebSocket).
  @discardableResult
  public func connect(peer: String = "127.0.0.1:50000") -> ConnectionID {
    precondition(!stopped, "the server has stopped")
    lastID += 1
    let id = ConnectionID(rawValue: lastID)
    let driver = ConnectionDriver(
      id: id, peer: peer, channel: MemoryChannel(socketBufferBytes: socketBufferBytes), configuration: configuration,
      limits: limits, now: clock.now, owner: self)
    drivers[id] = driver
    turn { driver.start(now: clock.now) }
    return id
  }

  /// The peer of `id` sends `bytes`: read at once, as one read of the socket, unless more of the
  /// connection's output waits than its limits allow; they then wait unread until the peer has read
  /// enough for everything queued to be written (as `LineServer` leaves them in the kernel).
  public func write(_ bytes: [UInt8], from id: ConnectionID) {
    turn {
      guard let driver = drivers[id], !driver.channel.isReadingStopped, !driver.channel.peerInputEnded else { return }
      if !driver.readsInput { driver.channel.pauseReading() }
      guard !driver.channel.holdsInput else { return driver.channel.peerSendsUnread(bytes) }
      read(bytes, by: driver)
    }
  }

  /// The server reads `bytes` that `driver`'s peer sent.
  private func read(_ bytes: [UInt8], by driver: ConnectionDriver<MemoryChannel>) {
    // A closing connection's input is discarded: the driver frames nothing unless open.
    var items: [LineInput] = []
    let ending = bytes.withUnsafeBytes { driver.frame($0, into: &items, now: clock.now) }
    let dropped = driver.framer.takeDroppedCommands()
    driver.deliver(items, arrivedAt: clock.now, droppedTelnetCommands: dropped, now: clock.now)
    if let ending { driver.endWeb(ending, now: clock.now) }
  }

  /// The peer of `driver` took output: once its output is all written, what it had sent meanwhile is
  /// read, a write at a time while the output stays within the limits, then the end of its input if
  /// it ended it.
  private func tookOutput(_ driver: ConnectionDriver<MemoryChannel>) {
    driver.peerTookOutput(now: clock.now)
    guard driver.channel.resumeReadingIfWritten() else { return }
    while let bytes = driver.channel.takeUnreadInput() {
      read(bytes, by: driver)
      if !driver.readsInput { driver.channel.pauseReading() }
    }
    if !driver.channel.holdsInput && driver.channel.peerInputEnded && !driver.channel.isClosed {
      driver.inputEnded(now: clock.now)
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
      while let driver = drivers[id], !driver.channel.socket.isEmpty {
        bytes += driver.channel.peerRead()
        tookOutput(driver)
      }
    }
    return bytes
  }

  /// The peer of `id` reads at most `limit` bytes of what its socket holds (a slow reader); the server
  /// then moves what it had queued into the room made.
  public func read(from id: ConnectionID, upTo limit: Int) -> [UInt8] {
    turn {
      guard let driver = drivers[id], !driver.channel.socket.isEmpty else { return [] }
      let bytes = driver.channel.peerRead(upTo: limit)
      tookOutput(driver)
      return bytes
    }
  }

  /// The peer of `id` half-closes: it will send nothing more.
  public func endInput(from id: ConnectionID) {
    turn {
      guard let driver = drivers[id], !driver.channel.isClosed, !driver.channel.peerInputEnded else { return }
      driver.channel.peerEndsInput()
      // Behind input left unread, the end is seen once that is read.
      guard !driver.channel.holdsInput else { return }
      driver.inputEnded(now: clock.now)
    }
  }

  /// Whether the server ended `id` with a reset: the peer sees it at once, after what the socket holds.
  public func wasReset(_ id: ConnectionID) -> Bool {
    drivers[id]?.channel.wasReset ?? false
  }

  /// Whether the server shut down `id`'s write side or closed it: the peer sees the end of its input
  /// once it has read what the socket holds.
  public func outputEnded(_ id: ConnectionID) -> Bool {
    drivers[id]?.channel.isOutputEnded ?? true
  }

  /// Whether `id`'s socket is closed.
  public func isSocketClosed(_ id: ConnectionID) -> Bool {
    drivers[id]?.channel.isClosed ?? true
  }

  /// Whether the delegate knows `id` as connected.
  public func isConnected(_ id: ConnectionID) -> Bool {
    drivers[id]?.canSend ?? false
  }

  /// Output for `id` queued beyond its socket.
  public func queuedOutputBytes(_ id: ConnectionID) -> Int {
    drivers[id]?.channel.pendingOutputBytes ?? 0
  }

  /// How many connections the delegate knows as connected.
  public var connectionCount: Int {
    drivers.values.filter(\.canSend).count
  }

  /// How many sockets are open, closing ones included.
  public var openSocketCount: Int {
    drivers.values.filter { !$0.channel.isClosed }.count
  }
}
