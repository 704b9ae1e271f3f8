import SetCore
import SetHost
import SetProtocol
import SetTournament
import SetTransport

/// The hall at work: a `Hall` of tables over one `LineTransport`, its clocks on one `WakeUpTimer`, and
/// a record for each table and one for the hall. It hands what the transport delivers to the hall with
/// the time, performs the actions the hall returns, and arms the timer for the hall's next deadline. It
/// holds no rules, and does not know which thread runs it: its owner (`TableServer`) calls it from one
/// thread or queue at a time, and the transport and timer call it back there.
final class Table: LineServerDelegate, @unchecked Sendable {
  // @unchecked Sendable: its owner (a `TableScheduler`: a serial queue, or one thread) uses it alone, and
  // runs `later`'s work there too.

  var hall: Hall
  private var server: (any LineTransport)?
  private var timer: (any WakeUpTimer)?
  /// The timer, kept for its clock once the timer is cancelled.
  private var clock: (any WakeUpTimer)?
  /// The deadline the timer is set for (nil: none, or not known).
  private var armedDeadline: Instant?
  /// Each table's game record being written, by table.
  var records: [Int: RecordFile] = [:]
  /// The folder records are written to, once `openRecords(in:)` opened it.
  var directory: String?
  /// The hall's own record: the tables opened and closed.
  var hallRecord: RecordFile?
  /// The tournament's record, when the hall runs one and a records folder is open.
  var tournamentRecord: RecordFile?
  /// Added to the rules' clock: a tournament taken up again after a restart goes on from the time its
  /// record last noted.
  var clockOffset: Int64 = 0
  /// The tables whose players were told their record could not be written.
  private var toldRecordFailure: Set<Int> = []
  /// The timer's time when the hall started: the rules count from it.
  private var origin = Instant.zero
  let log: @Sendable (LogLevel, String) -> Void
  /// Runs the work it is given so many milliseconds later, where the table runs (or at once).
  let later: (Int, @escaping @Sendable () -> Void) -> Void
  /// The connections a person may be waiting at, silent since their banner: prompted once
  /// `promptDelay` has passed without a line from them.
  var unspoken: Set<ConnectionID> = []
  /// How long after the banner a silent connection is prompted, in milliseconds: a program that waited
  /// for the banner speaks before, and reads no prompt; a person sees it at once.
  var promptDelay = 500
  /// Stops the program if the caller is not the table's owner.
  private let assertOwner: () -> Void
  /// Told the hall's summary each time it changes (see `watchSummary`).
  var summaryWatcher: (@Sendable (TableSummary) -> Void)?
  var lastSummary: TableSummary?
  var summaryCheckPending = false
  /// Asked to seat a computer player at a table; set, it is given the ones asked for before it was.
  var botWanted: (@Sendable (_ table: Int, _ level: BotLevel, _ name: String, _ token: String?) -> Void)? {
    didSet {
      guard let botWanted else { return }
      for bot in botsWaiting { botWanted(bot.table, bot.level, bot.name, bot.token) }
      botsWaiting = []
    }
  }
  /// The computer players asked for before anyone seats them: those of the tables taken up again as
  /// the server starts, before the shell has said how it seats them.
  var botsWaiting: [(table: Int, level: BotLevel, name: String, token: String?)] = []

  /// A hall whose table 1 plays `rules`, dealing from `seed`, with a computer player of level `bot`
  /// that the shell seats there (or none), reporting log lines at or above `logLevel` to `log`. `later` runs the work it is given after a moment, where the table runs: the
  /// summary is worked out once for all the changes made meanwhile. `assertOwner` stops the program if
  /// it is called from elsewhere than where the table runs.
  init(
    rules: Rules, seed: UInt64, limits: Hall.Limits = Hall.Limits(), bot: BotLevel? = nil, logLevel: LogLevel,
    log: @escaping @Sendable (LogLevel, String) -> Void,
    later: @escaping (Int, @escaping @Sendable () -> Void) -> Void, assertOwner: @escaping () -> Void
  ) {
    self.log = log
    self.later = later
    self.assertOwner = assertOwner
    hall = Hall(rules: rules, seed: seed, limits: limits, makeToken: Table.randomToken)
    hall.logLevel = logLevel
    if let bot { hall.announceBot(bot, at: 1) }
  }

  /// Table 1's game record, which a test may give.
  var record: RecordFile? {
    get { records[1] }
    set { records[1] = newValue }
  }

