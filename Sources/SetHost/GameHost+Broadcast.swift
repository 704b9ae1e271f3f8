import SetCore
import SetProtocol
import SetTransport

// One broadcast: the events numbered, recorded and told to everyone at the table.
extension GameHost {

  /// The scores as players see them: a newcomer to a seat after a game ended has 0, not the score
  /// the seat's last player left.
  var scores: PerSeat<Int> {
    seating.scores(match.scores)
  }

  /// What the table keeps of events as they are numbered and broadcast (or read back from its record
  /// after a restart, `GameHost(rebuilding:)`): their sequence numbers, the game so far for `EVENTS`,
  /// each game's finds and names for `HISTORY`, and the last change of the table.
  mutating func keep(_ events: [ServerEvent]) {
    for event in events {
      seq += 1
      switch event {
      case .started:
        seating.gameStarted()
        gameFinds = []
        gameEvents = [(seq, event)]
        tableSeq = seq
      case .diff: tableSeq = seq
      case .setFound(let seat, _, _, let findMs?): gameFinds.append((seat, findMs))
      case .over:
        resultNames.append(seating.names)
        resultFinds.append(gameFinds)
      default: break
      }
      switch event {
      case .started, .said: break
      default:
        if !gameEvents.isEmpty && gameEvents.count < Self.maxGameEvents { gameEvents.append((seq, event)) }
      }
    }
  }

  /// Broadcasts rules events to every named connection, in their own presentation.
  mutating func broadcast(_ events: some Collection<MatchEvent>, at now: Instant) {
    broadcast(wire: events.compactMap { ServerEvent($0, now: now) })
  }

  /// Tells everyone who sits in each seat now, as after the seats were swapped.
  mutating func broadcastJoined(_ seats: [(Seat, String)]) {
    broadcast(wire: seats.map { .joined($0.0, name: $0.1) })
  }

  /// Broadcasts events to every named connection, followed, where a presentation has a status line,
  /// by the status of `state` (by default, the match as it stands).
  mutating func broadcast(wire events: [ServerEvent], statusOf state: Match? = nil) {
    guard !events.isEmpty else { return }
    let first = seq + 1
    keep(events)
    // Encoded once, the same line goes to every machine client.
    let lines = events.enumerated().map { EventCodec.encode($0.element, seq: first + $0.offset) }
    for (offset, line) in lines.enumerated() {
      record(.event(seq: first + offset, events[offset]), text: RecordLine.eventLine(line))
      log(.info, line)
    }
    // The seated players first, then the spectators, whatever order they connected in: with a thousand
    // watching, a player who resumed late still reads every event as soon as the other player does.
    // The seats' holders are found without looking through the spectators; every other connection
    // follows in the order it connected.
    let seated = Seat.allCases.compactMap { seat in
      seating.holders[seat]?.client.flatMap { clients[$0] != nil ? $0 : nil }
    }
    tellEveryone(
      .events(events, encoded: lines), in: seated + clientOrder.filter { !seated.contains($0) },
      statusOf: state ?? match)
    if !pendingRated.isEmpty {
      let rated = pendingRated
      pendingRated = []
      broadcast(wire: rated)
    }
  }
}
