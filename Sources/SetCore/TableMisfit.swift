/// Why a `TableChange` does not fit a table: the change was made for another table than the one it is
/// applied to (a client that missed a line, or a change that was tampered with).
public enum TableMisfit: Error, Equatable, Sendable {
  /// The change empties a slot that holds no card.
  case emptyingEmptySlot(Slot)
  /// The change moves a card from a slot that does not hold it.
  case moveFromWrongCard(TableChange.Move)
  /// The change moves a card into a slot that still holds one.
  case moveOntoCard(TableChange.Move)
  /// The change deals a card into a slot that still holds one.
  case fillOntoCard(TableChange.Placement)
  /// A card would be left in a slot past the table's new end.
  case cardDropped(Slot)
  /// A slot below the table's new end would be left empty.
  case gapLeft(Slot)
  /// The change's slot count is negative or past `Slot.limit`.
  case badSlotCount(Int)
}
