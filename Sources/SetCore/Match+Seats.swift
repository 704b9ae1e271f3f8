// The match's seats: a player joining, which starts the first game, and leaving, which pauses it.
extension Match {
  mutating func join(_ seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
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
}
