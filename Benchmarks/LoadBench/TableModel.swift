import SetCore
import SetProtocol

/// What one seated player knows of the table, kept from the lines it receives: the cards by slot, the
/// phase, and the last event's number. Enough to find a set and pick it by slot.
struct TableModel {
  enum Phase: Equatable {
    case waiting
    case open
    case window(holder: Int)
    case over
  }

  /// The player's seat, 1 or 2.
  let seat: Int
  private(set) var table = Table()
  private(set) var phase = Phase.waiting
  /// The sequence number of the last event received.
  private(set) var lastSeq = 0
  /// How many final replies (`OK`, `ERR`, `PONG`) have arrived.
  private(set) var replies = 0

  init(seat: Int) {
    self.seat = seat
  }

  /// Takes in one received line; returns what it was.
  mutating func receive(_ line: LineView) -> ServerLine? {
    guard let decoded = ServerLine.decode(line.text) else { return nil }
    switch decoded {
    case .reply: replies += 1
    case .event(let seq, let event):
      lastSeq = seq
      apply(event)
    case .table(let seq, _, let cards, _):
      lastSeq = max(lastSeq, seq)
      table = Table(cards: cards)
    default: break
    }
    return decoded
  }

  /// The slots of a set on the table (the first the finder meets), or nil.
  func firstSet() -> [Slot]? {
    var slotOf = [Int](repeating: 0, count: 81)
    for (index, card) in table.cards.enumerated() { slotOf[Int(card.index)] = index }
    return SetFinder.first(in: table.cards).map { set in set.map { Slot(slotOf[Int($0.index)]) }.sorted() }
  }

  private mutating func apply(_ event: ServerEvent) {
    switch event {
    case .started(_, _, let cards):
      table = Table(cards: cards)
      phase = .open
    case .diff(_, let change):
      // A change that does not fit leaves the table as it was: the server's refusals then show it.
      try? table.apply(change)
    case .claim(let holder, _), .turn(let holder, _, _): phase = .window(holder: holder.rawValue)
    case .open: phase = .open
    case .over:
      phase = .over
    default: break
    }
  }
}
