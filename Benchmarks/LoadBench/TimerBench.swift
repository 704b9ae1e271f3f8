/// Timer lateness: seat 1 calls Set and lets the claim window run out, with spectators watching.
///
/// The server and this process read the same monotonic clock, so there is no offset to correct for.
/// The server's deadline is the instant its kernel received the `CLAIM` plus the window the `CLAIM`
/// event states, to the nanosecond. This process cannot see that instant; it takes the clock just
/// before it sends the `CLAIM`, which is earlier by the send's own path through the kernel (some
/// microseconds), so the lateness measured can only overstate the server's. Lateness is the time from
/// that deadline to the later of the two players' receipt of `EXPIRED`; the expiry's fan-out, to the
/// last spectator's.
enum TimerBench {
  struct Result {
    /// Deadline to the later player's `EXPIRED`.
    let players: Summary
    /// Deadline to the last spectator's `EXPIRED`.
    let spectators: Summary
    /// The claim window the server stated, milliseconds.
    let window: Int
    /// The bare timer's lateness with the same window, a sample after each claim's, if measured.
    let floor: Summary?
  }

  static func run(port: UInt16, floorPort: UInt16? = nil, spectators: Int, samples wanted: Int, seconds: Double)
    throws(BenchError) -> Result
  {
    let audience = try Audience(port: port, spectatorCount: spectators)
    let floorTimer = try floorPort.map { port throws(BenchError) in try Floor.Timer(port: port) }
    var floor = Samples()
    let deadline = Clock.after(seconds: seconds)
    var players = Samples()
    var watchers = Samples()
    var window = 0
    for round in 0..<wanted {
      guard Clock.now() < deadline else {
        throw BenchError("timer: \(round) of \(wanted) samples in \(seconds) s")
      }
      var stated = [Int](repeating: -1, count: 2)
      var playerExpired = [Int64](repeating: 0, count: 2)
      var spectatorExpired = [Int64](repeating: 0, count: spectators)
      var spectatorCount = 0
      var opened = false
      let before = audience.models[0].replies
      let sent = Clock.now()
      audience.players[0].send(.claim)
      let done = audience.pump(
        seconds: 10,
        until: {
          opened && audience.models[0].replies > before && audience.caughtUp(to: audience.models[0].lastSeq)
        },
        player: { seat, line, time in
          if line.hasPrefix("CLAIM "), let ms = Int(line.text.split(separator: " ").last ?? "") {
            stated[seat] = ms
          } else if line.hasPrefix("EXPIRED ") && playerExpired[seat] == 0 {
            playerExpired[seat] = time
          } else if line.hasPrefix("OPEN ") && seat == 0 {
            opened = true
          }
        },
        spectator: { index, line, time in
          if line.hasPrefix("EXPIRED ") && spectatorExpired[index] == 0 {
            spectatorExpired[index] = time
            spectatorCount += 1
          }
        })
      guard done, stated[0] >= 0, stated[0] == stated[1], !playerExpired.contains(0), spectatorCount == spectators
      else {
        throw BenchError("timer: round \(round + 1) did not run claim, expiry and open play within 10 s")
      }
      window = stated[0]
      let due = sent + Int64(stated[0]) * 1_000_000
      players.add(playerExpired.max()! - due)
      watchers.add(spectatorExpired.max()! - due)
      if let floorTimer { floor.add(try floorTimer.sample(window: window)) }
    }
    return Result(
      players: players.summary()!, spectators: watchers.summary()!, window: window,
      floor: floor.summary())
  }
}
