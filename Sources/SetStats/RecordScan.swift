import SetCore
import SetProtocol

/// Reads one record's lines after the magic line, in order, into a `History`: who sits where, and each
/// set's find time as its `SET` event carries it (a record written before `SET` carried one gets it
/// from the time of each step, with a `FindClock`). Lines are read as bytes, and only the
/// rare events the figures need whole (`JOINED`, `OVER`) are decoded by `EventCodec`; the rest are told
/// apart by their first word, which keeps folding ten thousand records well inside two seconds.
struct RecordScan: Equatable, Sendable {
  private var names: [String?] = [nil, nil]
  private var keys: [String] = ["", ""]
  /// The fingerprint of the secret each seat's player gave for the name, or nil for a guest.
  private var claims: [String?] = [nil, nil]
  private var now = Instant.zero
  private var clock = FindClock()
  /// The number of the line read last (the magic line is line 1).
  private var lineNumber = 1
  /// One line for each line that was read but not used, naming it.
  private(set) var warnings: [String] = []
  /// The variant the record's games are played in, from its `rules` line.
  private var variant: Variant

  init(variant: Variant = .normal) {
    self.variant = variant
  }

  /// Reads one line; returns the game's result and both ratings before and after when the line is
  /// the `OVER` of a game between two named players.
  @discardableResult
  mutating func read(_ line: String, into history: inout History) -> History.Rated? {
    var line = line
    return line.withUTF8 { read(bytes: $0, into: &history) }
  }

  /// Reads one line given as its UTF-8 bytes, without the newline.
  mutating func read(bytes line: UnsafeBufferPointer<UInt8>, into history: inout History) -> History.Rated? {
    lineNumber += 1
    if Self.starts(line, "cmd ") || Self.starts(line, "tick ") {
      if let time = Self.time(line, from: line[0] == UInt8(ascii: "c") ? 4 : 5) {
        now = time
      } else {
        warnings.append("line \(lineNumber): a time out of range (\(Self.timesText))")
      }
    } else if Self.starts(line, "bot "), line.count == 5 {
      let offset = Int(line[4]) - Int(UInt8(ascii: "1"))
      if (0...1).contains(offset), let name = names[offset], counts(offset, in: history) {
        history.update(name, key: keys[offset], variant: variant) { $0.isBot = true }
      }
    } else if Self.starts(line, "owner ") {
      let offset = line.count > 8 && line[7] == 32 ? Int(line[6]) - Int(UInt8(ascii: "1")) : -1
      let fingerprint = String(decoding: UnsafeBufferPointer(rebasing: line[min(8, line.count)...]), as: UTF8.self)
      if (0...1).contains(offset), RecordLine.isFingerprint(fingerprint) {
        claims[offset] = fingerprint
        if names[offset] != nil { history.claim(keys[offset], fingerprint: fingerprint) }
      } else {
        warnings.append("line \(lineNumber): an owner line that is not a seat and a fingerprint")
      }
    } else if Self.starts(line, "ev ") {
      return event(line)
        .flatMap { kind in record(kind, line, into: &history) }
    } else if Self.starts(line, "rules ") {
      let text = String(decoding: line, as: UTF8.self)
      if text.contains(" variant="), case .success(.rules(let rules)) = RecordLine.parse(text) {
        variant = rules.variant
      }
    }
    return nil  // The header's seed and rules, or a line cut short.
  }

  /// The events the figures count, by their first word.
  private enum Kind {
    case tableChanged, moved, set, noSet, expired, score, joined, over
  }

  private static let kinds: [(word: StaticString, kind: Kind)] = [
    ("PICK", .moved), ("DIFF", .tableChanged), ("CLAIM", .moved), ("SCORE", .score), ("SET", .set),
    ("OPEN", .tableChanged), ("TURN", .tableChanged), ("NOSET", .noSet), ("EXPIRED", .expired),
    ("START", .tableChanged), ("GO", .tableChanged), ("JOINED", .joined), ("OVER", .over),
  ]

  /// The kind of the event on an `ev` line, or nil for one the figures do not count.
  private func event(_ line: UnsafeBufferPointer<UInt8>) -> Kind? {
    var end = 3
    while end < line.count, line[end] != 32 { end += 1 }
    let word = UnsafeBufferPointer(rebasing: line[3..<end])
    for entry in Self.kinds where entry.word.utf8CodeUnitCount == word.count {
      if entry.word.withUTF8Buffer({ $0.elementsEqual(word) }) { return entry.kind }
    }
    return nil
  }

