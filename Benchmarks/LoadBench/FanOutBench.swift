/// Fan-out: seat 1 picks a set, and the time runs from its `PICK` to the last spectator's receipt of
/// the `SET` event. Between samples the table is brought along: a deal when no set is on the table,
/// a rematch when the game is over.
enum FanOutBench {
  struct Result {
    /// From the pick to the last spectator's `SET`.
    let last: Summary
    /// From the pick to the first spectator's `SET`.
    let first: Summary
  }

  static func run(port: UInt16, spectators: Int, samples wanted: Int, seconds: Double) throws(BenchError) -> Result {
    let audience = try Audience(port: port, spectatorCount: spectators)
    let deadline = Clock.after(seconds: seconds)
    var last = Samples()
    var first = Samples()
    var rounds = 0
    while last.count < wanted {
      rounds += 1
      guard rounds <= wanted * 3 + 20, Clock.now() < deadline else {
        throw BenchError("fan-out: \(last.count) of \(wanted) samples after \(rounds - 1) rounds")
      }
      let model = audience.models[0]
      let before = model.replies
      switch model.phase {
      case .over:
        let other = audience.models[1].replies
        audience.players[0].send("NEW")
        audience.players[1].send("NEW")
        try settle(audience, "NEW") { audience.models[0].replies > before && audience.models[1].replies > other }
      case .open:
        guard let slots = model.firstSet() else {
          audience.players[0].send("DEAL")
          try settle(audience, "DEAL") { audience.models[0].replies > before }
          continue
        }
        var received = [Int64](repeating: 0, count: spectators)
        var count = 0
        let start = Clock.now()
        audience.players[0].send(TableModel.pickLine(slots))
        try settle(audience, "PICK") {
          audience.models[0].replies > before
        } spectator: { index, line, time in
          if received[index] == 0 && line.hasPrefix("SET ") {
            received[index] = time
            count += 1
          }
        }
        guard count == spectators else { throw BenchError("fan-out: \(count) of \(spectators) spectators saw SET") }
        last.add(received.max()! - start)
        first.add(received.min()! - start)
      case .waiting, .window:
        throw BenchError("fan-out: the table is in \(model.phase), not open play")
      }
    }
    return Result(last: last.summary()!, first: first.summary()!)
  }

  /// Reads until `replied()` and every connection has every event seat 1 has seen, at most 10 s.
  static func settle(
    _ audience: Audience, _ what: String, replied: () -> Bool,
    spectator: (Int, LineView, Int64) -> Void = { _, _, _ in }
  ) throws(BenchError) {
    let done = audience.pump(
      seconds: 10, until: { replied() && audience.caughtUp(to: audience.models[0].lastSeq) }, spectator: spectator)
    guard done else { throw BenchError("\(what): the table did not settle within 10 s") }
  }
}
