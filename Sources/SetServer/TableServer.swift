import Dispatch
import Glibc
import SetCore
import SetHost
import SetNet
import SetProtocol
import SetTransport

/// The shell that runs a `Table` for its `TableScheduler`, its one owner: on sockets, a `LineServer`
/// and a timer on a serial queue (`start()`); or the same table over an injected transport and timer.
///
/// On sockets (`init(settings:log:)`, then `start()`), the hall has a single owner, the queue, and
/// simultaneous claims are settled strictly by arrival order. Over an injected transport and timer (an
/// `EmbeddedLineServer` and a `ManualClock`, say) with an `ImmediateScheduler`, everything happens on
/// the caller's thread, at once.
public final class TableServer: @unchecked Sendable {
  // @unchecked Sendable: the table is touched only through `scheduler`, its one owner (a serial queue,
  // or the one thread that uses an immediate scheduler).

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
    /// The hall's limits: tables at once, tables an address may open, when an empty table closes.
    public var hall = Hall.Limits()
    /// How many tables are open at the start (at least 1; more if a hall record says so).
    public var tables = 1
    /// The tournament the hall runs, or nil for none.
    public var tournament: TournamentPlan?
    /// The level of the computer player the shell seats in table 1's seat 2 (`serve --bot`), for the
    /// hall's listing of table 1; nil for none.
    public var bot: BotLevel?
    /// How long after its banner a silent connection (a person at nc or telnet, or a program that
    /// waited for the banner) is prompted, if it has not spoken: a program speaks before and reads no
    /// prompt.
    public var promptDelayMilliseconds = 500

