/// The chain's places beside the table, in the chain variant: `X`, `Y` and `Z`.
///
/// The table never holds more than 21 cards (slots `A` to `U`), so the last three labels are free for
/// the chain, and a pick names chain and table cards alike.
extension Slot {
  /// The chain's slots, `X`, `Y`, `Z`, in the chain's order.
  public static let chain = [Slot(23), Slot(24), Slot(25)]

  /// The slot's place in the chain (0 for `X`), or nil for a table slot.
  public var chainIndex: Int? { index >= 23 ? index - 23 : nil }
}
