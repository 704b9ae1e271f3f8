/// The cards face up, one per slot, with no gaps between a change and the next.
public struct Table: Equatable, Sendable {
  /// The card in each slot; `cards[i]` is in `Slot(i)`.
  public private(set) var cards: [Card]

  /// A table with `cards` in slots A, B, C, ...
  public init(cards: [Card] = []) {
    precondition(cards.count <= Slot.limit, "too many cards for the table")
    self.cards = cards
  }

  /// How many slots there are.
  public var slotCount: Int { cards.count }

  /// Every slot, in order.
  public var slots: [Slot] { (0..<cards.count).map(Slot.init) }

  /// The card in `slot`, or nil when there is no such slot.
  public func card(at slot: Slot) -> Card? {
    slot.index < cards.count ? cards[slot.index] : nil
  }

  /// Every set on the table, as slots.
  public func sets() -> [[Slot]] {
    let position = positions()
    var found: [[Slot]] = []
    SetFinder.visit(cards) { a, b, c in
      let p = Int(position[Int(a.index)])
      let q = Int(position[Int(b.index)])
      let r = Int(position[Int(c.index)])
      let low = min(p, q, r)
      let high = max(p, q, r)
      found.append([Slot(low), Slot(p + q + r - low - high), Slot(high)])
      return true
    }
    return found
  }

  /// Whether at least one set is on the table.
  public var hasSet: Bool { SetFinder.any(in: cards) }

  /// Adds slots at the end for `newCards`.
  public mutating func append(_ newCards: [Card]) -> TableChange {
    let start = cards.count
    precondition(start + newCards.count <= Slot.limit, "too many cards for the table")
    cards += newCards
    let placed = newCards.enumerated().map { TableChange.Placement(slot: Slot(start + $0.offset), card: $0.element) }
    return TableChange(filled: placed, slotCount: cards.count)
  }

  /// Takes the cards in `taken` (distinct, existing slots) off the table.
  ///
  /// With `refill` cards (as many as were taken), they go into the emptied slots in place. Without,
  /// the table closes up: it shrinks by the number taken, and only the cards standing past the new end
  /// move, each into the lowest free slot, which is the fewest moves possible.
  public mutating func take(_ taken: [Slot], refill: [Card]) -> TableChange {
    let emptied = taken.sorted()
    precondition(refill.isEmpty || refill.count == emptied.count, "refill one card per slot")
    var change = TableChange(emptied: emptied, slotCount: cards.count)
    if !refill.isEmpty {
      change.filled.reserveCapacity(refill.count)
      for (slot, card) in zip(emptied, refill) {
        cards[slot.index] = card
        change.filled.append(TableChange.Placement(slot: slot, card: card))
      }
      return change
    }
    let newCount = cards.count - emptied.count
    // Each card standing past the new end and not taken fills the next hole below it, in order.
    var holes = emptied.lazy.filter { $0.index < newCount }.makeIterator()
    for index in newCount..<cards.count where !emptied.contains(Slot(index)) {
      guard let to = holes.next() else { break }
      cards[to.index] = cards[index]
      change.moved.append(TableChange.Move(from: Slot(index), to: to, card: cards[index]))
    }
    cards.removeLast(emptied.count)
    change.slotCount = newCount
    return change
  }

  /// `positions()[card.index]` is the slot index of a card on the table.
  private func positions() -> [UInt8] {
    var position = [UInt8](repeating: 0, count: 81)
    for (i, card) in cards.enumerated() { position[Int(card.index)] = UInt8(i) }
    return position
  }
}
