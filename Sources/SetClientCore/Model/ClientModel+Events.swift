import SetCore
import SetProtocol

// Events, applied in order of their sequence numbers.
extension ClientModel {
  mutating func apply(_ event: ServerEvent, at now: Instant) -> [ModelAction] {
    var actions: [ModelAction] = []
    switch event {
    case .joined(let seat, let name):
      if let own = ownName, PlayerName.same(own, name) { self.seat = seat }
      if case .over = phase, names[seat].map({ !PlayerName.same($0, name) }) ?? true {
        // A newcomer in a seat after a game ended starts at 0, as the server counts it, not with the
        // score the seat's last player left.
        scores[seat] = 0
        sets[seat] = 0
      }
      if names[seat].map({ !PlayerName.same($0, name) }) ?? true { moods[seat] = nil }  // Another player's.
      names[seat] = name
      (ratings, ratingChanges) = (nil, nil)  // The ratings shown were the last game's pair.
      present[seat] = true
    case .started(let number, let deck, let table):
      game = number
      self.deck = deck
      cards = table
      chain = []
      scores = PerSeat.repeating(0)
      sets = PerSeat.repeating(0)
      selection = []
      rematchAsked = PerSeat.repeating(false)
      moods = PerSeat.repeating(nil)
      phase = .open
    case .diff(let deck, let change):
      self.deck = deck
      selection = []
      freshSlots = change.filled.map(\.slot) + change.moved.map(\.to)
      freshAt = now
      var table = Table(cards: cards)
      do throws(TableMisfit) {
        try table.apply(change)
        cards = table.cards
      } catch {
        // A missed line: the table stays as it was until the state the model asks for replaces it.
        actions += askForState()
      }
    case .chain(let cards):
      chain = cards
    case .claim(let seat, let ms):
      openWindow(seat, .claim, ms: ms, at: now)
    case .turn(let seat, let ms, let kind):
      openWindow(seat, kind, ms: ms, at: now)
    case .picked(_, let slot):
      if !selection.contains(slot) { selection.append(slot) }
    case .unpicked(_, let slot):
      selection.removeAll { $0 == slot }
    case .setFound(let seat, _, _, _):
      sets[seat] += 1
      selection = []
    case .notASet, .expired:
      selection = []
    case .score(let seat, _, let total, _):
      scores[seat] = total
    case .open:
      phase = .open
      selection = []
    case .left(let seat, let ms):
      present[seat] = false
      rematchAsked[seat] = false
      if let ms {
        forfeitAt[seat] = now.adding(milliseconds: ms)
        pause(at: now)
      }
    case .back(let seat):
      present[seat] = true
      forfeitAt[seat] = nil
    case .resumed(let window):
      forfeitAt = PerSeat.repeating(nil)
      if let window {
        let (kind, ms) = (window.kind, window.ms)
        phase = .window(
          holder: window.holder, kind: kind, deadline: now.adding(milliseconds: ms),
          length: windowLength(kind, atLeast: ms))
      } else {
        phase = .open
      }
    case .over(let result):
      resultNames[result.game] = displayNames
      phase = .over(result)
      scores = result.scores
      sets = result.sets
      selection = []
      forfeitAt = PerSeat.repeating(nil)
      record(result)
      // A player is shown what they missed at once; a spectator asks with the review key.
      if seat != nil { actions.append(.requestReview) }
    case .rated(_, let before, let after):
      ratings = after
      ratingChanges = PerSeat { after[$0] - before[$0] }
    case .rematch(let seat, _):
      rematchAsked[seat] = true
    case .said:
      break
    case .bye(let text):
      farewell = text
    }
    log.record(event, names: displayNames, game: game, me: seat)
    if case .started = event, let rule = HumanText.variantRule(rules) { log.rule(rule, game: game) }
    return actions
  }

  mutating func openWindow(_ seat: Seat, _ kind: Window.Kind, ms: Int64, at now: Instant) {
    phase = .window(
      holder: seat, kind: kind, deadline: now.adding(milliseconds: ms), length: windowLength(kind, atLeast: ms))
    selection = []
  }

  /// The length of a window under the rules in force, for the countdown bar, or `ms` if the window
  /// is longer.
  func windowLength(_ kind: Window.Kind, atLeast ms: Int64) -> Int64 {
    let standard =
      switch kind {
      case .claim: rules.claimWindow
      case .passedTurn: rules.passedTurnWindow
      case .needlessDeal: rules.needlessDealWindow
      }
    return max(standard, ms)
  }

  mutating func pause(at now: Instant) {
    switch phase {
    case .window(let holder, let kind, let deadline, _):
      phase = .paused(holder: holder, kind: kind, remaining: max(0, deadline.milliseconds(since: now)))
    case .open:
      phase = .paused(holder: nil, kind: nil, remaining: 0)
    case .paused, .waiting, .over:
      break
    }
  }
}
