import SetCore
import SetProtocol
import SetStats

/// A game record read back: its events, and a check that the rules derive exactly those events again
/// from the seed and the recorded commands.
public struct Replay {
  /// Why a record could not be read or does not replay.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// The line of the record (from 1) where it went wrong.
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
  }

  /// The seed the record's match dealt from.
  public private(set) var seed: UInt64 = 0
  /// The rules the record's match played by.
  public private(set) var rules = Rules()
  /// The broadcast event lines, in order, as the record writes them.
  public private(set) var events: [String] = []
  /// The same events as values, read by `RecordLine`.
  private var decoded: [ServerEvent] = []
  /// Whether the record ends with the `end` line the server writes when it closes a record cleanly.
  public private(set) var closedCleanly = false
  /// The number (from 1) of the record's last whole line.
  public private(set) var lastLine = 3
  /// The lines after the header, each with its number, its text and what it parses as.
  private var steps: [(line: Int, text: Substring, parsed: Result<RecordLine, RecordLine.Malformed>)] = []

  /// Reads a record's text; throws if it is not a record.
  public init(text: String) throws(Failure) {
    var header: [Int: RecordLine] = [:]
    var cut: Int?
    var steps: [(line: Int, text: Substring, parsed: Result<RecordLine, RecordLine.Malformed>)] = []
    do {
      try RecordReader.read(text) { line in
        if line.isCut { cut = line.number }
        if line.number <= 3 {
          if case .success(let value) = line.parsed { header[line.number] = value }
          return true
        }
        // A cut last line that does not read is what is left of a line the server was writing.
        if line.isCut, case .failure = line.parsed { return true }
        steps.append((line.number, Substring(line.text), line.parsed))
        return true
      }
    } catch {
      throw Failure(line: 1, message: RecordReader.notARecord)
    }
    guard case .seed(let seed)? = header[2] else { throw Failure(line: 2, message: "expected: seed <number>") }
    guard case .rules(let rules)? = header[3] else {
      throw Failure(line: 3, message: "expected: rules with every setting")
    }
    self.seed = seed
    self.rules = rules
    for step in steps {
      lastLine = step.line
      if case .success(.event(_, let event)) = step.parsed {
        events.append(String(step.text.dropFirst(3)))
        decoded.append(event)
      }
    }
    self.steps = steps
    closedCleanly = steps.last?.parsed == .success(.end)
    cutLine = cut
  }

  /// The number of the last line when it has no line end: the server was stopped while writing it, so
  /// what is left of it may read as a line that does not fit (an event whose number lost its last
  /// digits), or not read at all (and is left out).
  private var cutLine: Int?

  /// Nil for a record closed cleanly; else a sentence saying where it ends, for it is not a whole game.
  public var unfinished: String? {
    closedCleanly
      ? nil
      : cutLine.map { "the record is cut short in the middle of line \($0): the server was killed or could not write" }
        ?? "the record ends after line \(lastLine) without a clean close: the server was killed or could not write"
  }

  /// Derives the match again from the seed and the recorded commands, and checks every recorded event
  /// against the derived one. Returns how many events it checked. A deadline passed before a command is
  /// derived either from a `tick` line before it or, with none, by the command itself, as the rules
  /// handle what was due before judging a command.
  public func verify() throws(Failure) -> Int {
    var match = Match(rules: rules, seed: seed)
    var pending: [ServerEvent] = []
    var lastSeq = 0
    var checked = 0
    func check(
      _ number: Int, _ text: Substring, _ parsed: Result<RecordLine, RecordLine.Malformed>
    ) throws(Failure) {
      switch parsed {
      case .success(.command(let command, let seat, let now)):
        guard pending.isEmpty else { throw Failure(line: number, message: missing(pending)) }
        do {
          pending = try match.apply(command, by: seat, at: now).events.compactMap { ServerEvent($0, now: now) }
        } catch {
          throw Failure(
            line: number,
            message: "the rules refuse this command (\(error.reason)): the record does not match its seed")
        }
      case .success(.tick(let now)):
        guard pending.isEmpty else { throw Failure(line: number, message: missing(pending)) }
        pending = match.advance(to: now).events.compactMap { ServerEvent($0, now: now) }
      case .success(.event(let seq, let recorded)):
        guard seq == lastSeq + 1 else { throw Failure(line: number, message: "event out of sequence after \(lastSeq)") }
        lastSeq = seq
        guard !RecordLine.isHostEvent(recorded) else { return }
        let text = text.dropFirst(3)
        guard !pending.isEmpty else {
          throw Failure(line: number, message: "recorded \(text), but the rules derive no event here")
        }
        let event = pending.removeFirst()
        guard event == recorded || Self.isUnstamped(recorded, of: event) else {
          let derived = EventCodec.encode(event, seq: seq)
          throw Failure(line: number, message: "recorded\n  \(text)\nbut the rules derive\n  \(derived)")
        }
        checked += 1
      case .failure(.command):
        throw Failure(line: number, message: "unreadable command")
      case .failure(.tick):
        throw Failure(line: number, message: "unreadable tick")
      case .failure(.time):
        throw Failure(line: number, message: "a time out of range: \(text.prefix(40))")
      case .success(.bot), .success(.owner), .success(.resumeDigest), .success(.tournament):
        return  // Who plays, and for what, is not the rules' business.
      case .success(.sameDeck):
        return  // The rules derive the same deal from the recorded same-deck rematches.
      case .failure(.event):
        throw Failure(line: number, message: "unreadable event after \(lastSeq): \(text.prefix(40))")
      case .success(.end):
        guard number == steps.last?.line else {
          throw Failure(line: number, message: "the record goes on after its end")
        }
      case .success(.magic), .success(.seed), .success(.rules), .failure:
        throw Failure(line: number, message: "unknown line: \(text.prefix(40))")
      }
    }
    for (number, text, parsed) in steps {
      do throws(Failure) {
        try check(number, text, parsed)
      } catch {
        // The last line, cut in the middle, is where the record stops, not a difference.
        if number == cutLine { return checked }
        throw error
      }
    }

    return checked
  }

  /// The time of the record's last command or tick: where the match's clock stood when it stops.
  public var lastInstant: Instant {
    lines.reduce(Instant.zero) { last, line in
      switch line {
      case .command(_, _, let at), .tick(let at): max(last, at)
      default: last
      }
    }
  }

  /// The lines after the header that parse, in order: what a playback of the record shows.
  public var lines: [RecordLine] { steps.compactMap { try? $0.parsed.get() } }

  /// The game in words, one line per event.
  public func narration() -> [String] {
    var names: PerSeat = ["seat 1", "seat 2"]
    var lines = ["Seed \(seed), claim window \(HumanText.seconds(rules.claimWindow))."]
    if let rule = HumanText.variantRule(rules) { lines.append(rule) }
    for event in decoded {
      if case .joined(let seat, let name) = event { names[seat] = name }
      lines.append(Self.retold(event, names: names))
      if case .started(_, _, let table) = event { lines += HumanText.table(table) }
    }
    return lines
  }

  /// An event in words for someone reading a record: what the live words tell a player to type (NEW,
  /// RESUME) means nothing after the game.
  static func retold(_ event: ServerEvent, names: PerSeat<String>) -> String {
    switch event {
    case .rematch(let seat, let sameDeck): "\(names[seat]) asks for a rematch\(sameDeck ? " on the same deck" : "")."
    case .left(let seat, let ms?):
      "\(names[seat]) left; the game is paused, \(HumanText.seconds(ms)) to come back."
    default: HumanText.sentence(for: event, names: names)
    }
  }

  /// Whether `recorded` is `event`, a set found, as written before `SET` lines carried find times.
  private static func isUnstamped(_ recorded: ServerEvent, of event: ServerEvent) -> Bool {
    guard case .setFound(let seat, let slots, let cards, _) = event else { return false }
    return recorded == .setFound(seat, slots, cards, findMs: nil)
  }

  private func missing(_ pending: [ServerEvent]) -> String {
    "the rules derive \(EventCodec.encode(pending[0], seq: 0)) (and \(pending.count - 1) more) which the record lacks"
  }
}
