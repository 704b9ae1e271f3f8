// Long because it holds both wirings of one table (sockets on a serial queue, or an injected transport
// on the caller's thread) as well as the performing of the host's actions and the game timer.

import Dispatch
import Glibc
import SetCore
import SetHost
import SetNet
import SetProtocol
import SetTransport

/// The shell around a `GameHost`: it takes lines from a `LineTransport`, hands them to the host with the
/// time, performs the actions the host returns, and arms one `WakeUpTimer` for the host's next
/// deadline. It holds no rules.
///
/// On sockets (`init(settings:log:)`, then `start()`), everything happens on one serial queue, so the
/// host has a single owner and simultaneous claims are settled strictly by arrival order. Over an
/// injected transport and timer (an `EmbeddedLineServer` and a `ManualClock`, say), everything happens
/// on the caller's thread, at once.
public final class TableServer: LineServerDelegate, @unchecked Sendable {
  // @unchecked Sendable: on sockets every mutable field is touched only on `queue` (asserted in each
  // entry point); inline, the table is used from its creator's thread only, as its initializer says.

  /// How to run a table.
  public struct Settings: Sendable {
    /// The rules of the match.
    public var rules = Rules()
    /// The seed the deals come from.
    public var seed: UInt64 = 1
    /// The transport's settings: address, port, limits.
    public var network = LineServer.Configuration()
    /// The least important log level written.
    public var logLevel = LogLevel.info
    /// The folder game records are written to, or nil for none.
    public var recordsDirectory: String? = RecordFile.defaultDirectory()

    public init() {}
  }

  /// The serial queue that owns the table (a table made over an injected transport runs on its
  /// caller's thread instead, and never uses it).
  public let queue = DispatchQueue(label: "setduel.table")
  /// Whether the table runs on its caller's thread, over an injected transport and timer.
  private let isInline: Bool
  private var host: GameHost
  private var server: (any LineTransport)?
  private var timer: (any WakeUpTimer)?
  /// The timer, kept for its clock once the timer is cancelled.
  private var clock: (any WakeUpTimer)?
  /// The deadline the timer is set for (nil: none, or not known).
  private var armedDeadline: Instant?
  private var record: RecordFile?
  /// Whether the players were told the record could not be written.
  private var toldRecordFailure = false
  private let settings: Settings
  /// The timer's time when the table started: the rules count from it.
  private var origin = Instant.zero
  private let log: @Sendable (LogLevel, String) -> Void
  /// Told the table's summary each time it changes (see `watchSummary`).
  private var summaryWatcher: (@Sendable (TableSummary) -> Void)?
  private var lastSummary: TableSummary?
  private var summaryCheckPending = false
  /// How long a change may wait before it is told, so a busy table works out its summary at most ten
  /// times a second.
  private static let summaryDelay = DispatchTimeInterval.milliseconds(100)

  /// A table with `settings` on sockets; log lines at or above the settings' level go to `log`
  /// (standard error by default). `start()` binds it.
  public convenience init(settings: Settings, log: (@Sendable (LogLevel, String) -> Void)? = nil) {
    self.init(settings: settings, isInline: false, log: log)
  }

  /// A table with `settings` (its network limits and records directory unused) over `transport`, its
  /// clock run by `timer`, writing `record` if given: serving at once, on the caller's thread, which
  /// must then be the only one to use it. For running a whole table in memory (`EmbeddedLineServer`,
  /// `ManualClock`).
  public convenience init(
    settings: Settings, transport: any LineTransport, timer: any WakeUpTimer, record: RecordFile? = nil,
    log: (@Sendable (LogLevel, String) -> Void)? = nil
  ) {
    self.init(settings: settings, isInline: true, log: log)
    self.record = record
    attach(transport, timer)
  }

  private init(settings: Settings, isInline: Bool, log: (@Sendable (LogLevel, String) -> Void)?) {
    self.settings = settings
    self.isInline = isInline
    host = GameHost(rules: settings.rules, seed: settings.seed, makeToken: TableServer.randomToken)
    let level = settings.logLevel
    host.logLevel = level
    self.log =
      log ?? { messageLevel, message in
        guard messageLevel >= level else { return }
        TableServer.writeStandardError("[\(messageLevel.name)] \(message)\n")
      }
  }

  /// Binds and starts serving; returns the port it listens on.
  public func start() throws -> UInt16 {
    precondition(!isInline, "a table over an injected transport serves from the start")
    return try queue.sync {
      // Listening first: a server that cannot bind reads no records and leaves no record file behind.
      // No connection is handled before this returns, as connections are handled on this queue.
      let server = LineServer(configuration: settings.network, queue: queue)
      server.delegate = self
      let port = try server.start()
      if let directory = settings.recordsDirectory {
        foldRecords(in: directory)
        do {
          record = try RecordFile(directory: directory, seed: settings.seed, rules: settings.rules)
        } catch {
          server.stop()
          throw error
        }
      }
      attach(server, DispatchWakeUpTimer(queue: queue))
      return port
    }
  }

