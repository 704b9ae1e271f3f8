import SetCore
import SetProtocol
import SetTransport

// One broadcast, each connection in its own presentation.
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

  /// Broadcasts events to every named connection; in words, they end with the status of `state` (by
  /// default, the match as it stands).
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
    // The human presentation of the same events, made once for each seat that reads it (and once
    // for spectators): in the second person for the player it concerns.
    var words: [Int: [String]] = [:]
    let state = state ?? match
    // The seated players first, then the spectators, whatever order they connected in: with a thousand
    // watching, a player who resumed late still reads every event as soon as the other player does.
    // The seats' holders are found without looking through the spectators; every other connection
    // follows in the order it connected.
    let seated = Seat.allCases.compactMap { seat in
      seating.holders[seat]?.client.flatMap { clients[$0] != nil ? $0 : nil }
    }
    // The machine clients in a row share one `.broadcast` action; a human client between them has its
    // own lines, so the connections are written in this order.
    actions.end()
    for id in seated + clientOrder.filter({ !seated.contains($0) }) {
      guard let client = clients[id], client.name != nil else { continue }
      switch client.presentation {
      case .machine:
        actions.broadcast(lines, to: id)
      case .human:
        let seat = seating.seat(of: id)
        let key = seat?.rawValue ?? 0
        if words[key] == nil { words[key] = humanLines(for: events, state: state, viewer: seat) }
        for line in words[key] ?? [] { send(id, line) }
        sendStatus(to: id, of: state, ifChanged: true)
      }
    }
    actions.end()
    if !pendingRated.isEmpty {
      let rated = pendingRated
      pendingRated = []
      broadcast(wire: rated)
    }
  }

  /// The whole state for one connection: the table and both seats (and, in words, the status, or,
  /// `statusIfChanged`, the status only if the broadcast just before did not already tell it).
  mutating func sendState(to id: ConnectionID, statusIfChanged: Bool = false) {
    guard let client = clients[id] else { return }
    switch client.presentation {
    case .human: sendHumanState(to: id, statusIfChanged: statusIfChanged)
    case .machine: sendMachineState(to: id)
    }
  }
}
