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
///     resume <seat> <digest>               the player just seated there takes the seat back with the
///                                          resume token whose SHA-1 this is (after a restart)
///     same <game> <earlier>                game <game> was dealt from the same deck as game <earlier>
///     tournament <game> <round> <record>   the table's next game is the tournament's game <game>, of
///                                          round <round> (`-` in an arena), of the tournament whose
///                                          record is the file <record> (`-` for none)
///     end                                  the server closed the record cleanly (the last line)
///
/// A time is in milliseconds from the server's start, with six decimals when it is not a whole
/// millisecond (`1000.800000`): the rules judge to the nanosecond, and the replay must too.
///
/// The seed, the rules and the `cmd`/`tick` lines are enough to derive every event again. A command is
/// `JOIN` (`JOIN FREED` for a player new to a seat freed after a game), `LEAVE`, `CLAIM`, `PICK A,B,C`,
/// `UNPICK A`, `DEAL`, `NEW` (a rematch) or `REMATCH SAME` (one on the same deck, as the wire says it;
/// records written before said `NEW SAME`, which still reads).
public enum RecordLine: Equatable, Sendable {
  /// The first line of every record.
  case magic
  /// The seed the match deals from.
  case seed(UInt64)
  /// The rules the match plays by (see `RuleFields`). Held apart (`indirect`): one line in a record has
  /// them, and every other line is then the smaller for it to copy.
  indirect case rules(Rules)
  /// A command the rules accepted from `seat` at `at`.
  case command(MatchCommand, seat: Seat, at: Instant)
  /// A deadline the rules handled at `at`.
  case tick(at: Instant)
  /// An event as broadcast, with its sequence number: the line is its machine line (`EventCodec`).
  case event(seq: Int, ServerEvent)
  /// The last line of a record the server closed cleanly. A record without it was cut short: the
  /// server was killed, or could not write.
  case end
  /// The player seated in `seat` (by the last `JOINED` for it) is a computer player.
  case bot(Seat)
  /// The player seated in `seat` (by the last `JOINED` for it) gave a secret for the name, whose
  /// fingerprint this is (`NameClaim`); a seat without this line is a guest's.
  case owner(Seat, fingerprint: String)
  /// The player seated in `seat` (by the last `JOINED` for it) was given the resume token whose digest
  /// this is (`ResumeToken.digest`): a server started again after it was killed rebuilds the game and
  /// holds the seat for whoever shows the token. The token itself is never recorded.
  case resumeDigest(Seat, digest: String)
  /// Game `game` was dealt from the same deck as game `earlier` (a same-deck rematch): the pair to compare.
  case sameDeck(game: Int, earlier: Int)
  /// The table's next game is game `game` of a tournament, of round `round` (nil in an arena), whose
  /// record is the file `record` in the records folder (nil when it keeps none). Records written
  /// before tournaments have no such line.
  case tournament(game: Int, round: Int?, record: String?)

  /// Why a line could not be read.
  public enum Malformed: Error, Equatable, Sendable {
    /// A `cmd` line that is not a time, a seat and a command.
    case command
    /// A `tick` line that is not one time.
    case tick
    /// A `cmd` or `tick` line whose time is not one: whole milliseconds in `times`, up to six decimals.
    case time
    /// An `ev` line that is not an event in the wire's grammar (`EventCodec`).
    case event
    /// A `seed` line that is not a number.
    case seed
    /// A `rules` line without every setting.
    case rules
    /// A `bot` line that is not one seat.
    case bot
    /// An `owner` line that is not a seat and a fingerprint.
    case owner
    /// A `resume` line that is not a seat and a digest.
    case resumeDigest
    /// A `same` line that is not two game numbers.
    case sameDeck
    /// A `tournament` line that is not a game number, a round (or `-`) and a file name (or `-`).
    case tournament
    /// A line that starts with no known word.
    case unknown
  }

  /// The whole milliseconds a `cmd` or `tick` line may carry, from the server's start: never negative,
  /// and far enough from overflowing (in nanoseconds) that a window added to one cannot.
  public static let times: ClosedRange<Int64> = 0...1_000_000_000_000

  /// The magic line's text.
  public static let magicText = "SETDUEL-RECORD 1"

  /// The record's line for an event already encoded as the wire's `line` (what `line` gives for
  /// `.event`, without encoding the event again).
  public static func eventLine(_ line: String) -> String { "ev " + line }

