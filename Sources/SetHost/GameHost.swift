import SetAnalysis
import SetCore
import SetProtocol
import SetStats
import SetTransport

/// The table's host: connections, names, seats, spectators and the match, with no I/O.
///
/// The I/O shell calls it with what arrived and the time, and performs the actions it returns. It holds
/// the only copy of the game state, so whoever owns it (one serial queue) settles every race by order.
///
/// The host coordinates; each job has its own file: the calls from the shell (here), the commands
/// (GameHost+Commands), who sits where (`Seating`, GameHost+Seats), the broadcast (GameHost+Broadcast),
/// what is told to whom (GameHost+Telling), and the figures and reviews (GameHost+Stats,
/// GameHost+Review). It decides what to tell and to whom, never how it reads: each connection's
/// presenter (`HumanPresenter`, `MachinePresenter`) turns a `TableMessage` into its lines. What it
/// returns is grouped as it is gathered (`HostActions`): a connection's lines in a row are one action,
/// the readers of one broadcast's identical lines one more, so the shell only encodes and writes.
public struct GameHost {
  /// One connection's standing at the table. Which seat it sits in is `seating`'s to say
  /// (`seating.seat(of:)`): there is one record of who sits where.
  struct Client {
    var name: String?
    var presentation = Presentation.human
    var address = ""
    var badTokens = 0
    /// The fingerprint of the secret this connection proved its name with, kept while it watches so
    /// that `SIT` seats it as the name's owner; nil when it named itself without one.
    var fingerprint: String?
  }

  /// A tournament's game at a table, as the table's record marks it (`RecordLine.tournament`).
  public struct TournamentGame: Equatable, Sendable {
    public var game: Int
    /// The Swiss round, nil in an arena.
    public var round: Int?
    /// The file name of the tournament's record, nil when it keeps none.
    public var record: String?
    /// How many games the table had finished when this one was marked: it is the next to end.
    public var finished: Int
    /// Whom the pairing seats in each seat, when known: until the game ends, only they sit there.
    public var seats: PerSeat<String>? = nil
  }

  /// The match the table plays.
  public internal(set) var match: Match
  /// The tournament game the table was last given to play, or nil.
  public internal(set) var tournamentGame: TournamentGame?
  /// The seats of a game taken up again from its record that nobody has taken back since (empty for a
  /// game this server dealt): a game lost by forfeit where the winner's seat is among them was won by
  /// no one who came back.
  public internal(set) var untaken: Set<Seat> = []
  /// The seats of a game taken up again that the server's own computer players held, each under a
  /// new resume token for the computer player the hall seats again.
  public internal(set) var rebuiltBots: [(seat: Seat, name: String, token: String)] = []
  /// The sequence number of the last event broadcast.
  public internal(set) var seq = 0
  /// The sequence number of the last event that changed the table (a START or a DIFF).
  public internal(set) var tableSeq = 0
  var clients: [ConnectionID: Client] = [:] {
    didSet { listeners.invalidate() }
  }
  /// What the status line last told each connection, so that it is told again only when that changes;
  /// none before the first (and for a client in the machine presentation, never one).
  var toldStatus: [ConnectionID: ToldStatus.Kept] = [:]
  /// Who hears a broadcast, kept between broadcasts while `clients` and `seating` stay as they are.
  var listeners = Listeners()
  /// The keys of `clients` in ascending order, kept as connections come and go, so that a broadcast
  /// to a thousand spectators need not sort them every time.
  var clientOrder: [ConnectionID] = []
  /// Who holds each seat, and the names the seats were last played under.
  var seating = Seating() {
    didSet { listeners.invalidate() }
  }
  /// The names each finished game was played under, by game, for HISTORY in words.
  var resultNames: [PerSeat<String>] = []
  /// Each finished game's sets, by game, with who found each and its find time, for HISTORY.
  var resultFinds: [[(seat: Seat, findMs: Int64)]] = []
  /// The events broadcast since the game being played (or the one just over) started, from its
  /// `START`, for EVENTS: what everyone named at the table was told, chat aside. At most
  /// `maxGameEvents`; later ones are not kept.
  var gameEvents: [(seq: Int, event: ServerEvent)] = []
  /// The most events of one game kept for EVENTS: a game has a few hundred.
  static let maxGameEvents = 2000
  /// The sets found so far in the game being played, with their find times.
  var gameFinds: [(seat: Seat, findMs: Int64)] = []
  let makeToken: () -> String
  /// The actions of the call being handled, grouped as they are gathered.
  var actions = HostActions()
  /// The time of the latest call, for the time left in a window.
  var lastNow = Instant.zero
  /// Why the game record could not be written, once it could not: told to everyone who names itself.
  var recordLost: String?
  /// The request being handled closes its connection once answered.
  var closeAfterReply = false

