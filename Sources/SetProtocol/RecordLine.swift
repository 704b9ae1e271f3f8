import SetCore

/// One line of a game record, written as it happens so that nothing broadcast is lost:
///
///     SETDUEL-RECORD 1
///     seed 42
///     rules tableSize=12 claimWindow=5000 ...
///     cmd <ms> <seat> <COMMAND> [args]     a command the rules accepted, at that time
///     tick <ms>                            a deadline the rules handled at that time
///     ev <seq> <event line>                an event as broadcast, in the machine grammar
///     bot <seat>                           the player just seated there is a computer player
///     owner <seat> <fingerprint>           the player just seated there proved the name's secret
///     same <game> <earlier>                game <game> was dealt from the same deck as game <earlier>
///     end                                  the server closed the record cleanly (the last line)
///
/// A time is in milliseconds from the server's start, with six decimals when it is not a whole
/// millisecond (`1000.800000`): the rules judge to the nanosecond, and the replay must too.
///
/// The seed, the rules and the `cmd`/`tick` lines are enough to derive every event again. A command is
/// `JOIN`, `LEAVE`, `CLAIM`, `PICK A,B,C`, `UNPICK A`, `DEAL` or `NEW` (a rematch).
public enum RecordLine: Equatable, Sendable {
  /// The first line of every record.
  case magic
  /// The seed the match deals from.
  case seed(UInt64)
  /// The rules the match plays by (see `RuleFields`).
  case rules(Rules)
  /// A command the rules accepted from `seat` at `at`.
  case command(MatchCommand, seat: Seat, at: Instant)
  /// A deadline the rules handled at `at`.
  case tick(at: Instant)
  /// An event as broadcast: its machine line unchanged, and that line's sequence number.
  case event(seq: Int, line: String)
  /// The last line of a record the server closed cleanly. A record without it was cut short: the
  /// server was killed, or could not write.
  case end
  /// The player seated in `seat` (by the last `JOINED` for it) is a computer player.
  case bot(Seat)
  /// The player seated in `seat` (by the last `JOINED` for it) gave a secret for the name, whose
  /// fingerprint this is (`NameClaim`); a seat without this line is a guest's.
  case owner(Seat, fingerprint: String)
  /// Game `game` was dealt from the same deck as game `earlier` (a same-deck rematch): the pair to compare.
  case sameDeck(game: Int, earlier: Int)

  /// Why a line could not be read.
  public enum Malformed: Error, Equatable, Sendable {
    /// A `cmd` line that is not a time, a seat and a command.
    case command
    /// A `tick` line that is not one time.
    case tick
    /// An `ev` line without a word and a sequence number.
    case event
    /// A `seed` line that is not a number.
    case seed
    /// A `rules` line without every setting.
    case rules
    /// A `bot` line that is not one seat.
    case bot
    /// An `owner` line that is not a seat and a fingerprint.
    case owner
    /// A `same` line that is not two game numbers.
    case sameDeck
    /// A line that starts with no known word.
    case unknown
  }

  /// The whole milliseconds a `cmd` or `tick` line may carry, from the server's start: never negative,
  /// and far enough from overflowing (in nanoseconds) that a window added to one cannot.
  public static let times: ClosedRange<Int64> = 0...1_000_000_000_000

  /// The magic line's text.
  public static let magicText = "SETDUEL-RECORD 1"

  /// The line's text.
  public var line: String {
    switch self {
    case .magic: Self.magicText
    case .seed(let seed): "seed \(seed)"
    case .rules(let rules): (["rules"] + RuleFields.encode(rules)).joined(separator: " ")
    case .command(let command, let seat, let now): "cmd \(Self.text(now)) \(seat.rawValue) " + Self.text(command)
    case .tick(let now): "tick \(Self.text(now))"
    case .event(_, let line): "ev " + line
    case .end: "end"
    case .bot(let seat): "bot \(seat.rawValue)"
    case .owner(let seat, let fingerprint): "owner \(seat.rawValue) \(fingerprint)"
    case .sameDeck(let game, let earlier): "same \(game) \(earlier)"
    }
  }

