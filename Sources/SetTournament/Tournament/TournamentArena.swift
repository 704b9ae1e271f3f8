import SetBase

extension Tournament {
  mutating func pause(_ name: String, events: inout [TournamentEvent]) throws(TournamentError) {
    guard isArena else { throw .notArena }
    guard let at = arena.index(of: name), arena.players[at].status != .withdrawn else { throw .notEntered(name) }
    switch arena.players[at].status {
    case .playing: throw .playing(name)
    case .paused: throw .alreadyPaused(name)
    default: break
    }
    arena.players[at].status = .paused
    events.append(.paused(name))
  }

  mutating func back(_ name: String, at now: Instant, events: inout [TournamentEvent]) throws(TournamentError) {
    guard isArena else { throw .notArena }
    guard let at = arena.index(of: name), arena.players[at].status != .withdrawn else { throw .notEntered(name) }
    guard arena.players[at].status == .paused else { throw .notPaused(name) }
    arena.players[at].status = .waiting
    arena.players[at].since = now
    arena.players[at].notBefore = now.adding(milliseconds: settings.backWaitMilliseconds)
    events.append(.back(name))
  }

  /// Waiting, connected, unpaused players past any wait after a pause, in order of entry.
  func arenaEligible(at now: Instant) -> [Int] {
    arena.players.indices.filter { index in
      let player = arena.players[index]
      return player.status == .waiting && isConnected(player.name) && (player.notBefore.map { now >= $0 } ?? true)
    }
  }

  /// The instants at which waiting players become eligible or have waited long enough.
  var arenaWakeUps: [Instant] {
    arena.players.filter { $0.status == .waiting && isConnected($0.name) }.flatMap { player in
      [player.notBefore, player.since.adding(milliseconds: settings.arenaWaitMilliseconds)].compactMap { $0 }
    }
  }

  /// Pairs the waiting players when two or more wait and either none has been paired yet or two of them
  /// have waited the arena's wait.
  mutating func pairArena(at now: Instant, events: inout [TournamentEvent]) {
    let eligible = arenaEligible(at: now)
    guard eligible.count >= 2 else { return }
    let waitedLong = eligible.filter {
      now >= arena.players[$0].since.adding(milliseconds: settings.arenaWaitMilliseconds)
    }
    guard !arenaPairedOnce || waitedLong.count >= 2 else { return }
    let order = arena.order()
    var rank = Array(repeating: 0, count: arena.players.count)
    for (place, index) in order.enumerated() { rank[index] = place + 1 }
    let candidates = eligible.map { index in
      let player = arena.players[index]
      return ArenaCandidate(
        name: player.name, rating: player.rating, rank: rank[index], since: player.since,
        lastOpponent: player.lastOpponent)
    }
    let pairs = ArenaPairer.pair(candidates, players: arena.players.count)
    guard !pairs.isEmpty else { return }
    arenaPairedOnce = true
    for (table, pair) in pairs.enumerated() {
      let (a, b) = (arena.index(of: pair.0.name)!, arena.index(of: pair.1.name)!)
      // Seat 1 to whoever had it less often, else the better-ranked.
      let aFirst = arena.players[a].seatOne <= arena.players[b].seatOne
      let seats: PerSeat<String> = aFirst ? [pair.0.name, pair.1.name] : [pair.1.name, pair.0.name]
      arena.players[aFirst ? a : b].seatOne += 1
      arena.players[a].status = .playing
      arena.players[b].status = .playing
      let number = newGame(round: nil, table: table + 1, seats: seats)
      handOut(number, at: now, events: &events)
    }
  }
}
