import SetCore
import SetProtocol
import SetTournament
import SetTransport

// A tournament's pairings carried out on the hall's tables: a free tournament table, or a new one, and
// both players moved there in the pairing's seat order.
extension Hall {
  /// Seats `pairing` at a table; returns the names seated there (a player not connected is not).
  mutating func seatPairing(_ pairing: TournamentPairing, at now: Instant) -> [String] {
    guard let table = freeTournamentTable(at: now) else {
      actions.append(.host(.log(.error, "no table is free for tournament game \(pairing.game)")))
      return []
    }
    let finished = tables[table]?.host.match.results.count ?? 0
    tourney?.playing[table] = (pairing.game, pairing.seats, finished)
    let record = tourney?.record
    run(table, at: now) {
      $0.noteTournamentGame(pairing.game, round: pairing.round, record: record, seats: pairing.seats)
    }
    var seated: [String] = []
    for seat in [Seat.one, .two] {
      let name = pairing.seats[seat]
      guard let id = connection(named: name), let from = location[id] else { continue }
      let (taken, token) = move(id, from: from, to: table, opened: false, at: now, paired: true)
      if taken == seat { seated.append(name) }
      tell(id, .moved(table: table, seat: taken, token: token))
    }
    return seated
  }

  /// A tournament table nobody is at and where no game has ended yet (a new game begins there as two
  /// sit down), or a new one; nil at the limit of tables. A used table closes once idle.
  mutating func freeTournamentTable(at now: Instant) -> Int? {
    guard let held = tourney else { return nil }
    if let free = held.tables.sorted().first(where: {
      held.playing[$0] == nil && tables[$0]?.host.isDeserted == true && tables[$0]?.host.match.results.isEmpty == true
    }) {
      return free
    }
    guard order.count < limits.maxTables else { return nil }
    let number = nextID
    let info = HallTableInfo(id: number, name: TableName.standard(for: number), rules: rules, seed: nextSeed())
    _ = add(info)
    tables[number]?.desertedSince = now
    actions.append(.opened(info))
    tourney?.tables.insert(number)
    return number
  }

  /// The connection named `name` (as names compare), or nil.
  func connection(named name: String) -> ConnectionID? {
    let key = PlayerName.key(name)
    return location.keys.sorted().first { id in
      tables[location[id] ?? 0]?.host.name(of: id).map(PlayerName.key) == key
    }
  }

  /// The entrants' connections, each told what happened: `TOURNEY` lines, or sentences in words.
  mutating func tellEntrants(_ events: [TournamentEvent]) {
    guard let held = tourney else { return }
    let told = events.flatMap(TourneyLine.lines(for:))
    guard !told.isEmpty else { return }
    for id in location.keys.sorted() {
      guard let name = tables[location[id] ?? 0]?.host.name(of: id),
        held.tournament.isEntered(name) || told.contains(where: { $0.names(name) })
      else { continue }
      tell(id, .tourney(told))
    }
  }
}