  /// Every player's figures and rating: folded from the records at start, then kept up to date from
  /// the lines this host records (see GameHost+Stats.swift). Shared by every table of a hall.
  public var history: History {
    get { players.history }
    nonmutating set { players.history = newValue }
  }
  /// Where `history` is kept: the hall's, shared by its tables, or this host's own.
  let players: HallPlayers
  /// This table's record, as the history folds it line by line.
  var liveRecord: History.LiveRecord
  /// The names (as `PlayerName.key` gives them) of the computer players this server seats itself: marked in the record.
  public var botNames: Set<String> = []
  /// The analysis of this table's games, kept from the lines it records, for REVIEW.
  var analysis: LiveAnalysis
  /// How often each seat may show its mood.
  var moodLimits = PerSeat.repeating(
    TokenBucket(configuration: TokenBucket.Configuration(linesPerSecond: Mood.perSecond, burst: Mood.burst)))
  /// The `RATED` event of a game that just ended, sent right after its `OVER`.
  var pendingRated: [ServerEvent] = []

  /// The least important log level the host reports as `.log` actions.
  public var logLevel = LogLevel.debug

  /// Wrong RESUME tokens a connection may send before it is closed.
  public static let maxBadTokens = 3

  /// A host for a match with `rules`, dealing from `seed`. `makeToken` gives each seat its secret
  /// resume token, and should draw from the system's random source.
  public init(rules: Rules, seed: UInt64, makeToken: @escaping () -> String, players: HallPlayers = HallPlayers()) {
    match = Match(rules: rules, seed: seed)
    self.makeToken = makeToken
    self.players = players
    liveRecord = players.history.liveRecord(variant: rules.variant)
    analysis = LiveAnalysis(variant: rules.variant)
  }

  /// Starts this table's record again in `players`' history, as after the history was folded anew.
  mutating func restartLiveRecord() {
    liveRecord = players.history.liveRecord(variant: match.rules.variant)
  }

  /// When `advance(to:)` must next be called, or nil. Stored, and brought up to date by every call, so
  /// that the shell can read it after each call without copying the host.
  public private(set) var deadline: Instant?

  /// How many connections the host knows.
  public var connectionCount: Int { clients.count }

  /// Every connection the host knows.
  public var clientIDs: [ConnectionID] { clients.keys.sorted() }

  /// Whether each seat is taken (held for a player, here or away).
  public var seatsTaken: PerSeat<Bool> { seating.taken }

  // MARK: - Calls from the shell

  /// A connection opened.
  public mutating func connect(_ id: ConnectionID, peer: String, at now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    if clients.updateValue(Client(address: SeatingLimit.address(ofPeer: peer)), forKey: id) == nil {
      clientOrder.append(id)
      if clientOrder.count > 1 && clientOrder[clientOrder.count - 2] > id { clientOrder.sort() }
    }
    log(.info, "connection \(id) from \(peer)")
    send(
      id,
      ServerLine.banner(
        version: ServerLine.version,
        text: "Two-player Set. Type NAME <yourname> to sit down, HELP for help."
      ).line)
    return flush()
  }

  /// A person may be waiting at connection `id`: it said nothing since its banner, which came for its
  /// silence or telnet's negotiation, a while ago (the shell's `promptDelay`). It is prompted, as every
  /// answer is, where its presentation prompts; a program would have spoken by then.
  public mutating func promptWaiting(_ id: ConnectionID) -> [HostAction] {
    prompt(id)
    return flush()
  }

