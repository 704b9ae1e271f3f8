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
    // With fewer than two of its players present (after a restart, or a room's Wi-Fi gone) the round
    // waits for them to come back, rather than ending the tournament for want of a pair.
    if activeEntrants.count >= 2 && activeEntrants.filter(isConnected).count < 2 { return }
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
