/// The two seats' receive skew: with many spectators watching and seat 2 resumed after them (so the
/// server knows it as its newest connection), seat 1 picks sets, and each sample is how far apart the
/// two players' sockets received the `SET` event, by the kernel's receive times on both.
enum SkewBench {
  struct Result {
    /// |seat 1's receipt - seat 2's receipt| of each `SET`.
    let skew: Summary
    /// How often seat 2 received it first.
    let secondFirst: Int
  }

  static func run(port: UInt16, spectators: Int, samples wanted: Int, seconds: Double) throws(BenchError) -> Result {
    let audience = try Audience(port: port, spectatorCount: spectators)
    try audience.resumeSecondSeat()
    for player in audience.players { player.enableArrivalTimes() }
    let deadline = Clock.after(seconds: seconds)
    var skew = Samples()
    var secondFirst = 0
    var rounds = 0
    while skew.count < wanted {
      rounds += 1
      guard rounds <= wanted * 3 + 20, Clock.now() < deadline else {
        throw BenchError("seat skew: \(skew.count) of \(wanted) samples after \(rounds - 1) rounds")
      }
      var received: [Int64?] = [nil, nil]
      let picked = try audience.playStep(player: { seat, line, time in
        if received[seat] == nil && line.hasPrefix("SET ") { received[seat] = time }
      })
      guard picked != nil else { continue }
      guard let first = received[0], let second = received[1] else {
        throw BenchError("seat skew: a player did not see SET")
      }
      skew.add(abs(first - second))
      if second < first { secondFirst += 1 }
    }
    return Result(skew: skew.summary()!, secondFirst: secondFirst)
  }
}
