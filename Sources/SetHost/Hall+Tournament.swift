import SetCore
import SetProtocol
import SetTournament
import SetTransport

// The tournament's requests (ENTER, WITHDRAW, PAUSE, BACK, TOURNAMENT, STANDINGS), answered by the
// hall, whose tournament it is: the rules are SetTournament's, the hall only carries them out.
extension Hall {
  /// The hall runs `tournament`; `organiser` may give its orders once proven by the name's secret.
  /// `record` is the file name of the tournament's record, which its games' records name.
  public mutating func hold(_ tournament: Tournament, organiser: String?, record: String? = nil, at now: Instant)
    -> [HallAction]
  {
    tourney = HallTournament(tournament: tournament, organiser: organiser.map(PlayerName.key), record: record)
    return flush(at: now)
  }

  /// The hall takes up `tournament` again after a restart (replayed from its record): a game that was
  /// running goes on at its table if the table was taken up again from its record (`rebuild`), its
  /// players back with their resume tokens; one that has no table now is forfeited by both once the
  /// resume grace has passed.
  public mutating func resume(_ tournament: Tournament, organiser: String?, record: String? = nil, at now: Instant)
    -> [HallAction]
  {
    tourney = HallTournament(tournament: tournament, organiser: organiser.map(PlayerName.key), record: record)
    // A round paired and waiting for its break is handed out when the break ends, as it would have been.
    for pairing in tournament.handedOutGames {
      let table = order.first { id in
        guard let host = tables[id]?.host, let marked = host.tournamentGame,
          marked.game == pairing.game, marked.record == record
        else { return false }
        switch host.match.phase {
        case .open, .window, .paused: return true
        case .waiting, .over: return false
        }
      }
      guard let table, let marked = tables[table]?.host.tournamentGame else {
        tourney?.orphans.append(pairing.game)
        continue
      }
      tourney?.playing[table] = (pairing.game, pairing.seats, marked.finished)
      tourney?.tables.insert(table)
      _ = change(table) { $0.host.tournamentGame?.seats = pairing.seats }
    }
    if !(tourney?.orphans.isEmpty ?? true) { tourney?.orphansDue = now.adding(milliseconds: rules.resumeGrace) }
    // The record says who was connected before the stop; nobody is yet.
    for name in tournament.entrants { notePresence(of: name, at: now) }
    return flush(at: now)
  }

  /// Tells the tournament that the entrant called `name` (as names compare) came or went, if it thinks
  /// otherwise: an entrant is present while some connection in the hall goes by its name, at any table.
  /// Only those present are paired.
  mutating func notePresence(of name: String?, at now: Instant) {
    guard let name, let held = tourney, held.tournament.state != .finished else { return }
    let key = PlayerName.key(name)
    guard let entrant = held.tournament.entrants.first(where: { PlayerName.key($0) == key }) else { return }
    let present = connection(named: entrant)
    if (present != nil) != held.tournament.isConnected(entrant) {
      apply(.connection(entrant, connected: present != nil), at: now)
    }
    if let present { seatAtWaitingGame(entrant, connection: present, at: now) }
  }

  /// An entrant in the hall whose game waits at a tournament table they are not at (paired while they
  /// were away: the round began as a restarted server took the tournament up, before they came back) is
  /// moved to their seat there, as the pairing moves those present.
  private mutating func seatAtWaitingGame(_ entrant: String, connection id: ConnectionID, at now: Instant) {
    guard let held = tourney, let from = location[id] else { return }
    let key = PlayerName.key(entrant)
    for (table, game) in held.playing.sorted(by: { $0.key < $1.key }) {
      guard let seat = [Seat.one, .two].first(where: { PlayerName.key(game.seats[$0]) == key }) else { continue }
      guard let host = tables[table]?.host, host.match.results.count == game.finished,
        host.seatAndToken(of: id) == nil, !host.seatsTaken[seat]
      else { return }
      // The table keeps the seat for the pairing's player (`GameHost.freeSeat(for:)`): moved there, or
      // watching there already (back to the table it knew), it sits in it.
      var seated: (seat: Seat?, token: String?) = (nil, nil)
      if from == table {
        run(table, at: now) { host in
          let done = host.seatPaired(id, at: now)
          seated = (done.seat, done.token)
          return done.actions
        }
      } else {
        seated = move(id, from: from, to: table, opened: false, at: now, paired: true)
      }
      tell(id, .moved(table: table, seat: seated.seat, token: seated.token))
      return
    }
  }

