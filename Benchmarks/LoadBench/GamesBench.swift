/// Complete games per second: two bots at zero think time (`BotPair`) play game after game over
/// loopback at one table.
enum GamesBench {
  struct Result {
    let games: Int
    let seconds: Double
    /// Lines the two bots sent.
    let requests: Int
    /// Claims or turns held with no set on the table, given up with a wrong pick.
    let givenUp: Int
    /// Claim or turn windows that ran out: each is time the bots spent waiting on a timer.
    let expiries: Int

    var gamesPerSecond: Double { Double(games) / seconds }
  }

  static func run(port: UInt16, seconds: Double, minimumGames: Int) throws(BenchError) -> Result {
    let bots = try BotTables([BotTables.Target(port: port, table: 1)])
    let start = Clock.now()
    let stop = Clock.after(seconds: seconds)
    bots.resume()
    let done = try bots.play(until: Clock.after(seconds: seconds + 60)) {
      bots.games >= minimumGames && bots.lastGame >= stop
    }
    guard done else {
      throw BenchError("games: only \(bots.games) games finished in \(seconds + 60) s")
    }
    let pair = bots.pairs[0]
    return Result(
      games: pair.games, seconds: Double(bots.lastGame - start) / 1e9, requests: pair.requests,
      givenUp: pair.givenUp, expiries: pair.expiries)
  }
}
