/// One of the four features every card has, each with three values: a card's attribute by name.
public enum Feature: Int, CaseIterable, Sendable, Comparable {
  case number, colour, shading, shape

  /// The feature's digit on `card`, 0, 1 or 2 (see `Card`).
  public func value(of card: Card) -> Int {
    switch self {
    case .number: card.number
    case .colour: card.colour
    case .shading: card.shading
    case .shape: card.shape
    }
  }

  /// The feature's name in lower case, such as `colour`.
  public var name: String {
    switch self {
    case .number: "number"
    case .colour: "colour"
    case .shading: "shading"
    case .shape: "shape"
    }
  }

  public static func < (lhs: Feature, rhs: Feature) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension SetLogic {
  /// The features that keep three cards from being a set: those on which two of the cards agree and
  /// the third differs. Empty for a set, and in feature order.
  public static func broken(_ cards: [Card]) -> [Feature] {
    guard cards.count == 3 else { return [] }
    return Feature.allCases.filter { feature in
      let values = cards.map(feature.value(of:))
      let distinct = Set(values).count
      return distinct == 2
    }
  }

  /// How many of the four features differ across three cards (all different rather than all the
  /// same): 1 to 4 for a set, which is what makes one set harder to see than another.
  public static func differing(_ cards: [Card]) -> Int {
    guard cards.count == 3 else { return 0 }
    return Feature.allCases.count { feature in Set(cards.map(feature.value(of:))).count == 3 }
  }
}
