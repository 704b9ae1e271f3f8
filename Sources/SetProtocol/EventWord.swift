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

  /// Every word with its bytes, in the order the decoder tries them: the most common in a record first.
  static let decodingOrder: [(word: EventWord, bytes: [UInt8])] = [
    EventWord.pick, .claim, .set, .score, .diff, .open, .noSet, .turn, .expired, .start, .go, .unpick, .joined,
    .over, .left, .back, .chain, .rated, .rematch, .say, .bye,
  ].map { ($0, Array($0.rawValue.utf8)) }

  /// The event word a line's first word is, told apart by its bytes; nil for any other word.
  init?(_ word: Word) {
    guard let found = Self.decodingOrder.first(where: { word.isEqual(to: $0.bytes) }) else { return nil }
    self = found.word
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
