/// A line server in memory, for tests of what runs above a transport: each connection is the same
/// `ConnectionDriver` as `LineServer` runs on a socket, here over a `MemoryChannel`, on a `ManualClock`
/// instead of the system's. A test plays the peers: it opens connections, writes bytes in, reads the
/// bytes out, half-closes, and moves the clock. Everything runs at once on the caller's thread.
///
/// Each connection has a socket buffer of `socketBufferBytes`: written output waits there until the
/// peer reads it, and beyond it output queues in the server, up to the output cap. A peer that stops
/// reading therefore fills the cap as it would over TCP. As with `LineServer`, `disconnected` is
/// delivered after the call that caused it returns, never from inside a call the delegate made. With a
/// `webSite` in the configuration, a connection may be a browser, as on a socket: a line client then
/// gets its banner once the clock passes `sniffingTime`. `maxConnections` and the listening address
/// are not modelled. Not thread-safe.
///
/// The peer's side a test drives is in EmbeddedLineServer+Peer.
public final class EmbeddedLineServer: LineTransport {
  /// The limits every connection is held to (the address fields are unused).
  public let configuration: LineServerConfiguration
  /// The clock the limits are measured on; advance it to let time pass.
  public let clock: ManualClock
  /// How many bytes one connection's socket holds for a peer that has not read them.
  public let socketBufferBytes: Int
  /// Told about connections and their input. Held weakly: keep it alive yourself.
  public weak var delegate: (any LineServerDelegate)?

  /// Every connection made, closed ones included (a test may still read what their sockets hold).
  var drivers: [ConnectionID: ConnectionDriver<MemoryChannel>] = [:]
  let limits: ConnectionStateMachine.SharedLimits
  var lastID: UInt64 = 0
  var stopped = false
  /// Disconnections to report once the call that caused them returns.
  var reports: [(ConnectionID, DisconnectReason)] = []
  /// How deep the calls into the server are nested: reports wait until the outermost returns.
  var depth = 0
  /// The wake-ups the connections asked for, in the order asked.
  var checks: [(at: Instant, id: ConnectionID, check: ConnectionCheck)] = []
  /// Wakes the server at the earliest deadline of its connections or wake-up they asked for.
  let sweepTimer: ManualTimer
  var webSocketText = WebSocketTextCache()
  /// The requests browsers made, for telling their spare connections from a person's (`SpareConnections`).
  package var spares = SpareConnections()

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
    limits = ConnectionStateMachine.SharedLimits(ConnectionStateMachine.Limits(configuration))
    sweepTimer = clock.makeTimer()
    sweepTimer.setHandler { [weak self] in self?.sweep() }
  }

  // MARK: - LineTransport

  @discardableResult
  public func send(_ line: String, to id: ConnectionID) -> Bool {
    guard let driver = drivers[id], driver.canSend else { return false }
    return turn {
      driver.enqueue(line: line)
      return driver.flushQueued(now: clock.now)
    }
  }

  @discardableResult
  public func sendRaw(_ bytes: [UInt8], to id: ConnectionID) -> Bool {
    guard let driver = drivers[id], driver.canSend else { return false }
    return turn {
      driver.enqueue(raw: bytes, framing: &webSocketText)
      return driver.flushQueued(now: clock.now)
    }
  }

  public func close(_ id: ConnectionID, flushFirst: Bool) {
    turn { drivers[id]?.close(flushFirst: flushFirst, now: clock.now) }
  }

  public func hangUp(_ id: ConnectionID) {
    turn { drivers[id]?.hangUp(now: clock.now) }
  }

  public func markIdentified(_ id: ConnectionID) {
    drivers[id]?.markIdentified()
  }

  public func stop() {
    turn {
      stopped = true
      for id in drivers.keys.sorted() {
        drivers[id]?.serverStopped(now: clock.now)
      }
    }
  }

  // MARK: - Time

  /// Runs the wake-ups due at the clock's time, then enforces every connection's deadlines.
  func sweep() {
    turn {
      while let next = checks.indices.min(by: { checks[$0].at < checks[$1].at }), checks[next].at <= clock.now {
        let (_, id, check) = checks.remove(at: next)
        guard let driver = drivers[id] else { continue }
        switch check {
        case .delivery: driver.deliveryCheckDue(now: clock.now)
        case .sniffing: driver.sniffingTimeDue(now: clock.now)
        }
      }
      for id in drivers.keys.sorted() {
        drivers[id]?.tick(now: clock.now)
      }
    }
  }

  /// Runs `body`; once the outermost call returns, reports disconnections and re-arms the sweep for
  /// the next deadline.
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
    let deadlines = drivers.values.compactMap(\.nextDeadline) + checks.map(\.at)
    sweepTimer.schedule(at: deadlines.min())
    return result
  }
}

extension EmbeddedLineServer: ConnectionDriverOwner {
  package func driverAttached(_ id: ConnectionID, peer: String, waiting: Bool) {
    delegate?.connected(id, peer: peer, waiting: waiting)
  }

  package func driverDisconnected(_ id: ConnectionID, reason: DisconnectReason) {
    reports.append((id, reason))
  }

  package func driverSchedule(_ check: ConnectionCheck, for id: ConnectionID, after delay: Duration) {
    checks.append((clock.now + delay, id, check))
  }
}
