import SetCore

/// Writes and reads event lines: `WORD seq fields...`. The grammar of every line is in protocol.md.
public enum EventCodec {
  /// The line for an event with its sequence number.
  public static func encode(_ event: ServerEvent, seq: Int) -> String {
    var words: [String]
    switch event {
    case .joined(let seat, let name): words = ["JOINED", "\(seq)", seatText(seat), name]
    case .started(let game, let deck, let table):
      words = ["START", "\(seq)", "\(game)", "\(deck)"] + tableWords(table)
    case .diff(let deck, let change): words = ["DIFF", "\(seq)", "\(deck)", "\(change.slotCount)"] + diffWords(change)
    case .claim(let seat, let ms): words = ["CLAIM", "\(seq)", seatText(seat), "\(ms)"]
    case .turn(let seat, let ms, let kind): words = ["TURN", "\(seq)", seatText(seat), "\(ms)", kind.rawValue]
    case .picked(let seat, let slot): words = ["PICK", "\(seq)", seatText(seat), slot.label]
    case .unpicked(let seat, let slot): words = ["UNPICK", "\(seq)", seatText(seat), slot.label]
    case .setFound(let seat, let slots, let cards, let findMs):
      words = ["SET", "\(seq)", seatText(seat), slotList(slots), cardList(cards)] + (findMs.map { ["\($0)"] } ?? [])
    case .notASet(let seat, let slots, let cards):
      words = ["NOSET", "\(seq)", seatText(seat), slotList(slots), cardList(cards)]
    case .expired(let seat, let kind): words = ["EXPIRED", "\(seq)", seatText(seat), kind.rawValue]
    case .score(let seat, let delta, let total, let reason):
      words = ["SCORE", "\(seq)", seatText(seat), signed(delta), "\(total)", reason.rawValue]
    case .chain(let cards): words = ["CHAIN", "\(seq)"] + chainWords(cards)
    case .open: words = ["OPEN", "\(seq)"]
    case .left(let seat, let ms): words = ["LEFT", "\(seq)", seatText(seat), ms.map { "\($0)" } ?? "-"]
    case .back(let seat): words = ["BACK", "\(seq)", seatText(seat)]
    case .resumed(let window):
      if let window {
        words = ["GO", "\(seq)", window.kind.rawValue, seatText(window.holder), "\(window.ms)"]
      } else {
        words = ["GO", "\(seq)", "open"]
      }
    case .over(let result): words = ["OVER", "\(seq)"] + resultWords(result)
    case .rated(let game, let before, let after):
      words = ["RATED", "\(seq)", "\(game)", "\(before.one)", "\(after.one)", "\(before.two)", "\(after.two)"]
    case .rematch(let seat, let sameDeck): words = ["REMATCH", "\(seq)", seatText(seat)] + (sameDeck ? ["same"] : [])
    case .said(let name, let text): words = ["SAY", "\(seq)", name, text]
    case .bye(let text): words = ["BYE", "\(seq)", text]
    }
    return words.joined(separator: " ")
  }

  /// The sequence number and event on a line, or nil if the line is not an event.
  public static func decode(_ line: String) -> (seq: Int, event: ServerEvent)? {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard words.count >= 2, let seq = Int(words[1]) else { return nil }
    let fields = Array(words.dropFirst(2))
    guard let event = event(words[0], fields, line: line) else { return nil }
    return (seq, event)
  }

