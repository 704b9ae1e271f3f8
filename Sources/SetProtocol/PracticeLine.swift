import SetCore

/// One line of a practice record (`setduel practice`), kept beside the game records under its own
/// name (`.practice`, not `.record`), so that practice never counts in ratings or stats:
///
///     SETDUEL-PRACTICE 1
///     seed 42
///     set <ms> <cards>        a set found, at ms of play (pauses left out)
///     wrong <ms> <cards>      a pick that is not a set
///     hint <ms> <stage>       a hint shown: 1 card, 2 cards or 3 (the set)
///     end <ms> <found> <wrong> <hints>
public enum PracticeLine: Equatable, Sendable {
  case magic
  case seed(UInt64)
  case set(ms: Int64, [Card])
  case wrong(ms: Int64, [Card])
  case hint(ms: Int64, stage: Int)
  case end(ms: Int64, found: Int, wrong: Int, hints: Int)

  /// The file name's ending.
  public static let fileExtension = ".practice"

  public var line: String {
    switch self {
    case .magic: "SETDUEL-PRACTICE 1"
    case .seed(let seed): "seed \(seed)"
    case .set(let ms, let cards): "set \(ms) \(EventCodec.cardList(cards))"
    case .wrong(let ms, let cards): "wrong \(ms) \(EventCodec.cardList(cards))"
    case .hint(let ms, let stage): "hint \(ms) \(stage)"
    case .end(let ms, let found, let wrong, let hints): "end \(ms) \(found) \(wrong) \(hints)"
    }
  }
}
