import SetCore

/// Writes and reads event lines: `WORD seq fields...`. The grammar of every line is in protocol.md.
public enum EventCodec {
  /// The line for an event with its sequence number: the event's word, the number, then its fields.
  public static func encode(_ event: ServerEvent, seq: Int) -> String {
    let words: [String]
    switch event {
    case .joined(let seat, let name): words = [seatText(seat), name]
    case .started(let game, let deck, let table):
      words = ["\(game)", "\(deck)"] + tableWords(table)
    case .diff(let deck, let change): words = ["\(deck)", "\(change.slotCount)"] + diffWords(change)
    case .claim(let seat, let ms): words = [seatText(seat), "\(ms)"]
    case .turn(let seat, let ms, let kind): words = [seatText(seat), "\(ms)", kind.rawValue]
    case .picked(let seat, let slot): words = [seatText(seat), slot.label]
    case .unpicked(let seat, let slot): words = [seatText(seat), slot.label]
    case .setFound(let seat, let slots, let cards, let findMs):
      words = [seatText(seat), slotList(slots), cardList(cards)] + (findMs.map { ["\($0)"] } ?? [])
    case .notASet(let seat, let slots, let cards):
      words = [seatText(seat), slotList(slots), cardList(cards)]
    case .expired(let seat, let kind): words = [seatText(seat), kind.rawValue]
    case .score(let seat, let delta, let total, let reason):
      words = [seatText(seat), signed(delta), "\(total)", reason.rawValue]
    case .chain(let cards): words = [] + chainWords(cards)
    case .open: words = []
    case .left(let seat, let ms): words = [seatText(seat), ms.map { "\($0)" } ?? "-"]
    case .back(let seat): words = [seatText(seat)]
    case .resumed(let window):
      if let window {
        words = [window.kind.rawValue, seatText(window.holder), "\(window.ms)"]
      } else {
        words = ["open"]
      }
    case .over(let result): words = [] + resultWords(result)
    case .rated(let game, let before, let after):
      words = ["\(game)", "\(before.one)", "\(after.one)", "\(before.two)", "\(after.two)"]
    case .rematch(let seat, let sameDeck): words = [seatText(seat)] + (sameDeck ? ["same"] : [])
    case .said(let name, let text): words = [name, text]
    case .bye(let text): words = [text]
    }
    return ([event.word.spelling, "\(seq)"] + words).joined(separator: " ")
  }

  /// The sequence number and event on a line, or nil if the line is not an event.
  public static func decode(_ line: String) -> (seq: Int, event: ServerEvent)? {
    var line = line
    return line.withUTF8 { decode(bytes: $0) }
  }

  /// The sequence number and event on a line given as its UTF-8 bytes (without the line end), or nil
  /// if the line is not an event: read word by word from the bytes, which is how ten thousand records
  /// are read within the players' history's time.
  public static func decode(bytes line: UnsafeBufferPointer<UInt8>) -> (seq: Int, event: ServerEvent)? {
    var words = LineWords(line)
    guard let word = words.next(), let seq = words.next()?.int else { return nil }
    guard let kind = EventWord(word), let event = event(kind, &words) else { return nil }
    return (seq, event)
  }

