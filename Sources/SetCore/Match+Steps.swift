// The steps the commands share: starting a game, opening windows, scoring, finishing.
extension Match {
  mutating func startGame(sameDeck: Bool = false) -> MatchEvent {
    sameDeckAs = sameDeck && game > 0 ? game : nil
    if sameDeckAs != nil { generator = lastDeal }
    lastDeal = generator
    game += 1
    deck =
      rules.variant == .normal
      ? Deck.shuffled(using: &generator) : Deck.shuffled(rules.variant.cards, using: &generator)
    table = Table(cards: deck.deal(rules.tableSize))
    scores = PerSeat.repeating(0)
    taken = PerSeat.repeating([])
    groups = PerSeat.repeating(0)
    chain = []
    selection.removeAll(keepingCapacity: true)
    rematchAsked = PerSeat.repeating(false)
    sameDeckAsked = PerSeat.repeating(false)
    phase = .open
    return .gameStarted(game: game, table: table.cards, deck: deck.count)
  }

  mutating func openWindow(for seat: Seat, _ kind: Window.Kind, at now: Instant) -> MatchEvent {
    let length =
      switch kind {
      case .claim: rules.claimWindow
      case .passedTurn: rules.passedTurnWindow
      case .needlessDeal: rules.needlessDealWindow
      }
    let window = Window(holder: seat, kind: kind, deadline: now.adding(milliseconds: length))
    selection.removeAll(keepingCapacity: true)
    phase = .window(window)
    return .windowOpened(window)
  }

  mutating func openPlay() -> MatchEvent {
    phase = .open
    return .openPlay
  }

  mutating func changeScore(_ seat: Seat, by delta: Int, for reason: ScoreReason) -> MatchEvent {
    scores[seat] += delta
    return .scoreChanged(seat, delta: delta, total: scores[seat], reason: reason)
  }

  /// Ends the game if a player reached the rules' `firstTo` groups, or the deck is empty and no group
  /// is on the table.
  mutating func endIfDone() -> MatchEvent? {
    if let target = rules.firstTo, groups.values.contains(where: { $0 >= target }) { return finish(.completed) }
    guard deck.isEmpty, !hasGroup else { return nil }
    return finish(.completed)
  }

  mutating func finish(_ ending: GameResult.Ending) -> MatchEvent {
    let winner: Seat? =
      switch ending {
      case .forfeit(let loser): loser.opponent
      case .completed: scores.one == scores.two ? nil : (scores.one > scores.two ? .one : .two)
      }
    let result = GameResult(
      game: game, scores: scores, sets: groups, winner: winner, ending: ending)
    results.append(result)
    selection.removeAll(keepingCapacity: true)
    phase = .over(result)
    return .gameOver(result)
  }
}
