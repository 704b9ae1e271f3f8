import SetCore
import SetProtocol
import SetStats
import SetTournament
import SetTransport

/// Many tables in one server, with no I/O: every connection is at exactly one table, and the hall
/// routes what it sends there. A connection that never says `JOIN` or `OPEN` is at table 1, which
/// always exists, so a client that knows nothing of the hall plays as at a one-table server.
///
/// The hall holds the tables and who is at which; each table's host holds its own connections, seats
/// and match. The tables share only the players' names, secrets and ratings (`HallPlayers`). The
/// requests the hall answers itself are in Hall+Requests; moving between tables in Hall+Moves.
public struct Hall {
  /// The hall's limits, each an option of `setduel serve`.
  public struct Limits: Equatable, Sendable {
    /// The most tables open at once.
    public var maxTables = 64
    /// How many tables one address may open in a minute.
    public var opensPerMinute = 4
    /// How many seats one address may take with `NAME` in a minute (see `SeatingLimit`).
    public var seatsPerMinute = SeatingLimit().perMinute
    /// How long a table with nobody at it stays open, in milliseconds (table 1 never closes).
    public var idleClose: Int64 = 600_000

    public init() {}
  }

  /// One table: its host, and what the hall knows of it.
  struct Table {
    var host: GameHost
    var info: HallTableInfo
    /// Since when nobody has been at it and no seat has been held, or nil.
    var desertedSince: Instant?
    /// The listing last pushed to those who watch the hall, or nil when not known.
    var listed: HallListing?

    /// The level of the computer player the shell seats here itself (`serve --bot`), or nil.
    var shellBot: BotLevel?

    var listing: HallListing { host.listing(id: info.id, name: info.name, bot: info.bot ?? shellBot) }
  }

  /// When a table next wants the time: its host's deadline, and when it closes for want of people.
  struct WakeUp {
    var host: Instant?
    var close: Instant?
  }

  public let limits: Limits
  /// The rules a table is opened with unless `OPEN` says otherwise: the server's.
  public let rules: Rules
  var tables: [Int: Table] = [:]
  /// The open tables' numbers, ascending.
  var order: [Int] = []
  /// When each table next wants the time, kept as it changes (see `note`): the hall finds its own
  /// deadline from these without reading, so copying, any table.
  var wakeUps: [Int: WakeUp] = [:]
  /// The table each connection is at.
  var location: [ConnectionID: Int] = [:]
  /// The connections that watch the hall (`TABLES WATCH`) and are pushed its changes.
  var watchers: Set<ConnectionID> = []
  /// The seat each connection left held behind it at another table, to take back with `JOIN`.
  var heldSeats: [ConnectionID: (table: Int, token: String)] = [:]
  /// When each address opened its tables in the last minute.
  var opens: [String: [Instant]] = [:]
  /// Where the tables' seeds come from.
  var seeds: SplitMix64
  let makeToken: () -> String
  /// The players' names and ratings, shared by every table.
  public let players: HallPlayers
  /// The least important log level the tables report.
  public var logLevel = LogLevel.debug {
    didSet { for id in order { tables[id]?.host.logLevel = logLevel } }
  }
  /// The actions of the call being handled.
  var actions: [HallAction] = []
  /// The number the next table opened gets.
  var nextID = 2

  /// The hall's tournament, if it runs one (Hall+Tournament).
  var tourney: HallTournament?

  /// When `advance(to:)` must next be called, or nil.
  public private(set) var deadline: Instant?

  /// A hall whose table 1 plays `rules` dealt from `seed`; the other tables' seeds are drawn from it.
  /// `makeToken` gives each seat its secret resume token.
  public init(
    rules: Rules, seed: UInt64, limits: Limits = Limits(), players: HallPlayers = HallPlayers(),
    makeToken: @escaping () -> String
  ) {
    self.rules = rules
    self.limits = limits
    self.players = players
    self.players.seatingLimit.perMinute = limits.seatsPerMinute
    self.makeToken = makeToken
    seeds = SplitMix64(seed: seed)
    _ = add(HallTableInfo(id: 1, name: TableName.standard(for: 1), rules: rules, seed: seed))
  }

  // MARK: - What the shell asks

  /// The open tables, by number.
  public var tableInfos: [HallTableInfo] { order.compactMap { tables[$0]?.info } }

  /// Says that the shell seats a computer player of `level` at table `id` itself (`serve --bot` at
  /// table 1): the table's listing names the level, as for a table opened with `bot=`, so a newcomer
  /// knows before sitting down. The hall seats nobody for it.
  public mutating func announceBot(_ level: BotLevel, at id: Int) { tables[id]?.shellBot = level }

  /// Table `id`'s host, for a look between two events.
  public func host(of id: Int) -> GameHost? { tables[id]?.host }

  /// The name connection `id` goes by at its table, or nil.
  func name(of id: ConnectionID) -> String? { location[id].flatMap { tables[$0]?.host.name(of: id) } }