  /// The line's value, or why it could not be read.
  public static func parse(_ line: some StringProtocol) -> Result<RecordLine, Malformed> {
    let text = Substring(line)
    if text == magicText { return .success(.magic) }
    if text == "end" { return .success(.end) }
    let words = text.split(separator: " ")
    switch words.first {
    case "seed":
      guard words.count == 2, let seed = UInt64(words[1]) else { return .failure(.seed) }
      return .success(.seed(seed))
    case "rules":
      guard let rules = RuleFields.decode(words.dropFirst(), ignoringUnknownKeys: false) else {
        return .failure(.rules)
      }
      return .success(.rules(rules))
    case "cmd":
      guard words.count >= 4, let now = instant(words[1]), let seat = Int(words[2]).flatMap(Seat.init(rawValue:)),
        let command = command(words.dropFirst(3))
      else { return .failure(.command) }
      return .success(.command(command, seat: seat, at: now))
    case "tick":
      guard words.count == 2, let now = instant(words[1]) else { return .failure(.tick) }
      return .success(.tick(at: now))
    case "bot":
      guard words.count == 2, let seat = Int(words[1]).flatMap(Seat.init(rawValue:)) else { return .failure(.bot) }
      return .success(.bot(seat))
    case "owner":
      guard words.count == 3, let seat = Int(words[1]).flatMap(Seat.init(rawValue:)),
        isFingerprint(words[2])
      else { return .failure(.owner) }
      return .success(.owner(seat, fingerprint: String(words[2])))
    case "same":
      guard words.count == 3, let game = Int(words[1]), let earlier = Int(words[2]), earlier >= 1, game > earlier else {
        return .failure(.sameDeck)
      }
      return .success(.sameDeck(game: game, earlier: earlier))
    case "ev":
      guard words.count >= 3, let seq = Int(words[2]) else { return .failure(.event) }
      return .success(.event(seq: seq, line: String(text.dropFirst(3))))
    default:
      return .failure(.unknown)
    }
  }

  /// Event words the host broadcasts on its own; every other event is derived from the rules.
  public static let hostEventWords: Set<String> = ["JOINED", "SAY", "BYE", "RATED"]

  /// Whether an event line is one the host broadcast on its own, which the rules do not derive.
  public static func isHostEvent(_ line: String) -> Bool {
    guard let word = line.split(separator: " ").first else { return false }
    return hostEventWords.contains(String(word))
  }

  /// Whether `word` has the shape of a fingerprint: 1 to 64 lower-case hexadecimal digits.
  public static func isFingerprint(_ word: some StringProtocol) -> Bool {
    (1...64).contains(word.utf8.count) && word.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// A time as written: whole milliseconds, and six decimals when it is not a whole millisecond.
  private static func text(_ now: Instant) -> String {
    let past = now.nanosecondsPastMillisecond
    guard past != 0 else { return "\(now.milliseconds)" }
    let digits = String(past)
    return "\(now.milliseconds)." + String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// A time as written, or nil: milliseconds in `times`, with up to six decimals.
  private static func instant(_ word: Substring) -> Instant? {
    let parts = word.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, whole.allSatisfy(\.isASCIIDigit), let ms = Int64(whole), times.contains(ms)
    else { return nil }
    guard parts.count == 2 else { return Instant(milliseconds: ms) }
    let fraction = parts[1]
    guard (1...6).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit),
      let digits = Int64(fraction + String(repeating: "0", count: 6 - fraction.count))
    else { return nil }
    return Instant(nanoseconds: ms * 1_000_000 + digits)
  }

  /// The words of a record's command: a request verb for what a player asked, or `JOIN` and `LEAVE`,
  /// which a connection's arrival and departure make.
  private static let joinWord = "JOIN"
  private static let leaveWord = "LEAVE"

  private static func text(_ command: MatchCommand) -> String {
    switch command {
    case .join: joinWord
    case .leave: leaveWord
    case .claim: Verb.claim.spelling
    case .pick(let slots): "\(Verb.pick.spelling) " + EventCodec.slotList(slots)
    case .unpick(let slot): "\(Verb.unpick.spelling) \(slot.label)"
    case .deal: Verb.deal.spelling
    case .rematch: Verb.new.spelling
    case .rematchSameDeck: "\(Verb.new.spelling) SAME"
    }
  }

  private static func command(_ words: ArraySlice<Substring>) -> MatchCommand? {
    guard let word = words.first, words.count <= 2 else { return nil }
    let argument = words.dropFirst().first.map(String.init)
    if word == joinWord { return argument == nil ? .join : nil }
    if word == leaveWord { return argument == nil ? .leave : nil }
    switch (Verb(rawValue: String(word)), argument) {
    case (.claim, nil): return .claim
    case (.deal, nil): return .deal
    case (.new, nil): return .rematch
    case (.new, "SAME"): return .rematchSameDeck
    case (.pick, let list?):
      guard let slots = EventCodec.slots(list), !slots.isEmpty else { return nil }
      return .pick(slots)
    case (.unpick, let label?): return Slot(label: label).map { .unpick($0) }
    default: return nil
    }
  }
}

extension Character {
  /// Whether this is one of the ASCII digits 0 to 9.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
