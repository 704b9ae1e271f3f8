import SetCore

/// One group that was on the table during a game (a set; in the ultra variants an UltraSet; in the
/// chain a chain card's set): when it came and went, and what became of it.
public struct SetOnTable: Equatable, Sendable {
  /// What became of a set.
  public enum Fate: Equatable, Sendable {
    /// A player found it.
    case found(Seat)
    /// Another set took one of its cards.
    case broken
    /// It was on the table when the game (or the record) ended.
    case stillThere
  }

  /// Its cards (three, or four for an UltraSet), in ascending order.
  public var cards: [Card]
  /// The sequence number of the event that completed it on the table (`START` or `DIFF`).
  public var appearedSeq: Int
  /// When it appeared, in milliseconds from the game's start.
  public var appearedMs: Int64
  /// The sequence number of the `SET` that took it or one of its cards; nil while still there.
  public var goneSeq: Int?
  /// When it left the table, in milliseconds from the game's start; nil while still there.
  public var goneMs: Int64?
  /// What became of it.
  public var fate: Fate
  /// Its find time in milliseconds, when found.
  public var findMs: Int64?

  /// The seat that found it, or nil.
  public var foundBy: Seat? {
    if case .found(let seat) = fate { return seat }
    return nil
  }

  /// How many of the four features differ across its cards, 1 to 4.
  public var differing: Int { Self.differing(cards) }

  /// How many of the four features differ across a group's cards, 1 to 4: for a set, those all
  /// different rather than all the same; for an UltraSet, those not the same on all four cards.
  public static func differing(_ cards: [Card]) -> Int {
    guard cards.count != 3 else { return SetLogic.differing(cards) }
    let count = Feature.allCases.count { feature in Set(cards.map(feature.value(of:))).count > 1 }
    return min(4, max(1, count))
  }

  /// How long it stayed on the table, up to `endMs` when still there.
  public func duration(endMs: Int64) -> Int64 { max(0, (goneMs ?? endMs) - appearedMs) }
}