  private static func event(_ word: String, _ f: [String], line: String) -> ServerEvent? {
    switch (word, f.count) {
    case ("JOINED", 2): return seat(f[0]).map { .joined($0, name: f[1]) }
    case ("START", 2...):
      guard let game = Int(f[0]), let deck = Int(f[1]), let table = table(Array(f.dropFirst(2))) else { return nil }
      return .started(game: game, deck: deck, table: table)
    case ("DIFF", 2...):
      guard let deck = Int(f[0]), let count = Int(f[1]), let change = diff(Array(f.dropFirst(2)), slotCount: count)
      else { return nil }
      return .diff(deck: deck, change)
    case ("CLAIM", 2): return zip2(seat(f[0]), Int64(f[1])).map { .claim($0, ms: $1) }
    case ("TURN", 3):
      return zip2(seat(f[0]), Int64(f[1])).flatMap { s, ms in
        Window.Kind(rawValue: f[2]).map { .turn(s, ms: ms, kind: $0) }
      }
    case ("PICK", 2): return zip2(seat(f[0]), Slot(label: f[1])).map { .picked($0, $1) }
    case ("UNPICK", 2): return zip2(seat(f[0]), Slot(label: f[1])).map { .unpicked($0, $1) }
    case ("SET", 3...), ("NOSET", 3):
      guard let s = seat(f[0]), let slots = slots(f[1]), let cards = cards(f[2]) else { return nil }
      let findMs = f.count > 3 ? Int64(f[3]).flatMap { $0 >= 0 ? $0 : nil } : nil
      return word == "SET" ? .setFound(s, slots, cards, findMs: findMs) : .notASet(s, slots, cards)
    case ("EXPIRED", 2): return zip2(seat(f[0]), Window.Kind(rawValue: f[1])).map { .expired($0, kind: $1) }
    case ("SCORE", 4):
      guard let s = seat(f[0]), let delta = Int(f[1]), let total = Int(f[2]), let reason = ScoreReason(rawValue: f[3])
      else { return nil }
      return .score(s, delta: delta, total: total, reason: reason)
    case ("CHAIN", 0...3): return chain(f).map { .chain($0) }
    case ("OPEN", 0): return .open
    case ("LEFT", 2): return seat(f[0]).map { .left($0, ms: Int64(f[1])) }
    case ("BACK", 1): return seat(f[0]).map { .back($0) }
    case ("GO", 1): return f[0] == "open" ? .resumed(nil) : nil
    case ("GO", 3):
      guard let kind = Window.Kind(rawValue: f[0]), let s = seat(f[1]), let ms = Int64(f[2]) else { return nil }
      return .resumed(ServerEvent.WindowLeft(kind: kind, holder: s, ms: ms))
    case ("OVER", 7): return result(f).map { .over($0) }
    case ("RATED", 5...):
      let numbers = f.prefix(5).compactMap { Int($0) }
      guard numbers.count == 5 else { return nil }
      return .rated(
        game: numbers[0], before: PerSeat(one: numbers[1], two: numbers[3]),
        after: PerSeat(one: numbers[2], two: numbers[4]))
    case ("REMATCH", 1): return seat(f[0]).map { .rematch($0) }
    case ("REMATCH", 2): return f[1] == "same" ? seat(f[0]).map { .rematch($0, sameDeck: true) } : nil
    case ("SAY", 2...): return .said(name: f[0], text: text(after: 3, in: line))
    case ("BYE", 1...): return .bye(text(after: 2, in: line))
    default: return nil
    }
  }

  // MARK: - Fields

  static func seatText(_ seat: Seat) -> String { "\(seat.rawValue)" }

  static func seat(_ text: String) -> Seat? { Int(text).flatMap(Seat.init(rawValue:)) }

  static func signed(_ n: Int) -> String { n >= 0 ? "+\(n)" : "\(n)" }

  static func slotList(_ slots: [Slot]) -> String { slots.map(\.label).joined(separator: ",") }

  static func cardList(_ cards: [Card]) -> String { cards.map(\.description).joined(separator: ",") }

  static func slots(_ text: String) -> [Slot]? {
    let slots = text.split(separator: ",").compactMap { Slot(label: $0) }
    return slots.count == text.split(separator: ",").count ? slots : nil
  }

  static func cards(_ text: String) -> [Card]? {
    let cards = text.split(separator: ",").compactMap { CardCode.card(from: $0) }
    return cards.count == text.split(separator: ",").count ? cards : nil
  }

  /// `A=1RSD B=2GTO ...`: the whole table, slot by slot from A.
  static func tableWords(_ table: [Card]) -> [String] {
    table.enumerated().map { "\(Slot($0.offset).label)=\($0.element)" }
  }

