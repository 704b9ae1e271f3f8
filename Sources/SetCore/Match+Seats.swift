// The match's seats: a player joining, which starts a pair's first game, and leaving, which pauses it.
extension Match {
  mutating func join(_ seat: Seat, freedSeat: Bool = false, at now: Instant) throws(MatchError) -> [MatchEvent] {
    guard !present[seat] else { throw .alreadyPresent }
    present[seat] = true
    switch phase {
    case .waiting:
      return [.joined(seat)] + (present.values.allSatisfy { $0 } ? [startGame()] : [])
    case .paused(var pause):
      pause.forfeitAt[seat] = nil
      guard pause.forfeitAt.values.allSatisfy({ $0 == nil }) else {
        phase = .paused(pause)
        return [.returned(seat)]
      }
      guard var window = pause.suspended else {
        phase = .open
        return [.returned(seat), .resumed(nil)]
      }
      window.deadline = now.adding(milliseconds: pause.remaining)
      phase = .window(window)
      return [.returned(seat), .resumed(window)]
    case .over where freedSeat:
      // The pair at the table changed: the table is ready for a new game, as a fresh table is.
      clearForNewPair()
      return [.joined(seat)] + (present.values.allSatisfy { $0 } ? [startGame()] : [])
    case .over:
      return [.joined(seat)]
    case .open, .window:
      return [.returned(seat)]
    }
  }

  mutating func leave(_ seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    guard present[seat] else { throw .absent }
    present[seat] = false
    rematchAsked[seat] = false
    sameDeckAsked[seat] = false
    let forfeitAt = now.adding(milliseconds: rules.resumeGrace)
    switch phase {
    case .waiting, .over:
      return [.left(seat, forfeitAt: nil)]
    case .open:
      phase = .paused(Pause(suspended: nil, remaining: 0, forfeitAt: forfeits(seat, forfeitAt)))
    case .window(let window):
      let remaining = max(0, window.deadline.millisecondsRoundedUp(since: now))  // never shortened
      phase = .paused(Pause(suspended: window, remaining: remaining, forfeitAt: forfeits(seat, forfeitAt)))
    case .paused(var pause):
      pause.forfeitAt[seat] = forfeitAt
      phase = .paused(pause)
    }
    return [.left(seat, forfeitAt: forfeitAt)]
  }

  func forfeits(_ seat: Seat, _ instant: Instant) -> PerSeat<Instant?> {
    PerSeat { $0 == seat ? instant : nil }
  }

  /// Back to a fresh table's state, the games played kept in `results`: no cards out, no scores.
  mutating func clearForNewPair() {
    phase = .waiting
    table = Table()
    deck = Deck(cards: [])
    scores = PerSeat.repeating(0)
    taken = PerSeat.repeating([])
    groups = PerSeat.repeating(0)
    chain = []
    selection.removeAll()
    rematchAsked = PerSeat.repeating(false)
    sameDeckAsked = PerSeat.repeating(false)
  }
}
