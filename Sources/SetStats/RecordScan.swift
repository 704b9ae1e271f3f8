import SetCore
import SetProtocol

/// Reads one record's lines after the magic line, in order, into a `History`: who sits where, the
/// time of each step and each set's find time (`FindClock`). Lines are read as bytes, and only the
/// rare events the figures need whole (`JOINED`, `OVER`) are decoded by `EventCodec`; the rest are told
/// apart by their first word, which keeps folding ten thousand records well inside two seconds.
struct RecordScan: Equatable, Sendable {
  private var names: [String?] = [nil, nil]
  private var keys: [String] = ["", ""]
  private var now = Instant.zero
  private var clock = FindClock()
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
    if Self.starts(line, "cmd ") {
      if let time = Self.number(line, from: 4) { now = Instant(milliseconds: time) }
    } else if Self.starts(line, "tick ") {
      if let time = Self.number(line, from: 5) { now = Instant(milliseconds: time) }
    } else if Self.starts(line, "bot "), line.count == 5 {
      let offset = Int(line[4]) - Int(UInt8(ascii: "1"))
      if (0...1).contains(offset), let name = names[offset] {
        history.update(name, key: keys[offset], variant: variant) { $0.isBot = true }
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
      let time = clock.findTime(at: now)
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
      names[seat.offset] = name
      keys[seat.offset] = History.key(name)
      history.update(name, key: keys[seat.offset], variant: variant) { _ in }
    case .over:
      guard case .over(let result)? = EventCodec.decode(Self.text(line))?.event,
        let one = names[0], let two = names[1]
      else { return nil }
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
    guard let seat, end == line.count || line[end] == 32, let name = names[seat.offset] else { return }
    history.update(name, key: keys[seat.offset], variant: variant, change)
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

  /// The whole number that starts at `from` and runs to the next space or the end.
  private static func number(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int64? {
    var value: Int64 = 0
    var index = start
    while index < line.count, line[index] != 32 {
      let digit = line[index] &- UInt8(ascii: "0")
      guard digit < 10, value < Int64.max / 10 - 10 else { return nil }
      value = value * 10 + Int64(digit)
      index += 1
    }
    return index > start ? value : nil
  }
}