  /// The event of a line that starts with `kind`, its fields read from `f` (after the sequence number).
  private static func event(_ kind: EventWord, _ f: inout LineWords) -> ServerEvent? {
    switch (kind, f.remaining) {
    case (.joined, 2): return seat(f.next()).map { .joined($0, name: f.next()!.string) }
    case (.start, 2...):
      guard let game = f.next()!.int, let deck = f.next()!.int, let table = table(&f) else { return nil }
      return .started(game: game, deck: deck, table: table)
    case (.diff, 2...):
      guard let deck = f.next()!.int, let count = f.next()!.int, let change = diff(&f, slotCount: count)
      else { return nil }
      return .diff(deck: deck, change)
    case (.claim, 2): return zip2(seat(f.next()), f.next()!.int64).map { .claim($0, ms: $1) }
    case (.turn, 3):
      return zip2(seat(f.next()), f.next()!.int64).flatMap { s, ms in
        Window.Kind(rawValue: f.next()!.string).map { .turn(s, ms: ms, kind: $0) }
      }
    case (.pick, 2): return zip2(seat(f.next()), slot(f.next()!)).map { .picked($0, $1) }
    case (.unpick, 2): return zip2(seat(f.next()), slot(f.next()!)).map { .unpicked($0, $1) }
    case (.set, 3...), (.noSet, 3):
      guard let s = seat(f.next()), let slots = slots(f.next()!), let cards = cards(f.next()!) else { return nil }
      let findMs = f.next()?.int64.flatMap { $0 >= 0 ? $0 : nil }
      return kind == .set ? .setFound(s, slots, cards, findMs: findMs) : .notASet(s, slots, cards)
    case (.expired, 2):
      return zip2(seat(f.next()), Window.Kind(rawValue: f.next()!.string)).map { .expired($0, kind: $1) }
    case (.score, 4):
      guard let s = seat(f.next()), let delta = f.next()!.int, let total = f.next()!.int,
        let reason = ScoreReason(rawValue: f.next()!.string)
      else { return nil }
      return .score(s, delta: delta, total: total, reason: reason)
    case (.chain, 0...3): return chain(&f).map { .chain($0) }
    case (.open, 0): return .open
    case (.left, 2): return seat(f.next()).map { .left($0, ms: f.next()!.int64) }
    case (.back, 1): return seat(f.next()).map { .back($0) }
    case (.go, 1): return f.next()!.isEqual(to: "open") ? .resumed(nil) : nil
    case (.go, 3):
      guard let kind = Window.Kind(rawValue: f.next()!.string), let s = seat(f.next()), let ms = f.next()!.int64
      else { return nil }
      return .resumed(ServerEvent.WindowLeft(kind: kind, holder: s, ms: ms))
    case (.over, 7): return result(&f).map { .over($0) }
    case (.rated, 5...):
      let numbers = (0..<5).compactMap { _ in f.next()!.int }
      guard numbers.count == 5 else { return nil }
      return .rated(
        game: numbers[0], before: PerSeat(one: numbers[1], two: numbers[3]),
        after: PerSeat(one: numbers[2], two: numbers[4]))
    case (.rematch, 1): return seat(f.next()).map { .rematch($0) }
    case (.rematch, 2):
      guard let s = seat(f.next()), f.next()!.isEqual(to: "same") else { return nil }
      return .rematch(s, sameDeck: true)
    case (.say, 2...): return .said(name: f.next()!.string, text: f.text(after: 3))
    case (.bye, 1...): return .bye(f.text(after: 2))
    default: return nil
    }
  }

  // MARK: - Fields

  static func seatText(_ seat: Seat) -> String { "\(seat.rawValue)" }

  static func seat(_ text: String) -> Seat? { Int(text).flatMap(Seat.init(rawValue:)) }

  static func seat(_ word: Word?) -> Seat? { word?.int.flatMap(Seat.init(rawValue:)) }

  static func signed(_ n: Int) -> String { n >= 0 ? "+\(n)" : "\(n)" }

  static func slotList(_ slots: [Slot]) -> String { slots.map(\.label).joined(separator: ",") }

  static func cardList(_ cards: [Card]) -> String { cards.map(\.description).joined(separator: ",") }

  /// `A,F,K`: slots by their labels, in any case.
  static func slots(_ text: String) -> [Slot]? {
    var text = text
    return text.withUTF8 { slots(Word($0)) }
  }

  static func slots(_ word: Word) -> [Slot]? {
    var slots: [Slot] = []
    var parts = word.parts(separatedBy: UInt8(ascii: ","))
    while let part = parts.next() {
      guard let slot = slot(part) else { return nil }
      slots.append(slot)
    }
    return slots
  }

  /// `1RSD,2GTO,3POS`: cards by their codes, in any case.
  static func cards(_ text: String) -> [Card]? {
    var text = text
    return text.withUTF8 { cards(Word($0)) }
  }

  static func cards(_ word: Word) -> [Card]? {
    var cards: [Card] = []
    var parts = word.parts(separatedBy: UInt8(ascii: ","))
    while let part = parts.next() {
      guard let card = card(part) else { return nil }
      cards.append(card)
    }
    return cards
  }

