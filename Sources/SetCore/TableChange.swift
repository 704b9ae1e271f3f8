/// Exactly what changed on the table in one step.
///
/// A client applies it in this order: clear every `emptied` slot, carry out the moves together (lift
/// every moved card, then put each into its slot, which is empty by then), put each `filled` card in
/// its slot, then drop the slots from `slotCount` on, which are then empty.
public struct TableChange: Equatable, Sendable {
  /// A card moved from one slot to another, as the table closed up or was shuffled.
  public struct Move: Equatable, Sendable {
    public let from: Slot
    public let to: Slot
    public let card: Card

    public init(from: Slot, to: Slot, card: Card) {
      self.from = from
      self.to = to
      self.card = card
    }
  }

  /// A card dealt into a slot.
  public struct Placement: Equatable, Sendable {
    public let slot: Slot
    public let card: Card

    public init(slot: Slot, card: Card) {
      self.slot = slot
      self.card = card
    }
  }

  /// Slots whose cards were taken away.
  public var emptied: [Slot] = []
  /// Cards moved to close up the table.
  public var moved: [Move] = []
  /// Cards dealt from the deck.
  public var filled: [Placement] = []
  /// How many slots the table has after the change.
  public var slotCount: Int

  public init(emptied: [Slot] = [], moved: [Move] = [], filled: [Placement] = [], slotCount: Int) {
    self.emptied = emptied
    self.moved = moved
    self.filled = filled
    self.slotCount = slotCount
  }
}
