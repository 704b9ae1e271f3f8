/// A practice game: one person alone at a table dealt from a seeded deck, with no clock and no
/// opponent. A set found is taken and refilled; when the table holds no set, three more cards come by
/// themselves; hints come in stages. A value-type state machine: each call returns what happened.
public struct Practice: Equatable, Sendable {
  /// What a pick turned out to be.
  public enum Answer: Equatable, Sendable {
    /// A set: taken off the table (and refilled while the deck lasts).
    case set([Card])
    /// Not a set: these features broke it.
    case notASet([Card], broken: [Feature])
    /// Not three distinct slots of the table.
    case badPick
  }

  /// The cards on the table.
  public private(set) var table: Table
  /// The cards still in the deck.
  public private(set) var deck: Deck
  /// Sets found, wrong picks, and hints shown.
  public private(set) var found = 0
  public private(set) var wrongPicks = 0
  public private(set) var hints = 0
  /// How far the hint for the present table has gone: 0 none, 1 one card, 2 two cards, 3 the set.
  public private(set) var hintStage = 0

  /// A practice game dealt from `seed`, with twelve cards on the table.
  public init(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    deck = Deck.shuffled(using: &generator)
    table = Table(cards: deck.deal(12))
    topUp()
  }

  /// How many sets are on the table.
  public var setCount: Int { SetFinder.count(in: table.cards) }

  /// Whether the game is over: the deck is empty and no set is left.
  public var isOver: Bool { deck.isEmpty && !table.hasSet }

  /// Judges a pick of three slots; a set is taken off the table.
  public mutating func pick(_ slots: [Slot]) -> Answer {
    guard slots.count == 3, Set(slots).count == 3, slots.allSatisfy({ $0.index < table.slotCount }) else {
      return .badPick
    }
    let picked = slots.map { table.cards[$0.index] }
    guard SetLogic.isSet(picked) else {
      wrongPicks += 1
      return .notASet(picked, broken: SetLogic.broken(picked))
    }
    found += 1
    let refill = table.slotCount <= 12 ? deck.deal(min(3, deck.count)) : []
    _ = table.take(slots, refill: refill.count == 3 ? refill : [])
    if refill.count != 3, !refill.isEmpty { _ = table.append(refill) }
    hintStage = 0
    topUp()
    return .set(picked.sorted())
  }

  /// The next stage of the hint: the cards of one set on the table to show, one more each time (one,
  /// then two, then all three); empty when the table holds no set.
  public mutating func hint() -> [Card] {
    guard let set = SetFinder.first(in: table.cards) else { return [] }
    if hintStage < 3 {
      hintStage += 1
      hints += 1
    }
    return Array(set.prefix(hintStage))
  }

  /// Deals three more cards while the table holds no set and the deck lasts.
  private mutating func topUp() {
    while !table.hasSet, deck.count >= 3, table.slotCount + 3 <= Slot.limit {
      _ = table.append(deck.deal(3))
    }
  }
}