  private mutating func record(_ kind: Kind, _ line: UnsafeBufferPointer<UInt8>, into history: inout History)
    -> History.Rated?
  {
    switch kind {
    case .tableChanged: clock.tableChanged(at: now)
    case .moved: clock.moved(at: now)
    case .set:
      let time = Self.word(6, of: line).flatMap { Self.number($0, from: 0) } ?? clock.findTime(at: now)
      seated(line, in: &history) {
        $0.sets += 1
        $0.findTimes.append(time)
      }
    case .noSet: seated(line, in: &history) { $0.wrongPicks += 1 }
    case .expired where Self.ends(line, " claim"):
      seated(line, in: &history) { $0.expiredClaims += 1 }
    case .score where Self.ends(line, " needless"):
      seated(line, in: &history) { $0.needlessDeals += 1 }
    case .expired, .score:
      break
    case .joined:
      guard case .joined(let seat, let name)? = EventCodec.decode(Self.text(line))?.event else { return nil }
      guard PlayerName.isValid(name) else {
        // Not a name a table accepts: the seat's figures are not counted rather than shown.
        names[seat.offset] = nil
        warnings.append("line \(lineNumber): a player's name that is not a valid name")
        return nil
      }
      // Figures begin with the player's first counted move: a name seated and gone adds nothing.
      names[seat.offset] = name
      keys[seat.offset] = History.key(name)
      claims[seat.offset] = nil
    case .over:
      guard case .over(let result)? = EventCodec.decode(Self.text(line))?.event,
        let one = names[0], let two = names[1]
      else { return nil }
      // A guest on a name someone owns plays unrated, and so does whoever plays them.
      guard counts(0, in: history), counts(1, in: history) else { return nil }
      let ratings = history.finish(result, names: [one, two], variant: variant)
      return History.Rated(result: result, before: ratings.map(\.before), after: ratings.map(\.after))
    }
    return nil
  }

  /// Changes the figures of the player in the seat an event line names (its third word).
  private func seated(
    _ line: UnsafeBufferPointer<UInt8>, in history: inout History, _ change: (inout PlayerStats) -> Void
  ) {
    var spaces = 0
    var index = 0
    while index < line.count, spaces < 3 {
      if line[index] == 32 { spaces += 1 }
      index += 1
    }
    guard spaces == 3, index < line.count else { return }
    let seat: Seat? = line[index] == UInt8(ascii: "1") ? .one : line[index] == UInt8(ascii: "2") ? .two : nil
    let end = index + 1
    guard let seat, end == line.count || line[end] == 32, let name = names[seat.offset],
      counts(seat.offset, in: history)
    else { return }
    history.update(name, key: keys[seat.offset], variant: variant, change)
  }

  /// Whether the figures of the player in the seat at `offset` count for the name: a name nobody
  /// owns counts for whoever plays it (as every name did before names had owners); an owned name
  /// counts only when played with its owner's secret.
  private func counts(_ offset: Int, in history: History) -> Bool {
    // Most histories have no owners at all: no hashing of the name for them.
    guard !history.owners.isEmpty, let owner = history.owners[keys[offset]] else { return true }
    return owner == claims[offset]
  }

  private static func text(_ line: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: line[3...]), as: UTF8.self)
  }

  private static func starts(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    prefix.withUTF8Buffer { head in head.count <= line.count && head.elementsEqual(line.prefix(head.count)) }
  }

  private static func ends(_ line: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
    suffix.withUTF8Buffer { tail in tail.count <= line.count && tail.elementsEqual(line.suffix(tail.count)) }
  }

  /// The word at `index` (from 0) of a line, or nil when the line has fewer words.
  private static func word(_ index: Int, of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    var start = 0
    for _ in 0..<index {
      guard let space = line[start...].firstIndex(of: 32) else { return nil }
      start = space + 1
    }
    let end = line[start...].firstIndex(of: 32) ?? line.count
    return UnsafeBufferPointer(rebasing: line[start..<end])
  }

  /// The whole number that starts at `from` and runs to the next space or the end, or nil when it is
  /// not one or is larger than a record's times may be.
  private static func number(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int64? {
    var value: Int64 = 0
    var index = start
    while index < line.count, line[index] != 32 {
      let digit = line[index] &- UInt8(ascii: "0")
      guard digit < 10, value <= RecordLine.times.upperBound else { return nil }
      value = value * 10 + Int64(digit)
      index += 1
    }
    return index > start && RecordLine.times.contains(value) ? value : nil
  }

  /// The time of a `cmd` or `tick` line, written from `from` to the next space or the end: whole
  /// milliseconds in `RecordLine.times` with up to six decimals (see `RecordLine`); nil for anything else.
  private static func time(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Instant? {
    let end = line[start...].firstIndex(of: 32) ?? line.count
    let word = UnsafeBufferPointer(rebasing: line[start..<end])
    let dot = word.firstIndex(of: UInt8(ascii: "."))
    guard let whole = number(UnsafeBufferPointer(rebasing: word[..<(dot ?? word.count)]), from: 0) else {
      return nil
    }
    guard let dot else { return Instant(milliseconds: whole) }
    let fraction = word[(dot + 1)...]
    guard (1...6).contains(fraction.count) else { return nil }
    var nanoseconds: Int64 = 0
    for byte in fraction {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      nanoseconds = nanoseconds * 10 + Int64(digit)
    }
    for _ in fraction.count..<6 { nanoseconds *= 10 }
    return Instant(nanoseconds: whole * 1_000_000 + nanoseconds)
  }

  /// The times a record's lines may carry, in words.
  private static let timesText = "0 to \(RecordLine.times.upperBound) ms, up to six decimals"
}
