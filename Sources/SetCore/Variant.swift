/// The game a match plays: which cards are dealt, how many lie on the table, what makes a group and
/// what happens after one is found. `normal` is the standard game of Set.
///
/// | variant | deck | table | a group is | after a group |
/// |---|---|---|---|---|
/// | `normal` | 81 | 12 | three cards, each feature all same or all different (a set) | the three leave and are refilled |
/// | `junior` | the 27 solid cards | 9 | a set | as normal |
/// | `shuffle` | 81 | 12 | a set | as normal, then every card on the table moves to another slot |
/// | `chain` | 81 | 12 | a set; after a game's first, one holding exactly one of the previous group's cards | the group becomes the chain, beside the table; only its table cards leave |
/// | `ultra` | 81 | 12 | four cards that split into two pairs completed by the same card | the four leave and are refilled |
/// | `ultra9` | 81 | 9 | as ultra | as ultra |
public enum Variant: String, CaseIterable, Equatable, Sendable {
  case normal, junior, shuffle, chain, ultra, ultra9

  /// The variant a name gives (any case), or nil.
  public init?(name: some StringProtocol) {
    self.init(rawValue: name.lowercased())
  }

  /// The cards of the deck, in index order.
  public var cards: [Card] {
    switch self {
    case .junior: Card.all.filter { $0.shading == 0 }
    default: Card.all
    }
  }

  /// How many cards the deck holds.
  public var deckSize: Int { self == .junior ? 27 : 81 }

  /// How many cards are dealt at the start, and the size the table is refilled to after a group.
  public var tableSize: Int {
    switch self {
    case .junior, .ultra9: 9
    default: 12
    }
  }

  /// How many cards a group holds.
  public var groupSize: Int {
    switch self {
    case .ultra, .ultra9: 4
    default: 3
    }
  }

  /// Whether a group's cards stay beside the table as the chain.
  public var chains: Bool { self == .chain }

  /// The most groups one game can hold: every card of the deck in a group once (in a chain, one card of
  /// each group after the first was in the group before).
  public var maxGroups: Int {
    switch self {
    case .chain: 1 + (deckSize - 3) / 2
    default: deckSize / groupSize
    }
  }

  /// The variant's rule in one sentence.
  public var rule: String {
    switch self {
    case .normal:
      "A set is three cards that, in each of number, colour, shading and shape, are all the same or all different."
    case .junior:
      "Junior: only the 27 solid cards, nine on the table; a set is as usual."
    case .shuffle:
      "Shuffle: sets as usual, but after each set every card on the table moves to another place."
    case .chain:
      "Chain: after the first set, each set must use exactly one of the last set's cards, shown as X Y Z."
    case .ultra:
      "Ultra: pick four cards that split into two pairs whose third card (the one completing each pair) is the same."
    case .ultra9:
      "Ultra9: as Ultra (four cards, two pairs completed by the same card), with nine cards on the table."
    }
  }

  /// Whether `cards` form a group of this variant, given the chain beside the table (empty when there
  /// is none).
  public func isGroup(_ cards: [Card], chain: [Card] = []) -> Bool {
    switch self {
    case .normal, .junior, .shuffle:
      return SetLogic.isSet(cards)
    case .chain:
      guard SetLogic.isSet(cards) else { return false }
      return chain.isEmpty || cards.filter(chain.contains).count == 1
    case .ultra, .ultra9:
      return GroupFinder.isUltra(cards)
    }
  }
}
