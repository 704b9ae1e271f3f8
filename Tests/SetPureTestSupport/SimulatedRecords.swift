import SetCore
import SetProtocol
import SetSimulation

/// Game records written from seeded simulated games, line for line as a table's host writes them, and
/// the figures of those games counted straight from the match's own events, apart from any record.
package struct SimulatedRecords {
  /// One record's text per game.
  package var texts: [String] = []
  /// Figures by lower-case name, counted from the match's events.
  package var expected: [String: Expected] = [:]
  /// Every finished game in order: seat names and result.
  package var results: [(names: PerSeat<String>, result: GameResult)] = []

  package struct Expected: Equatable {
    package var games = 0, wins = 0, losses = 0, ties = 0, forfeits = 0
    package var sets = 0, wrongPicks = 0, expiredClaims = 0, needlessDeals = 0
    package var findTimes: [Int64] = []

    package init(
      games: Int = 0, wins: Int = 0, losses: Int = 0, ties: Int = 0, forfeits: Int = 0, sets: Int = 0,
      wrongPicks: Int = 0, expiredClaims: Int = 0, needlessDeals: Int = 0, findTimes: [Int64] = []
    ) {
      (self.games, self.wins, self.losses, self.ties, self.forfeits) = (games, wins, losses, ties, forfeits)
      (self.sets, self.wrongPicks, self.expiredClaims, self.needlessDeals) = (
        sets, wrongPicks, expiredClaims, needlessDeals
      )
      self.findTimes = findTimes
    }
  }

  /// `count` games from seeds 1 through `count`, players drawn from `pool`; each name is written with
  /// a changing case so that only a match without regard to case adds them up.
  /// Writes each record into `folder` as a server names its files, `game-2026010N-000000-seedN+1.record`,
  /// so that they sort in the order they were played.
  package func write(into folder: String) throws {
    for (index, text) in texts.enumerated() {
      try writeFile(folder + "/game-2026010\(index)-000000-seed\(index + 1).record", text)
    }
  }

  package init(count: Int, pool: [String], behaviour: Behaviour = .mixed) {
    for index in 0..<count {
      let seed = UInt64(index + 1)
      let first = index % pool.count
      let second = (first + 1 + index / pool.count % (pool.count - 1)) % pool.count
      let names = PerSeat(one: pool[first], two: pool[second]).map { index % 2 == 0 ? $0 : $0.uppercased() }
      texts.append(play(seed: seed, names: names, behaviour: behaviour))
    }
  }

  private mutating func play(seed: UInt64, names: PerSeat<String>, behaviour: Behaviour) -> String {
    var since = Instant.zero
    var firstMove: Instant?
    let keys = names.map { PlayerName.key($0) }
    for key in keys.values where expected[key] == nil { expected[key] = Expected() }
    var steps: [Step] = []
    let lines = SimulatedRecord.lines(seed: seed, names: names, behaviour: behaviour) { steps.append($0) }
    for step in steps {
      for event in step.events {
        count(event, at: step.time, keys: keys, since: &since, firstMove: &firstMove)
        if case .gameOver(let result) = event { results.append((names, result)) }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Counts one event of the match into the expected figures.
  private mutating func count(
    _ event: MatchEvent, at time: Instant, keys: PerSeat<String>, since: inout Instant, firstMove: inout Instant?
  ) {
    switch event {
    case .gameStarted, .tableChanged, .openPlay, .resumed:
      (since, firstMove) = (time, nil)
    case .windowOpened(let window) where window.kind != .claim:
      (since, firstMove) = (time, nil)
    case .windowOpened, .picked:
      if firstMove == nil { firstMove = time }
    case .setFound(let seat, _, _, _):
      expected[keys[seat]]!.sets += 1
      expected[keys[seat]]!.findTimes.append((firstMove ?? time).milliseconds - since.milliseconds)
    case .notASet(let seat, _, _):
      expected[keys[seat]]!.wrongPicks += 1
    case .windowExpired(let window) where window.kind == .claim:
      expected[keys[window.holder]]!.expiredClaims += 1
    case .scoreChanged(let seat, _, _, .needlessDeal):
      expected[keys[seat]]!.needlessDeals += 1
    case .gameOver(let result):
      for seat in Seat.allCases {
        var figures = expected[keys[seat]]!
        figures.games += 1
        switch result.winner {
        case nil: figures.ties += 1
        case seat: figures.wins += 1
        default: figures.losses += 1
        }
        if result.ending == .forfeit(seat) { figures.forfeits += 1 }
        expected[keys[seat]] = figures
      }
    default:
      break
    }
  }
}
