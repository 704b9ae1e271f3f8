import SetCore
import SetProtocol

/// Two bots at one table at zero think time: what each knows of the table, and what each does next.
///
/// Each bot has one request out at a time, and acts as soon as it has read every line that arrived,
/// on the latest state it knows. In open play both call Set (`CLAIM`) when they see a set; the server
/// grants the first claim and refuses the other, and the winner picks the set. With no set on the
/// table seat 1 asks for cards. At game over both ask for a rematch. Claiming before picking means a
/// bot never picks from a table that changed under it. A claim can still come too late, after the other
/// bot's set changed the table; a bot that holds a claim or turn with no set on the table gives it up
/// at once with a wrong pick (counted in `givenUp`) rather than wait for the window to run out.
struct BotPair {
  private(set) var models = [TableModel(seat: 1), TableModel(seat: 2)]
  /// Whether each bot waits for the answer to its request.
  private var awaiting = [false, false]
  /// Whether each bot has something new to act on.
  private var due = [true, true]
  /// Complete games, counted at seat 1's `OVER`.
  private(set) var games = 0
  /// Lines the two bots sent.
  private(set) var requests = 0
  /// Claims or turns held with no set on the table, given up with a wrong pick.
  private(set) var givenUp = 0
  /// Claim or turn windows that ran out: each is time the bots spent waiting on a timer.
  private(set) var expiries = 0

  /// Takes in a line `seat` (0 or 1) received; returns whether it ended a game.
  mutating func receive(_ line: LineView, seat: Int) -> Bool {
    guard let decoded = models[seat].receive(line) else { return false }
    switch decoded {
    case .reply:
      awaiting[seat] = false
      due[seat] = true
    case .event(_, let event):
      switch event {
      case .started, .open, .claim, .turn, .diff: due[seat] = true
      case .expired: if seat == 0 { expiries += 1 }
      case .over:
        due[seat] = true
        if seat == 0 {
          games += 1
          return true
        }
      default: break
      }
    default: break
    }
    return false
  }

  /// The request `seat` sends now, if it has something new to act on and no request out.
  mutating func next(_ seat: Int) -> ClientCommand? {
    guard due[seat], !awaiting[seat] else { return nil }
    due[seat] = false
    let model = models[seat]
    let command: ClientCommand
    switch model.phase {
    case .open:
      if model.firstSet() != nil {
        command = .claim
      } else if seat == 0 {
        command = .deal
      } else {
        return nil
      }
    case .window(let holder) where holder == seat + 1:
      if let slots = model.firstSet() {
        command = .pick(.slots(slots))
      } else {
        givenUp += 1
        command = .pick(.slots([Slot(0), Slot(1), Slot(2)]))
      }
    case .over:
      command = .new
    default:
      return nil
    }
    requests += 1
    awaiting[seat] = true
    return command
  }

  /// Whether both bots saw a game start.
  var started: Bool { models.allSatisfy { $0.phase != .waiting } }
}