  /// Folds the records already in `directory` into the host's history, so ratings survive restarts;
  /// a record that cannot be read is skipped with a warning naming it. A missing folder holds none.
  private func foldRecords(in directory: String) {
    guard let folded = try? RecordsFolder.fold(directory) else { return }
    for warning in folded.warnings { log(.warning, warning) }
    var history = folded.history
    history.beginRecord(variant: settings.rules.variant)
    host.history = history
    log(.info, "\(folded.files) records read: \(history.players.count) players, \(history.games) games")
  }

  /// Takes `transport` and `timer` as the table's own; the rules' clock starts now.
  private func attach(_ transport: any LineTransport, _ timer: any WakeUpTimer) {
    transport.delegate = self
    server = transport
    timer.setHandler { [weak self] in self?.timerFired() }
    self.timer = timer
    clock = timer
    origin = timer.now
    reportRecordFailure()
  }

  /// Once a write to the record has failed: logs it and tells the players, once.
  private func reportRecordFailure() {
    guard let failure = record?.failure, !toldRecordFailure else { return }
    toldRecordFailure = true
    perform(host.recordFailed(failure))
  }

  /// Tells every client the server is closing, closes the record, gives the clients' output a moment
  /// to drain, and stops. Inline, the moment is skipped and `done` runs before this returns.
  public func shutdown(reason: String = "the server is shutting down", then done: @escaping @Sendable () -> Void) {
    if isInline {
      sayGoodbye(reason: reason)
      stopNow()
      done()
      return
    }
    queue.async { [self] in
      sayGoodbye(reason: reason)
      queue.asyncAfter(deadline: .now() + .milliseconds(200)) { [self] in
        stopNow()
        done()
      }
    }
  }

  /// Tells every client the server is closing, closes the record and closes every connection after its output.
  private func sayGoodbye(reason: String) {
    timer?.cancel()
    timer = nil
    perform(host.shutdown(reason: reason))
    record?.close()  // Later lines are not written; the path stays known.
    for id in host.clientIDs { server?.close(id, flushFirst: true) }
  }

  /// Stops at once: every connection closed, the listener closed.
  public func stop() {
    onTable { stopNow() }
  }

  /// Whether each seat is taken: for seating a bot in seat 2 once a player has seat 1.
  public var seatsTaken: PerSeat<Bool> { onTable { host.seatsTaken } }

  /// Marks `name` as a computer player this server seats itself: its seat is marked in the record,
  /// and its figures shown as a computer player's.
  public func markBot(named name: String) {
    onTable { _ = host.botNames.insert(PlayerName.key(name)) }
  }

  /// Where this table's game record is being written, if anywhere.
  public var recordPath: String? { onTable { record?.path } }

  /// Runs `body` with the host on the table's queue, between two events: a consistent look at the
  /// game for tests and diagnostics that leaves the queue its only owner.
  public func inspect<T>(_ body: (GameHost) -> T) -> T {
    onTable { body(host) }
  }

  /// How many sockets the transport holds open, closing ones included.
  public var openSocketCount: Int {
    onTable { server?.openSocketCount ?? 0 }
  }

  private func stopNow() {
    record?.close()
    timer?.cancel()
    timer = nil
    server?.stop()
    server = nil
  }

  /// Runs `body` as the table's owner: on the queue, from outside it; inline, at once.
  private func onTable<T>(_ body: () throws -> T) rethrows -> T {
    if isInline {
      return try body()
    }
    dispatchPrecondition(condition: .notOnQueue(queue))
    return try queue.sync(execute: body)
  }

  // MARK: - LineServerDelegate (called on `queue`)

  public func connected(_ id: ConnectionID, peer: String) {
    perform(host.connect(id, peer: peer, at: now()))
  }

  public func received(_ input: LineInput, from id: ConnectionID) {
    received(input, from: id, arrivedAt: clock?.now ?? origin)
  }

  /// A line is judged at the time it reached the server, not the time it was read: a command that came
  /// inside a window while the server was held up still counts as inside it.
  public func received(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant) {
    switch input {
    case .line(let line): perform(host.receive(line, from: id, at: instant(time)))
    case .tooLong: perform(host.reject(.lineTooLong, from: id))
    case .invalidUTF8: perform(host.reject(.badEncoding, from: id))
    case .rateLimited: perform(host.reject(.rateLimited, from: id))
    case .interrupt, .reply: break  // Acted on by the transport; never delivered.
    }
  }

  public func inputEnded(_ id: ConnectionID) {
    // nc at end of its input: the replies to what it sent are already queued; send them, then close.
    perform(host.disconnect(id, at: now()))
    server?.close(id, flushFirst: true)
  }

