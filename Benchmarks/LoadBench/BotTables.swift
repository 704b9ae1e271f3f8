import SetProtocol

/// Two bots at zero think time (`BotPair`) at each of many tables, on one server or several, all read
/// by one epoll loop on one thread. A bot at a table other than 1 moves there with `JOIN` before it
/// names itself, so a server that knows nothing of the hall is played at its only table.
final class BotTables {
  /// Where one pair plays: a server's port, and a table there.
  struct Target {
    let port: UInt16
    let table: Int
  }

  let targets: [Target]
  private let lines: LineSet
  private(set) var pairs: [BotPair]
  /// Whether the pairs act on what they read (else they only read).
  var playing = true
  /// When the latest game ended.
  private(set) var lastGame: Int64 = 0
  /// Alternately seat 1 and seat 2 first, so neither always wins the race to claim.
  private var flip = false

  /// Seats two bots at each target: each says `MODE MACHINE` and moves to its table; then seat 1's bot
  /// names itself, then seat 2's; until every pair saw its game start.
  init(_ targets: [Target], seconds: Double = 60) throws(BenchError) {
    self.targets = targets
    var connections: [LineConnection] = []
    for target in targets { connections += try Connector.open(2, port: target.port) }
    lines = LineSet(connections)
    pairs = [BotPair](repeating: BotPair(), count: targets.count)
    let deadline = Clock.after(seconds: seconds)
    for connection in connections { connection.send(.mode(.machine)) }
    try setUp("MODE MACHINE", Array(connections.indices), until: deadline) { $0.hasPrefix("OK MODE") }
    for (index, target) in targets.enumerated() where target.table != 1 {
      for seat in 0..<2 { connections[2 * index + seat].send(.join(String(target.table))) }
    }
    let joining = connections.indices.filter { targets[$0 / 2].table != 1 }
    try setUp("JOIN", joining, until: deadline) { $0.hasPrefix("OK JOIN") }
    for seat in 0..<2 {
      for index in targets.indices { connections[2 * index + seat].send(.name(Self.name(targets[index], seat))) }
      try setUp("NAME", targets.indices.map { 2 * $0 + seat }, until: deadline) { $0.hasPrefix("OK NAME") }
    }
    let started = lines.run(until: deadline, receive, done: { self.pairs.allSatisfy(\.started) })
    guard started else { throw BenchError("bots: not every table's game started") }
  }

  deinit {
    for connection in lines.connections { connection.close(reset: true) }
  }

  /// A name nobody else at the target's server has.
  private static func name(_ target: Target, _ seat: Int) -> String {
    "t\(target.table)\(seat == 0 ? "a" : "b")"
  }

  /// Reads (models kept up to date) until each of the connections `waiting` received a line for which
  /// `answered` holds.
  private func setUp(
    _ what: String, _ waiting: [Int], until deadline: Int64, _ answered: (LineView) -> Bool
  ) throws(BenchError) {
    var left = Set(waiting)
    let ok = lines.run(
      until: deadline,
      { index, line, time in
        receive(index, line, time)
        if left.contains(index) && answered(line) { left.remove(index) }
      }, done: { left.isEmpty })
    guard ok else { throw BenchError("bots: \(left.count) of \(waiting.count) connections did not answer \(what)") }
  }

  private func receive(_ index: Int, _ line: LineView, _ time: Int64) {
    if pairs[index / 2].receive(line, seat: index % 2) { lastGame = time }
  }

  /// Complete games so far, at every table.
  var games: Int { pairs.reduce(0) { $0 + $1.games } }

  /// Plays until `done()` holds or `deadline` passes (only reading while `playing` is false); returns
  /// whether `done()` held. Fails if a connection ended.
  @discardableResult
  func play(until deadline: Int64, done: () -> Bool) throws(BenchError) -> Bool {
    let finished = lines.run(until: deadline, receive, afterReads: act, done: done)
    guard lines.endedCount == 0 else { throw BenchError("bots: \(lines.endedCount) connections ended") }
    return finished
  }

  /// Every bot with something new to act on sends its request.
  private func act() {
    guard playing else { return }
    flip.toggle()
    for index in pairs.indices {
      for seat in flip ? [1, 0] : [0, 1] {
        if let command = pairs[index].next(seat) { lines.connections[2 * index + seat].send(command) }
      }
    }
  }

  /// Lets every bot act on what it knows, as after a pause.
  func resume() {
    playing = true
    act()
  }
}