  /// When the hall's tournament next needs time to pass: its own deadline, or its orphaned games'.
  var tournamentDeadline: Instant? {
    guard let held = tourney else { return nil }
    return [held.tournament.nextDeadline, held.orphansDue].compactMap { $0 }.min()
  }

  /// The hall's tournament, or nil.
  public var tournament: Tournament? { tourney?.tournament }

  /// Answers a tournament request from connection `id` at table `at`.
  mutating func tournamentRequest(
    _ command: ClientCommand, requestID: String?, from id: ConnectionID, at: Int, now: Instant
  ) {
    func refuse(_ code: ErrorCode, _ text: String) {
      reply(id, at: at, requestID, .failure(ProtocolError(code, text)))
    }
    guard var held = tourney else { return refuse(.notNow, "this hall runs no tournament") }
    let name = tables[at]?.host.name(of: id)
    let order: TournamentCommand
    let answer: OKReply
    switch command {
    case .standings:
      let recent = (held.standingsAsked[id] ?? []).filter {
        now < $0.adding(milliseconds: HallTournament.standingsWindow)
      }
      guard recent.count < HallTournament.standingsPerWindow else {
        let seconds = HallTournament.standingsWindow / 1000
        return refuse(
          .rateLimited, "standings asked too often: at most \(HallTournament.standingsPerWindow) in \(seconds) seconds")
      }
      held.standingsAsked[id] = recent + [now]
      tourney = held
      let lines = Self.standingLines(held.tournament)
      tell(id, at: at, .standings(lines))
      return reply(id, at: at, requestID, .success(.standings(count: lines.count)))
    case .tournament(nil):
      let told = summary(held.tournament, at: now)
      tell(id, at: at, .tournament(told))
      return reply(id, at: at, requestID, .success(.tournament(told)))
    case .tournament(let given?):
      let proven = name.map { PlayerName.key($0) == held.organiser && tables[at]?.host.proven(id) == true } ?? false
      order =
        switch given {
        case .start: .start(organiser: proven)
        case .next: .next(organiser: proven)
        case .pause: .hold(organiser: proven)
        case .resume: .resume(organiser: proven)
        case .end: .end(organiser: proven)
        }
      answer = .tournament(summary(held.tournament, at: now))
    case .enter, .withdraw, .pause, .back:
      guard let name else { return refuse(.notNamed, "say NAME <name> first: you enter under your name") }
      switch command {
      case .enter:
        let rating = players.history.player(name)?.rating.rating ?? 1500
        order = .enter(name, rating: Int(rating.rounded()))
        answer = .enter
      case .withdraw: (order, answer) = (.withdraw(name), .withdraw)
      case .pause: (order, answer) = (.pause(name), .pause)
      default: (order, answer) = (.back(name), .back)
      }
    default:
      return
    }
    let events: [TournamentEvent]
    do {
      events = try held.tournament.apply(order, at: now)
    } catch {
      return refuse(error.code, Self.words(for: error))
    }
    tourney = held
    // What the request caused is told before its reply, as a table's events are.
    tournamentHappened(order, events, at: now)
    let final: OKReply = if case .tournament = answer { .tournament(summary(held.tournament, at: now)) } else { answer }
    reply(id, at: location[id] ?? at, requestID, .success(final))
  }

  /// Time passed for the tournament: it may start, pair, or forfeit a no-show.
  mutating func advanceTournament(to now: Instant) {
    if let due = tourney?.orphansDue, due <= now, let orphans = tourney?.orphans {
      tourney?.orphans = []
      tourney?.orphansDue = nil
      for game in orphans { apply(.result(game: game, .forfeitBoth), at: now) }
    }
    guard var held = tourney, let due = held.tournament.nextDeadline, due <= now else { return }
    let events = held.tournament.advance(to: now)
    tourney = held
    tournamentHappened(nil, events, at: now)
  }

  /// What a command (nil for time passing) caused: its record lines; the entrants told; each pairing
  /// seated at a table, each seating reported back to the tournament in turn.
  mutating func tournamentHappened(_ command: TournamentCommand?, _ events: [TournamentEvent], at now: Instant) {
    actions.append(.tournamentRecord(TournamentRecord.lines(for: command, at: now, events: events)))
    tellEntrants(events)
    for case .seat(let pairing) in events {
      for name in seatPairing(pairing, at: now) {
        apply(.seated(name), at: now)
      }
    }
  }

