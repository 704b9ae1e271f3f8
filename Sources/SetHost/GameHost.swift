import SetCore
import SetProtocol
import SetStats
import SetTransport

/// The table's host: connections, names, seats, spectators and the match, with no I/O.
///
/// The I/O shell calls it with what arrived and the time, and performs the actions it returns. It holds
/// the only copy of the game state, so whoever owns it (one serial queue) settles every race by order.
public struct GameHost {
  /// One connection's standing at the table.
  struct Client {
    var name: String?
    var seat: Seat?
    var presentation = Presentation.human
    var badTokens = 0
  }

  /// A seat taken by a named player, kept while they are away so they can RESUME.
  struct Holder {
    var name: String
    var token: String
    var client: ConnectionID?
  }

  /// The match the table plays.
  public private(set) var match: Match
  /// The sequence number of the last event broadcast.
  public private(set) var seq = 0
  var clients: [ConnectionID: Client] = [:]
  var holders: [Holder?] = [nil, nil]
  /// The name last seen in each seat, to tell events about a seat that has emptied.
  var seatNames = ["seat 1", "seat 2"]
  let makeToken: () -> String
  var actions: [HostAction] = []
  /// The time of the latest call, for the time left in a window.
  var lastNow = Instant.zero
  /// The request being handled closes its connection once answered.
  private var closeAfterReply = false

  /// Every player's figures and rating: folded from the records at start, then kept up to date from
  /// the lines this host records (see GameHost+Stats.swift).
  public var history = History()
  /// The names (in lower case) of the computer players this server seats itself: marked in the record.
  public var botNames: Set<String> = []
  /// The find time of each set, stamped on its `SET` event.
  var findClock = FindClock()
  /// The `RATED` event of a game that just ended, sent right after its `OVER`.
  var pendingRated: [ServerEvent] = []

  /// The least important log level the host reports as `.log` actions.
  public var logLevel = LogLevel.debug

  /// Wrong RESUME tokens a connection may send before it is closed.
  public static let maxBadTokens = 3

  /// A host for a match with `rules`, dealing from `seed`. `makeToken` gives each seat its secret
  /// resume token, and should draw from the system's random source.
  public init(rules: Rules, seed: UInt64, makeToken: @escaping () -> String) {
    match = Match(rules: rules, seed: seed)
    self.makeToken = makeToken
    history.beginRecord()
  }

  /// When `advance(to:)` must next be called, or nil. Stored, and brought up to date by every call, so
  /// that the shell can read it after each call without copying the host.
  public private(set) var deadline: Instant?

  /// How many connections the host knows.
  public var connectionCount: Int { clients.count }

  /// Every connection the host knows.
  public var clientIDs: [ConnectionID] { clients.keys.sorted() }

  /// Whether each seat is taken (held for a player, here or away), by seat offset.
  public var seatsTaken: [Bool] { holders.map { $0 != nil } }

  // MARK: - Calls from the shell

  /// A connection opened.
  public mutating func connect(_ id: ConnectionID, peer: String, at now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    clients[id] = Client()
    log(.info, "connection \(id) from \(peer)")
    send(
      id,
      ServerLine.banner(
        version: ServerLine.version,
        text: "SetDuel, two-player Set. Type NAME <yourname> to sit down, HELP for commands."
      ).line)
    return flush()
  }