    public init() {}
  }

  /// The table's one owner.
  private let scheduler: any TableScheduler
  /// Whether the transport was given: the table serves from the start, and `start()` binds nothing.
  private let injected: Bool
  private let table: Table
  private let settings: Settings
  /// How long the clients' output may drain after the goodbye, in milliseconds, before the connections
  /// are cut.
  private static let goodbyeDrain = 200

  /// A table with `settings` on sockets; log lines at or above the settings' level go to `log`
  /// (standard error by default). `start()` binds it.
  public convenience init(settings: Settings, log: (@Sendable (LogLevel, String) -> Void)? = nil) {
    self.init(settings: settings, scheduler: QueueScheduler(), injected: false, log: log)
  }

  /// A table with `settings` (its network limits and records directory unused) over `transport`, its
  /// clock run by `timer`, writing `record` if given, owned by `scheduler`: serving at once. With the
  /// default immediate scheduler, on the caller's thread, which must then be the only one to use it:
  /// for running a whole table in memory (`EmbeddedLineServer`, `ManualClock`).
  public convenience init(
    settings: Settings, transport: any LineTransport, timer: any WakeUpTimer, record: RecordFile? = nil,
    scheduler: any TableScheduler = ImmediateScheduler(), log: (@Sendable (LogLevel, String) -> Void)? = nil
  ) {
    self.init(settings: settings, scheduler: scheduler, injected: true, log: log)
    table.record = record
    table.attach(transport, timer)
    table.openTables(max(0, settings.tables - 1))
    if let plan = settings.tournament {
      try? table.holdTournament(plan.settings, startIn: plan.startIn, organiser: plan.organiser)
    }
  }

  private init(
    settings: Settings, scheduler: any TableScheduler, injected: Bool, log: (@Sendable (LogLevel, String) -> Void)?
  ) {
    self.settings = settings
    self.scheduler = scheduler
    self.injected = injected
    let level = settings.logLevel
    let log =
      log ?? { messageLevel, message in
        guard messageLevel >= level else { return }
        TableServer.writeStandardError("[\(messageLevel.name)] \(message)\n")
      }
    table = Table(
      rules: settings.rules, seed: settings.seed, limits: settings.hall, bot: settings.bot, logLevel: level, log: log,
      later: { scheduler.after(milliseconds: $0, $1) }, assertOwner: scheduler.assertOwner)
    table.promptDelay = settings.promptDelayMilliseconds
  }

  /// Binds and starts serving; returns the port it listens on.
  public func start() throws -> UInt16 {
    guard !injected, let queue = scheduler.queue else {
      preconditionFailure("a table over an injected transport serves from the start")
    }
    return try scheduler.sync {
      // Listening first: a server that cannot bind reads no records and leaves no record file behind.
      // No connection is handled before this returns, as connections are handled on this queue.
      let server = LineServer(configuration: settings.network, queue: queue)
      server.delegate = table
      let port = try server.start()
      if let directory = settings.recordsDirectory {
        do {
          try table.openRecords(in: directory)
        } catch {
          server.stop()
          throw error
        }
      }
      table.attach(server, server.makeWakeUpTimer())
      let open = table.inspectHall { $0.tableInfos.count }
      table.openTables(max(0, settings.tables - open))
      if let plan = settings.tournament {
        do {
          try table.holdTournament(plan.settings, startIn: plan.startIn, organiser: plan.organiser)
        } catch {
          server.stop()
          throw error
        }
      }
      return port
    }
  }

  /// Tells every client the server is closing, closes the record, gives the clients' output a moment
  /// to drain, and stops. With an immediate scheduler, the moment is skipped and `done` runs before this
  /// returns.
  public func shutdown(reason: String = "the server is shutting down", then done: @escaping @Sendable () -> Void) {
    scheduler.after(milliseconds: 0) { [self] in
      table.sayGoodbye(reason: reason)
      scheduler.after(milliseconds: Self.goodbyeDrain) { [self] in
        table.stop()
        done()
      }
    }
  }

  /// Stops at once: every connection closed, the listener closed.
  public func stop() {
    onTable { table.stop() }
  }

  /// Whether each seat is taken: for seating a bot in seat 2 once a player has seat 1.
  public var seatsTaken: PerSeat<Bool> { onTable { table.seatsTaken } }

  /// Marks `name` as a computer player this server seats itself: its seat is marked in the record,
  /// and its figures shown as a computer player's.
  public func markBot(named name: String) {
    onTable { table.markBot(named: name) }
  }

  /// Where table 1's game record is being written, if anywhere.
  public var recordPath: String? { onTable { table.record?.path } }

  /// Where each table's game record is being written, by table.
  public var recordPaths: [Int: String] { onTable { table.recordPaths } }

  /// Runs `body` with the hall on the table's queue, between two events.
  public func inspectHall<T>(_ body: (Hall) -> T) -> T {
    onTable { table.inspectHall(body) }
  }

  /// Calls `handler` where the table runs each time the hall wants a computer player seated at a table
  /// (`OPEN bot=LEVEL`): with the table's number, the level and the name the player is to take, and
  /// the resume token of the seat it is to take back (a table taken up again after a restart), or nil.
  public func onBotWanted(
    _ handler: @escaping @Sendable (_ table: Int, _ level: BotLevel, _ name: String, _ token: String?) -> Void
  ) {
    onTable { table.botWanted = handler }
  }

  /// Runs `body` with the host on the table's queue, between two events: a consistent look at the
  /// game for tests and diagnostics that leaves the queue its only owner.
  public func inspect<T>(_ body: (GameHost) -> T) -> T {
    onTable { table.inspect(body) }
  }

  /// How many sockets the transport holds open, closing ones included.
  public var openSocketCount: Int {
    onTable { table.openSocketCount }
  }

  /// Tells `watcher` the table's summary now, and again within 0.1 s of each change (at once, immediate).
  public func watchSummary(_ watcher: @escaping @Sendable (TableSummary) -> Void) {
    onTable { table.watchSummary(watcher) }
  }

  /// Runs `body` as the table's owner.
  private func onTable<T>(_ body: () throws -> T) rethrows -> T {
    try scheduler.sync(body)
  }

  static func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }
}