  /// `X=1RSD Y=2GTO Z=3POS`: the chain, slot by slot from X.
  static func chainWords(_ chain: [Card]) -> [String] {
    zip(Slot.chain, chain).map { "\($0.label)=\($1)" }
  }

  static func chain(_ words: [String]) -> [Card]? {
    var cards: [Card] = []
    for (slot, word) in zip(Slot.chain, words) {
      let parts = word.split(separator: "=")
      guard parts.count == 2, Slot(label: parts[0]) == slot, let card = CardCode.card(from: parts[1]) else {
        return nil
      }
      cards.append(card)
    }
    return cards
  }

  static func table(_ words: [String]) -> [Card]? {
    var cards: [Card] = []
    for (i, word) in words.enumerated() {
      let parts = word.split(separator: "=")
      guard parts.count == 2, Slot(label: parts[0]) == Slot(i), let card = CardCode.card(from: parts[1]) else {
        return nil
      }
      cards.append(card)
    }
    return cards
  }

  /// `-A` emptied, `N>D=2RSD` moved, `+A=1RSD` filled, in that order.
  static func diffWords(_ change: TableChange) -> [String] {
    change.emptied.map { "-\($0.label)" }
      + change.moved.map { "\($0.from.label)>\($0.to.label)=\($0.card)" }
      + change.filled.map { "+\($0.slot.label)=\($0.card)" }
  }

  static func diff(_ words: [String], slotCount: Int) -> TableChange? {
    var change = TableChange(slotCount: slotCount)
    for word in words {
      if word.hasPrefix("-"), let slot = Slot(label: word.dropFirst()) {
        change.emptied.append(slot)
      } else if word.hasPrefix("+") {
        let parts = word.dropFirst().split(separator: "=")
        guard parts.count == 2, let slot = Slot(label: parts[0]), let card = CardCode.card(from: parts[1]) else {
          return nil
        }
        change.filled.append(TableChange.Placement(slot: slot, card: card))
      } else {
        let parts = word.split(whereSeparator: { $0 == ">" || $0 == "=" })
        guard parts.count == 3, let from = Slot(label: parts[0]), let to = Slot(label: parts[1]),
          let card = CardCode.card(from: parts[2])
        else { return nil }
        change.moved.append(TableChange.Move(from: from, to: to, card: card))
      }
    }
    return change
  }

  /// `game winner score1 score2 sets1 sets2 ending`, winner 0 for a tie, ending `completed` or `forfeit`.
  static func resultWords(_ r: GameResult) -> [String] {
    let ending =
      switch r.ending {
      case .completed: "completed"
      case .forfeit: "forfeit"
      }
    return [
      "\(r.game)", "\(r.winner?.rawValue ?? 0)", "\(r.scores.one)", "\(r.scores.two)", "\(r.sets.one)", "\(r.sets.two)",
      ending,
    ]
  }

  static func result(_ f: [String]) -> GameResult? {
    let numbers = f.prefix(6).compactMap { Int($0) }
    guard f.count == 7, numbers.count == 6 else { return nil }
    let winner = Seat(rawValue: numbers[1])
    let ending: GameResult.Ending
    switch f[6] {
    case "completed": ending = .completed
    case "forfeit":
      guard let winner else { return nil }
      ending = .forfeit(winner.opponent)
    default: return nil
    }
    return GameResult(
      game: numbers[0], scores: PerSeat(one: numbers[2], two: numbers[3]),
      sets: PerSeat(one: numbers[4], two: numbers[5]), winner: winner, ending: ending
    )
  }

  /// The rest of a line after its first `words` words, spaces kept.
  static func text(after words: Int, in line: String) -> String {
    var rest = Substring(line)
    for _ in 0..<words {
      rest = rest.drop(while: { $0 == " " }).drop(while: { $0 != " " })
    }
    return String(rest.dropFirst())
  }

  private static func zip2<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
  }
}