  /// Opens `count` tables more, with the server's rules (`serve --tables`).
  func openTables(_ count: Int) {
    for _ in 0..<count {
      let number = hall.tableInfos.map(\.id).max().map { $0 + 1 } ?? 2
      let info = HallTableInfo(id: number, name: "", rules: hall.rules, seed: hall.nextSeed())
      perform(hall.open(info, at: now()).1)
    }
  }

  /// Takes `transport` and `timer` as the table's own; the rules' clock starts now.
  func attach(_ transport: any LineTransport, _ timer: any WakeUpTimer) {
    transport.delegate = self
    server = transport
    timer.setHandler { [weak self] in self?.timerFired() }
    self.timer = timer
    clock = timer
    origin = timer.now
    reportRecordFailures()
  }

  /// Once a write to a table's record has failed: logs it and tells its players, once.
  private func reportRecordFailures() {
    for (id, record) in records {
      guard let failure = record.failure, !toldRecordFailure.contains(id) else { continue }
      toldRecordFailure.insert(id)
      perform(hall.recordFailed(failure, at: id))
    }
  }

  /// Tells every client the server is closing, closes the records and closes every connection after its output.
  func sayGoodbye(reason: String) {
    timer?.cancel()
    timer = nil
    perform(hall.shutdown(reason: reason))
    closeRecords()  // Later lines are not written; the paths stay known.
    for id in hall.connectionIDs { server?.close(id, flushFirst: true) }
  }

  /// Stops at once: every connection closed, the listener closed.
  func stop() {
    closeRecords()
    timer?.cancel()
    timer = nil
    server?.stop()
    server = nil
  }

  private func closeRecords() {
    for record in records.values { record.close() }
    hallRecord?.close()
  }

  /// Whether each seat of table 1 is taken.
  var seatsTaken: PerSeat<Bool> { hall.host(of: 1)?.seatsTaken ?? .repeating(false) }

  /// Marks `name` as a computer player this server seats itself at table `table`.
  func markBot(named name: String, at table: Int = 1) {
    hall.markBot(named: name, at: table)
  }

  /// The hall, for a look between two events.
  func inspectHall<T>(_ body: (Hall) -> T) -> T { body(hall) }

  /// Table 1's host, for a look between two events.
  func inspect<T>(_ body: (GameHost) -> T) -> T {
    guard let host = hall.host(of: 1) else { preconditionFailure("table 1 never closes") }
    return body(host)
  }

  /// Where each table's game record is being written.
  var recordPaths: [Int: String] { records.mapValues(\.path) }

  /// How many sockets the transport holds open, closing ones included.
  var openSocketCount: Int { server?.openSocketCount ?? 0 }

  // MARK: - LineServerDelegate

  func connected(_ id: ConnectionID, peer: String) {
    connected(id, peer: peer, waiting: false)
  }

  /// A person may be waiting at a connection whose banner came for its silence (or telnet's): if it
  /// is still silent `promptDelay` later, it is prompted, as a person at nc or telnet expects.
  func connected(_ id: ConnectionID, peer: String, waiting: Bool) {
    perform(hall.connect(id, peer: peer, at: now()))
    guard waiting else { return }
    unspoken.insert(id)
    later(promptDelay) { [self] in
      guard unspoken.remove(id) != nil else { return }
      perform(hall.promptWaiting(id))
    }
  }

  func received(_ input: LineInput, from id: ConnectionID) {
    received(input, from: id, arrivedAt: clock?.now ?? origin)
  }

  /// A line is judged at the time it reached the server, not the time it was read: a command that came
  /// inside a window while the server was held up still counts as inside it.
  func received(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant) {
    if !unspoken.isEmpty { unspoken.remove(id) }
    switch input {
    case .line(let line): perform(hall.receive(line, from: id, at: instant(time)))
    case .tooLong: perform(hall.reject(.lineTooLong, from: id))
    case .invalidUTF8: perform(hall.reject(.badEncoding, from: id))
    case .rateLimited: perform(hall.reject(.rateLimited, from: id))
    case .interrupt, .reply: break  // Acted on by the transport; never delivered.
    }
  }

  func inputEnded(_ id: ConnectionID) {
    // nc at end of its input: the replies to what it sent are already queued; send them, then close.
    perform(hall.disconnect(id, at: now()))
    server?.close(id, flushFirst: true)
  }

  func disconnected(_ id: ConnectionID, reason: DisconnectReason) {
    perform(hall.disconnect(id, at: now()))
  }

