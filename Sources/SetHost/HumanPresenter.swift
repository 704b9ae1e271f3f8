import SetAnalysis
import SetCore
import SetProtocol
import SetStats

/// The human presentation: events in words, the table drawn, a status line and a prompt, for people on
/// nc or telnet. Sentences are wrapped to fit 79 columns; the table's rows are drawn to fit already.
struct HumanPresenter: Presenter {
  var prompt: String? { "> " }

  /// A player reads the events of their own seat in the second person.
  var audience: Audience { .eachSeat }

  func lines(_ message: TableMessage, in view: TableView) -> [String] {
    let match = view.match
    let names = view.seating.names
    let groupSize = match.rules.variant.groupSize
    switch message {
    case .events(let events, _):
      return eventLines(events, in: view)
    case .state, .table:
      return Self.tableWords(match, picked: match.selection)
    case .scores:
      return HumanTable.wrap(HumanText.scores(view.scores, names: view.seating.seated, viewer: view.viewer))
    case .rules(let asked):
      // A person reads the rules when they ask: the page and the programs are told them on arrival.
      return asked ? HumanText.rules(match.rules).flatMap { HumanTable.wrap($0) } : []
    case .help(let lines):
      return lines.flatMap { HumanTable.wrap($0) }
    case .history(let games):
      return games.flatMap { game in
        HumanTable.wrap(HumanText.outcome(game.result, names: game.names, viewer: nil))
          + (HumanText.findTimes(game.finds, names: game.names).map { HumanTable.wrap($0) } ?? [])
      }
    case .pastEvents(let past):
      // The happenings told as they were: not the picks, the table's changes or open play.
      let told = past.map(\.event).filter { event in
        switch event {
        case .claim, .picked, .unpicked, .diff, .open, .chain, .resumed, .rated: false
        default: true
        }
      }
      return HumanText.sentences(for: told, names: names, viewer: view.viewer, groupSize: groupSize)
        .flatMap { HumanTable.wrap($0) }
    case .mood(let mood, let seat):
      return HumanTable.wrap(mood.sentence(name: names[seat], you: view.viewer == seat))
    case .watching:
      return HumanTable.wrap(
        view.seating.firstFree == nil ? "Both seats are taken: you are watching." : "You are watching.")
    case .resumeHint(let token):
      return HumanTable.wrap("If your connection drops, reconnect and type:") + HumanTable.wrap("  RESUME \(token)")
    case .rating(let notice):
      return HumanTable.wrap(notice.text)
    case .recordLost(let reason):
      return [HumanText.recordLost(reason)]
    case .seatFree(let seat):
      return HumanTable.wrap(HumanText.seatFree(seat))
    case .stats(let player, let variant, let played):
      return StatsText.player(player, variant: variant, played: played)
    case .leaderboard(let players):
      return StatsText.leaderboard(players)
    case .review(let game):
      return AnalysisText.report(game).flatMap { HumanTable.wrap($0.isEmpty ? " " : $0) }
    }
  }

  /// Events in words, in the second person for the viewer, then the table as they left it: whole after
  /// a deal, its changed rows otherwise, and the chain when it changed.
  func eventLines(_ events: [ServerEvent], in view: TableView) -> [String] {
    let state = view.match
    var lines = HumanText.sentences(
      for: events, names: view.seating.names, viewer: view.viewer, groupSize: state.rules.variant.groupSize
    ).flatMap { HumanTable.wrap($0) }
    var changed: [Slot] = []
    var started = false
    var diffed = false
    var chained = false
    for event in events {
      switch event {
      case .started: started = true
      case .diff(_, let change):
        diffed = true
        changed += change.filled.map(\.slot) + change.moved.map(\.to)
      case .chain: chained = true
      default: break
      }
    }
    if started {
      lines += HumanTable.full(state.table.cards) + HumanTable.legend
      if let rule = HumanText.variantRule(state.rules) { lines += HumanTable.wrap(rule) }
    } else if diffed {
      lines += HumanTable.compact(state.table.cards, changed: changed)
    }
    if chained, !state.chain.isEmpty { lines.append(HumanTable.chain(state.chain)) }
    return lines
  }

  func lines(_ message: HallMessage) -> [String] {
    switch message {
    case .tables(let listings, let here): HallText.list(listings, here: here).flatMap { HumanTable.wrap($0) }
    case .listing(let listing): HumanTable.wrap(HallText.table(listing))
    case .arrived(let listing, let opened): HumanTable.wrap(HallText.arrived(at: listing, opened: opened))
    case .peek(let table, let name, let match):
      [
        match.game > 0
          ? "Table \(table) (\(name)), \(match.deck.count) \(match.deck.count == 1 ? "card" : "cards") left in the deck:"
          : "Table \(table) (\(name)): no game has been dealt there yet."
      ] + Self.tableWords(match)
    case .standings(let lines): StandingsTable.lines(lines)
    case .tournament(let summary): HumanTable.wrap(StandingsTable.sentence(summary))
    case .tourney(let told): told.flatMap { HumanTable.wrap($0.words) }
    // Said by `OK JOIN`-like fields a program reads; a person reads the table they arrive at.
    case .moved: []
    }
  }

  func status(in view: TableView) -> (told: ToldStatus, line: String)? {
    let state = view.match
    let told = ToldStatus(
      doing: StatusDoing(state.phase, game: state.game, names: view.seating.names, viewer: view.viewer),
      seated: view.seating.seated)
    let line = HumanText.status(
      game: state.game, phase: state.phase, names: view.seating.names, seated: view.seating.seated,
      scores: view.scores, deck: state.deck.count, viewer: view.viewer, groupSize: state.rules.variant.groupSize)
    return (told, line)
  }

  /// In words: the word typed, as an error quotes it (`Echo`), and the nearest verb, if one is near.
  func unknownCommand(_ error: ProtocolError, verb: String, help: Bool) -> ProtocolError {
    let guess = Help.nearest(to: verb).map { Suggestion.question(help ? "HELP \($0)" : $0) } ?? "HELP lists them"
    return ProtocolError(.unknownCommand, "no such command \(Echo.word(verb)); " + guess)
  }

  /// The table of `match` drawn in words, each card with its slot, the `picked` slots marked, and the
  /// chain under it; nothing before the first game is dealt. `PEEK` shows it with nothing picked.
  static func tableWords(_ match: Match, picked: [Slot] = []) -> [String] {
    guard match.game > 0 else { return [] }
    return HumanTable.full(match.table.cards, picked: picked)
      + (match.chain.isEmpty ? [] : [HumanTable.chain(match.chain, picked: picked)])
  }
}
