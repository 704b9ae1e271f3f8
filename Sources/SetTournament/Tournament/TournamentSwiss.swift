import SetBase

extension Tournament {
  /// Pairs the next round once the last has ended, and hands out a paired round when its break ends.
  mutating func settleSwiss(at now: Instant, events: inout [TournamentEvent]) {
    if let ends = breakEnds {
      guard now >= ends else { return }
      breakEnds = nil
      for number in live.keys.sorted() where live[number]!.noShowAt == nil {
        handOut(number, at: now, events: &events)
      }
    }
    guard live.isEmpty, let rounds else { return }
    if swiss.rounds.count >= rounds {
      close(events: &events)
      return
    }
    pairSwissRound(at: now, events: &events)
    breakEnds = now.adding(milliseconds: settings.breakMilliseconds)
  }

  /// Pairs the next round of the players present, or ends the tournament if no pairing keeps the rules.
  mutating func pairSwissRound(at now: Instant, events: inout [TournamentEvent]) {
    let number = swiss.rounds.count + 1
    let present = activeEntrants.filter(isConnected)
    guard let round = SwissPairer.pair(book: swiss, present: present, number: number) else {
      close(events: &events)
      return
    }
    swiss.rounds.append(round)
    events.append(.roundPaired(round))
    if let bye = round.bye { events.append(.bye(bye, round: number)) }
    for game in round.games {
      _ = newGame(round: number, table: game.table, seats: game.seats)
    }
  }
}