  /// A slot's label, as `Slot(label:)` reads it: one ASCII letter, in any case.
  static func slot(_ word: Word) -> Slot? {
    guard word.count == 1 else { return nil }
    let letter = word.bytes[0] & ~0x20  // Upper case for an ASCII letter.
    guard word.bytes[0] < 0x80, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter) else { return nil }
    return Slot(Int(letter - UInt8(ascii: "A")))
  }

  /// A card's code, as `CardCode` reads it.
  static func card(_ word: Word) -> Card? { CardCode.card(utf8: word.bytes) }

  /// `A=1RSD B=2GTO ...`: the whole table, slot by slot from A.
  static func tableWords(_ table: [Card]) -> [String] {
    table.enumerated().map { "\(Slot($0.offset).label)=\($0.element)" }
  }

  /// `X=1RSD Y=2GTO Z=3POS`: the chain, slot by slot from X.
  static func chainWords(_ chain: [Card]) -> [String] {
    zip(Slot.chain, chain).map { "\($0.label)=\($1)" }
  }

  /// `slot=card`, the card placed in that slot, or nil.
  private static func placement(_ word: Word) -> (Slot, Card)? {
    var parts = word.parts(separatedBy: UInt8(ascii: "="))
    guard let label = parts.next(), let code = parts.next(), parts.next() == nil, let slot = slot(label),
      let card = card(code)
    else { return nil }
    return (slot, card)
  }

  static func chain(_ words: inout LineWords) -> [Card]? {
    var cards: [Card] = []
    for slot in Slot.chain {
      guard let word = words.next() else { break }
      guard let (label, card) = placement(word), label == slot else { return nil }
      cards.append(card)
    }
    return cards
  }

  static func table(_ words: inout LineWords) -> [Card]? {
    var cards: [Card] = []
    while let word = words.next() {
      guard let (slot, card) = placement(word), cards.count < Slot.limit, slot == Slot(cards.count) else {
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

  static func diff(_ words: inout LineWords, slotCount: Int) -> TableChange? {
    var change = TableChange(slotCount: slotCount)
    while let word = words.next() {
      let first = word.bytes[0]
      if first == UInt8(ascii: "-"), let slot = slot(Word(word.bytes.dropFirst())) {
        change.emptied.append(slot)
      } else if first == UInt8(ascii: "+") {
        guard let (slot, card) = placement(Word(word.bytes.dropFirst())) else { return nil }
        change.filled.append(TableChange.Placement(slot: slot, card: card))
      } else {
        var parts = word.parts(separatedBy: UInt8(ascii: ">"), or: UInt8(ascii: "="))
        guard let from = parts.next().flatMap(slot), let to = parts.next().flatMap(slot),
          let card = parts.next().flatMap(card), parts.next() == nil
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

  static func result(_ f: inout LineWords) -> GameResult? {
    let numbers = (0..<6).compactMap { _ in f.next()?.int }
    guard numbers.count == 6, let ending = f.next() else { return nil }
    let winner = Seat(rawValue: numbers[1])
    let end: GameResult.Ending
    if ending.isEqual(to: "completed") {
      end = .completed
    } else if ending.isEqual(to: "forfeit"), let winner {
      end = .forfeit(winner.opponent)
    } else {
      return nil
    }
    return GameResult(
      game: numbers[0], scores: PerSeat(one: numbers[2], two: numbers[3]),
      sets: PerSeat(one: numbers[4], two: numbers[5]), winner: winner, ending: end
    )
  }

  /// The cards of `A=1RSD B=2GTO ...` given as words.
  static func table(_ words: [String]) -> [Card]? { read(words) { table(&$0) } }

  /// The cards of `X=1RSD Y=2GTO Z=3POS` given as words.
  static func chain(_ words: [String]) -> [Card]? { read(words) { chain(&$0) } }

  /// A whole table as `TABLE` and `OK PEEK` write it, `A=1RSD ... L=3POS` and in the chain variant
  /// `X=... Y=... Z=...` after it, given as words: the cards and the chain.
  static func tableAndChain(_ words: some Collection<String>) -> (cards: [Card], chain: [Card])? {
    let links = words.filter { $0.hasPrefix("X=") || $0.hasPrefix("Y=") || $0.hasPrefix("Z=") }
    guard let cards = table(Array(words.dropLast(links.count))), let chain = chain(links), chain.count == links.count
    else { return nil }
    return (cards, chain)
  }

  /// A result's seven words.
  static func result(_ words: [String]) -> GameResult? {
    words.count == 7 ? read(words) { result(&$0) } : nil
  }

  /// What `read` makes of `words`, read as one line.
  private static func read<T>(_ words: [String], _ read: (inout LineWords) -> T?) -> T? {
    var line = words.joined(separator: " ")
    return line.withUTF8 { bytes in
      var words = LineWords(bytes)
      return read(&words)
    }
  }

  /// The rest of a line after its first `words` words, spaces kept.
  static func text(after words: Int, in line: String) -> String {
    var line = line
    return line.withUTF8 { LineWords($0).text(after: words) }
  }

  private static func zip2<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
  }
}