  /// The table a connection is at, or nil for a connection the hall does not know.
  public func table(of id: ConnectionID) -> Int? { location[id] }

  /// Every connection the hall knows.
  public var connectionIDs: [ConnectionID] { location.keys.sorted() }

  /// The tables as `TABLES` lists them.
  public var listings: [HallListing] { order.compactMap { tables[$0]?.listing } }

  /// Marks `name` as a computer player the server seats itself at table `id`.
  public mutating func markBot(named name: String, at id: Int = 1) {
    tables[id]?.host.botNames.insert(PlayerName.key(name))
  }

  /// The players' history is now `history` (folded from the records at start): every table's record
  /// is read on from here.
  public mutating func replaceHistory(_ history: History) {
    players.history = history
    for id in order { tables[id]?.host.restartLiveRecord() }
  }

  /// Opens a table the shell asks for (at start, or again after a restart): with `info`'s number if
  /// it is free, else the next one. Returns its number, or nil at the limit of tables.
  public mutating func open(_ info: HallTableInfo, at now: Instant) -> (Int?, [HallAction]) {
    guard order.count < limits.maxTables else { return (nil, []) }
    var info = info
    if has(info.id) || info.id < 1 { info.id = nextID }
    if info.name.isEmpty || named(info.name) != nil { info.name = TableName.standard(for: info.id) }
    let id = add(info)
    note(id, at: now)
    actions.append(.opened(info))
    if let bot = info.bot { seatBot(at: id, level: bot) }
    return (id, flush(at: now))
  }

  /// Takes table `info.id` up again after the server was killed in the middle of its game: its host
  /// rebuilt from `replay`, the table's record, with the record's seed and rules; the seats held for
  /// their players under their resume tokens, the game paused until they come back. The lines this
  /// records are to be appended to the same record. Returns the table's number, or nil, changing
  /// nothing, when no game was running there, the record does not replay, or the number is taken by
  /// another table (table 1 is taken up in place).
  public mutating func rebuild(_ info: HallTableInfo, from replay: Replay, at now: Instant) -> (Int?, [HallAction]) {
    let id = info.id
    guard id >= 1, id == 1 || (!has(id) && order.count < limits.maxTables) else { return (nil, []) }
    guard var host = GameHost(rebuilding: replay, makeToken: tokens(for: id), players: players, at: now) else {
      return (nil, [])
    }
    host.logLevel = logLevel
    var info = info
    (info.seed, info.rules) = (replay.seed, replay.rules)
    if info.name.isEmpty || named(info.name).map({ $0 != id }) == true { info.name = TableName.standard(for: id) }
    if id == 1 {
      tables[1]?.host = host
      tables[1]?.info = info
    } else {
      _ = add(info)
      tables[id]?.host = host
      actions.append(.opened(info))
    }
    run(id, at: now) { $0.flush() }
    // The computer player the table had comes back to its seat with the seat's new token.
    if let level = info.bot ?? (id == 1 ? tables[1]?.shellBot : nil) {
      for bot in host.rebuiltBots {
        actions.append(.seatBot(table: id, level: level, name: bot.name, token: bot.token))
      }
    }
    return (id, flush(at: now))
  }

  /// The resume tokens of table `id`'s seats: table 1's as a one-table server's, another's starting
  /// with its number, so that `RESUME` finds its table.
  func tokens(for id: Int) -> () -> String {
    let token = makeToken
    return id == 1 ? token : { "\(id)-" + token() }
  }

  /// A seed for a new table, drawn from the hall's.
  public mutating func nextSeed() -> UInt64 { seeds.next() }

  /// Adds a table; returns its number.
  mutating func add(_ info: HallTableInfo) -> Int {
    let id = info.id
    var host = GameHost(rules: info.rules, seed: info.seed, makeToken: tokens(for: id), players: players)
    host.logLevel = logLevel
    tables[id] = Table(host: host, info: info)
    order.append(id)
    order.sort()
    nextID = max(nextID, id + 1)
    return id
  }

  /// The number of the table called `name`, as names compare, or nil.
  func named(_ name: String) -> Int? {
    order.first { tables[$0].map { TableName.same($0.info.name, name) } ?? false }
  }

  // MARK: - Calls from the shell

  /// A connection opened: it is at table 1.
  public mutating func connect(_ id: ConnectionID, peer: String, at now: Instant) -> [HallAction] {
    location[id] = 1
    run(1, at: now) { $0.connect(id, peer: peer, at: now) }
    return flush(at: now)
  }

  /// A person may be waiting at connection `id`, silent since its banner: it is prompted at its table.
  public mutating func promptWaiting(_ id: ConnectionID) -> [HallAction] {
    guard let at = location[id], let done = change(at, { $0.host.promptWaiting(id) }) else { return [] }
    append(done, from: at)
    return take()
  }

