import SetCore

/// The data lines of `REVIEW` (protocol.md, Reviewing a game): one set of a finished game, or one
/// player's figures in it. `-` on the wire stands for a value that is not there.
public enum ReviewFields: Equatable, Sendable {
  /// `REVIEWSET game cards differing appearedSeq appearedMs goneSeq goneMs fate foundBy findMs`.
  case set(ReviewedSet)
  /// `REVIEWPLAYER game seat found missed wrong n,c,s,s longestUnseenMs k/median,...`.
  case player(ReviewedPlayer)

  /// A set that was on a finished game's table.
  public struct ReviewedSet: Equatable, Sendable {
    public enum Fate: String, Equatable, Sendable {
      case found, broken, there
    }
    public var game: Int
    public var cards: [Card]
    public var differing: Int
    public var appearedSeq: Int
    public var appearedMs: Int64
    public var goneSeq: Int?
    public var goneMs: Int64?
    public var fate: Fate
    public var foundBy: Seat?
    public var findMs: Int64?

    public init(
      game: Int, cards: [Card], differing: Int, appearedSeq: Int, appearedMs: Int64, goneSeq: Int?, goneMs: Int64?,
      fate: Fate, foundBy: Seat?, findMs: Int64?
    ) {
      (self.game, self.cards, self.differing, self.appearedSeq, self.appearedMs) =
        (game, cards, differing, appearedSeq, appearedMs)
      (self.goneSeq, self.goneMs, self.fate, self.foundBy, self.findMs) = (goneSeq, goneMs, fate, foundBy, findMs)
    }
  }

  /// One player's figures in a finished game.
  public struct ReviewedPlayer: Equatable, Sendable {
    public var game: Int
    public var seat: Seat
    public var found: Int
    public var missed: Int
    public var wrongPicks: Int
    /// Wrong picks by the feature that broke them: number, colour, shading, shape.
    public var wrongPicksBy: [Int]
    public var longestUnseenMs: Int64?
    /// For sets with 1 to 4 differing features: how many were found, and their median find time.
    public var finds: [(count: Int, medianMs: Int64?)]

    public init(
      game: Int, seat: Seat, found: Int, missed: Int, wrongPicks: Int, wrongPicksBy: [Int], longestUnseenMs: Int64?,
      finds: [(count: Int, medianMs: Int64?)]
    ) {
      (self.game, self.seat, self.found, self.missed, self.wrongPicks) = (game, seat, found, missed, wrongPicks)
      (self.wrongPicksBy, self.longestUnseenMs, self.finds) = (wrongPicksBy, longestUnseenMs, finds)
    }

    public static func == (lhs: ReviewedPlayer, rhs: ReviewedPlayer) -> Bool {
      lhs.game == rhs.game && lhs.seat == rhs.seat && lhs.found == rhs.found && lhs.missed == rhs.missed
        && lhs.wrongPicks == rhs.wrongPicks && lhs.wrongPicksBy == rhs.wrongPicksBy
        && lhs.longestUnseenMs == rhs.longestUnseenMs && lhs.finds.map(\.count) == rhs.finds.map(\.count)
        && lhs.finds.map(\.medianMs) == rhs.finds.map(\.medianMs)
    }
  }

  /// The line's words.
  public var line: String {
    func optional(_ value: (some BinaryInteger)?) -> String { value.map { "\($0)" } ?? "-" }
    switch self {
    case .set(let s):
      return [
        "REVIEWSET", "\(s.game)", EventCodec.cardList(s.cards), "\(s.differing)", "\(s.appearedSeq)", "\(s.appearedMs)",
        optional(s.goneSeq), optional(s.goneMs), s.fate.rawValue, "\(s.foundBy?.rawValue ?? 0)", optional(s.findMs),
      ].joined(separator: " ")
    case .player(let p):
      return [
        "REVIEWPLAYER", "\(p.game)", "\(p.seat.rawValue)", "\(p.found)", "\(p.missed)", "\(p.wrongPicks)",
        p.wrongPicksBy.map(String.init).joined(separator: ","), optional(p.longestUnseenMs),
        p.finds.map { "\($0.count)/" + optional($0.medianMs) }.joined(separator: ","),
      ].joined(separator: " ")
    }
  }

  /// The value of a `REVIEWSET` or `REVIEWPLAYER` line's words, or nil.
  static func decode(_ words: [String]) -> ReviewFields? {
    func optional<T: FixedWidthInteger>(_ word: String) -> T?? {
      word == "-" ? .some(nil) : T(word).flatMap { $0 >= 0 ? .some($0) : nil }
    }
    switch words.first {
    case "REVIEWSET":
      guard words.count >= 11, let game = Int(words[1]), let cards = EventCodec.cards(words[2]), cards.count == 3,
        let differing = Int(words[3]), let appearedSeq = Int(words[4]), let appearedMs = Int64(words[5]),
        let goneSeq: Int? = optional(words[6]), let goneMs: Int64? = optional(words[7]),
        let fate = ReviewedSet.Fate(rawValue: words[8]), let by = Int(words[9]), by == 0 || Seat(rawValue: by) != nil,
        let findMs: Int64? = optional(words[10])
      else { return nil }
      return .set(
        ReviewedSet(
          game: game, cards: cards, differing: differing, appearedSeq: appearedSeq, appearedMs: appearedMs,
          goneSeq: goneSeq, goneMs: goneMs, fate: fate, foundBy: Seat(rawValue: by), findMs: findMs))
    case "REVIEWPLAYER":
      guard words.count >= 9, let game = Int(words[1]), let seat = EventCodec.seat(words[2]),
        let found = Int(words[3]), let missed = Int(words[4]), let wrong = Int(words[5]),
        case let by = words[6].split(separator: ",").compactMap({ Int($0) }), by.count == 4,
        let longest: Int64? = optional(words[7])
      else { return nil }
      var finds: [(count: Int, medianMs: Int64?)] = []
      for pair in words[8].split(separator: ",") {
        let parts = pair.split(separator: "/").map(String.init)
        guard parts.count == 2, let count = Int(parts[0]), let median: Int64? = optional(parts[1]) else { return nil }
        finds.append((count, median))
      }
      guard finds.count == 4 else { return nil }
      return .player(
        ReviewedPlayer(
          game: game, seat: seat, found: found, missed: missed, wrongPicks: wrong, wrongPicksBy: by,
          longestUnseenMs: longest, finds: finds))
    default:
      return nil
    }
  }
}

extension ReviewFields {
  /// The game the line is about.
  public var game: Int {
    switch self {
    case .set(let set): set.game
    case .player(let player): player.game
    }
  }
}
