/// What a hall of tables costs: the memory of an empty table, and one hall with many busy tables
/// against as many one-table servers, each in its own process, in memory and in complete games a second.
enum ScaleBench {
  struct Empty {
    /// Resident memory before and after the tables were opened, bytes.
    let before: Int
    let after: Int
    let tables: Int

    var perTable: Double { Double(after - before) / Double(tables) }
  }

  /// A fresh hall's resident memory before and after `count` tables are opened with `OPEN`, nobody at
  /// any of them once the connection that opened them is back at table 1. One table is opened and left
  /// first, so the code that opens tables is in memory before the first figure.
  static func emptyTables(port: UInt16, pid: Int32, count: Int) throws(BenchError) -> Empty {
    let connection = try Connector.open(1, port: port)[0]
    defer { connection.close(reset: true) }
    let lines = LineSet([connection])
    func ask(_ line: String, _ answer: StaticString) throws(BenchError) {
      guard lines.request(seconds: 10, { _ in line }, isAnswer: { $0.hasPrefix(answer) }) else {
        throw BenchError("port \(port): no \(answer) to \(line)")
      }
    }
    try ask("MODE MACHINE", "OK MODE")
    try ask("OPEN", "OK OPEN")
    try ask("JOIN 1", "OK JOIN")
    lines.discard(seconds: 0.2)
    guard let before = ProcessStats.residentBytes(pid: pid) else { throw BenchError("cannot read /proc/\(pid)") }
    for _ in 0..<count { try ask("OPEN", "OK OPEN") }
    try ask("JOIN 1", "OK JOIN")
    lines.discard(seconds: 0.2)
    guard let after = ProcessStats.residentBytes(pid: pid) else { throw BenchError("cannot read /proc/\(pid)") }
    return Empty(before: before, after: after, tables: count)
  }

  /// One side of the comparison: the hall, or the one-table servers together.
  struct Side {
    var games = 0
    var seconds = 0.0
    /// The servers' CPU while they played, clock ticks.
    var ticks = 0
    /// Resident and proportional memory (shared pages split among the processes that map them), bytes,
    /// summed over the side's processes, once it had played `memoryGames`.
    var resident = 0
    var proportional = 0
    var memoryGames = 0

    var gamesPerSecond: Double { Double(games) / max(seconds, 1e-9) }
  }

  /// Two bots at each of the hall's tables 1 to `tables` (process `hallPid` on `hallPort`), and two at
  /// each one-table server of `servers`. First each side plays two games a table and its memory is
  /// taken (a table keeps its finished games, for `REVIEW` and `HISTORY`, so memory is compared after
  /// as many games); then each plays `seconds` in turn, for `rounds` rounds.
  static func hallAgainstProcesses(
    hallPort: UInt16, hallPid: Int32, tables: Int, servers: [(port: UInt16, pid: Int32)], seconds: Double,
    rounds: Int, cpu: Int?
  ) throws(BenchError) -> (hall: Side, processes: Side) {
    let hall = try BusyLoad((1...tables).map { BotTables.Target(port: hallPort, table: $0) }, cpu: cpu)
    let processes = try BusyLoad(servers.map { BotTables.Target(port: $0.port, table: 1) }, cpu: cpu)
    var sides = [Side(), Side()]
    let pids = [[hallPid], servers.map(\.pid)]
    for which in 0..<2 {
      let load = which == 0 ? hall : processes
      load.play(true)
      let deadline = Clock.after(seconds: 60)
      while load.games < 2 * tables && Clock.now() < deadline { Clock.sleep(seconds: 0.005) }
      sides[which].memoryGames = load.games
      sides[which].resident = try sum(pids[which], ProcessStats.residentBytes)
      sides[which].proportional = try sum(pids[which], ProcessStats.proportionalBytes)
      load.play(false)
      Clock.sleep(seconds: 0.2)  // the last requests answered
    }
    for round in 0..<rounds {
      for step in 0..<2 {
        let which = (round + step) % 2
        let load = which == 0 ? hall : processes
        load.play(true)
        Clock.sleep(seconds: 0.3)  // at full speed first
        let games = load.games
        let ticks = try sum(pids[which], ProcessStats.cpuTicks)
        let began = Clock.now()
        Clock.sleep(seconds: seconds)
        sides[which].games += load.games - games
        sides[which].seconds += Double(Clock.now() - began) / 1e9
        sides[which].ticks += try sum(pids[which], ProcessStats.cpuTicks) - ticks
        load.play(false)
        Clock.sleep(seconds: 0.2)  // the last requests answered
      }
    }
    try hall.stop()
    try processes.stop()
    return (sides[0], sides[1])
  }

  /// `figure` summed over the processes `pids`.
  private static func sum(_ pids: [Int32], _ figure: (Int32) -> Int?) throws(BenchError) -> Int {
    var total = 0
    for pid in pids {
      guard let value = figure(pid) else { throw BenchError("cannot read /proc/\(pid)") }
      total += value
    }
    return total
  }
}
