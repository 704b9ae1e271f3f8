import SetBase

extension Tournament {
  /// Enters `name`, or enters them again after a withdrawal (keeping their lot, with no bye).
  mutating func enter(_ name: String, rating: Int, at now: Instant, events: inout [TournamentEvent])
    throws(TournamentError)
  {
    guard state != .finished else { throw .finished }
    guard !isEntered(name) else { throw .alreadyEntered(name) }
    guard !closing else { throw .entryClosed }
    guard entrantCount < Self.maximumPlayers else { throw .full }
    if isArena {
      if let at = arena.index(of: name) {
        arena.players[at].status = .waiting
        arena.players[at].since = now
      } else {
        arena.players.append(ArenaPlayer(name: name, rating: rating, lot: lots.next(), since: now))
      }
      events.append(.entered(name, lateBye: false))
    } else if let at = swiss.entrants.firstIndex(where: { $0.name == name }) {
      swiss.entrants[at].active = true
      events.append(.entered(name, lateBye: false))
    } else {
      let started = swiss.rounds.count
      guard state == .entering || SwissRules.lateEntryOpen(roundsStarted: started, rounds: rounds ?? 0) else {
        throw .entryClosed
      }
      let late = started > 0
      swiss.entrants.append(
        SwissEntrant(name: name, rating: rating, lot: lots.next(), firstRound: started + 1, lateBye: late))
      events.append(.entered(name, lateBye: late))
    }
    connected[name] = true
    forfeitsInARow[name] = 0
    if state == .entering, let least = settings.minPlayers, entrantCount >= least, entrantCount >= 2 {
      begin(at: now, events: &events)
    }
  }

  /// Withdraws `name`; a game they have not finished is lost by forfeit.
  mutating func withdraw(_ name: String, cause: WithdrawalCause, at now: Instant, events: inout [TournamentEvent])
    throws(TournamentError)
  {
    guard isEntered(name) else { throw .notEntered(name) }
    if isArena {
      arena.players[arena.index(of: name)!].status = .withdrawn
    } else {
      swiss.entrants[swiss.entrants.firstIndex { $0.name == name }!].active = false
    }
    events.append(.withdrew(name, cause))
    if cause == .asked, let number = live.keys.sorted().first(where: { live[$0]!.pairing.seats.values.contains(name) })
    {
      let forfeit: GameResult = live[number]!.pairing.seats.one == name ? .forfeit1 : .forfeit2
      finishGame(number, forfeit, at: now, events: &events)
    }
  }

  /// Ends game `number` with `result`: the book scores it, two forfeits in a row withdraw a player.
  mutating func finishGame(_ number: Int, _ result: GameResult, at now: Instant, events: inout [TournamentEvent]) {
    guard let game = live.removeValue(forKey: number) else { return }
    let seats = game.pairing.seats
    let points: PerSeat<Int>
    if isArena {
      points = arena.finish(seats: seats, result: result, at: now)
      for seat in Seat.allCases {
        guard let at = arena.index(of: seats[seat]), arena.players[at].status == .playing else { continue }
        arena.players[at].status = .waiting
        arena.players[at].since = now
      }
    } else {
      let round = swiss.rounds.indices.last { swiss.rounds[$0].number == game.pairing.round }!
      let table = swiss.rounds[round].games.firstIndex { $0.table == game.pairing.table }!
      swiss.rounds[round].games[table].result = result
      points = PerSeat { result.halves(for: $0) }
    }
    events.append(.result(game: number, seats: seats, result, points: points))
    for seat in Seat.allCases where countForfeit(seats[seat], forfeited: result.forfeited(by: seat)) {
      if isEntered(seats[seat]) { try? withdraw(seats[seat], cause: .twoForfeits, at: now, events: &events) }
      forfeitsInARow[seats[seat]] = 0
    }
  }
}
