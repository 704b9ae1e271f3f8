/// Two seated players and many spectators at one SetDuel table, every connection in the machine
/// presentation. Every line any of them receives passes through `pump`, which keeps the players'
/// models and the spectators' last sequence numbers.
final class Audience {
  let players: [LineConnection]
  let spectators: [LineConnection]
  private(set) var models = [TableModel(seat: 1), TableModel(seat: 2)]
  /// The last event number each spectator has received.
  private(set) var spectatorSeq: [Int]
  private let lines: LineSet

  /// Seats two players, then names `spectatorCount` spectators, at the table on `port`.
  init(port: UInt16, spectatorCount: Int) throws(BenchError) {
    players = try Connector.open(2, port: port)
    spectators = try Connector.open(spectatorCount, port: port)
    spectatorSeq = [Int](repeating: 0, count: spectatorCount)
    lines = LineSet(players + spectators)
    guard lines.request(seconds: 30, { _ in "MODE MACHINE" }, isAnswer: { $0.hasPrefix("OK MODE") }) else {
      throw BenchError("port \(port): not every connection answered MODE MACHINE")
    }
    for seat in 0..<2 {
      let before = models[seat].replies
      players[seat].send("NAME p\(seat + 1)")
      guard pump(seconds: 10, until: { models[seat].replies > before }) else {
        throw BenchError("port \(port): no reply to NAME p\(seat + 1)")
      }
    }
    guard pump(seconds: 10, until: { models[0].phase == .open && models[1].phase == .open }) else {
      throw BenchError("port \(port): the game did not start (is the table already taken?)")
    }
    var named = 0
    for (index, spectator) in spectators.enumerated() { spectator.send("NAME s\(index + 1)") }
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
