import SetCore
import SetProtocol
import SetStats

// A table taken up again from its record after the server was killed in the middle of a game: the
// match derived again from the seed and the recorded commands, the seats held for their players (away)
// under the digests of their resume tokens, and the game paused until they come back with them.
extension GameHost {
  /// A host for the game `replay` records, as it stood when the record stops, or nil when no game was
  /// running then (waiting for a player, or over) or the record does not replay: a table that is
  /// dealt afresh. At `now` (at or after the record's last time) each player still seated leaves, as
  /// a dropped connection leaves, so the game is paused and each seat held for the resume grace; the
  /// lines this records are in the actions returned, to be appended to the same record.
  public init?(
    rebuilding replay: Replay, makeToken: @escaping () -> String, players: HallPlayers = HallPlayers(),
    at now: Instant
  ) {
    guard (try? replay.verify()) != nil else { return nil }
    self.init(rules: replay.rules, seed: replay.seed, makeToken: makeToken, players: players)
    // The record's finished games are in the history already, folded at start: its lines are read
    // again into a copy, so that this table's record goes on being folded from where it stops.
    var scratch = players.history
    liveRecord = scratch.liveRecord(variant: replay.rules.variant)
    var known: [String: Seating.Holder] = [:]
    for line in replay.lines {
      take(line, known: &known)
      analysis.fold(line)
      _ = scratch.fold(line, into: &liveRecord)
    }
    switch match.phase {
    case .open, .window, .paused: break
    case .waiting, .over: return nil
    }
    lastNow = now
    untaken = Set(Seat.allCases.filter { seating.holders[$0] != nil })
    // A computer player's token was in its process, killed too: its seat is held under a new one.
    var held = seating.holders
    for seat in Seat.allCases {
      guard let name = held[seat]?.name, botNames.contains(PlayerName.key(name)) else { continue }
      let token = makeToken()
      held[seat] = Seating.Holder(name: name, token: token, client: nil)
      rebuiltBots.append((seat, name, token))
      record(.resumeDigest(seat, digest: ResumeToken.digest(token)))
    }
    seating.restore(held)
    for seat in Seat.allCases where match.present[seat] {
      if let events = try? apply(.leave, by: seat, at: now) { broadcast(events, at: now) }
    }
    log(.info, "game \(match.game) taken up again from its record: \(seating.seated.values.compactMap { $0 })")
  }

  /// Takes one line of the record as the table once lived it: commands and ticks to the match, events
  /// kept as broadcast, and who sits where. `known` is what each name (by its key) last held a seat
  /// with: a same-deck rematch swaps the seats with a `JOINED` for each, and each keeps what it held.
  private mutating func take(_ line: RecordLine, known: inout [String: Seating.Holder]) {
    switch line {
    case .command(let command, let seat, let at):
      _ = try? match.apply(command, by: seat, at: at)
      lastNow = at
    case .tick(let at):
      _ = match.advance(to: at)
      lastNow = at
    case .event(_, let event):
      if case .joined(let seat, let name) = event {
        var held = seating.holders
        held[seat] = known[PlayerName.key(name)] ?? Seating.Holder(name: name, token: "", client: nil)
        known[PlayerName.key(name)] = held[seat]
        seating.restore(held)
      }
      keep([event])
    case .resumeDigest(let seat, let digest):
      var held = seating.holders
      guard let name = held[seat]?.name else { return }
      held[seat] = Seating.Holder(name: name, token: "", client: nil, digest: digest)
      known[PlayerName.key(name)] = held[seat]
      seating.restore(held)
    case .owner(let seat, let fingerprint):
      var held = seating.holders
      guard let name = held[seat]?.name else { return }
      held[seat]?.fingerprint = fingerprint
      known[PlayerName.key(name)] = held[seat]
      seating.restore(held)
    case .bot(let seat):
      if let name = seating.holders[seat]?.name { botNames.insert(PlayerName.key(name)) }
    case .tournament(let game, let round, let record):
      tournamentGame = TournamentGame(game: game, round: round, record: record, finished: match.results.count)
    case .magic, .seed, .rules, .sameDeck, .end:
      break
    }
  }
}
