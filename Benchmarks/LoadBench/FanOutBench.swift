/// Fan-out: seat 1 picks a set, and the time runs from its `PICK` to the last spectator's receipt of
/// the `SET` event. Between samples the table is brought along (`Audience.playStep`).
///
/// The yardstick, sample for sample in turn with SetDuel's: redis-server's `PUBLISH` of a message as
/// long as a pick's events to as many `SUBSCRIBE`d connections, timed from the `PUBLISH` to the last
/// subscriber's receipt of the message. And the kernel's floor, in turn with both: `setduel-floor
/// fanout`, which sends one 170-byte line to each of as many connections, one `send` each.
enum FanOutBench {
  struct Result {
    /// From the pick to the last spectator's `SET`.
    let last: Summary
    /// From the pick to the first spectator's `SET`.
    let first: Summary
    /// From `PUBLISH` to the last subscriber's message, if redis-server was measured.
    let redis: Summary?
    /// From the trigger to the last receiver's line, if the floor was measured.
    let floor: Summary?
    /// From the trigger to the first receiver's line, if the floor was measured.
    let floorFirst: Summary?
  }

  /// Rounds played before the samples, for each server alike (more than TCP's 16 quick
  /// acknowledgements).
  static let warmUpRounds = 20

  static func run(
    port: UInt16, redisPort: UInt16?, floorPort: UInt16? = nil, spectators: Int, samples wanted: Int, seconds: Double,
    webSocket: Bool = false
  ) throws(BenchError) -> Result {
    let audience = try Audience(port: port, spectatorCount: spectators, webSocket: webSocket)
    let publisher = try redisPort.map { port throws(BenchError) in try Publisher(port: port, subscribers: spectators) }
    let floorServer = try floorPort.map { port throws(BenchError) in try Floor.FanOut(port: port, receivers: spectators)
    }
    // Untimed rounds first, alike for the three: a TCP connection that was idle for longer than its
    // retransmission timeout acknowledges the next 16 segments it receives at once (Linux's quick
    // acknowledgements), and a round whose receivers do so takes about 1.6 times as long, whoever
    // sends it. The spectators wait while the yardsticks are set up; the floor's receivers did not.
    for round in 1...warmUpRounds {
      _ = try audience.playStep()
      _ = try publisher?.sample(round: -round)
      _ = try floorServer?.sample()
    }
    let deadline = Clock.after(seconds: seconds)
    var last = Samples()
    var first = Samples()
    var redis = Samples()
    var floor = Samples()
    var floorFirst = Samples()
    var rounds = 0
    while last.count < wanted {
      if let publisher, redis.count < last.count {
        redis.add(try publisher.sample(round: rounds))
      }
      if let floorServer, floor.count < last.count {
        let times = try floorServer.sample()
        floor.add(times.last)
        floorFirst.add(times.first)
      }
      rounds += 1
      guard rounds <= wanted * 3 + 20, Clock.now() < deadline else {
        throw BenchError("fan-out: \(last.count) of \(wanted) samples after \(rounds - 1) rounds")
      }
      var received = [Int64](repeating: 0, count: spectators)
      var count = 0
      let picked = try audience.playStep(spectator: { index, line, time in
        if received[index] == 0 && line.hasPrefix("SET ") {
          received[index] = time
          count += 1
        }
      })
      guard let start = picked else { continue }
      guard count == spectators else { throw BenchError("fan-out: \(count) of \(spectators) spectators saw SET") }
      last.add(received.max()! - start)
      first.add(received.min()! - start)
    }
    return Result(
      last: last.summary()!, first: first.summary()!, redis: redis.summary(), floor: floor.summary(),
      floorFirst: floorFirst.summary())
  }
}

/// redis-server's publish and subscribe, as a fan-out yardstick: one publisher, many subscribers.
final class Publisher {
  private let publisher: LineConnection
  private let subscribers: LineSet
  /// Filler making a message as long as a pick's events (about 170 bytes on the wire).
  private let filler = String(repeating: "x", count: 140)
  private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)

  init(port: UInt16, subscribers count: Int) throws(BenchError) {
    publisher = try Connector.open(1, port: port)[0]
    subscribers = LineSet(try Connector.open(count, port: port))
    // `SUBSCRIBE bench` is answered by an array whose last line is the subscription count, `:1`.
    guard subscribers.request(seconds: 30, { _ in "SUBSCRIBE bench" }, isAnswer: { $0.hasPrefix(":1") }) else {
      throw BenchError("redis-server: not every connection subscribed")
    }
  }

  deinit {
    buffer.deallocate()
    publisher.close(reset: true)
    for connection in subscribers.connections { connection.close(reset: true) }
  }

  /// One `PUBLISH`: nanoseconds from its send to the last subscriber's receipt of the message.
  func sample(round: Int) throws(BenchError) -> Int64 {
    let marker = "M\(round)-"
    let count = subscribers.connections.count
    var received = 0
    var last: Int64 = 0
    let start = Clock.now()
    guard publisher.send("PUBLISH bench \(marker)\(filler)") else { throw BenchError("redis-server: PUBLISH failed") }
    let done = subscribers.run(
      until: Clock.after(seconds: 10),
      { _, line, time in
        if line.hasPrefix("M") && line.text.hasPrefix(marker) {
          received += 1
          last = time
        }
      }, done: { received == count })
    guard done else { throw BenchError("redis-server: \(received) of \(count) subscribers got the message") }
    // The publisher's reply, `:count`, waits for it; read it so it does not pile up.
    var replied = false
    let limit = Clock.after(seconds: 1)
    while !replied && publisher.waitReadable(until: limit) {
      publisher.drain(buffer) { line, _ in replied = replied || line.hasPrefix(":") }
    }
    return last - start
  }
}
