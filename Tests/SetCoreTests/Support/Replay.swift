import SetCore

/// A client's view of the table, rebuilt from table changes alone.
struct ReplayTable: Equatable {
  /// The card in each slot, nil for an empty one.
  var slots: [Card?]

  /// A view of `cards` in slots A, B, C, ...
  init(_ cards: [Card]) {
    slots = cards.map { $0 }
  }

  /// What went wrong applying a change, if anything.
  enum Fault: Error, Equatable {
    case emptyingEmptySlot(Slot)
    case moveFromWrongCard(TableChange.Move)
    case moveOntoCard(TableChange.Move)
    case fillOntoCard(TableChange.Placement)
    case gapLeft(Slot)
    case cardDropped(Slot)
  }

  /// Applies `change` in the documented order: empty, move, fill, then keep `slotCount` slots, each
  /// of which must then hold a card, with every dropped slot empty.
  mutating func apply(_ change: TableChange) throws(Fault) {
    for slot in change.emptied {
      guard slot.index < slots.count, slots[slot.index] != nil else { throw .emptyingEmptySlot(slot) }
      slots[slot.index] = nil
    }
    for move in change.moved {
      guard move.from.index < slots.count, slots[move.from.index] == move.card else {
        throw .moveFromWrongCard(move)
      }
      guard move.to.index < slots.count, slots[move.to.index] == nil else { throw .moveOntoCard(move) }
      slots[move.to.index] = move.card
      slots[move.from.index] = nil
    }
    for placement in change.filled {
      while slots.count <= placement.slot.index { slots.append(nil) }
      guard slots[placement.slot.index] == nil else { throw .fillOntoCard(placement) }
      slots[placement.slot.index] = placement.card
    }
    for index in change.slotCount..<max(change.slotCount, slots.count) where slots[index] != nil {
      throw .cardDropped(Slot(index))
    }
    slots = Array(slots.prefix(change.slotCount))
    if let gap = slots.firstIndex(of: nil) { throw .gapLeft(Slot(gap)) }
  }

  /// The cards, once every slot is filled.
  var cards: [Card] { slots.compactMap { $0 } }
}
