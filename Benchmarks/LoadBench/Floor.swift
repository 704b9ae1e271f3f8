/// The kernel's floor, as `setduel-floor` serves it (Benchmarks/FloorBench): the least a server can do
/// for the fan-out and for the timer, timed by the same client code as SetDuel, sample for sample in turn.
enum Floor {
  /// The bare fan-out: one byte from `trigger` makes the server send one 170-byte line to each receiver,
  /// one `send` each, and do nothing else.
  final class FanOut {
    private let trigger: LineConnection
    private let receivers: LineSet
    private var round = 0

    init(port: UInt16, receivers count: Int) throws(BenchError) {
      receivers = LineSet(try Connector.open(count, port: port))
      trigger = try Connector.open(1, port: port)[0]
      // The server accepts in its own time: a round reaches every receiver once all are accepted.
      for _ in 0..<20 where (try? sample(seconds: 1)) == nil {}
      _ = try sample(seconds: 10)
    }

    deinit {
      trigger.close(reset: true)
      for connection in receivers.connections { connection.close(reset: true) }
    }

    /// One round: nanoseconds from the trigger's send to the first and to the last receiver's line.
    func sample(seconds: Double = 10) throws(BenchError) -> (first: Int64, last: Int64) {
      round += 1
      let mark = UInt8(ascii: "a") + UInt8(round % 26)
      let count = receivers.connections.count
      var seen = [Bool](repeating: false, count: count)
      var received = 0
      var first: Int64 = 0
      var last: Int64 = 0
      let start = Clock.now()
      guard trigger.send(bytes: [mark]) else { throw BenchError("floor: the trigger could not send") }
      let done = receivers.run(
        until: Clock.after(seconds: seconds),
        { index, line, time in
          guard line.bytes.count > 1, line.bytes[0] == UInt8(ascii: "F"), line.bytes[1] == mark, !seen[index] else {
            return
          }
          seen[index] = true
          received += 1
          if first == 0 { first = time }
          last = max(last, time)
        }, done: { received == count })
      guard done else { throw BenchError("floor: \(received) of \(count) receivers got the line") }
      return (first - start, last - start)
    }
  }

  /// The bare timer: `T <ns>` arms a timerfd for that instant of the monotonic clock, and its firing
  /// sends `EXPIRED`, as the claim's expiry is sent, `window` milliseconds after a whole millisecond.
  final class Timer {
    private let connection: LineConnection
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)

    init(port: UInt16) throws(BenchError) {
      connection = try Connector.open(1, port: port)[0]
    }

    deinit {
      buffer.deallocate()
      connection.close(reset: true)
    }

    /// One expiry `window` ms from now, as SetDuel's claim window is measured: nanoseconds from the
    /// deadline to receipt.
    func sample(window: Int) throws(BenchError) -> Int64 {
      let due = Clock.now() + Int64(window) * 1_000_000
      guard connection.send("T \(due)") else { throw BenchError("floor timer: could not send") }
      var expired: Int64 = 0
      let limit = Clock.after(seconds: 5)
      while expired == 0 && connection.waitReadable(until: limit) {
        _ = connection.drain(buffer) { line, time in
          if line.hasPrefix("EXPIRED") && expired == 0 { expired = time }
        }
      }
      guard expired > 0 else { throw BenchError("floor timer: no EXPIRED within 5 s") }
      return expired - due
    }
  }
}
