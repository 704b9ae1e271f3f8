import SetCore
import SetHost
import SetProtocol
import SetTransport

/// One table at work: a `GameHost` over a `LineTransport`, its game clock on a `WakeUpTimer`, and its
/// record. It hands what the transport delivers to the host with the time, performs the actions the
/// host returns, and arms the timer for the host's next deadline. It holds no rules, and does not know
/// which thread runs it: its owner (`TableServer`) calls it from one thread or queue at a time, and the
/// transport and timer call it back there.
final class Table: LineServerDelegate, @unchecked Sendable {
  // @unchecked Sendable: its owner uses it from one serial queue (or, inline, one thread) only, and
  // runs `later`'s work there too.

  private var host: GameHost
  private var server: (any LineTransport)?
  private var timer: (any WakeUpTimer)?
  /// The timer, kept for its clock once the timer is cancelled.
  private var clock: (any WakeUpTimer)?
  /// The deadline the timer is set for (nil: none, or not known).
  private var armedDeadline: Instant?
  /// The game record being written, if any.
  var record: RecordFile?
  /// Whether the players were told the record could not be written.
  private var toldRecordFailure = false
  private let rules: Rules
  private let seed: UInt64
  /// The timer's time when the table started: the rules count from it.
  private var origin = Instant.zero
  private let log: @Sendable (LogLevel, String) -> Void
  /// Runs the work it is given a little later, where the table runs (or at once).
  private let later: (@escaping @Sendable () -> Void) -> Void
  /// Stops the program if the caller is not the table's owner.
  private let assertOwner: () -> Void
  /// Told the table's summary each time it changes (see `watchSummary`).
  private var summaryWatcher: (@Sendable (TableSummary) -> Void)?
  private var lastSummary: TableSummary?
  private var summaryCheckPending = false

  /// A table playing `rules`, dealing from `seed`, reporting log lines at or above `logLevel` to `log`.
  /// `later` runs the work it is given after a moment, where the table runs: the summary is worked out
  /// once for all the changes made meanwhile. `assertOwner` stops the program if it is called from
  /// elsewhere than where the table runs.
  init(
    rules: Rules, seed: UInt64, logLevel: LogLevel, log: @escaping @Sendable (LogLevel, String) -> Void,
    later: @escaping (@escaping @Sendable () -> Void) -> Void, assertOwner: @escaping () -> Void
  ) {
    self.rules = rules
    self.seed = seed
    self.log = log
    self.later = later
    self.assertOwner = assertOwner
    host = GameHost(rules: rules, seed: seed, makeToken: Table.randomToken)
    host.logLevel = logLevel
  }

  /// Folds the records already in `directory` into the host's history, so ratings survive restarts,
  /// and opens a new record there. A record that cannot be read is skipped with a warning naming it;
  /// a missing folder holds none. Throws if the new record cannot be made.
  func openRecords(in directory: String) throws {
    if let folded = try? RecordsFolder.fold(directory) {
      for warning in folded.warnings { log(.warning, warning) }
      var history = folded.history
      history.beginRecord(variant: rules.variant)
      host.history = history
      log(.info, "\(folded.files) records read: \(history.players.count) players, \(history.games) games")
    }
    record = try RecordFile(directory: directory, seed: seed, rules: rules)
  }

  /// Takes `transport` and `timer` as the table's own; the rules' clock starts now.
  func attach(_ transport: any LineTransport, _ timer: any WakeUpTimer) {
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

  /// Tells every client the server is closing, closes the record and closes every connection after its output.
  func sayGoodbye(reason: String) {
    timer?.cancel()
    timer = nil
    perform(host.shutdown(reason: reason))
    record?.close()  // Later lines are not written; the path stays known.
    for id in host.clientIDs { server?.close(id, flushFirst: true) }
  }

  /// Stops at once: every connection closed, the listener closed.
  func stop() {
    record?.close()
    timer?.cancel()
    timer = nil
    server?.stop()
    server = nil
  }

  /// Whether each seat is taken.
  var seatsTaken: PerSeat<Bool> { host.seatsTaken }

  /// Marks `name` as a computer player this server seats itself.
  func markBot(named name: String) {
    host.botNames.insert(PlayerName.key(name))
  }

  /// The host, for a look between two events.
  func inspect<T>(_ body: (GameHost) -> T) -> T { body(host) }

  /// How many sockets the transport holds open, closing ones included.
  var openSocketCount: Int { server?.openSocketCount ?? 0 }

  // MARK: - LineServerDelegate

  func connected(_ id: ConnectionID, peer: String) {
    perform(host.connect(id, peer: peer, at: now()))
  }

  func received(_ input: LineInput, from id: ConnectionID) {
    received(input, from: id, arrivedAt: clock?.now ?? origin)
  }

  /// A line is judged at the time it reached the server, not the time it was read: a command that came
  /// inside a window while the server was held up still counts as inside it.
  func received(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant) {
    switch input {
    case .line(let line): perform(host.receive(line, from: id, at: instant(time)))
    case .tooLong: perform(host.reject(.lineTooLong, from: id))
    case .invalidUTF8: perform(host.reject(.badEncoding, from: id))
    case .rateLimited: perform(host.reject(.rateLimited, from: id))
    case .interrupt, .reply: break  // Acted on by the transport; never delivered.
    }
  }

  func inputEnded(_ id: ConnectionID) {
    // nc at end of its input: the replies to what it sent are already queued; send them, then close.
    perform(host.disconnect(id, at: now()))
    server?.close(id, flushFirst: true)
  }

  func disconnected(_ id: ConnectionID, reason: DisconnectReason) {
    perform(host.disconnect(id, at: now()))
  }

  func farewellLine(for reason: DisconnectReason) -> String? {
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
    assertOwner()
    for action in actions {
      switch action {
      case .lines(let id, let lines): deliver(lines, to: CollectionOfOne(id))
      case .broadcast(let ids, let lines): deliver(lines, to: ids)
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

  /// Writes `lines` to each of `ids`, in order. Several lines are encoded once and go out with one
  /// write a connection: a broadcast to a thousand spectators is a thousand writes of the same bytes,
  /// and the first connections get theirs before the rest are written.
  private func deliver(_ lines: [String], to ids: some Sequence<ConnectionID>) {
    if lines.count == 1 {
      for id in ids { server?.send(lines[0], to: id) }
    } else {
      let bytes = Self.encode(lines)
      for id in ids { server?.sendRaw(bytes, to: id) }
    }
  }

  /// `lines` as they go over the wire, each ended by CRLF.
  private static func encode(_ lines: [String]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 2 })
    for line in lines {
      bytes += line.utf8
      bytes += [13, 10]
    }
    return bytes
  }

  /// Tells `watcher` the table's summary now, and again, through `later`, after each change.
  func watchSummary(_ watcher: @escaping @Sendable (TableSummary) -> Void) {
    summaryWatcher = watcher
    lastSummary = nil
    checkSummary()
  }

  private func noteSummaryChange() {
    guard summaryWatcher != nil, !summaryCheckPending else { return }
    summaryCheckPending = true
    later { [self] in
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
}
