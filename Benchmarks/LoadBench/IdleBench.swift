import SetProtocol

/// Many idle connections held open: the server's resident memory before and after, and its CPU while
/// they idle. SetDuel's connections are named spectators in the machine presentation; redis-server's
/// have each answered one PING, so both servers have read from every connection.
enum IdleBench {
  struct Result {
    /// Resident memory before the connections, bytes.
    let before: Int
    /// Resident memory with every connection open, bytes.
    let after: Int
    /// CPU while idle, percent of one core.
    let cpu: Double
    let connections: Int
    /// Seconds to open and greet every connection.
    let setUp: Double

    var perConnection: Double { Double(after - before) / Double(connections) }
  }

  /// What each connection is sent, and the line that answers it.
  struct Greeting {
    let lines: [(line: (Int) -> String, isAnswer: (LineView) -> Bool)]
  }

  static var setDuel: Greeting {
    Greeting(lines: [
      ({ _ in ClientCommand.mode(.machine).line }, { $0.hasPrefix("OK MODE") }),
      ({ ClientCommand.name("s\($0 + 1)").line }, { $0.hasPrefix("OK NAME") }),
    ])
  }

  static var redis: Greeting {
    Greeting(lines: [({ _ in "PING" }, { $0.hasPrefix("+PONG") })])
  }

  /// As `run`, each connection a browser's WebSocket, a named spectator in the machine presentation.
  static func runWebSocket(pid: Int32, port: UInt16, connections: Int, idleSeconds: Double) throws(BenchError)
    -> Result
  {
    guard let before = ProcessStats.residentBytes(pid: pid) else { throw BenchError("cannot read /proc/\(pid)") }
    let began = Clock.now()
    let pool = try WebSocketClient.openPool(connections, port: port)
    defer { for connection in pool { connection.close(reset: true) } }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
    defer { buffer.deallocate() }
    for (index, connection) in pool.enumerated() {
      let deadline = Clock.after(seconds: 30)
      guard connection.send(bytes: WebSocketClient.frame("NAME w\(index + 1)")),
        WebSocketClient.wait(for: Array("OK NAME".utf8), on: connection, until: deadline, buffer) != nil
      else { throw BenchError("port \(port): WebSocket \(index + 1) was not named") }
    }
    return try idle(
      LineSet(pool), connections: connections, pid: pid, port: port, before: before, began: began,
      idleSeconds: idleSeconds)
  }

  static func run(pid: Int32, port: UInt16, connections: Int, greeting: Greeting, idleSeconds: Double)
    throws(BenchError) -> Result
  {
    guard let before = ProcessStats.residentBytes(pid: pid) else { throw BenchError("cannot read /proc/\(pid)") }
    let began = Clock.now()
    let pool = try Connector.open(connections, port: port, seconds: 120)
    defer { for connection in pool { connection.close(reset: true) } }
    let lines = LineSet(pool)
    for step in greeting.lines {
      guard lines.request(seconds: 120, step.line, isAnswer: step.isAnswer) else {
        throw BenchError("port \(port): not all \(connections) connections answered")
      }
    }
    return try idle(
      lines, connections: connections, pid: pid, port: port, before: before, began: began, idleSeconds: idleSeconds)
  }

  /// Once every connection is open and greeted (since `began`): lets the server settle after the last
  /// replies, measures its memory and its CPU over `idleSeconds`, and checks that no connection closed.
  private static func idle(
    _ lines: LineSet, connections: Int, pid: Int32, port: UInt16, before: Int, began: Int64, idleSeconds: Double
  ) throws(BenchError) -> Result {
    let setUp = Double(Clock.now() - began) / 1e9
    lines.discard(seconds: 1)
    guard let after = ProcessStats.residentBytes(pid: pid),
      let cpu = ProcessStats.cpuPercent(pid: pid, over: idleSeconds)
    else { throw BenchError("cannot read /proc/\(pid)") }
    lines.discard(seconds: 0.2)
    guard lines.endedCount == 0 else { throw BenchError("port \(port): \(lines.endedCount) connections closed") }
    return Result(before: before, after: after, cpu: cpu, connections: connections, setUp: setUp)
  }
}
