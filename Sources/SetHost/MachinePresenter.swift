import SetAnalysis
import SetCore
import SetProtocol
import SetStats

/// The machine presentation: every line exactly as protocol.md's grammar says, no prompt and no status
/// line, for programs. What the human presentation says in words alone (a hint, that one watches) it
/// leaves out: a program learns it from the lines and replies it has.
struct MachinePresenter: Presenter {
  var prompt: String? { nil }

  /// No line depends on who reads it.
  var audience: Audience { .everyone }

  func lines(_ message: TableMessage, in view: TableView) -> [String] {
    let match = view.match
    switch message {
    case .events(_, let encoded):
      return encoded
    case .state:
      return [tableLine(view)] + playerLines(view)
    case .table:
      return [tableLine(view)]
    case .scores, .watching, .resumeHint:
      return []
    case .rules:
      return [ServerLine.rules(match.rules).line]
    case .help(let lines):
      return lines.map { ServerLine.help($0).line }
    case .history(let games):
      return games.flatMap { game in
        [ServerLine.result(game.result, names: game.names).line]
          + game.finds.map { ServerLine.found(game: game.result.game, seat: $0.seat, findMs: $0.findMs).line }
      }
    case .pastEvents(let past):
      return past.map { ServerLine.pastEvent(seq: $0.seq, $0.event).line }
    case .mood(let mood, let seat):
      return [ServerLine.mood(seat, mood).line]
    case .rating(let notice):
      return [ServerLine.notice(notice).line]
    case .recordLost(let reason):
      return [ServerLine.notice(.recordLost(reason)).line]
    case .seatFree(let seat):
      return [ServerLine.notice(.seatFree(seat)).line]
    case .stats(let player, _, _):
      return [ServerLine.stat(player.figures).line]
    case .leaderboard(let players):
      return players.map { ServerLine.stat($0.figures).line }
    case .review(let game):
      return ReviewLine.lines(for: game)
    }
  }

  func tableLine(_ view: TableView) -> String {
    let match = view.match
    return ServerLine.table(seq: view.seq, deck: match.deck.count, cards: match.table.cards, chain: match.chain).line
  }

  /// A `PLAYER` line for each seat; a seat away in a paused game with the time before it is forfeited.
  func playerLines(_ view: TableView) -> [String] {
    let forfeits: PerSeat<Instant?> =
      if case .paused(let pause) = view.match.phase { pause.forfeitAt } else { .repeating(nil) }
    return Seat.allCases.map { seat in
      let holder = view.seating.holders[seat]
      let present = holder?.client != nil
      let forfeitMs = present ? nil : forfeits[seat].map { max(0, $0.milliseconds(since: view.now)) }
      return ServerLine.player(
        seat, name: holder?.name, score: view.scores[seat], present: present, forfeitMs: forfeitMs
      )
      .line
    }
  }

  func lines(_ message: HallMessage) -> [String] {
    switch message {
    case .tables(let listings, _): listings.map(\.line)
    case .listing(let listing): [listing.line]
    case .arrived, .peek, .tournament:
      // Said by the reply's fields: `OK OPEN`, `OK JOIN`, `OK PEEK`, `OK TOURNAMENT`.
      []
    case .standings(let lines): lines.map(\.line)
    case .tourney(let told): told.map(\.line)
    case .moved(let table, let seat, let token):
      // Like OK JOIN's fields, for this connection alone: a client resets its table to this one.
      ["\(TourneyLine.tag) moved \(table) \(seat?.rawValue ?? 0) \(token ?? "-")"]
    }
  }

  func status(in view: TableView) -> (told: ToldStatus, line: String)? { nil }

  /// As the grammar gives it: a program reads the code.
  func unknownCommand(_ error: ProtocolError, verb: String, help: Bool) -> ProtocolError { error }
}
