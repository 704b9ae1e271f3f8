import SetCore
import SetProtocol
import SetTransport

// The machine presentation: the lines a program reads.
extension GameHost {
  /// The whole state for one connection in the machine presentation: the table and both seats, each
  /// seat away in a paused game with the time before it is forfeited.
  mutating func sendMachineState(to id: ConnectionID) {
    send(id, ServerLine.table(seq: seq, deck: match.deck.count, cards: match.table.cards, chain: match.chain).line)
    let forfeits: PerSeat<Instant?> =
      if case .paused(let pause) = match.phase { pause.forfeitAt } else { .repeating(nil) }
    for seat in Seat.allCases {
      let holder = seating.holders[seat]
      let present = holder?.client != nil
      let forfeitMs = present ? nil : forfeits[seat].map { max(0, $0.milliseconds(since: lastNow)) }
      send(
        id,
        ServerLine.player(seat, name: holder?.name, score: scores[seat], present: present, forfeitMs: forfeitMs).line)
    }
  }

  /// The rules in force, for a connection that just took its name or, named, just turned to the
  /// machine presentation (which alone has the line).
  mutating func sendRules(to id: ConnectionID) {
    if clients[id]?.presentation == .machine { send(id, ServerLine.rules(match.rules).line) }
  }

  /// Tells the spectators who read the machine presentation, with a `NOTICE` line.
  mutating func tellMachineSpectators(_ line: ServerLine) {
    for (id, client) in clients.sorted(by: { $0.key < $1.key })
    where client.name != nil && seating.seat(of: id) == nil && client.presentation == .machine {
      send(id, line.line)
    }
  }
}

// The table as a connection at another table sees it with `PEEK`.
extension GameHost {
  /// The table's last event, the cards left in the deck, the cards and the chain: what its `TABLE` line
  /// says, for `OK PEEK`. No cards before the first game is dealt.
  var peek: (seq: Int, deck: Int, cards: [Card], chain: [Card]) {
    match.game > 0 ? (seq, match.deck.count, match.table.cards, match.chain) : (seq, match.deck.count, [], [])
  }
}