  /// Lines are handled in turns between the hall's tables, in the order they arrived within each: a
  /// quiet table's line waits for no busy table's backlog, and of two claims at a table the first to
  /// arrive wins.
  func turnGroup(of id: ConnectionID) -> Int { hall.table(of: id) ?? 0 }

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

  func perform(_ actions: [HallAction]) {
    assertOwner()
    // What a turn records is on disk before anything of it goes out: a seat's token digest is recorded
    // after the broadcast that seats it, and a server killed between the two must still find it. Up to
    // the first table opened or closed, as those make and end the files the lines after them go to.
    let early =
      actions.firstIndex { action in
        switch action {
        case .opened, .closed: true
        default: false
        }
      } ?? actions.endIndex
    for case .record(let table, let line) in actions[..<early] { records[table]?.write(line) }
    for (index, action) in actions.enumerated() {
      switch action {
      case .host(let action): perform(action)
      case .record(let table, let line): if index >= early { records[table]?.write(line) }
      case .opened(let info): opened(info)
      case .closed(let table):
        records.removeValue(forKey: table)?.close()
        hallRecord?.write(HallRecordLine.close(table).line)
      case .seatBot(let table, let level, let name, let token):
        if let botWanted {
          botWanted(table, level, name, token)
        } else {
          botsWaiting.append((table, level, name, token))
        }
      case .tournamentRecord(let lines): for line in lines { tournamentRecord?.write(line) }
      }
    }
    reportRecordFailures()
    armTimer()
    noteSummaryChange()
  }

  private func perform(_ action: HostAction) {
    switch action {
    case .lines(let id, let lines): deliver(lines, to: id)
    case .broadcast(let ids, let lines): deliver(lines, to: ids)
    case .prompt(let id, let text): server?.sendRaw(Array(text.utf8), to: id)
    case .identified(let id): server?.markIdentified(id)
    case .close(let id): server?.close(id, flushFirst: true)
    case .hangUp(let id): server?.hangUp(id)
    case .log(let level, let message): log(level, message)
    case .record(let line): records[1]?.write(line)  // The hall marks each table's; never reached.
    }
  }

  /// A table opened: its record is made, and the hall's record says so.
  private func opened(_ info: HallTableInfo) {
    hallRecord?.write(HallRecordLine.open(info).line)
    guard let directory else { return }
    // A table taken up again after a restart goes on in its record, opened before.
    if records[info.id] == nil {
      do {
        records[info.id] = try RecordFile(directory: directory, seed: info.seed, rules: info.rules)
      } catch {
        log(.error, "table \(info.id): \(error); its games go unrecorded")
      }
    }
    noteRecord(of: info.id)
  }

  /// Writes `lines` to each of `ids`, in order. A broadcast's lines are encoded once and go out with
  /// one write a connection: to a thousand spectators, a thousand writes of the same bytes, the first
  /// connections' before the rest are given theirs.
  private func deliver(_ lines: [String], to ids: some Sequence<ConnectionID>) {
    server?.broadcastRaw(Self.encode(lines), to: ids)
  }

  /// One connection's lines.
  private func deliver(_ lines: [String], to id: ConnectionID) {
    if lines.count == 1 {
      server?.send(lines[0], to: id)
    } else {
      server?.sendRaw(Self.encode(lines), to: id)
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

  /// Arms the timer for the hall's next deadline, when it changed. Each firing is only a wake-up: the
  /// hall does nothing before a deadline, and the timer is re-armed from the clock every time.
  private func armTimer() {
    let next = hall.deadline
    guard let timer, next != armedDeadline else { return }
    armedDeadline = next
    // The rules count nanoseconds from `origin`, plus the offset of a tournament taken up again, so the
    // timer fires at the deadline itself.
    timer.schedule(at: next.map { origin + .nanoseconds($0.nanoseconds - clockOffset) })
  }

  private func timerFired() {
    armedDeadline = nil  // re-armed whatever happens, in case the firing came early
    // Input that came before the deadline but waits unread (the server was held up) is judged first.
    server?.readWaitingInput()
    perform(hall.advance(to: now()))
    server?.writeQueuedOutput()  // The players learn of the deadline now, whatever the transport holds.
  }

  // MARK: - Helpers

  func now() -> Instant {
    instant(clock?.now ?? origin)
  }

  /// `time` on the rules' clock, which counts from `origin`.
  private func instant(_ time: Instant) -> Instant {
    Instant(nanoseconds: max(0, time.duration(since: origin).wholeNanoseconds) + clockOffset)
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
