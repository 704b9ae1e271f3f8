/// The word an event line starts with: the event vocabulary, one spelling each, used by the encoder
/// and the decoder both (as `Verb` is for requests). protocol.md lists each with its fields.
public enum EventWord: String, CaseIterable, Sendable {
  case joined = "JOINED"
  case start = "START"
  case diff = "DIFF"
  case claim = "CLAIM"
  case turn = "TURN"
  case pick = "PICK"
  case unpick = "UNPICK"
  case set = "SET"
  case noSet = "NOSET"
  case expired = "EXPIRED"
  case score = "SCORE"
  case chain = "CHAIN"
  case open = "OPEN"
  case left = "LEFT"
  case back = "BACK"
  case go = "GO"
  case over = "OVER"
  case rated = "RATED"
  case rematch = "REMATCH"
  case say = "SAY"
  case bye = "BYE"

  /// The word as the wire spells it.
  public var spelling: String { rawValue }

  /// The words in the order the decoder tries them: the most common in a record first.
  private static let byFrequency: [(StaticString, EventWord)] = [
    ("PICK", .pick), ("CLAIM", .claim), ("SET", .set), ("SCORE", .score), ("DIFF", .diff), ("OPEN", .open),
    ("NOSET", .noSet), ("TURN", .turn), ("EXPIRED", .expired), ("START", .start), ("GO", .go),
    ("UNPICK", .unpick), ("JOINED", .joined), ("OVER", .over), ("LEFT", .left), ("BACK", .back),
    ("CHAIN", .chain), ("RATED", .rated), ("REMATCH", .rematch), ("SAY", .say), ("BYE", .bye),
  ]

  /// The event word a line's first word is, told apart by its bytes; nil for any other word.
  init?(_ word: Word) {
    guard let found = Self.byFrequency.first(where: { word.isEqual(to: $0.0) })?.1 else { return nil }
    self = found
  }

  /// Whether the frequency table spells every word as `rawValue` does, each once (the tests check it).
  static var frequencyTableAgrees: Bool {
    Self.byFrequency.map { "\($0.0)" }.sorted() == allCases.map(\.rawValue).sorted()
      && Self.byFrequency.allSatisfy { "\($0.0)" == $0.1.rawValue }
  }
}

extension ServerEvent {
  /// The word this event's line starts with.
  public var word: EventWord {
    switch self {
    case .joined: .joined
    case .started: .start
    case .diff: .diff
    case .claim: .claim
    case .turn: .turn
    case .picked: .pick
    case .unpicked: .unpick
    case .setFound: .set
    case .notASet: .noSet
    case .expired: .expired
    case .score: .score
    case .chain: .chain
    case .open: .open
    case .left: .left
    case .back: .back
    case .resumed: .go
    case .over: .over
    case .rated: .rated
    case .rematch: .rematch
    case .said: .say
    case .bye: .bye
    }
  }
}