  /// A line arrived on a connection.
  public mutating func receive(_ line: String, from id: ConnectionID, at now: Instant) -> [HostAction] {
    receive(Request.parse(line), line: line, from: id, at: now)
  }

  /// A line arrived on a connection, already read as `request` (nil for a blank line).
  mutating func receive(_ request: Request?, line: String, from id: ConnectionID, at now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    guard let presenter = presenter(of: id), let request else {
      prompt(id)
      return flush()
    }
    switch request.command {
    case .failure(var error):
      if error.code == .unknownCommand, let verb = Request.verb(of: line) {
        error = presenter.unknownCommand(error, verb: verb, help: false)
      }
      reply(id, Reply(id: request.id, .error(error)))
    case .success(let command):
      if logLevel <= .debug { log(.debug, "\(id) \(line)") }  // every line: not written out unless wanted
      handle(command, requestID: request.id, from: id, at: now)
    }
    return flush()
  }

  /// A line could not be read (too long, not UTF-8, or over the rate limit): it gets an error and changes nothing.
  public mutating func reject(_ code: ErrorCode, from id: ConnectionID) -> [HostAction] {
    guard clients[id] != nil else { return [] }
    log(.warning, "\(id): \(code.rawValue)")
    reply(id, Reply(id: nil, .error(ProtocolError(code))))
    return flush()
  }

  /// A connection closed or is closing; a seated player leaves the table and the game pauses.
  public mutating func disconnect(_ id: ConnectionID, at now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    guard let client = clients[id] else { return [] }
    log(.info, "connection \(id) closed" + (client.name.map { " (\($0))" } ?? ""))
    leave(id, at: now)
    return flush()
  }

  /// The connection leaves the table, as a dropped connection does: a seated player's seat is held for
  /// them while a game runs (the game pauses), and freed outside one.
  mutating func leave(_ id: ConnectionID, at now: Instant) {
    guard clients.removeValue(forKey: id) != nil else { return }
    toldStatus[id] = nil
    if let index = clientOrder.firstIndex(of: id) { clientOrder.remove(at: index) }
    if let seat = seating.seat(of: id).flatMap({ seating.leave($0, by: id) }) {
      if let events = try? apply(.leave, by: seat, at: now) {
        broadcast(events, at: now)
      }
      freeEmptySeats()
    }
  }

  /// Time passed: a window may have run out or a seat been forfeited.
  public mutating func advance(to now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    passTime(match.advance(to: now).due, at: now, leaving: match)
    freeEmptySeats()
    return flush()
  }

  /// The game record could not be written, for `reason` (the system's words): logged as an error, and
  /// every named connection is told, in its presentation. The game goes on.
  public mutating func recordFailed(_ reason: String) -> [HostAction] {
    log(.error, "cannot write the game record: \(reason); the game goes on without it")
    recordLost = reason
    for (id, client) in clients.sorted(by: { $0.key < $1.key }) where client.name != nil { tellRecordLost(to: id) }
    return flush()
  }

  /// Tells one connection the game record could not be written, if it could not.
  mutating func tellRecordLost(to id: ConnectionID) {
    guard let reason = recordLost else { return }
    tell(id, .recordLost(reason: reason))
  }

  /// The server is closing: tells everyone, named or not.
  public mutating func shutdown(reason: String) -> [HostAction] {
    broadcast(wire: [.bye(reason)])
    for (id, client) in clients.sorted(by: { $0.key < $1.key }) where client.name == nil {
      send(id, Reply(id: nil, .error(ProtocolError(.shuttingDown))).line)
    }
    return flush()
  }

  // MARK: - Output

  mutating func reply(_ id: ConnectionID, _ reply: Reply, prompting: Bool = true) {
    send(id, reply.line)
    if prompting { prompt(id) }
  }

  /// Sends a line to a connection, with the lines sent to it just before.
  mutating func send(_ id: ConnectionID, _ line: String) {
    actions.send(line, to: id)
  }

  mutating func log(_ level: LogLevel, _ message: String) {
    guard level >= logLevel else { return }
    actions.append(.log(level, message))
  }

  mutating func flush() -> [HostAction] {
    deadline = match.deadline
    return actions.take()
  }
}
