import SetProtocol

/// PING round trips against SetDuel and redis-server, timed by the same code in one run.
///
/// Each sample sends one ping on one connection and waits for its reply before the next; samples
/// alternate between the two servers (which one goes first alternating too), so a busy moment on the
/// machine falls on both alike. With many connections open, the pings go round them in turn.
enum PingBench {
  /// What one server is sent, and how its reply is recognised.
  struct Target {
    let name: String
    let port: UInt16
    let request: [UInt8]
    let isReply: (LineView) -> Bool
    /// Sent once on each connection before any ping, with the line that answers it.
    let greeting: (line: String, isAnswer: (LineView) -> Bool)?
    /// Whether it speaks to SetDuel as a browser does: a WebSocket on the same port, one line a message.
    var webSocket = false
  }

  /// SetDuel over a WebSocket: a masked text message `PING b`, answered by the message `PONG b`.
  static func setDuelWebSocket(port: UInt16) -> Target {
    var target = Target(
      name: "SetDuel (WebSocket)", port: port, request: WebSocketClient.frame("PING b"), isReply: { _ in false },
      greeting: nil)
    target.webSocket = true
    return target
  }

  /// SetDuel: `PING b` is answered by `PONG b`; `MODE MACHINE` first, so no prompt follows replies.
  static func setDuel(port: UInt16) -> Target {
    Target(
      name: "SetDuel", port: port, request: Array((ClientCommand.ping("b").line + "\r\n").utf8),
      isReply: { $0.hasPrefix("PONG") }, greeting: (ClientCommand.mode(.machine).line, { $0.hasPrefix("OK MODE") }))
  }

  /// redis-server's inline command: `PING` is answered by `+PONG`.
  static func redis(port: UInt16) -> Target {
    Target(
      name: "redis-server", port: port, request: Array("PING\r\n".utf8), isReply: { $0.hasPrefix("+PONG") },
      greeting: nil)
  }

  /// Round trips to each target over `connections` connections each: `warmup` unrecorded, then `samples`.
  static func run(_ targets: [Target], connections: Int, warmup: Int, samples: Int) throws(BenchError) -> [Summary] {
    var pools: [[LineConnection]] = []
    for target in targets {
      let pool =
        target.webSocket
        ? try WebSocketClient.openPool(connections, port: target.port)
        : try Connector.open(connections, port: target.port)
      if let greeting = target.greeting {
        let set = LineSet(pool)
        guard set.request(seconds: 30, { _ in greeting.line }, isAnswer: greeting.isAnswer) else {
          throw BenchError("\(target.name): no answer to \(greeting.line) on every connection")
        }
      }
      pools.append(pool)
    }
    defer { for pool in pools { for connection in pool { connection.close(reset: true) } } }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    defer { buffer.deallocate() }
    var results = [Samples](repeating: Samples(), count: targets.count)
    for round in 0..<(warmup + samples) {
      for step in 0..<targets.count {
        let which = (round + step) % targets.count
        let connection = pools[which][round % connections]
        guard let time = roundTrip(connection, targets[which], buffer) else {
          throw BenchError("\(targets[which].name): no reply to PING within 2 s")
        }
        if round >= warmup { results[which].add(time) }
      }
    }
    var summaries: [Summary] = []
    for index in results.indices {
      summaries.append(results[index].summary()!)
    }
    return summaries
  }

  /// One ping and its reply: nanoseconds from just before the send to the read that brought the reply.
  static func roundTrip(_ connection: LineConnection, _ target: Target, _ buffer: UnsafeMutableRawBufferPointer)
    -> Int64?
  {
    let start = Clock.now()
    guard connection.send(bytes: target.request) else { return nil }
    let deadline = start + 2_000_000_000
    if target.webSocket {
      return WebSocketClient.wait(for: WebSocketClient.pongReply, on: connection, until: deadline, buffer).map {
        $0 - start
      }
    }
    var received: Int64?
    while received == nil {
      guard connection.waitReadable(until: deadline) else { return nil }
      let open = connection.drain(buffer) { line, time in
        if received == nil && target.isReply(line) { received = time }
      }
      guard open || received != nil else { return nil }
    }
    return received! - start
  }
}
