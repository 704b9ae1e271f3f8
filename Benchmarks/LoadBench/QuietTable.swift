/// A quiet table: two players at table 1 of a server, where seat 1 finds sets and picks them one at a
/// time, and a connection beside them that pings. What it measures: PING round trips, and the time
/// from seat 1's `PICK` until both players have the `SET` line.
final class QuietTable {
  let name: String
  private let audience: Audience
  private let pinger: LineConnection
  private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
  private let target: PingBench.Target

  init(name: String, port: UInt16) throws(BenchError) {
    self.name = name
    audience = try Audience(port: port, spectatorCount: 0)
    target = PingBench.setDuel(port: port)
    pinger = try Connector.open(1, port: port)[0]
    let lines = LineSet([pinger])
    guard let greeting = target.greeting,
      lines.request(seconds: 30, { _ in greeting.line }, isAnswer: greeting.isAnswer)
    else { throw BenchError("\(name): no answer to MODE MACHINE") }
  }

  deinit {
    buffer.deallocate()
    pinger.close(reset: true)
  }

  /// One PING round trip, nanoseconds.
  func ping() throws(BenchError) -> Int64 {
    guard let time = PingBench.roundTrip(pinger, target, buffer) else {
      throw BenchError("\(name): no reply to PING within 2 s")
    }
    return time
  }

  /// One pick of a set: nanoseconds from seat 1's `PICK` to the later of the two players' `SET`.
  /// Steps that only deal or start a game come first, as many as the table needs.
  func pick() throws(BenchError) -> Int64 {
    for _ in 0..<20 {
      var received: [Int64] = [0, 0]
      let sent = try audience.playStep(player: { seat, line, time in
        if received[seat] == 0 && line.hasPrefix("SET ") { received[seat] = time }
      })
      guard let start = sent else { continue }
      guard received.allSatisfy({ $0 > 0 }) else { throw BenchError("\(name): a player did not see SET") }
      return received.max()! - start
    }
    throw BenchError("\(name): no set picked in 20 steps")
  }
}

/// PING and pick-to-`SET` samples at several quiet tables, taken in turn sample by sample (which
/// table goes first alternating too), so a busy moment on the machine falls on each alike.
struct QuietSamples {
  var pings: [Samples]
  var picks: [Samples]

  init(tables: Int) {
    pings = [Samples](repeating: Samples(), count: tables)
    picks = pings
  }

  /// Adds `pings` PING samples and `picks` pick samples at each table, `pause` seconds apart (a round
  /// of a sample at each table, then the pause): with a pause, a table asks at a steady pace whatever
  /// its answers' speed, as a table of people does; with none, as fast as it is answered.
  mutating func take(_ tables: [QuietTable], pings count: Int, picks pickCount: Int, pause: Double = 0)
    throws(BenchError)
  {
    for round in 0..<max(count, pickCount) {
      if pause > 0 && round > 0 { Clock.sleep(seconds: pause) }
      for step in tables.indices {
        let which = (round + step) % tables.count
        if round < count { pings[which].add(try tables[which].ping()) }
        if round < pickCount { picks[which].add(try tables[which].pick()) }
      }
    }
  }
}
