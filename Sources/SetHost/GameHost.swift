// The host's calls, commands, seats and output share its private state and are read together, so
// they stay in this one file, which is longer than most for that reason.

import SetAnalysis
import SetCore
import SetProtocol
import SetStats
import SetTransport

// Past 300 lines because the host is the one owner of the table's state: seating, names, resume,
// the match's commands and the broadcast in two presentations all read and write it, in order.

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
    var address = ""
    var badTokens = 0
    /// The fingerprint of the secret this connection proved its name with, kept while it watches so
    /// that `SIT` seats it as the name's owner; nil when it named itself without one.
    var fingerprint: String?
    /// In words, what the status line last told this connection could be done, so that it is told again
    /// only when the phase changes.
    var lastDoing: String?
    /// Who held each seat when the status line last told this connection, before the first game.
    var lastSeated = PerSeat<String?>.repeating(nil)
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
  /// The sequence number of the last event that changed the table (a START or a DIFF).
  public private(set) var tableSeq = 0
  var clients: [ConnectionID: Client] = [:]
  /// The keys of `clients` in ascending order, kept as connections come and go, so that a broadcast
  /// to a thousand spectators need not sort them every time.
  private var clientOrder: [ConnectionID] = []
  var holders = PerSeat<Holder?>.repeating(nil)
  /// The name last seen in each seat, to tell events about a seat that has emptied.
  var seatNames: PerSeat = ["seat 1", "seat 2"]
  /// The names each finished game was played under, by game, for HISTORY in words.
  var resultNames: [PerSeat<String>] = []
  /// Each finished game's sets, by game, with who found each and its find time, for HISTORY.
  var resultFinds: [[(seat: Seat, findMs: Int64)]] = []
  /// The sets found so far in the game being played, with their find times.
  var gameFinds: [(seat: Seat, findMs: Int64)] = []
  /// Seats taken by a new player since the last game ended: their score is 0 until a game starts.
  var newcomers: Set<Seat> = []
  let makeToken: () -> String
  var actions: [HostAction] = []
  /// The time of the latest call, for the time left in a window.
  var lastNow = Instant.zero
  /// Why the game record could not be written, once it could not: told to everyone who names itself.
  var recordLost: String?
  /// The request being handled closes its connection once answered.
  private var closeAfterReply = false

  /// Every player's figures and rating: folded from the records at start, then kept up to date from
  /// the lines this host records (see GameHost+Stats.swift).
  public var history = History()
  /// The names (as `PlayerName.key` gives them) of the computer players this server seats itself: marked in the record.
  public var botNames: Set<String> = []
  /// How often one address may take a seat (see `SeatingLimit`).
  public var seatingLimit = SeatingLimit()
  /// The analysis of this table's games, kept from the lines it records, for REVIEW.
  var analysis = LiveAnalysis()
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
    history.beginRecord(variant: rules.variant)
  }

  /// When `advance(to:)` must next be called, or nil. Stored, and brought up to date by every call, so
  /// that the shell can read it after each call without copying the host.
  public private(set) var deadline: Instant?

  /// How many connections the host knows.
  public var connectionCount: Int { clients.count }

  /// Every connection the host knows.
  public var clientIDs: [ConnectionID] { clients.keys.sorted() }

  /// Whether each seat is taken (held for a player, here or away).
  public var seatsTaken: PerSeat<Bool> { holders.map { $0 != nil } }

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

  /// A line arrived on a connection.
  public mutating func receive(_ line: String, from id: ConnectionID, at now: Instant) -> [HostAction] {
    lastNow = max(lastNow, now)
    guard clients[id] != nil, let request = Request.parse(line) else {
      if clients[id]?.presentation == .human { prompt(id) }
      return flush()
    }
    switch request.command {
    case .failure(var error):
      if error.code == .unknownCommand, clients[id]?.presentation == .human, let verb = Request.verb(of: line) {
        error = ProtocolError(
          .unknownCommand,
          "no such command \(verb); " + (Help.nearest(to: verb).map { "did you mean \($0)?" } ?? "HELP lists them"))
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
    guard let client = clients.removeValue(forKey: id) else { return [] }
    if let index = clientOrder.firstIndex(of: id) { clientOrder.remove(at: index) }
    log(.info, "connection \(id) closed" + (client.name.map { " (\($0))" } ?? ""))
    if let seat = client.seat, holders[seat]?.client == id {
      holders[seat]?.client = nil
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

  /// The game record could not be written, for `reason` (the system's words): logged as an error, and
  /// every named connection is told, in its presentation. The game goes on.
  public mutating func recordFailed(_ reason: String) -> [HostAction] {
    log(.error, "cannot write the game record: \(reason); the game goes on without it")
    recordLost = reason
    for (id, client) in clients.sorted(by: { $0.key < $1.key }) where client.name != nil { tellRecordLost(to: id) }
    return flush()
  }

  /// Tells one connection the game record could not be written, if it could not.
  private mutating func tellRecordLost(to id: ConnectionID) {
    guard let reason = recordLost, let client = clients[id] else { return }
    let notice = ServerLine.notice(topic: "records", text: "the game record could not be written: \(reason)")
    send(id, client.presentation == .machine ? notice.line : HumanText.recordLost(reason))
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
      if var lines = Help.lines(for: verb) {
        let human = clients[id]?.presentation == .human
        if verb == nil, let rule = HumanText.variantRule(match.rules) { lines.append(rule) }
        for line in lines {
          if human { say(id, line) } else { send(id, ServerLine.help(line).line) }
        }
        answer = .success(.ok(.help))
      } else if clients[id]?.presentation == .human, let verb {
        // In words, as for a mistyped command: the nearest verb, if one is near.
        let guess = Help.nearest(to: verb).map { "did you mean HELP \($0)?" } ?? "HELP lists them"
        answer = .failure(ProtocolError(.unknownCommand, "no such command \(verb); " + guess))
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
    case .name(let name, let secret): answer = takeName(name, secret: secret, for: id, at: now)
    case .resume(let token): answer = resume(token, for: id, at: now)
    case .sit: answer = sit(id, at: now)
    case .quit:
      answer = .success(.ok(.quit))
    case .table, .state, .scores, .history, .say:
      answer = inform(command, for: id)
    case .stats(let name): answer = stats(name, for: id)
    case .review(let game): answer = review(game, for: id)
    case .top(let count): answer = top(count, for: id)
    case .variantStats(let name, let variant): answer = stats(name, variant: variant, for: id)
    case .variantTop(let count, let variant): answer = top(count, variant: variant, for: id)
    case .claim, .pick, .unpick, .deal, .new, .rematchSame:
      answer = play(command, by: id, at: now)
    case .guardedPick(let target, let table):
      answer = guardedPick(target, table: table, by: id, at: now)
    }
    let closing = command == .quit || closeAfterReply
    switch answer {
    case .success(let kind): reply(id, Reply(id: requestID, kind), prompting: !closing)
    case .failure(let error): reply(id, Reply(id: requestID, .error(error)), prompting: !closing)
    }
    if command == .quit {
      actions.append(.hangUp(id))
    } else if closing {
      actions.append(.close(id))
    }
    closeAfterReply = false
  }

  private mutating func takeName(_ name: String, secret: String?, for id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    guard clients[id]?.name == nil else { return .failure(ProtocolError(.alreadyNamed)) }
    let taken =
      clients.values.contains { $0.name.map { PlayerName.same($0, name) } ?? false }
      || holders.values.contains { $0.map { PlayerName.same($0.name, name) } ?? false }
    guard !taken else { return .failure(ProtocolError(.nameTaken)) }
    let fingerprint = secret.map { NameClaim.fingerprint(name: name, secret: $0) }
    let owner = history.owner(of: name)
    if let fingerprint, let owner, owner != fingerprint {
      // Counted with wrong tokens: a connection guessing secrets is closed as one guessing tokens is.
      clients[id]?.badTokens += 1
      log(.warning, "\(id): wrong secret for \(name)")
      closeAfterReply = clients[id]?.badTokens ?? 0 >= Self.maxBadTokens
      return .failure(ProtocolError(.wrongSecret))
    }
    if holders.values.contains(where: { $0 == nil }), !seatingLimit.allow(clients[id]?.address ?? "", at: now) {
      return .failure(seatingLimited)
    }
    clients[id]?.name = name
    clients[id]?.fingerprint = fingerprint
    actions.append(.identified(id))
    sendRules(to: id)
    tellRecordLost(to: id)
    guard let seat = Seat.allCases.first(where: { holders[$0] == nil }) else {
      log(.info, "\(name) watches (\(id))")
      sendState(to: id)
      if clients[id]?.presentation == .human { say(id, "Both seats are taken: you are watching.") }
      return .success(.ok(.name(seat: nil, token: nil)))
    }
    let token = takeSeat(seat, for: id, as: name, fingerprint: fingerprint, owner: owner, at: now)
    return .success(.ok(.name(seat: seat, token: token)))
  }

  /// `SIT`: a spectator takes a free seat under the name it watches with, on the same connection. A
  /// name's owner is seated as its owner only if it proved the secret with its `NAME`.
  private mutating func sit(_ id: ConnectionID, at now: Instant) -> Result<Reply.Kind, ProtocolError> {
    guard let client = clients[id], let name = client.name else { return .failure(ProtocolError(.notNamed)) }
    if let seat = client.seat {
      return .failure(ProtocolError(.seatTaken, "you already play in seat \(seat.rawValue)"))
    }
    guard let seat = Seat.allCases.first(where: { holders[$0] == nil }) else {
      return .failure(ProtocolError(.seatTaken, "both seats are taken; SIT once one is free"))
    }
    guard seatingLimit.allow(client.address, at: now) else { return .failure(seatingLimited) }
    let owner = history.owner(of: name)
    // A fingerprint no longer the owner's (the name was claimed meanwhile) makes the player a guest.
    let fingerprint = client.fingerprint.flatMap { owner == nil || owner == $0 ? $0 : nil }
    let token = takeSeat(seat, for: id, as: name, fingerprint: fingerprint, owner: owner, at: now)
    return .success(.ok(.sit(seat: seat, token: token)))
  }

  /// The refusal of a seat to an address that took too many.
  private var seatingLimited: ProtocolError {
    ProtocolError(.rateLimited, "seats taken too often from your address: at most \(seatingLimit.perMinute) a minute")
  }

  /// Seats the named connection `id` in the free `seat`, tells everyone, and returns its resume token.
  private mutating func takeSeat(
    _ seat: Seat, for id: ConnectionID, as name: String, fingerprint: String?, owner: String?, at now: Instant
  ) -> String {
    let token = makeToken()
    holders[seat] = Holder(name: name, token: token, client: id)
    if case .over = match.phase { newcomers.insert(seat) }
    seatNames[seat] = name
    clients[id]?.seat = seat
    log(.info, "\(name) takes seat \(seat.rawValue) (\(id))")
    let events = (try? apply(.join, by: seat, at: now)) ?? []
    broadcast(wire: [.joined(seat, name: name)] + events.compactMap { ServerEvent($0, now: now) })
    if botNames.contains(PlayerName.key(name)) { record(RecordLine.bot(seat).line) }
    if let fingerprint { record(RecordLine.owner(seat, fingerprint: fingerprint).line) }
    let started = events.contains { if case .gameStarted = $0 { true } else { false } }
    if match.game > 0, !started { sendState(to: id, statusIfChanged: true) }
    if clients[id]?.presentation == .human {
      say(id, "If your connection drops, reconnect and type:")
      say(id, "  RESUME \(token)")
    }
    tellRating(name, owned: fingerprint != nil, byOther: fingerprint == nil && owner != nil, to: id)
    return token
  }

  /// Tells a player just seated whether their games change the name's rating: as its owner (a secret
  /// was given), as a guest on a name someone else owns (they do not), or as a guest on a name no one
  /// owns (they do, as before names had owners; told in words only, as nothing changed for machines).
  private mutating func tellRating(_ name: String, owned: Bool, byOther: Bool, to id: ConnectionID) {
    let human = clients[id]?.presentation == .human
    let text: String
    if owned {
      text = "rated: \(name) is yours; only games with its secret change its rating"
    } else if byOther {
      text = "guest: \(name) belongs to someone else; your games here are not rated"
    } else if human {
      text = "guest: anyone may play as \(name); NAME \(name) <secret> makes it yours"
    } else {
      return
    }
    if human {
      say(id, text.prefix(1).uppercased() + text.dropFirst() + ".")
    } else {
      send(id, ServerLine.notice(topic: "rating", text: text).line)
    }
  }

  private mutating func resume(_ token: String, for id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    // A named connection, seated or watching, is someone already: RESUME is for a new connection.
    guard clients[id]?.name == nil else { return .failure(ProtocolError(.alreadyNamed)) }
    guard let seat = Seat.allCases.first(where: { holders[$0]?.token == token }),
      let holder = holders[seat]
    else {
      clients[id]?.badTokens += 1
      log(.warning, "\(id): wrong resume token")
      closeAfterReply = clients[id]?.badTokens ?? 0 >= Self.maxBadTokens
      return .failure(ProtocolError(.badToken))
    }
    if let old = holder.client, old != id {
      // The same person on a new connection: the old one is stale (a dropped link not yet noticed), or
      // a second client of theirs with the same token; told why, so that it does not take it back.
      clients[old]?.seat = nil
      send(old, Reply(id: nil, .error(ProtocolError(.resumedElsewhere))).line)
      actions.append(.close(old))
    }
    holders[seat]?.client = id
    clients[id]?.name = holder.name
    clients[id]?.seat = seat
    actions.append(.identified(id))
    sendRules(to: id)
    tellRecordLost(to: id)
    log(.info, "\(holder.name) resumes seat \(seat.rawValue) (\(id))")
    if let events = try? apply(.join, by: seat, at: now) { broadcast(events, at: now) }
    sendState(to: id, statusIfChanged: true)
    return .success(.ok(.resume(seat: seat, name: holder.name)))
  }

  private mutating func inform(_ command: ClientCommand, for id: ConnectionID) -> Result<Reply.Kind, ProtocolError> {
    guard let client = clients[id], let name = client.name else { return .failure(ProtocolError(.notNamed)) }
    let human = client.presentation == .human
    switch command {
    case .table:
      if human {
        sendState(to: id)
      } else {
        send(id, ServerLine.table(seq: seq, deck: match.deck.count, cards: match.table.cards, chain: match.chain).line)
      }
      return .success(.ok(.table))
    case .state:
      sendState(to: id)
      if human { say(id, HumanText.scores(scores, names: holders.map { $0?.name }, viewer: client.seat)) }
      return .success(.ok(.state(StateSummary(match, seq: seq, now: lastNow))))
    case .scores:
      if human { say(id, HumanText.scores(scores, names: holders.map { $0?.name }, viewer: client.seat)) }
      return .success(.ok(.scores(scores.one, scores.two)))
    case .history:
      for (result, (names, finds)) in zip(match.results, zip(resultNames, resultFinds)) {
        if human {
          say(id, HumanText.outcome(result, names: names, viewer: nil))
          if let times = HumanText.findTimes(finds, names: names) { say(id, times) }
        } else {
          send(id, ServerLine.result(result, names: names).line)
          for find in finds {
            send(id, ServerLine.found(game: result.game, seat: find.seat, findMs: find.findMs).line)
          }
        }
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
    if case .pick(let slots) = command, let wrong = wrongArity(slots.count) { return .failure(wrong) }
    guard let client = clients[id], client.name != nil else { return .failure(ProtocolError(.notNamed)) }
    guard let seat = client.seat else { return .failure(ProtocolError(.notSeated)) }
    let matchCommand: MatchCommand
    let done: OKReply
    switch command {
    case .claim: (matchCommand, done) = (.claim, .claim)
    case .pick(let slots): (matchCommand, done) = (.pick(slots), .pick)
    case .unpick(let slot): (matchCommand, done) = (.unpick(slot), .unpick)
    case .deal: (matchCommand, done) = (.deal, .deal)
    case .rematchSame: (matchCommand, done) = (.rematchSameDeck, .rematch)
    default: (matchCommand, done) = (.rematch, .new)
    }
    do {
      let game = match.game
      broadcast(try apply(matchCommand, by: seat, at: now), at: now)
      // A game dealt from the same deck as an earlier one is played with the seats swapped, and the
      // record marks the pair to compare.
      if match.game > game, let earlier = match.sameDeckAs {
        swapSeats()
        record(RecordLine.sameDeck(game: match.game, earlier: earlier).line)
      }
      freeEmptySeats()
      return .success(.ok(done))
    } catch {
      return .failure(ProtocolError(error, phase: match.phase, names: seatNames))
    }
  }

  /// The usage error for a pick naming more cards than the variant's group holds (a request may name up
  /// to four, for UltraSets), or nil.
  private func wrongArity(_ count: Int) -> ProtocolError? {
    let size = match.rules.variant.groupSize
    guard count > size else { return nil }
    let usage = size == 3 ? Help.usage(of: "PICK") ?? "PICK" : "PICK <slot> [<slot> <slot> <slot>]"
    return ProtocolError(.badArgument, "usage: " + usage + (size == 3 ? "" : " (an UltraSet is four cards)"))
  }

  /// A pick that cannot go stale: refused, costing nothing, when the table changed after event `table`
  /// or a card it names is no longer on the table; otherwise the pick of those slots.
  private mutating func guardedPick(_ target: PickTarget, table: Int?, by id: ConnectionID, at now: Instant) -> Result<
    Reply.Kind, ProtocolError
  > {
    let count =
      switch target {
      case .slots(let slots): slots.count
      case .cards(let cards): cards.count
      }
    if let wrong = wrongArity(count) { return .failure(wrong) }
    guard let client = clients[id], client.name != nil else { return .failure(ProtocolError(.notNamed)) }
    guard client.seat != nil else { return .failure(ProtocolError(.notSeated)) }
    if let table, table < tableSeq { return .failure(ProtocolError(.stale)) }
    switch target {
    case .slots(let slots):
      return play(.pick(slots), by: id, at: now)
    case .cards(let cards):
      var slots: [Slot] = []
      for card in cards {
        if let link = match.chain.firstIndex(of: card) {
          slots.append(Slot.chain[link])
          continue
        }
        guard let index = match.table.cards.firstIndex(of: card) else {
          return .failure(ProtocolError(.stale, "\(card) is not on the table; nothing was done"))
        }
        slots.append(Slot(index))
      }
      return play(.pick(slots), by: id, at: now)
    }
  }

  /// Applies a command to the match and records it, returning the events the command caused. What the
  /// match made due first (a window that ran out before the timer fired) goes out on its own, as a
  /// firing timer's would, whether or not the command is carried out.
  private mutating func apply(_ command: MatchCommand, by seat: Seat, at now: Instant) throws(MatchError)
    -> ArraySlice<MatchEvent>
  {
    // What a passed deadline made due happens first, on its own and told with the status it left,
    // so the match has nothing due left to handle with the command.
    if let deadline = match.deadline, deadline <= now {
      passTime(match.advance(to: now).events, at: now, leaving: match)
    }
    do throws(MatchRefusal) {
      let outcome = try match.apply(command, by: seat, at: now)
      record(RecordLine.command(command, seat: seat, at: now).line)
      return outcome.caused
    } catch {
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
      for seat in Seat.allCases where holders[seat] != nil && holders[seat]?.client == nil {
        log(.info, "seat \(seat.rawValue) (\(holders[seat]!.name)) is free")
        holders[seat] = nil
        tellSpectators(HumanText.seatFree(seat))
        tellMachineSpectators(HumanText.seatFreeNotice(seat))
      }
    case .open, .window, .paused:
      break
    }
  }

  /// Tells the spectators who read words, who would otherwise go on reading that both seats are taken.
  private mutating func tellSpectators(_ text: String) {
    for (id, client) in clients.sorted(by: { $0.key < $1.key })
    where client.name != nil && client.seat == nil && client.presentation == .human {
      say(id, text)
    }
  }

  /// Tells the spectators who read the machine presentation, with a `NOTICE` line.
  private mutating func tellMachineSpectators(_ line: ServerLine) {
    for (id, client) in clients.sorted(by: { $0.key < $1.key })
    where client.name != nil && client.seat == nil && client.presentation == .machine {
      send(id, line.line)
    }
  }

  // MARK: - Output

  /// The scores as players see them: a newcomer to a seat after a game ended has 0, not the score
  /// the seat's last player left.
  var scores: PerSeat<Int> {
    PerSeat { newcomers.contains($0) ? 0 : match.scores[$0] }
  }

  /// Broadcasts rules events to every named connection, in their own presentation.
  private mutating func broadcast(_ events: some Collection<MatchEvent>, at now: Instant) {
    broadcast(wire: events.compactMap { ServerEvent($0, now: now) })
  }

  /// Tells everyone who sits in each seat now, as after the seats were swapped.
  mutating func broadcastJoined(_ seats: [(Seat, String)]) {
    broadcast(wire: seats.map { .joined($0.0, name: $0.1) })
  }

  /// Broadcasts events to every named connection; in words, they end with the status of `state` (by
  /// default, the match as it stands).
  private mutating func broadcast(wire events: [ServerEvent], statusOf state: Match? = nil) {
    guard !events.isEmpty else { return }
    for event in events {
      switch event {
      case .started:
        newcomers = []
        gameFinds = []
      case .setFound(let seat, _, _, let findMs?): gameFinds.append((seat, findMs))
      case .over:
        resultNames.append(seatNames)
        resultFinds.append(gameFinds)
      default: break
      }
    }
    let first = seq + 1
    seq += events.count
    // Encoded once, the same line goes to every machine client.
    let lines = events.enumerated().map { EventCodec.encode($0.element, seq: first + $0.offset) }
    for (offset, event) in events.enumerated() {
      switch event {
      case .started, .diff: tableSeq = first + offset
      default: break
      }
    }
    for (offset, line) in lines.enumerated() {
      record(RecordLine.event(seq: first + offset, line: line).line)
      log(.info, line)
    }
    // The human presentation of the same events, made once for each seat that reads it (and once
    // for spectators): in the second person for the player it concerns.
    var words: [Int: [String]] = [:]
    let state = state ?? match
    // The seated players first, then the spectators, whatever order they connected in: with a thousand
    // watching, a player who resumed late still reads every event as soon as the other player does.
    // The seats' holders are found without looking through the spectators; every other connection
    // follows in the order it connected.
    let seated = Seat.allCases.compactMap { seat in
      holders[seat]?.client.flatMap { clients[$0]?.seat == seat ? $0 : nil }
    }
    for id in seated + clientOrder.filter({ !seated.contains($0) }) {
      guard let client = clients[id], client.name != nil else { continue }
      switch client.presentation {
      case .machine:
        for line in lines { send(id, line) }
      case .human:
        let key = client.seat?.rawValue ?? 0
        if words[key] == nil { words[key] = humanLines(for: events, state: state, viewer: client.seat) }
        for line in words[key] ?? [] { send(id, line) }
        sendStatus(to: id, of: state, ifChanged: true)
      }
    }
    if !pendingRated.isEmpty {
      let rated = pendingRated
      pendingRated = []
      broadcast(wire: rated)
    }
  }

  /// Events in words, then the table drawn again if it changed: whole and in words, with the card
  /// codes' legend, when a game starts; in codes, the changed slots marked, when cards come or go.
  private func humanLines(for events: [ServerEvent], state: Match, viewer: Seat?) -> [String] {
    // Sentences are wrapped to fit; the table's rows are drawn to fit already, and stay whole.
    var lines = HumanText.sentences(
      for: events, names: seatNames, viewer: viewer, groupSize: state.rules.variant.groupSize
    ).flatMap { HumanTable.wrap($0) }
    var changed: [Slot] = []
    var started = false
    for event in events {
      switch event {
      case .started: started = true
      case .diff(_, let change): changed += change.filled.map(\.slot) + change.moved.map(\.to)
      default: break
      }
    }
    if started {
      lines += HumanTable.full(state.table.cards) + HumanTable.legend
      if let rule = HumanText.variantRule(state.rules) { lines.append(rule) }
    } else if !changed.isEmpty || events.contains(where: { if case .diff = $0 { true } else { false } }) {
      lines += HumanTable.compact(state.table.cards, changed: changed)
    }
    if !state.chain.isEmpty, events.contains(where: { if case .chain = $0 { true } else { false } }) {
      lines.append(HumanTable.chain(state.chain))
    }
    return lines
  }

  /// The human status line of `state` (by default the match as it stands), or, `ifChanged`, only if
  /// what can be done differs from what this connection was last told.
  private mutating func sendStatus(to id: ConnectionID, of state: Match? = nil, ifChanged: Bool = false) {
    guard let client = clients[id] else { return }
    let state = state ?? match
    let size = state.rules.variant.groupSize
    let doing =
      state.game > 0
      ? HumanText.doing(state.phase, names: seatNames, viewer: client.seat, groupSize: size) : "waiting"
    let seated = holders.map { $0?.name }
    if ifChanged, doing == client.lastDoing, state.game > 0 || seated == client.lastSeated { return }
    clients[id]?.lastDoing = doing
    clients[id]?.lastSeated = seated
    let lines = HumanText.status(
      game: state.game, phase: state.phase, names: seatNames, seated: seated,
      scores: state.game == match.game ? scores : state.scores, deck: state.deck.count, viewer: client.seat,
      groupSize: size)
    for line in lines { send(id, line) }
  }

  /// The whole state for one connection: the table and both seats (and, in words, the status, or,
  /// `statusIfChanged`, the status only if the broadcast just before did not already tell it).
  private mutating func sendState(to id: ConnectionID, statusIfChanged: Bool = false) {
    guard let client = clients[id] else { return }
    if client.presentation == .human {
      if match.game > 0 {
        for line in HumanTable.full(match.table.cards, picked: match.selection) { send(id, line) }
        if !match.chain.isEmpty { send(id, HumanTable.chain(match.chain, picked: match.selection)) }
      }
      sendStatus(to: id, ifChanged: statusIfChanged)
      return
    }
    send(id, ServerLine.table(seq: seq, deck: match.deck.count, cards: match.table.cards, chain: match.chain).line)
    for seat in Seat.allCases {
      let holder = holders[seat]
      send(
        id,
        ServerLine.player(seat, name: holder?.name, score: scores[seat], present: holder?.client != nil)
          .line)
    }
  }

  /// The rules in force, for a connection that just took its name or, named, just turned to the
  /// machine presentation (which alone has the line).
  private mutating func sendRules(to id: ConnectionID) {
    if clients[id]?.presentation == .machine { send(id, ServerLine.rules(match.rules).line) }
  }

  private mutating func reply(_ id: ConnectionID, _ reply: Reply, prompting: Bool = true) {
    send(id, reply.line)
    if prompting, clients[id]?.presentation == .human { prompt(id) }
  }

  /// Sends a line of words to a connection in the human presentation, wrapped to fit the terminal.
  mutating func say(_ id: ConnectionID, _ text: String) {
    for line in HumanTable.wrap(text) { send(id, line) }
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
