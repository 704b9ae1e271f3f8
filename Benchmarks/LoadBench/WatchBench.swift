/// A change pushed to the hall's watchers: one named connection moves between tables 2 and 3 of a
/// hall with `JOIN`, each move changing both tables' listings (the seat it leaves, the seat it takes),
/// while `watchers` connections that said `TABLES WATCH` read every `HALL` line. Each move is timed to
/// the mover's `OK JOIN` and to the last watcher's second `HALL` line; the next move waits for every
/// watcher. The same moves with nobody watching, timed first, are the baseline.
enum WatchBench {
  struct Result {
    /// The mover's round trip to `OK JOIN` with nobody watching, then with the watchers.
    let alone: Summary
    let watched: Summary
    /// From the `JOIN` to the last watcher's second `HALL` line.
    let lastWatcher: Summary
  }

  static func run(port: UInt16, watchers: Int, samples: Int) throws(BenchError) -> Result {
    let connections = try Connector.open(watchers + 1, port: port)
    defer { for connection in connections { connection.close(reset: true) } }
    let set = LineSet(connections)
    // The mover (index 0) and every watcher in the machine presentation; the mover named.
    guard set.request(seconds: 60, { _ in "MODE MACHINE" }, isAnswer: { $0.hasPrefix("OK MODE") }),
      set.request(
        seconds: 60, { index in index == 0 ? "NAME mover" : "WHERE" },
        isAnswer: { $0.hasPrefix("OK NAME") || $0.hasPrefix("OK WHERE") })
    else {
      throw BenchError("watch: no answer to MODE MACHINE and NAME on every connection")
    }
    var alone = Samples()
    var watched = Samples()
    var lastWatcher = Samples()
    var move = 0
    // One move: JOIN the other table; returns when the mover and (if `watching`) every watcher are done.
    func step(watching: Bool) throws(BenchError) -> (answer: Int64, last: Int64, start: Int64) {
      move += 1
      var answer: Int64 = 0
      var seen = [Int](repeating: 0, count: connections.count)
      var complete = 0
      var last: Int64 = 0
      let start = Clock.now()
      guard connections[0].send("JOIN \(move % 2 == 0 ? 2 : 3)") else { throw BenchError("watch: JOIN not sent") }
      let done = set.run(
        until: Clock.after(seconds: 10),
        { index, line, time in
          if index == 0 {
            if line.hasPrefix("OK JOIN") { answer = time }
          } else if line.hasPrefix("HALL ") {
            seen[index] += 1
            if seen[index] == 2 {
              complete += 1
              last = time
            }
          }
        }, done: { answer > 0 && (!watching || complete == watchers) })
      guard done else { throw BenchError("watch: move \(move) not answered and pushed within 10 s") }
      return (answer, last, start)
    }
    for round in 0..<(samples + samples / 10) {
      let timed = try step(watching: false)
      if round >= samples / 10 { alone.add(timed.answer - timed.start) }
    }
    guard
      set.request(
        seconds: 60, { index in index == 0 ? "WHERE" : "TABLES WATCH" },
        isAnswer: { $0.hasPrefix("OK TABLES") || $0.hasPrefix("OK WHERE") })
    else {
      throw BenchError("watch: no answer to TABLES WATCH on every connection")
    }
    for round in 0..<(samples + samples / 10) {
      let timed = try step(watching: true)
      guard round >= samples / 10 else { continue }
      watched.add(timed.answer - timed.start)
      lastWatcher.add(timed.last - timed.start)
    }
    return Result(alone: alone.summary()!, watched: watched.summary()!, lastWatcher: lastWatcher.summary()!)
  }
}