  public func disconnected(_ id: ConnectionID, reason: DisconnectReason) {
    perform(host.disconnect(id, at: now()))
  }

  public func farewellLine(for reason: DisconnectReason) -> String? {
    let code: ErrorCode? =
      switch reason {
      case .outputOverflow: .tooSlow
      case .flooded: .flood
      case .idleTimeout: .idle
      case .serverFull: .serverFull
      case .serverStopped: .shuttingDown
      default: nil
      }
    return code.map { Reply(id: nil, .error(ProtocolError($0))).line }
  }

  // MARK: - Actions

  private func perform(_ actions: [HostAction]) {
    if !isInline {
      dispatchPrecondition(condition: .onQueue(queue))
    }
    // The last run of lines written, and its bytes: a broadcast gives every machine client the same run.
    var lastRun: ArraySlice<HostAction> = []
    var lastBytes: [UInt8] = []
    var index = actions.startIndex
    while index < actions.endIndex {
      let action = actions[index]
      index += 1
      switch action {
      case .send(let id, let line):
        // Consecutive lines for one connection (a broadcast's events) go out together, with one
        // write: a broadcast to a thousand spectators is a thousand writes, not one per line per
        // spectator, and the first connections get theirs before the rest are written.
        guard index < actions.endIndex, case .send(let next, _) = actions[index], next == id else {
          server?.send(line, to: id)
          continue
        }
        let start = index - 1
        while index < actions.endIndex, case .send(let next, _) = actions[index], next == id { index += 1 }
        let run = actions[start..<index]
        if !Self.sameLines(run, lastRun) {
          lastRun = run
          lastBytes.removeAll(keepingCapacity: true)
          for case .send(_, let text) in run {
            lastBytes += text.utf8
            lastBytes += [13, 10]
          }
        }
        server?.sendRaw(lastBytes, to: id)
      case .prompt(let id, let text): server?.sendRaw(Array(text.utf8), to: id)
      case .identified(let id): server?.markIdentified(id)
      case .close(let id): server?.close(id, flushFirst: true)
      case .hangUp(let id): server?.hangUp(id)
      case .log(let level, let message): log(level, message)
      case .record(let line): record?.write(line)
      }
    }
    reportRecordFailure()
    armTimer()
    noteSummaryChange()
  }

  /// Tells `watcher` the table's summary now, and again within 0.1 s of each change (at once, inline).
  public func watchSummary(_ watcher: @escaping @Sendable (TableSummary) -> Void) {
    onTable {
      summaryWatcher = watcher
      lastSummary = nil
      checkSummary()
    }
  }

  private func noteSummaryChange() {
    guard summaryWatcher != nil else { return }
    guard !isInline else { return checkSummary() }
    guard !summaryCheckPending else { return }
    summaryCheckPending = true
    queue.asyncAfter(deadline: .now() + Self.summaryDelay) { [self] in
      summaryCheckPending = false
      checkSummary()
    }
  }

  private func checkSummary() {
    let summary = host.summary
    guard summary != lastSummary, let summaryWatcher else { return }
    lastSummary = summary
    summaryWatcher(summary)
  }

  /// Whether two runs of `.send` actions hold the same lines (for any connections). The strings of a
  /// broadcast share their storage, so each comparison is quick.
  private static func sameLines(_ run: ArraySlice<HostAction>, _ other: ArraySlice<HostAction>) -> Bool {
    guard run.count == other.count else { return false }
    for (action, otherAction) in zip(run, other) {
      guard case .send(_, let line) = action, case .send(_, let otherLine) = otherAction, line == otherLine else {
        return false
      }
    }
    return true
  }

  /// Arms the timer for the host's next deadline, when it changed. Each firing is only a wake-up: the
  /// host does nothing before its deadline, and the timer is re-armed from the clock every time.
  private func armTimer() {
    let next = host.deadline
    guard let timer, next != armedDeadline else { return }
    armedDeadline = next
    // The rules count nanoseconds from `origin`, so the timer fires at the deadline itself.
    timer.schedule(at: next.map { origin + .nanoseconds($0.nanoseconds) })
  }

  private func timerFired() {
    armedDeadline = nil  // re-armed whatever happens, in case the firing came early
    // Input that came before the deadline but waits unread (the server was held up) is judged first.
    server?.readWaitingInput()
    perform(host.advance(to: now()))
    server?.writeQueuedOutput()  // The players learn of the deadline now, whatever the transport holds.
  }

  // MARK: - Helpers

  private func now() -> Instant {
    instant(clock?.now ?? origin)
  }

  /// `time` on the rules' clock, which counts from `origin`.
  private func instant(_ time: Instant) -> Instant {
    Instant(nanoseconds: max(0, time.duration(since: origin).wholeNanoseconds))
  }

  /// 128 bits from the system's random source, as 32 hex digits: never derived from the game seed.
  static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  static func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }
}