  /// Applies a command of the hall's own (a seating, a result): refused ones are only logged.
  mutating func apply(_ command: TournamentCommand, at now: Instant) {
    guard var held = tourney else { return }
    do {
      let events = try held.tournament.apply(command, at: now)
      tourney = held
      tournamentHappened(command, events, at: now)
    } catch {
      actions.append(.host(.log(.warning, "the tournament refused \(command): \(error)")))
    }
  }

  /// Each tournament table whose game ended since it began: its result, to the tournament.
  mutating func reportTournamentResults(at now: Instant) {
    guard let held = tourney else { return }
    for (table, game) in held.playing.sorted(by: { $0.key < $1.key }) {
      guard let host = tables[table]?.host, host.match.results.count > game.finished else { continue }
      let results = host.match.results
      tourney?.playing[table] = nil
      noteFastest(finds: host.resultFinds, names: host.resultNames, game: game.finished)
      var result = Self.result(of: results[game.finished])
      if case .forfeit(let loser) = results[game.finished].ending, host.untaken.contains(loser.opponent) {
        result = .forfeitBoth  // Taken up again after a restart, and neither player came back.
      }
      apply(.result(game: game.game, result), at: now)
    }
  }

  /// The sets of a tournament game that ended (the `index`th finished at its table): the fastest of
  /// them, if faster than any before, is the tournament's fastest set.
  mutating func noteFastest(finds: [[(seat: Seat, findMs: Int64)]], names: [PerSeat<String>], game index: Int) {
    guard index < finds.count, index < names.count else { return }
    for find in finds[index] where tourney?.fastest.map({ find.findMs < $0.ms }) ?? true {
      tourney?.fastest = (find.findMs, names[index][find.seat])
    }
  }

  /// A game's end as the tournament counts it.
  static func result(of end: SetCore.GameResult) -> SetTournament.GameResult {
    switch (end.ending, end.winner) {
    case (.forfeit(.one), _): .forfeit1
    case (.forfeit(.two), _): .forfeit2
    case (.completed, .one?): .seat1
    case (.completed, .two?): .seat2
    case (.completed, nil): .tie
    }
  }

  /// The tournament's state and clock, as `OK TOURNAMENT` gives them.
  func summary(_ tournament: Tournament, at now: Instant) -> TournamentSummary {
    let clock: Instant? =
      switch tournament.state {
      case .entering: tournament.settings.startAt
      case .running: tournament.clockEnds ?? (tournament.held ? nil : tournament.breakEnds)
      case .finished: nil
      }
    let fastest = tournament.state == .finished ? tourney?.fastest : nil
    return TournamentSummary(
      format: tournament.settings.formatName, state: tournament.state.rawValue, entrants: tournament.entrants.count,
      clockMilliseconds: clock.map { max(0, $0.milliseconds(since: now)) } ?? -1, fastestMilliseconds: fastest?.ms,
      fastestName: fastest?.name)
  }

  /// The standings, a line per player, first place first.
  public static func standingLines(_ tournament: Tournament) -> [StandingLine] {
    if tournament.isArena {
      return tournament.arena.standings().map { s in
        StandingLine(
          rank: s.rank, name: s.name, points: "\(s.points)",
          tieBreaks: [("performance", s.performance.map(String.init) ?? "-"), ("games", "\(s.games)")], games: s.games,
          wins: s.wins, ties: s.ties, losses: s.losses, byes: 0, streak: s.streak, status: s.status.rawValue)
      }
    }
    return tournament.swiss.standings().map { s in
      let t = s.tieBreaks
      return StandingLine(
        rank: s.rank, name: s.name, points: Points.text(halves: s.halves),
        tieBreaks: [
          ("buchholzCut1", Points.text(halves: t.buchholzCut1)), ("buchholz", Points.text(halves: t.buchholz)),
          ("sonnebornBerger", Points.text(quarters: t.sonnebornBerger)), ("wins", "\(t.wins)"),
        ], games: s.games, wins: s.wins, ties: s.ties, losses: s.losses, byes: s.byes, streak: nil,
        status: s.active ? "active" : "withdrawn")
    }
  }
}
