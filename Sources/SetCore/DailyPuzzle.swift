/// The daily puzzle: twelve cards holding exactly six sets, the same for everyone on a date, derived
/// from the date alone, so two people get the same board without a server. Finding the sets is a
/// value-type state machine: each pick of three slots comes back as an answer.
public struct DailyPuzzle: Equatable, Sendable {
  /// A calendar date.
  public struct Day: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date, or nil when it is not one (such as 2025-02-29), years 1 to 9999.
    public init?(year: Int, month: Int, day: Int) {
      guard (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return nil }
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      guard day <= lengths[month - 1] else { return nil }
      (self.year, self.month, self.day) = (year, month, day)
    }

    /// The date written `YYYY-MM-DD`, or nil.
    public init?(_ text: some StringProtocol) {
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
        parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
        let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
      else { return nil }
      self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
      func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
      let year = String(repeating: "0", count: 4 - "\(self.year)".count) + "\(self.year)"
      return "\(year)-\(two(month))-\(two(day))"
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
      (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
  }

  /// What a pick of three slots turned out to be.
  public enum Answer: Equatable, Sendable {
    /// A set not found before; `found` sets now found.
    case set([Card], found: Int)
    /// A set already found.
    case again([Card])
    /// Not a set: these features broke it.
    case notASet([Card], broken: [Feature])
    /// Not three distinct slots of the board.
    case badPick
  }

  /// How many cards the board has, and how many sets are on it.
  public static let cardCount = 12
  public static let setCount = 6

  /// The date of the puzzle.
  public let day: Day
  /// The twelve cards, in slots A to L.
  public let cards: [Card]
  /// The sets found so far, each in ascending order, in the order found.
  public private(set) var found: [[Card]] = []

  /// The puzzle of `day`: boards of twelve are dealt from a generator seeded by the date, and the first
  /// with exactly six sets is the day's.
  public init(day: Day) {
    self.day = day
    var generator = SplitMix64(seed: 0x5E7D_A11E_0000_0000 ^ UInt64(day.year * 10_000 + day.month * 100 + day.day))
    var deck = Card.all
    while true {
      // A partial Fisher-Yates shuffle: the first twelve places, each from the cards not yet placed.
      for place in 0..<Self.cardCount {
        deck.swapAt(place, place + generator.draw(below: deck.count - place))
      }
      let board = Array(deck.prefix(Self.cardCount))
      if SetFinder.count(in: board) == Self.setCount {
        cards = board
        return
      }
    }
  }

  /// Whether all six sets are found.
  public var isSolved: Bool { found.count == Self.setCount }

  /// Judges a pick of three slots, and remembers a set found.
  public mutating func pick(_ slots: [Slot]) -> Answer {
    guard slots.count == 3, Set(slots).count == 3, slots.allSatisfy({ $0.index < cards.count }) else {
      return .badPick
    }
    let picked = slots.map { cards[$0.index] }
    guard SetLogic.isSet(picked) else { return .notASet(picked, broken: SetLogic.broken(picked)) }
    let set = picked.sorted()
    if found.contains(set) { return .again(set) }
    found.append(set)
    return .set(set, found: found.count)
  }
}
