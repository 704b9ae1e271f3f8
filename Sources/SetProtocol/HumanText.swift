import SetCore

/// The human presentation: events in plain words and the table drawn as text, for people on nc or
/// telnet, and for the last-result line of the terminal client.
public enum HumanText {
  /// The words for an event, given the players' names by seat offset.
  public static func sentence(for event: ServerEvent, names: [String]) -> String {
    func name(_ seat: Seat) -> String { names[seat.offset] }
    switch event {
    case .joined(let seat, let who): return "\(who) sits down in seat \(seat.rawValue)."
    case .started(let game, let deck, _): return "Game \(game) begins! \(deck) cards left in the deck."
    case .diff(let deck, let change):
      return change.filled.isEmpty
        ? "The table closes up. \(deck) cards left in the deck."
        : "\(change.filled.count) cards dealt. \(deck) cards left in the deck."
    case .claim(let seat, let ms):
      return "\(name(seat)) calls Set! \(name(seat)) has \(seconds(ms)) to pick three cards."
    case .turn(let seat, let ms, let kind):
      return kind == .needlessDeal
        ? "\(name(seat)) may look for a set: \(seconds(ms)), no penalty for failing."
        : "Turn passes to \(name(seat)): \(seconds(ms)) to find a set."
    case .picked(let seat, let slot): return "\(name(seat)) picks \(slot.label)."
    case .unpicked(let seat, let slot): return "\(name(seat)) puts back \(slot.label)."
    case .setFound(let seat, let slots, let cards, let findMs):
      return "\(name(seat)) found a set: \(list(slots, cards))" + (findMs.map { " in \(seconds($0))" } ?? "") + "."
    case .notASet(let seat, let slots, let cards):
      return "\(name(seat)): \(list(slots, cards)) is not a set."
    case .expired(let seat, let kind):
      return kind == .claim ? "\(name(seat)) ran out of time." : "\(name(seat))'s time is up."
    case .score(let seat, let delta, let total, let reason):
      return "\(name(seat)) \(EventCodec.signed(delta)) (\(words(reason))), now \(total)."
    case .open: return "Open play: anyone may call SET."
    case .left(let seat, let ms):
      guard let ms else { return "\(name(seat)) left." }
      return "\(name(seat)) left; the game is paused. \(name(seat)) has \(seconds(ms)) to come back with RESUME."
    case .back(let seat): return "\(name(seat)) is back."
    case .resumed(let kind, let seat, let ms):
      guard let kind, let seat, let ms else { return "Play goes on: open play." }
      return "Play goes on: \(name(seat)) holds the \(kind == .claim ? "claim" : "turn") with \(seconds(ms)) left."
    case .over(let result): return outcome(result, names: names)
    case .rated(_, let before, let after):
      let changes = Seat.allCases.map { seat in
        let (from, to) = (before[seat.offset], after[seat.offset])
        return "\(name(seat)) \(from) -> \(to) (\(EventCodec.signed(to - from)))"
      }
      return "Ratings: " + changes.joined(separator: ", ") + "."
    case .rematch(let seat): return "\(name(seat)) asks for a rematch (type NEW to accept)."
    case .said(let who, let text): return "<\(who)> \(text)"
    case .bye(let text): return "Server: \(text)"
    }
  }

  /// "Game over: ann wins 14 to 11." and the like.
  public static func outcome(_ result: GameResult, names: [String]) -> String {
    let score = "\(result.scores[0]) to \(result.scores[1])"
    switch (result.ending, result.winner) {
    case (.forfeit(let loser), _):
      return
        "Game \(result.game) over: \(names[loser.offset]) forfeits, \(names[loser.opponent.offset]) wins (\(score))."
    case (.completed, nil): return "Game \(result.game) over: a tie, \(score)."
    case (.completed, let winner?):
      return "Game \(result.game) over: \(names[winner.offset]) wins, \(score)."
    }
  }

  /// The status line people see after every change: the seats or the scores, the deck, and what can
  /// be done now. `names` are the names last seen in each seat; `seated` who holds each seat now.
  public static func status(
    game: Int, phase: Phase, names: [String], seated: [String?], scores: [Int], deck: Int
  ) -> String {
    guard game > 0 else {
      let seats = seated.map { $0 ?? "(empty seat)" }.joined(separator: " | ")
      return "[\(seats)] waiting for a second player"
    }
    let standing = Seat.allCases.map { "\(names[$0.offset]) \(scores[$0.offset])" }.joined(separator: " | ")
    let what: String
    switch phase {
    case .waiting: what = "waiting for players"
    case .open: what = "open play: SET to claim, PICK A B C, DEAL for more cards"
    case .window(let window):
      what = "\(names[window.holder.offset]) \(window.kind == .claim ? "picks" : "has the turn"): PICK three cards"
    case .paused: what = "paused: a player is away"
    case .over: what = "game over: NEW for a rematch"
    }
    return "[\(standing) | deck \(deck)] \(what)"
  }

  /// The reason for a score change in words.
  public static func words(_ reason: ScoreReason) -> String {
    switch reason {
    case .setFound: "set found"
    case .wrongPick: "not a set"
    case .claimExpired: "claim ran out"
    case .needlessDeal: "needless deal: a set was on the table"
    }
  }

  /// Milliseconds as seconds, such as `5 s` or `7.5 s`.
  public static func seconds(_ ms: Int64) -> String {
    let tenths = (ms + 50) / 100
    return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
  }

  /// A card in words, such as `two red solid diamonds`.
  public static func words(_ card: Card) -> String {
    let numbers = ["one", "two", "three"]
    let colours = ["red", "green", "purple"]
    let shadings = ["solid", "striped", "open"]
    let shapes = [["diamond", "oval", "squiggle"], ["diamonds", "ovals", "squiggles"]]
    return
      "\(numbers[card.number]) \(colours[card.colour]) \(shadings[card.shading]) \(shapes[card.number == 0 ? 0 : 1][card.shape])"
  }

  /// The table drawn as text, two cards a row, picked slots marked with `*`, and a legend.
  public static func table(_ cards: [Card], picked: [Slot] = []) -> [String] {
    var lines: [String] = []
    var row = ""
    for (i, card) in cards.enumerated() {
      let slot = Slot(i)
      let mark = picked.contains(slot) ? "*" : " "
      let cell = "\(mark)\(slot.label)  \(card)  \(words(card))"
      if i % 2 == 0 {
        row = cell.padding(to: 40)
      } else {
        lines.append(row + cell)
        row = ""
      }
    }
    if !row.isEmpty { lines.append(row.trimmedRight()) }
    lines.append("(code: number 1-3, colour Red/Green/Purple, shading Solid/sTriped/Open, shape Diamond/Oval/Squiggle)")
    return lines
  }

  private static func list(_ slots: [Slot], _ cards: [Card]) -> String {
    zip(slots, cards).map { "\($0.label) \($1)" }.joined(separator: ", ")
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  fileprivate func trimmedRight() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
