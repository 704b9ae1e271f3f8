import SetProtocol

/// Complete games per second: two bots at zero think time play game after game over loopback.
///
/// Each bot answers every line at once. In open play both call Set (`CLAIM`) when they see a set;
/// the server grants the first claim and refuses the other, and the winner picks the set. With no set
/// on the table seat 1 asks for cards. At game over both ask for a rematch. Claiming before picking
/// means a bot never picks from a table that changed under it, so no game waits on a timer.
enum GamesBench {
  struct Result {
    let games: Int
    let seconds: Double
    /// Lines the two bots sent.
    let requests: Int
    /// Claim or turn windows that ran out: each is time the bots spent waiting on a timer.
    let expiries: Int

    var gamesPerSecond: Double { Double(games) / seconds }
  }

  static func run(port: UInt16, seconds: Double, minimumGames: Int) throws(BenchError) -> Result {
    let audience = try Audience(port: port, spectatorCount: 0)
    var requests = 0
    var finished = 0
    var expiries = 0
    let start = Clock.now()
    let stop = Clock.after(seconds: seconds)
    var last = start
    func act(_ seat: Int) {
      let model = audience.models[seat]
      switch model.phase {
      case .open:
        if model.firstSet() != nil {
          audience.players[seat].send("CLAIM")
        } else if seat == 0 {
          audience.players[seat].send("DEAL")
        } else {
          return
        }
      case .window(let holder) where holder == seat + 1:
        guard let slots = model.firstSet() else { return }
        audience.players[seat].send(TableModel.pickLine(slots))
      case .over:
        audience.players[seat].send("NEW")
      default:
        return
      }
      requests += 1
    }
    for seat in 0..<2 { act(seat) }
    var stopping = false
    audience.pump(
      seconds: seconds + 60,
      until: { stopping },
      player: { seat, line, time in
        guard let decoded = EventCodec.decode(line.text) else { return }
        switch decoded.event {
        case .started, .open, .claim, .turn: act(seat)
        case .expired: if seat == 0 { expiries += 1 }
        case .diff:
          if audience.models[seat].phase == .open { act(seat) }
        case .over:
          if seat == 0 {
            finished += 1
            last = time
            stopping = time >= stop && finished >= minimumGames
          }
          if !stopping { act(seat) }
        default: break
        }
      })
    guard finished >= minimumGames else {
      throw BenchError("games: only \(finished) games finished in \(seconds + 60) s")
    }
    return Result(games: finished, seconds: Double(last - start) / 1e9, requests: requests, expiries: expiries)
  }
}