  /// The line's text.
  public var line: String {
    switch self {
    case .magic: Self.magicText
    case .seed(let seed): "seed \(seed)"
    case .rules(let rules): (["rules"] + RuleFields.encode(rules)).joined(separator: " ")
    case .command(let command, let seat, let now): "cmd \(Self.text(now)) \(seat.rawValue) " + Self.text(command)
    case .tick(let now): "tick \(Self.text(now))"
    case .event(let seq, let event): Self.eventLine(EventCodec.encode(event, seq: seq))
    case .end: "end"
    case .bot(let seat): "bot \(seat.rawValue)"
    case .owner(let seat, let fingerprint): "owner \(seat.rawValue) \(fingerprint)"
    case .resumeDigest(let seat, let digest): "resume \(seat.rawValue) \(digest)"
    case .sameDeck(let game, let earlier): "same \(game) \(earlier)"
    case .tournament(let game, let round, let record):
      "tournament \(game) \(round.map(String.init) ?? "-") \(record ?? "-")"
    }
  }

  /// The line's value, or why it could not be read.
  public static func parse(_ line: some StringProtocol) -> Result<RecordLine, Malformed> {
    var text = String(line)
    return text.withUTF8 { parse(bytes: $0) }
  }

  /// The value of a line given as its UTF-8 bytes (without the line end), or why it could not be read.
  /// The lines a record is mostly made of (`cmd`, `tick`, `ev`) are read word by word from the bytes,
  /// which keeps folding ten thousand records well inside two seconds.
  public static func parse(bytes line: UnsafeBufferPointer<UInt8>) -> Result<RecordLine, Malformed> {
    var words = LineWords(line)
    if line.count == 3, Word(line).isEqual(to: "end") { return .success(.end) }
    if line.count == magicText.utf8.count, line.elementsEqual(magicText.utf8) { return .success(.magic) }
    guard let first = words.next() else { return .failure(.unknown) }
    if first.isEqual(to: "ev") {
      guard let (seq, event) = EventCodec.decode(bytes: words.rest) else { return .failure(.event) }
      return .success(.event(seq: seq, event))
    } else if first.isEqual(to: "cmd") {
      let count = words.remaining
      guard count >= 3, count <= 4 else { return .failure(.command) }
      guard let now = instant(words.next()!) else { return .failure(.time) }
      guard let seat = EventCodec.seat(words.next()), let command = command(&words) else {
        return .failure(.command)
      }
      return .success(.command(command, seat: seat, at: now))
    } else if first.isEqual(to: "tick") {
      guard words.remaining == 1 else { return .failure(.tick) }
      guard let now = instant(words.next()!) else { return .failure(.time) }
      return .success(.tick(at: now))
    }
    return header(String(decoding: line, as: UTF8.self))
  }