  /// A line arrived on a connection.
  public mutating func receive(_ line: String, from id: ConnectionID, at now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    guard clients[id] != nil, let request = Request.parse(line) else {
      if clients[id]?.presentation == .human { prompt(id) }
      return flush()
    }
    switch request.command {
    case .failure(let error):
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
    guard let client = clients.removeValue(forKey: id) else { return [] }
    log(.info, "connection \(id) closed" + (client.name.map { " (\($0))" } ?? ""))
    if let seat = client.seat, holders[seat.offset]?.client == id {
      holders[seat.offset]?.client = nil
      if let events = try? apply(.leave, by: seat, at: now) {
        broadcast(events, at: now)
      }
      freeEmptySeats()
    }
    return flush()
  }

  /// Time passed: a window may have run out or a seat been forfeited.
  public mutating func advance(to now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    passTime(match.advance(to: now).due, at: now, leaving: match)
    freeEmptySeats()
    return flush()
  }

  /// The server is closing: tells everyone, named or not.
  public mutating func shutdown(reason: String) -> [HostAction] {
    broadcast(wire: [.bye(reason)])
    for (id, client) in clients.sorted(by: { $0.key < $1.key }) where client.name == nil {
      send(id, Reply(id: nil, .error(ProtocolError(.shuttingDown))).line)
    }
    return flush()
  }

  // MARK: - Commands

  private mutating func handle(_ command: ClientCommand, requestID: String?, from id: ConnectionID, at now: Instant) {
    let answer: Result<Reply.Kind, ProtocolError>
    switch command {
    case .help(let verb):
      if let lines = Help.lines(for: verb) {
        let human = clients[id]?.presentation == .human
        for line in lines { send(id, human ? line : ServerLine.help(line).line) }
        answer = .success(.ok(.help))
      } else {
        answer = .failure(ProtocolError(.unknownCommand))
      }
    case .ping(let token): answer = .success(.pong(token: token))
    case .mode(let presentation):
      let switched = clients[id]?.presentation != presentation
      clients[id]?.presentation = presentation
      // A named connection that turns to the machine presentation missed the RULES line at its NAME.
      if switched, clients[id]?.name != nil { sendRules(to: id) }
      answer = .success(.ok(.mode(presentation)))
    case .name(let name): answer = takeName(name, for: id, at: now)
    case .resume(let token): answer = resume(token, for: id, at: now)
    case .quit:
      answer = .success(.ok(.quit))
    case .state, .scores, .history, .say:
      answer = inform(command, for: id)
    case .stats(let name): answer = stats(name, for: id)
    case .top(let count): answer = top(count, for: id)
    case .claim, .pick, .unpick, .deal, .new:
      answer = play(command, by: id, at: now)
    }
    switch answer {
    case .success(let kind): reply(id, Reply(id: requestID, kind))
    case .failure(let error): reply(id, Reply(id: requestID, .error(error)))
    }
    if command == .quit || closeAfterReply { actions.append(.close(id)) }
    closeAfterReply = false
  }

  private mutating func takeName(_ name: String, for id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    guard clients[id]?.name == nil else { return .failure(ProtocolError(.alreadyNamed)) }
    let taken =
      clients.values.contains { $0.name.map { PlayerName.same($0, name) } ?? false }
      || holders.contains { $0.map { PlayerName.same($0.name, name) } ?? false }
    guard !taken else { return .failure(ProtocolError(.nameTaken)) }
    clients[id]?.name = name
    actions.append(.identified(id))
    sendRules(to: id)
    guard let seat = Seat.allCases.first(where: { holders[$0.offset] == nil }) else {
      log(.info, "\(name) watches (\(id))")
      sendState(to: id)
      if clients[id]?.presentation == .human { send(id, "Both seats are taken: you are watching.") }
      return .success(.ok(.name(seat: nil, token: nil)))
    }
    let token = makeToken()
    holders[seat.offset] = Holder(name: name, token: token, client: id)
    seatNames[seat.offset] = name
    clients[id]?.seat = seat
    log(.info, "\(name) takes seat \(seat.rawValue) (\(id))")
    let events = (try? apply(.join, by: seat, at: now)) ?? []
    broadcast(wire: [.joined(seat, name: name)] + events.compactMap { ServerEvent($0, now: now) })
    if botNames.contains(name.lowercased()) { record(RecordLine.bot(seat).line) }
    let started = events.contains { if case .gameStarted = $0 { true } else { false } }
    if match.game > 0, !started { sendState(to: id) }
    if clients[id]?.presentation == .human {
      send(id, "You sit in seat \(seat.rawValue). If your connection drops, reconnect and type RESUME \(token)")
    }
    return .success(.ok(.name(seat: seat, token: token)))
  }

  private mutating func resume(_ token: String, for id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    guard clients[id]?.seat == nil else { return .failure(ProtocolError(.alreadyNamed)) }
    guard let seat = Seat.allCases.first(where: { holders[$0.offset]?.token == token }),
      let holder = holders[seat.offset]
    else {
      clients[id]?.badTokens += 1
      log(.warning, "\(id): wrong resume token")
      closeAfterReply = clients[id]?.badTokens ?? 0 >= Self.maxBadTokens
      return .failure(ProtocolError(.badToken))
    }
    if let old = holder.client, old != id {
      // The same person on a new connection: the old one is stale (a dropped link not yet noticed).
      clients[old]?.seat = nil
      actions.append(.close(old))
    }
    holders[seat.offset]?.client = id
    clients[id]?.name = holder.name
    clients[id]?.seat = seat
    actions.append(.identified(id))
    sendRules(to: id)
    log(.info, "\(holder.name) resumes seat \(seat.rawValue) (\(id))")
    if let events = try? apply(.join, by: seat, at: now) { broadcast(events, at: now) }
    sendState(to: id)
    return .success(.ok(.resume(seat: seat, name: holder.name)))
  }

  private mutating func inform(_ command: ClientCommand, for id: ConnectionID) -> Result<Reply.Kind, ProtocolError> {
    guard let client = clients[id], let name = client.name else { return .failure(ProtocolError(.notNamed)) }
    switch command {
    case .state:
      sendState(to: id)
      return .success(.ok(.state(StateSummary(match, seq: seq, now: lastNow))))
    case .scores:
      return .success(.ok(.scores(match.scores[0], match.scores[1])))
    case .history:
      for result in match.results { send(id, ServerLine.result(result).line) }
      if clients[id]?.presentation == .human {
        for result in match.results { send(id, HumanText.outcome(result, names: seatNames)) }
      }
      return .success(.ok(.history(count: match.results.count)))
    case .say(let text):
      broadcast(wire: [.said(name: name, text: text)])
      return .success(.ok(.say))
    default:
      return .failure(ProtocolError(.unknownCommand))
    }
  }

  private mutating func play(_ command: ClientCommand, by id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    guard let client = clients[id], client.name != nil else { return .failure(ProtocolError(.notNamed)) }
    guard let seat = client.seat else { return .failure(ProtocolError(.notSeated)) }
    let matchCommand: MatchCommand
    let done: OKReply
    switch command {
    case .claim: (matchCommand, done) = (.claim, .claim)
    case .pick(let slots): (matchCommand, done) = (.pick(slots), .pick)
    case .unpick(let slot): (matchCommand, done) = (.unpick(slot), .unpick)
    case .deal: (matchCommand, done) = (.deal, .deal)
    default: (matchCommand, done) = (.rematch, .new)
    }
    do {
      broadcast(try apply(matchCommand, by: seat, at: now), at: now)
      freeEmptySeats()
      return .success(.ok(done))
    } catch {
      return .failure(ProtocolError(error, phase: match.phase, names: seatNames))
    }
  }

  /// Applies a command to the match and records it, returning the events the command caused. What the
  /// match made due first (a window that ran out before the timer fired) goes out on its own, as a
  /// firing timer's would, whether or not the command is carried out.
  private mutating func apply(_ command: MatchCommand, by seat: Seat, at now: Instant) throws(MatchError)
    -> ArraySlice<MatchEvent>
  {
    let before = match
    do throws(MatchRefusal) {
      let outcome = try match.apply(command, by: seat, at: now)
      if outcome.dueCount > 0 {
        // Told in words, what was due ends with the status it left, before the command.
        var afterDue = before
        _ = afterDue.advance(to: now)
        passTime(outcome.due, at: now, leaving: afterDue)
      }
      record(RecordLine.command(command, seat: seat, at: now).line)
      return outcome.caused
    } catch {
      passTime(error.due.events, at: now, leaving: match)
      throw error.reason
    }
  }

  /// Records and broadcasts what time made due, if anything, ending in words with the status of `state`.
  private mutating func passTime(_ due: some Collection<MatchEvent>, at now: Instant, leaving state: Match) {
    guard !due.isEmpty else { return }
    record(RecordLine.tick(at: now).line)
    broadcast(wire: due.compactMap { ServerEvent($0, now: now) }, statusOf: state)
    freeEmptySeats()
  }

  // MARK: - Seats

  /// Outside a running game, a seat whose player has gone is freed for the next NAME.
  private mutating func freeEmptySeats() {
    switch match.phase {
    case .waiting, .over:
      for seat in Seat.allCases where holders[seat.offset] != nil && holders[seat.offset]?.client == nil {
        log(.info, "seat \(seat.rawValue) (\(holders[seat.offset]!.name)) is free")
        holders[seat.offset] = nil
      }
    case .open, .window, .paused:
      break
    }
  }

  // MARK: - Output

  /// Broadcasts rules events to every named connection, in their own presentation.
  private mutating func broadcast(_ events: some Collection<MatchEvent>, at now: Instant) {
    broadcast(wire: events.compactMap { ServerEvent($0, now: now) })
  }

  /// Broadcasts events to every named connection; in words, they end with the status of `state` (by
  /// default, the match as it stands).
  private mutating func broadcast(wire unstamped: [ServerEvent], statusOf state: Match? = nil) {
    guard !unstamped.isEmpty else { return }
    let events = unstamped.map { findClock.stamp($0, at: lastNow) }
    let first = seq + 1
    seq += events.count
    // Encoded once, the same line goes to every machine client.
    let lines = events.enumerated().map { EventCodec.encode($0.element, seq: first + $0.offset) }
    for (offset, line) in lines.enumerated() {
      record(RecordLine.event(seq: first + offset, line: line).line)
      log(.info, line)
    }
    // The human presentation of the same events, also made once, when someone reads it.
    var words: [String]?
    for (id, client) in clients.sorted(by: { $0.key < $1.key }) where client.name != nil {
      switch client.presentation {
      case .machine:
        for line in lines { send(id, line) }
      case .human:
        if words == nil { words = humanLines(for: events, statusOf: state ?? match) }
        for line in words ?? [] { send(id, line) }
      }
    }
    if !pendingRated.isEmpty {
      let rated = pendingRated
      pendingRated = []
      broadcast(wire: rated)
    }
  }

  /// Events in words, the table drawn again if it changed, and the status line of `state`.
  private func humanLines(for events: [ServerEvent], statusOf state: Match) -> [String] {
    var lines = events.map { HumanText.sentence(for: $0, names: seatNames) }
    if events.contains(where: { if case .started = $0 { true } else if case .diff = $0 { true } else { false } }) {
      lines += HumanText.table(state.table.cards)
    }
    return lines + [statusLine(of: state)]
  }

  /// The whole state for one connection: the table and both seats (and, in words, the status).
  private mutating func sendState(to id: ConnectionID) {
    guard let client = clients[id] else { return }
    if client.presentation == .human {
      if match.game > 0 { for line in HumanText.table(match.table.cards, picked: match.selection) { send(id, line) } }
      send(id, statusLine())
      return
    }
    send(id, ServerLine.table(seq: seq, deck: match.deck.count, cards: match.table.cards).line)
    for seat in Seat.allCases {
      let holder = holders[seat.offset]
      send(
        id,
        ServerLine.player(seat, name: holder?.name, score: match.scores[seat.offset], present: holder?.client != nil)
          .line)
    }
  }

  /// The rules in force, for a connection that just took its name or, named, just turned to the
  /// machine presentation (which alone has the line).
  private mutating func sendRules(to id: ConnectionID) {
    if clients[id]?.presentation == .machine { send(id, ServerLine.rules(match.rules).line) }
  }

  /// The human status line for the match as it stands, or for `state`.
  private func statusLine(of state: Match? = nil) -> String {
    let state = state ?? match
    return HumanText.status(
      game: state.game, phase: state.phase, names: seatNames, seated: holders.map { $0?.name },
      scores: state.scores, deck: state.deck.count)
  }

  private mutating func reply(_ id: ConnectionID, _ reply: Reply) {
    send(id, reply.line)
    if clients[id]?.presentation == .human { prompt(id) }
  }

  private mutating func prompt(_ id: ConnectionID) {
    actions.append(.prompt(id, "> "))
  }

  mutating func send(_ id: ConnectionID, _ line: String) {
    actions.append(.send(id, line))
  }

  private mutating func log(_ level: LogLevel, _ message: String) {
    guard level >= logLevel else { return }
    actions.append(.log(level, message))
  }

  private mutating func flush() -> [HostAction] {
    deadline = match.deadline
    defer { actions = [] }
    return actions
  }
}
