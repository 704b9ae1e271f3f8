import SetCore
import SetProtocol
import SetTransport

// The human presentation: events in words, the table drawn, the status line.
extension GameHost {
  func humanLines(for events: [ServerEvent], state: Match, viewer: Seat?) -> [String] {
    // Sentences are wrapped to fit; the table's rows are drawn to fit already, and stay whole.
    var lines = HumanText.sentences(
      for: events, names: seating.names, viewer: viewer, groupSize: state.rules.variant.groupSize
    ).flatMap { HumanTable.wrap($0) }
    var changed: [Slot] = []
    var started = false
    for event in events {
      switch event {
      case .started: started = true
      case .diff(_, let change): changed += change.filled.map(\.slot) + change.moved.map(\.to)
      default: break
      }
    }
    if started {
      lines += HumanTable.full(state.table.cards) + HumanTable.legend
      if let rule = HumanText.variantRule(state.rules) { lines += HumanTable.wrap(rule) }
    } else if !changed.isEmpty || events.contains(where: { if case .diff = $0 { true } else { false } }) {
      lines += HumanTable.compact(state.table.cards, changed: changed)
    }
    if !state.chain.isEmpty, events.contains(where: { if case .chain = $0 { true } else { false } }) {
      lines.append(HumanTable.chain(state.chain))
    }
    return lines
  }

  /// The human status line of `state` (by default the match as it stands), or, `ifChanged`, only if
  /// what can be done differs from what this connection was last told.
  mutating func sendStatus(to id: ConnectionID, of state: Match? = nil, ifChanged: Bool = false) {
    guard let client = clients[id] else { return }
    let state = state ?? match
    let size = state.rules.variant.groupSize
    let doing = StatusDoing(state.phase, game: state.game, names: seating.names, viewer: seating.seat(of: id))
    let seated = seating.seated
    if ifChanged, let last = client.lastStatus, doing == last.doing, state.game > 0 || seated == last.seated { return }
    clients[id]?.lastStatus = ToldStatus(doing: doing, seated: seated)
    let line = HumanText.status(
      game: state.game, phase: state.phase, names: seating.names, seated: seated,
      scores: state.game == match.game ? scores : state.scores, deck: state.deck.count, viewer: seating.seat(of: id),
      groupSize: size)
    send(id, line)
  }

  /// The whole state for one connection in words: the table, then the status line, or,
  /// `statusIfChanged`, the status only if the broadcast just before did not already tell it.
  mutating func sendHumanState(to id: ConnectionID, statusIfChanged: Bool) {
    for line in tableWords(picked: match.selection) { send(id, line) }
    sendStatus(to: id, ifChanged: statusIfChanged)
  }

  /// The table drawn in words, each card with its slot, the `picked` slots marked, and the chain under
  /// it; nothing before the first game is dealt. `PEEK` shows it with nothing picked.
  func tableWords(picked: [Slot] = []) -> [String] {
    guard match.game > 0 else { return [] }
    return HumanTable.full(match.table.cards, picked: picked)
      + (match.chain.isEmpty ? [] : [HumanTable.chain(match.chain, picked: picked)])
  }

  /// Tells the spectators who read words, who would otherwise go on reading that both seats are taken.
  mutating func tellSpectators(_ text: String) {
    for (id, client) in clients.sorted(by: { $0.key < $1.key })
    where client.name != nil && seating.seat(of: id) == nil && client.presentation == .human {
      say(id, text)
    }
  }
}
