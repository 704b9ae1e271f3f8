import SetProtocol

/// Two seated players and many spectators at one SetDuel table, every connection in the machine
/// presentation. Every line any of them receives passes through `pump`, which keeps the players'
/// models and the spectators' last sequence numbers.
final class Audience {
  private(set) var players: [LineConnection]
  let spectators: [LineConnection]
  private(set) var models = [TableModel(seat: 1), TableModel(seat: 2)]
  /// The last event number each spectator has received.
  private(set) var spectatorSeq: [Int]
  private var lines: LineSet
  private let port: UInt16
  /// The second seat's resume token, from its `OK NAME`.
  private var secondToken: String?

  /// Seats two players, then names `spectatorCount` spectators, at the table on `port`; with
  /// `webSocket`, the spectators watch over WebSockets, as browsers.
  init(port: UInt16, spectatorCount: Int, webSocket: Bool = false) throws(BenchError) {
    self.port = port
    players = try Connector.open(2, port: port)
    spectators =
      webSocket
      ? try WebSocketClient.openPool(spectatorCount, port: port) : try Connector.open(spectatorCount, port: port)
    spectatorSeq = [Int](repeating: 0, count: spectatorCount)
    lines = LineSet(players + spectators)
    guard lines.request(seconds: 30, { _ in ClientCommand.mode(.machine).line }, isAnswer: { $0.hasPrefix("OK MODE") })
    else {
      throw BenchError("port \(port): not every connection answered MODE MACHINE")
    }
    for seat in 0..<2 {
      let before = models[seat].replies
      players[seat].send(.name("p\(seat + 1)"))
      let named = pump(
        seconds: 10, until: { models[seat].replies > before },
        player: { index, line, _ in
          if index == 1 && line.hasPrefix("OK NAME 2 ") {
            secondToken = line.text.split(separator: " ").last.map(String.init)
          }
        })
      guard named else {
        throw BenchError("port \(port): no reply to NAME p\(seat + 1)")
      }
    }
    guard pump(seconds: 10, until: { models[0].phase == .open && models[1].phase == .open }) else {
      throw BenchError("port \(port): the game did not start (is the table already taken?)")
    }
    var named = 0
    for (index, spectator) in spectators.enumerated() { spectator.send(.name("s\(index + 1)")) }
    guard
      pump(
        seconds: 60, until: { named == spectatorCount },
        spectator: { _, line, _ in if line.hasPrefix("OK NAME") { named += 1 } })
    else {
      throw BenchError("port \(port): only \(named) of \(spectatorCount) spectators named")
    }
  }

  deinit {
    for connection in players + spectators { connection.close(reset: true) }
  }

  /// Drops seat 2's connection and takes the seat back with `RESUME` on a new one, which the server
  /// then knows as its newest connection, after every spectator.
  func resumeSecondSeat() throws(BenchError) {
    guard let token = secondToken else { throw BenchError("port \(port): seat 2 was given no resume token") }
    players[1].close(reset: true)
    let fresh = try Connector.open(1, port: port)[0]
    players[1] = fresh
    models[1] = TableModel(seat: 2)
    lines = LineSet(players + spectators)
    fresh.send(.mode(.machine))
    fresh.send(.resume(token))
    var resumed = false
    let back = pump(
      seconds: 10, until: { resumed && caughtUp(to: models[0].lastSeq) },
      player: { index, line, _ in resumed = resumed || (index == 1 && line.hasPrefix("OK RESUME")) })
    guard back else { throw BenchError("port \(port): seat 2 could not resume") }
  }

  /// One step of play towards a set found: a rematch when the game is over, a deal when no set is on
  /// the table, else seat 1 picks a set. Returns when the pick was sent, or nil for a step that only
  /// dealt or started a game. Every line read until the table settles goes to `player` or `spectator`.
  func playStep(
    player: (Int, LineView, Int64) -> Void = { _, _, _ in }, spectator: (Int, LineView, Int64) -> Void = { _, _, _ in }
  ) throws(BenchError) -> Int64? {
    let before = models[0].replies
    switch models[0].phase {
    case .over:
      let other = models[1].replies
      players[0].send(.new)
      players[1].send(.new)
      try settle("NEW") { models[0].replies > before && models[1].replies > other }
      return nil
    case .open:
      guard let slots = models[0].firstSet() else {
        players[0].send(.deal)
        try settle("DEAL") { models[0].replies > before }
        return nil
      }
      let start = Clock.now()
      players[0].send(.pick(.slots(slots)))
      try settle("PICK", replied: { models[0].replies > before }, player: player, spectator: spectator)
      return start
    case .waiting, .window:
      throw BenchError("the table is in \(models[0].phase), not open play")
    }
  }

  /// Reads until `replied()` and every connection has every event seat 1 has seen, at most 10 s.
  func settle(
    _ what: String, replied: () -> Bool, player: (Int, LineView, Int64) -> Void = { _, _, _ in },
    spectator: (Int, LineView, Int64) -> Void = { _, _, _ in }
  ) throws(BenchError) {
    let done = pump(
      seconds: 10, until: { replied() && caughtUp(to: models[0].lastSeq) }, player: player, spectator: spectator)
    guard done else { throw BenchError("\(what): the table did not settle within 10 s") }
  }

  /// Whether every spectator and both players have received event `seq`.
  func caughtUp(to seq: Int) -> Bool {
    models[0].lastSeq >= seq && models[1].lastSeq >= seq && !spectatorSeq.contains { $0 < seq }
  }

  /// Reads until `done()` or `seconds` pass. Players' lines update their models and then go to
  /// `player` (seat index, the line, when read); spectators' lines go to `spectator`. `afterReads`
  /// runs whenever every line that had arrived is handled.
  @discardableResult
  func pump(
    seconds: Double, until done: () -> Bool, player: (Int, LineView, Int64) -> Void = { _, _, _ in },
    spectator: (Int, LineView, Int64) -> Void = { _, _, _ in }, afterReads: () -> Void = {}
  ) -> Bool {
    lines.run(
      until: Clock.after(seconds: seconds),
      { index, line, time in
        if index < 2 {
          _ = models[index].receive(line)
          player(index, line, time)
        } else {
          if let seq = line.seq, seq > spectatorSeq[index - 2] { spectatorSeq[index - 2] = seq }
          spectator(index - 2, line, time)
        }
      }, afterReads: afterReads, done: done)
  }
}
