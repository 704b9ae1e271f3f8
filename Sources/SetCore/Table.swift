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
  /// The `refill` cards (no more than were taken) go into the lowest emptied slots in place. Without
  /// enough of them, the table closes up: it shrinks by the number of slots left unfilled, and only the
  /// cards standing past the new end move, each into the lowest free slot, which is the fewest moves
  /// possible.
  public mutating func take(_ taken: [Slot], refill: [Card]) -> TableChange {
    let emptied = taken.sorted()
    precondition(refill.count <= emptied.count, "refill at most one card per slot")
    var change = TableChange(emptied: emptied, slotCount: cards.count)
    change.filled.reserveCapacity(refill.count)
    for (slot, card) in zip(emptied, refill) {
      cards[slot.index] = card
      change.filled.append(TableChange.Placement(slot: slot, card: card))
    }
    guard refill.count < emptied.count else { return change }
    let holesLeft = emptied.dropFirst(refill.count)
    let newCount = cards.count - holesLeft.count
    // Each card standing past the new end and not taken fills the next hole below it, in order.
    var holes = holesLeft.lazy.filter { $0.index < newCount }.makeIterator()
    for index in newCount..<cards.count where !holesLeft.contains(Slot(index)) {
      guard let to = holes.next() else { break }
      cards[to.index] = cards[index]
      change.moved.append(TableChange.Move(from: Slot(index), to: to, card: cards[index]))
    }
    cards.removeLast(holesLeft.count)
    change.slotCount = newCount
    return change
  }

  /// Moves every card to another slot, in a random cycle drawn from `generator` (Sattolo's algorithm).
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) -> TableChange {
    var order = Array(0..<cards.count)
    if order.count > 1 {
      for upper in stride(from: order.count - 1, to: 0, by: -1) {
        order.swapAt(upper, generator.draw(below: upper))
      }
    }
    // The card from slot `order[i]` goes to slot `i`.
    let before = cards
    var change = TableChange(slotCount: cards.count)
    for (to, from) in order.enumerated() where to != from {
      cards[to] = before[from]
      change.moved.append(TableChange.Move(from: Slot(from), to: Slot(to), card: before[from]))
    }
    change.moved.sort { $0.from < $1.from }
    return change
  }

  /// Carries out `change` in the order `TableChange` gives: empty, move (all together), fill, then keep `slotCount`
  /// slots, each of which must then hold a card. A change `take` or `append` reported on a table with
  /// these cards gives the table they left.
  ///
  /// Throws, changing nothing, when the change does not fit these cards.
  public mutating func apply(_ change: TableChange) throws(TableMisfit) {
    guard (0...Slot.limit).contains(change.slotCount) else { throw .badSlotCount(change.slotCount) }
    var slots: [Card?] = cards.map { $0 }
    func reach(_ slot: Slot) {
      if slots.count <= slot.index { slots += [Card?](repeating: nil, count: slot.index + 1 - slots.count) }
    }
    for slot in change.emptied {
      guard slot.index < slots.count, slots[slot.index] != nil else { throw .emptyingEmptySlot(slot) }
      slots[slot.index] = nil
    }
    // Moves happen together: every moved card is lifted, then each is put down.
    for move in change.moved {
      guard move.from.index < slots.count, slots[move.from.index] == move.card else { throw .moveFromWrongCard(move) }
      slots[move.from.index] = nil
    }
    for move in change.moved {
      reach(move.to)
      guard slots[move.to.index] == nil else { throw .moveOntoCard(move) }
      slots[move.to.index] = move.card
    }
    for placement in change.filled {
      reach(placement.slot)
      guard slots[placement.slot.index] == nil else { throw .fillOntoCard(placement) }
      slots[placement.slot.index] = placement.card
    }
    if let dropped = slots.indices.dropFirst(change.slotCount).first(where: { slots[$0] != nil }) {
      throw .cardDropped(Slot(dropped))
    }
    if let gap = (0..<change.slotCount).first(where: { $0 >= slots.count || slots[$0] == nil }) {
      throw .gapLeft(Slot(gap))
    }
    cards = slots.prefix(change.slotCount).compactMap { $0 }
  }

  /// `positions()[card.index]` is the slot index of a card on the table.
  private func positions() -> [UInt8] {
    var position = [UInt8](repeating: 0, count: 81)
    for (i, card) in cards.enumerated() { position[Int(card.index)] = UInt8(i) }
    return position
  }
}
