import SetCore
import SetProtocol

// Replies to this client's requests, and the state summary that resynchronises the model.
extension ClientModel {
  mutating func apply(_ reply: Reply, at now: Instant) -> [ModelAction] {
    if case .ok(.review) = reply.kind { (review, reviewing) = (reviewing, []) }
    if case .error = reply.kind { reviewing = [] }
    // The tournament's answers; a refusal of the model's own request is the model's, not the player's.
    switch (SessionRequest(answeredBy: reply), reply.kind) {
    case (_, .ok(.tournament(let summary))):
      tourney.answered(summary, at: now)
      return []
    case (_, .ok(.standings)):
      tourney.standingsAnswered(me: playerName)
      return []
    case (let request?, .error(let error)) where request.command != nil:
      tourney.refused(request, code: error.code)
      return []
    default:
      break
    }
    switch reply.kind {
    case .pong:
      return []
    case .ok(.enter):
      tourney.entry(true)
      return []
    case .ok(.withdraw):
      tourney.entry(false)
      return []
    case .error(let error):
      lastError = Refusal(error: error, at: now)
      // The seat went to another connection with this one's token: this one must not take it back.
      if error.code == .resumedElsewhere { farewell = error.code.text }
      return []
    case .ok(.name(let seat, let token)):
      isNamed = true
      self.seat = seat
      if let seat { log.seated(seat) }
      self.token = token
      ownName = seat.flatMap { names[$0] }
      return askForState()
    case .ok(.sit(let seat, let token)):
      // A spectator sat down in a seat that became free, on the same connection.
      self.seat = seat
      log.seated(seat)
      self.token = token
      ownName = names[seat]
      return askForState()
    case .ok(.resume(let seat, let name)):
      isNamed = true
      self.seat = seat
      ownName = name
      log.resumed(seat, game: game)
      // A relaunched client starts with nothing: the finished games come with HISTORY, and the
      // ratings shown after them with STATS once HISTORY says a game was finished.
      resumedRatings = ratings == nil ? PerSeat.repeating(nil) : nil
      return askForState() + [.requestHistory]
    case .ok(.state(let summary)):
      return applyState(summary, at: now)
    case .ok(.join(let table, let seat, let token)), .ok(.open(let table, let seat, let token)):
      return arrived(at: table, seat: seat, token: token)
    case .ok(.where(let table, _)):
      self.table = table
      return []
    case .ok(.history(let count)):
      guard count > 0, resumedRatings != nil, ratings == nil, rules.variant == .normal else {
        resumedRatings = nil
        return []
      }
      return Seat.allCases.compactMap { names[$0] }.map { .requestStats($0) }
    case .ok(.scores(let first, let second)):
      scores = [first, second]
      return []
    case .ok:
      return []
    }
  }

  /// `OK STATE seq game phase holder ms selected`.
  mutating func applyState(_ state: StateSummary, at now: Instant) -> [ModelAction] {
    awaitingState = false
    let running = [PhaseName.open, .claim, .turn, .needless, .paused].contains(state.phase)
    log.cameBack(
      to: state.game,
      standing: running ? "\(Renderer.scoreLine(displayNames, scores)), \(deck) cards left in the deck" : nil)
    lastSeq = max(lastSeq, state.seq)
    if state.game != game {
      sets = [0, 0]
      rematchAsked = [false, false]
    }
    game = state.game
    selection = state.selected
    switch state.phase {
    case .waiting: phase = .waiting
    case .open: phase = .open
    case .paused: phase = .paused(holder: state.holder, kind: nil, remaining: state.ms)
    case .over:
      phase = .over(results.last { $0.game == state.game })
    case .claim, .turn, .needless:
      if let kind = state.phase.windowKind, let holder = state.holder {
        phase = .window(
          holder: holder, kind: kind, deadline: now.adding(milliseconds: state.ms),
          length: windowLength(kind, atLeast: state.ms))
      }
    }
    // Games finished before this connection came (a seat taken after a game, by a new pair whose first
    // game may have begun at once) come with HISTORY: the last one is shown under its players' names.
    let finished = [PhaseName.over, .waiting].contains(state.phase) ? state.game : state.game - 1
    return finished > 0 && !results.contains { $0.game == finished } ? [.requestHistory] : []
  }
}

extension ClientModel {
  /// A `STAT` line asked for after a resume: the rating of the seat whose player it names; once both
  /// seats have one, they are shown as the ratings of the last game.
  mutating func resumedRating(_ figures: PlayerFigures) {
    guard var known = resumedRatings else { return }
    for seat in Seat.allCases where names[seat].map({ PlayerName.same($0, figures.name) }) == true {
      known[seat] = figures.rating
    }
    resumedRatings = known
    guard ratings == nil, let one = known.one, let two = known.two else { return }
    ratings = PerSeat(one: one, two: two)
    ratingChanges = nil
    resumedRatings = nil
  }
}