  /// A line other than a command, a tick or an event.
  private static func header(_ text: String) -> Result<RecordLine, Malformed> {
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
    case "bot":
      guard words.count == 2, let seat = Int(words[1]).flatMap(Seat.init(rawValue:)) else { return .failure(.bot) }
      return .success(.bot(seat))
    case "owner":
      guard words.count == 3, let seat = Int(words[1]).flatMap(Seat.init(rawValue:)),
        isFingerprint(words[2])
      else { return .failure(.owner) }
      return .success(.owner(seat, fingerprint: String(words[2])))
    case "resume":
      guard words.count == 3, let seat = Int(words[1]).flatMap(Seat.init(rawValue:)),
        isFingerprint(words[2])
      else { return .failure(.resumeDigest) }
      return .success(.resumeDigest(seat, digest: String(words[2])))
    case "same":
      guard words.count == 3, let game = Int(words[1]), let earlier = Int(words[2]), earlier >= 1, game > earlier else {
        return .failure(.sameDeck)
      }
      return .success(.sameDeck(game: game, earlier: earlier))
    case "tournament":
      guard words.count == 4, let game = Int(words[1]), game >= 1 else { return .failure(.tournament) }
      let round = Int(words[2])
      guard words[2] == "-" || (round ?? 0) >= 1, isFileName(words[3]) else { return .failure(.tournament) }
      return .success(.tournament(game: game, round: round, record: words[3] == "-" ? nil : String(words[3])))
    default:
      return .failure(.unknown)
    }
  }

  /// Whether an event is one the host broadcast on its own, which the rules do not derive.
  public static func isHostEvent(_ event: ServerEvent) -> Bool {
    switch event {
    case .joined, .said, .bye, .rated: true
    default: false
    }
  }

  /// Whether `word` has the shape of a fingerprint: 1 to 64 lower-case hexadecimal digits.
  public static func isFingerprint(_ word: some StringProtocol) -> Bool {
    (1...64).contains(word.utf8.count) && word.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// Whether `word` may name a record file in the records folder: 1 to 255 bytes of ASCII letters,
  /// digits, `-`, `_` and `.`, not starting with a dot.
  public static func isFileName(_ word: some StringProtocol) -> Bool {
    func allowed(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        true
      default: false
      }
    }
    return (1...255).contains(word.utf8.count) && word.first != "." && word.utf8.allSatisfy(allowed)
  }

  /// A time as written: whole milliseconds, and six decimals when it is not a whole millisecond.
  private static func text(_ now: Instant) -> String {
    let past = now.nanosecondsPastMillisecond
    guard past != 0 else { return "\(now.milliseconds)" }
    let digits = String(past)
    return "\(now.milliseconds)." + String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// A time as written, or nil: milliseconds in `times`, with up to six decimals.
  private static func instant(_ word: Word) -> Instant? {
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    let bytes = word.bytes
    let dot = bytes.firstIndex(of: UInt8(ascii: "."))
    let whole = Word(bytes[..<(dot ?? bytes.count)])
    guard whole.bytes.allSatisfy(isDigit), let ms = whole.int64, times.contains(ms) else { return nil }
    guard let dot else { return Instant(milliseconds: ms) }
    let fraction = bytes[(dot + 1)...]
    guard (1...6).contains(fraction.count), fraction.allSatisfy(isDigit) else { return nil }
    var digits: Int64 = 0
    for byte in fraction { digits = digits * 10 + Int64(byte - UInt8(ascii: "0")) }
    for _ in fraction.count..<6 { digits *= 10 }
    return Instant(nanoseconds: ms * 1_000_000 + digits)
  }

  /// The words of a record's command: a request verb for what a player asked, or `JOIN` and `LEAVE`,
  /// which a connection's arrival and departure make.
  private static let joinWord = "JOIN"
  /// `JOIN FREED`: a player new to a seat freed after a game.
  private static let freedWord: StaticString = "FREED"
  private static let leaveWord = "LEAVE"
  /// `REMATCH SAME`'s word, as the wire has it (`Request`'s same-deck rematch).
  private static let sameWord: StaticString = "SAME"

  private static func text(_ command: MatchCommand) -> String {
    switch command {
    case .join: joinWord
    case .takeFreedSeat: "\(joinWord) \(freedWord)"
    case .leave: leaveWord
    case .claim: Verb.claim.spelling
    case .pick(let slots): "\(Verb.pick.spelling) " + EventCodec.slotList(slots)
    case .unpick(let slot): "\(Verb.unpick.spelling) \(slot.label)"
    case .deal: Verb.deal.spelling
    case .rematch: Verb.new.spelling
    case .rematchSameDeck: "\(Verb.rematch.spelling) \(sameWord)"
    }
  }

  /// The command in a `cmd` line's last words: a word and at most one argument.
  private static func command(_ words: inout LineWords) -> MatchCommand? {
    guard let word = words.next()?.string else { return nil }
    let argument = words.next()
    guard words.next() == nil else { return nil }
    if word == joinWord {
      guard let argument else { return .join }
      return argument.isEqual(to: freedWord) ? .takeFreedSeat : nil
    }
    if word == leaveWord { return argument == nil ? .leave : nil }
    // The verbs a record holds most often are looked at before the whole vocabulary.
    let verb = word == Verb.pick.spelling ? .pick : word == Verb.claim.spelling ? .claim : Verb(rawValue: word)
    switch (verb, argument) {
    case (.claim, nil): return .claim
    case (.deal, nil): return .deal
    case (.new, nil): return .rematch
    case (.rematch, let same?) where same.isEqual(to: sameWord): return .rematchSameDeck
    // The spelling of records written before the record said it as the wire does.
    case (.new, let same?) where same.isEqual(to: sameWord): return .rematchSameDeck
    case (.pick, let list?):
      guard let slots = EventCodec.slots(list), !slots.isEmpty else { return nil }
      return .pick(slots)
    case (.unpick, let label?): return EventCodec.slot(label).map { .unpick($0) }
    default: return nil
    }
  }
}
