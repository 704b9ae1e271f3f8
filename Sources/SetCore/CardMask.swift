/// A set of cards as an 81-bit presence mask: membership in one shift and one AND.
public struct CardMask: Equatable, Sendable {
  @usableFromInline var low: UInt64 = 0
  @usableFromInline var high: UInt64 = 0

  /// An empty mask.
  public init() {}

  /// A mask holding `cards`.
  @inlinable
  public init(_ cards: some Sequence<Card>) {
    for card in cards { insert(card) }
  }

  /// Whether `card` is in the mask.
  @inlinable
  public func contains(_ card: Card) -> Bool {
    let i = card.index
    return i < 64 ? low & (1 &<< UInt64(i)) != 0 : high & (1 &<< UInt64(i &- 64)) != 0
  }

  /// Adds `card`.
  @inlinable
  public mutating func insert(_ card: Card) {
    // Without a branch: which half a card falls in is unpredictable, and a mask is built per search.
    let i = card.index
    let bit: UInt64 = 1 &<< UInt64(i & 63)
    low |= i < 64 ? bit : 0
    high |= i < 64 ? 0 : bit
  }

  /// Removes `card`.
  @inlinable
  public mutating func remove(_ card: Card) {
    let i = card.index
    if i < 64 { low &= ~(1 &<< UInt64(i)) } else { high &= ~(1 &<< UInt64(i &- 64)) }
  }

  /// How many cards are in the mask.
  public var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }
}
