import SetCore
import SetProtocol

/// Complete games per second: two bots at zero think time play game after game over loopback.
///
/// Each bot has one request out at a time, and acts as soon as it has read every line that arrived,
/// on the latest state it knows. In open
/// play both call Set (`CLAIM`) when they see a set; the server grants the first claim and refuses the
/// other, and the winner picks the set. With no set on the table seat 1 asks for cards. At game over
/// both ask for a rematch. Claiming before picking means a bot never picks from a table that changed
/// under it. A claim can still come too late, after the other bot's set changed the table; a bot that
/// holds a claim or turn with no set on the table gives it up at once with a wrong pick (counted in
/// `givenUp`) rather than wait for the window to run out.
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
    let audience = try Audience(port: port, spectatorCount: 0)
    var requests = 0
    var finished = 0
    var expiries = 0
    var givenUp = 0
    let start = Clock.now()
    let stop = Clock.after(seconds: seconds)
    var last = start
    var awaiting = [false, false]
    func act(_ seat: Int) {
      guard !awaiting[seat] else { return }
      let model = audience.models[seat]
      switch model.phase {
      case .open:
        if model.firstSet() != nil {
          audience.players[seat].send(.claim)
        } else if seat == 0 {
          audience.players[seat].send(.deal)
        } else {
          return
        }
      case .window(let holder) where holder == seat + 1:
        if let slots = model.firstSet() {
          audience.players[seat].send(.pick(slots))
        } else {
          givenUp += 1
          audience.players[seat].send(.pick([Slot(0), Slot(1), Slot(2)]))
        }
      case .over:
        audience.players[seat].send(.new)
      default:
        return
      }
      requests += 1
      awaiting[seat] = true
    }
    for seat in 0..<2 { act(seat) }
    var due = [false, false]
    var flip = false
    var stopping = false
    audience.pump(
      seconds: seconds + 60,
      until: { stopping },
      player: { seat, line, time in
        if line.hasPrefix("OK ") || line.hasPrefix("ERR ") {
          awaiting[seat] = false
          due[seat] = true
        }
        guard let decoded = EventCodec.decode(line.text) else { return }
        switch decoded.event {
        case .started, .open, .claim, .turn, .diff: due[seat] = true
        case .expired: if seat == 0 { expiries += 1 }
        case .over:
          due[seat] = true
          if seat == 0 {
            finished += 1
            last = time
            stopping = time >= stop && finished >= minimumGames
          }
        default: break
        }
      },
      afterReads: {
        // Alternately seat 1 and seat 2 first, so neither always wins the race to claim.
        flip.toggle()
        for seat in (flip ? [1, 0] : [0, 1]) where due[seat] && !stopping {
          due[seat] = false
          act(seat)
        }
      })
    guard finished >= minimumGames else {
      throw BenchError("games: only \(finished) games finished in \(seconds + 60) s")
    }
    return Result(
      games: finished, seconds: Double(last - start) / 1e9, requests: requests, givenUp: givenUp, expiries: expiries)
  }
}
