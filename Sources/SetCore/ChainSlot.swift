/// The chain's places beside the table, in the chain variant: `X`, `Y` and `Z`.
///
/// The table never holds more than 23 cards (slots `A` to `W`): 21 in the standard game, and in a chain
/// game three more are dealt only onto 20 cards or fewer with no set (a chain with no group on 19 or
/// more is let go instead). So the last three labels are free for the chain, and a pick names chain
/// and table cards alike.
extension Slot {
  /// The chain's slots, `X`, `Y`, `Z`, in the chain's order.
  public static let chain = [Slot(23), Slot(24), Slot(25)]

  /// The slot's place in the chain (0 for `X`), or nil for a table slot.
  public var chainIndex: Int? { index >= 23 ? index - 23 : nil }
}