  /// A line arrived on a connection: a hall request is answered here, anything else at its table.
  public mutating func receive(_ line: String, from id: ConnectionID, at now: Instant) -> [HallAction] {
    guard let at = location[id] else { return [] }
    let named = tourney == nil ? nil : name(of: id)
    let request = Request.parse(line)
    var handled = false
    if let request, case .success(let command) = request.command {
      handled = handle(command, requestID: request.id, from: id, at: at, now: now)
    }
    if !handled { run(at, at: now) { $0.receive(request, line: line, from: id, at: now) } }
    if tourney != nil, name(of: id) != named {
      // NAME or RESUME gave the connection a name: an entrant may be back.
      notePresence(of: name(of: id), at: now)
    }
    return flush(at: now)
  }

  /// A line could not be read: it gets an error at the connection's table.
  public mutating func reject(_ code: ErrorCode, from id: ConnectionID) -> [HallAction] {
    guard let at = location[id], let done = change(at, { $0.host.reject(code, from: id) }) else { return [] }
    append(done, from: at)
    return actions.isEmpty ? [] : take()
  }

  /// A connection closed or is closing: it leaves its table as it always has.
  public mutating func disconnect(_ id: ConnectionID, at now: Instant) -> [HallAction] {
    guard let at = location[id] else { return [] }
    let named = name(of: id)
    location[id] = nil
    watchers.remove(id)
    heldSeats[id] = nil
    run(at, at: now) { $0.disconnect(id, at: now) }
    notePresence(of: named, at: now)
    return flush(at: now)
  }

  /// Time passed: at each table whose deadline came, a window may have run out or a seat been
  /// forfeited; a table nobody has been at for `limits.idleClose` closes.
  public mutating func advance(to now: Instant) -> [HallAction] {
    for id in order {
      guard let due = wakeUps[id]?.host, due <= now else { continue }
      run(id, at: now) { $0.advance(to: now) }
    }
    for id in order where id != 1 {
      guard let due = wakeUps[id]?.close, due <= now else { continue }
      close(id)
    }
    advanceTournament(to: now)
    return flush(at: now)
  }

  /// Table `id`'s record could not be written, for `reason`: its players are told.
  public mutating func recordFailed(_ reason: String, at id: Int) -> [HallAction] {
    guard let done = change(id, { $0.host.recordFailed(reason) }) else { return [] }
    append(done, from: id)
    return take()
  }

  /// The server is closing: everyone at every table is told.
  public mutating func shutdown(reason: String) -> [HallAction] {
    for id in order {
      append(change(id) { $0.host.shutdown(reason: reason) } ?? [], from: id)
    }
    return take()
  }

  // MARK: - Running a table's host

  /// Calls table `id`'s host and keeps what it returns, noting whether the table is now deserted.
  ///
  /// The host is changed where it is stored (here and wherever the hall calls a host): changed in a
  /// copy of its table, it would copy every collection of its own that it changes, the match's and the
  /// finished games' analyses among them, on every request.
  mutating func run(_ id: Int, at now: Instant, _ body: (inout GameHost) -> [HostAction]) {
    guard let done = change(id, { body(&$0.host) }) else { return }
    note(id, at: now)
    append(done, from: id)
  }

  /// Keeps a table's host actions as the hall's, its record lines marked with the table.
  mutating func append(_ done: [HostAction], from id: Int) {
    for action in done {
      if case .record(let line) = action {
        actions.append(.record(table: id, line: line))
      } else {
        actions.append(.host(action))
      }
    }
  }

  /// Closes table `id`: its record ends, and those who watch the hall are told.
  mutating func close(_ id: Int) {
    guard id != 1, let table = tables.removeValue(forKey: id) else { return }
    order.removeAll { $0 == id }
    wakeUps[id] = nil
    actions.append(.host(.log(.info, "table \(id) (\(table.info.name)) closes: nobody came for a while")))
    actions.append(.closed(table: id))
    var closed = table.listing
    closed.state = .closed
    push([closed])
  }

  /// What the call gathered, after the changes it made are pushed to those who watch the hall; the
  /// deadline brought up to date.
  mutating func flush(at now: Instant) -> [HallAction] {
    if tourney != nil { reportTournamentResults(at: now) }
    if !watchers.isEmpty { pushChanges() }
    var next: Instant?
    for wakeUp in wakeUps.values {
      if let due = wakeUp.host { next = min(next ?? due, due) }
      if let due = wakeUp.close { next = min(next ?? due, due) }
    }
    if let due = tournamentDeadline { next = min(next ?? due, due) }
    deadline = next
    return take()
  }

  /// Whether table `id` is open, without reading (so copying) it.
  func has(_ id: Int) -> Bool { tables.index(forKey: id) != nil }

  /// Calls `body` with table `id` where it is stored, if it is open: through the dictionary's values,
  /// which change in place, where `tables[id]!` would copy the table.
  mutating func change<T>(_ id: Int, _ body: (inout Table) -> T) -> T? {
    guard let index = tables.index(forKey: id) else { return nil }
    return body(&tables.values[index])
  }

  mutating func take() -> [HallAction] {
    defer { actions = [] }
    return actions
  }
}
