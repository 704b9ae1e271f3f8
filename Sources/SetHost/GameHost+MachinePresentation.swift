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
  /// The table's last event, the cards left in the deck and the cards (with the chain) in `TABLE`'s
  /// words: `OK PEEK`'s fields after the table's number. No cards before the first game is dealt.
  public var peek: (seq: Int, deck: Int, cards: [String]) {
    guard match.game > 0 else { return (seq, match.deck.count, []) }
    return (seq, match.deck.count, EventCodec.tableWords(match.table.cards) + EventCodec.chainWords(match.chain))
  }

  /// The same table in words: each card with its slot, as `TABLE` draws it, without the picks; none
  /// before the first game is dealt.
  public var peekWords: [String] {
    guard match.game > 0 else { return [] }
    return HumanTable.full(match.table.cards) + (match.chain.isEmpty ? [] : [HumanTable.chain(match.chain)])
  }
}
