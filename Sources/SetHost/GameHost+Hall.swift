import SetCore
import SetProtocol
import SetTransport

// A connection moving from one table of a hall to another: what it takes with it, how it leaves, how
// it arrives, and what the hall asks of a table.
extension GameHost {
  /// What a connection takes to the next table: its name, secret, presentation and address.
  struct Traveller {
    var client: Client
    /// The resume token of the seat it leaves held behind it (a game was running), or nil.
    var heldToken: String?
  }

  /// The connection leaves for another table, as a dropped connection leaves: a seat it holds while a
  /// game runs stays held for it (the game pauses), a seat outside a game is freed. Returns what it
  /// takes along, and the actions its leaving causes here; nil if the connection is not here.
  mutating func depart(_ id: ConnectionID, at now: Instant) -> (Traveller, [HostAction])? {
    lastNow = max(lastNow, now)
    guard let client = clients[id] else { return nil }
    let token = seating.seat(of: id).flatMap { seating.holders[$0]?.token }
    if let name = client.name { log(.info, "\(name) leaves the table (\(id))") }
    leave(id, at: now)
    let held = token.flatMap { seating.seat(ofToken: $0) != nil ? $0 : nil }
    return (Traveller(client: client, heldToken: held), flush())
  }

  /// A connection arrives from another table: unnamed, it is only here; named, it takes back the seat
  /// `resuming`'s token holds here, or sits in a free seat, or else watches, and is shown the table as
  /// `NAME` shows it. Returns the seat it took with its token (nil for none) and the actions. `limited`:
  /// the seating counts against the address's limit (not when the hall seats a tournament's pairing).
  mutating func arrive(
    _ id: ConnectionID, _ traveller: Traveller, resuming token: String?, limited: Bool = true, at now: Instant
  ) -> (seat: Seat?, token: String?, actions: [HostAction]) {
    lastNow = max(lastNow, now)
    if clients.updateValue(traveller.client, forKey: id) == nil {
      clientOrder.append(id)
      if clientOrder.count > 1 && clientOrder[clientOrder.count - 2] > id { clientOrder.sort() }
    }
    guard let name = traveller.client.name else { return (nil, nil, flush()) }
    log(.info, "\(name) comes to the table (\(id))")
    if let token, let seat = seating.seat(ofToken: token), let holder = seating.holders[seat],
      PlayerName.same(holder.name, name)
    {
      resumeSeat(seat, name: holder.name, token: token, for: id, at: now)
      return (seat, token, flush())
    }
    tell(id, .rules(asked: false))
    tellRecordLost(to: id)
    if let seat = freeSeat(for: name), !limited || players.allowSeat(traveller.client.address, at: now) {
      let token = takeSeat(seat, for: id, as: name, proven: traveller.client.fingerprint, at: now)
      return (seat, token, flush())
    }
    tellState(to: id)
    tell(id, .watching)
    return (nil, nil, flush())
  }

  /// Seats `id`, watching here, in the seat its tournament pairing gives it (`freeSeat(for:)`), with no
  /// limit on its address's seatings; returns the seat and its resume token (nil if it is not named, is
  /// seated, or has no free seat here).
  mutating func seatPaired(_ id: ConnectionID, at now: Instant) -> (
    seat: Seat?, token: String?, actions: [HostAction]
  ) {
    lastNow = max(lastNow, now)
    guard let client = clients[id], let name = client.name, seating.seat(of: id) == nil, let seat = freeSeat(for: name)
    else { return (nil, nil, flush()) }
    let token = takeSeat(seat, for: id, as: name, proven: client.fingerprint, at: now)
    return (seat, token, flush())
  }

  /// Notes in the record that the table's next game is game `game` of the hall's tournament, of
  /// `round` (nil in an arena), whose own record is the file `record` (nil for none).
  /// `seats` are the pairing's players: until the game ends, nobody else sits here.
  mutating func noteTournamentGame(
    _ game: Int, round: Int?, record file: String?, seats: PerSeat<String>? = nil
  ) -> [HostAction] {
    record(.tournament(game: game, round: round, record: file))
    tournamentGame = TournamentGame(
      game: game, round: round, record: file, finished: match.results.count, seats: seats)
    return flush()
  }

  /// The seat `name` may take here now: the first free one, but at a table whose tournament game has
  /// not ended, only the seat its pairing gives that name (someone else watches, and a player paired
  /// here, back before the hall moves them, finds their seat free).
  func freeSeat(for name: String) -> Seat? {
    guard let marked = tournamentGame, let reserved = marked.seats, match.results.count == marked.finished else {
      return seating.firstFree
    }
    return Seat.allCases.first { seating.holders[$0] == nil && PlayerName.same(reserved[$0], name) }
  }

  /// Whether a seat here is held with `token`, or was freed outside a game and may be taken back with it.
  func holds(token: String) -> Bool {
    seating.seat(ofToken: token) != nil || lapsedName(ofToken: token) != nil
  }

  /// The name of the player whose seat, freed outside a game, `token` may still take back; nil for none.
  func lapsedName(ofToken token: String) -> String? {
    seating.lapsedSeat(ofToken: token, at: lastNow, grace: match.rules.resumeGrace).flatMap {
      seating.lapsed[$0]?.holder.name
    }
  }

  /// The seat connection `id` sits in here, with its resume token; nil for none.
  func seatAndToken(of id: ConnectionID) -> (seat: Seat, token: String)? {
    guard clients[id] != nil, let seat = seating.seat(of: id), let holder = seating.holders[seat] else { return nil }
    return (seat, holder.token)
  }

  /// The connection's name, if it has one here.
  func name(of id: ConnectionID) -> String? {
    clients[id]?.name
  }

  /// Whether connection `id` proved its name with the name's secret.
  func proven(_ id: ConnectionID) -> Bool {
    clients[id]?.fingerprint != nil
  }

  /// The address connection `id` came from, as the seating limit counts it.
  func address(of id: ConnectionID) -> String? {
    clients[id]?.address
  }

  /// How connection `id` reads: words or the machine grammar.
  func presentation(of id: ConnectionID) -> Presentation {
    clients[id]?.presentation ?? .human
  }

  /// Whether nobody is here and no seat is held: a table a hall may close.
  var isDeserted: Bool {
    clients.isEmpty && seating.firstFree == .one && seating.holders.two == nil
  }

  /// The table as a hall lists it, under `id` and `name`, with the computer player's `bot` level.
  func listing(id: Int, name: String, bot: BotLevel?) -> HallListing {
    let summary = summary
    let state: HallListing.State =
      switch summary.stage {
      case .waiting: .waiting
      case .over: .over
      case .playing: if case .paused = match.phase { .paused } else { .playing }
      }
    return HallListing(
      id: id, name: name, variant: match.rules.variant, firstTo: match.rules.firstTo, scoring: match.rules.scoring,
      seats: summary.seats, scores: scores, state: state, watching: summary.spectators, bot: bot)
  }
}

// The table as a connection at another table sees it with `PEEK`.
extension GameHost {
  /// The table's last event, the cards left in the deck, the cards and the chain: what its `TABLE` line
  /// says, for `OK PEEK`. No cards before the first game is dealt.
  var peek: (seq: Int, deck: Int, cards: [Card], chain: [Card]) {
    match.game > 0 ? (seq, match.deck.count, match.table.cards, match.chain) : (seq, match.deck.count, [], [])
  }
}
