import SetBase

/// A tournament record read back: every pairing and standing derived again from the header, the
/// entries and the results, and a warning for each line that is malformed, refused, or says what the
/// derivation does not. Reading is one pass over the text; a line longer than `maximumLineBytes` is
/// skipped with a warning, unread.
public struct TournamentReplay: Sendable {
  /// The tournament as the record's commands leave it, or nil if the header is unreadable.
  public var tournament: Tournament?
  /// Warnings, each naming the file and the line: `FILE:LINE: what`.
  public var warnings: [String] = []

  /// The longest line read.
  public static let maximumLineBytes = 65_536

  /// Replays `text`, the record named `file` in the warnings.
  public init(_ text: String, file: String) {
    var expected: [String] = []  // derived event lines, matched against the record from `next`
    var next = 0
    var expectedFrom = 0
    var number = 0
    func warn(_ line: Int, _ what: String) { warnings.append("\(file):\(line): \(what)") }
    func flushExpected(before line: Int) {
      for missing in expected[next...] {
        warn(line, "replay derives \"\(missing)\" (from line \(expectedFrom)), which the record lacks")
      }
      expected.removeAll()
      next = 0
    }
    for raw in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      if raw.isEmpty { continue }
      guard raw.count <= Self.maximumLineBytes else {
        warn(number, "line of \(raw.count) bytes, longer than \(Self.maximumLineBytes): skipped")
        continue
      }
      var line = Substring(raw)
      if line.hasSuffix("\r") { line = line.dropLast() }
      guard var current = tournament else {
        if number == 1, let settings = Self.settings(line) {
          tournament = Tournament(settings: settings)
        } else {
          warn(number, "not a tournament record's header: stopped")
          return
        }
        continue
      }
      if line.hasPrefix("= ") {
        if next == expected.count {
          warn(number, "the record says \"\(line)\", which replay does not derive")
        } else {
          let derived = expected[next]
          next += 1
          if derived != line { warn(number, "the record says \"\(line)\"; replay derives \"\(derived)\"") }
        }
        continue
      }
      flushExpected(before: number)
      guard let (now, command) = Self.command(line) else {
        warn(number, "unreadable line: skipped")
        continue
      }
      do throws(TournamentError) {
        let events =
          try command.map { c throws(TournamentError) in try current.apply(c, at: now) }
          ?? current.advance(to: now)
        expected = events.flatMap(TournamentRecord.lines)
        expectedFrom = number
      } catch {
        warn(number, "refused by the rules (\(error)): skipped")
      }
      tournament = current
    }
    flushExpected(before: number)
  }

  /// The latest instant a record may name: about 146 years from the origin, far below overflow.
  static let latest: Int64 = 1 << 62

  static func settings(_ line: Substring) -> TournamentSettings? {
    guard let (word, fields) = RecordField.parse(line), word == TournamentRecord.magic, fields["version"] == "1",
      let seed = fields["seed"].flatMap({ UInt64($0) }), let start = fields["start"].flatMap({ Int64($0) }),
      let wait = fields["wait"].flatMap({ Int64($0) }), let back = fields["back"].flatMap({ Int64($0) }),
      let pause = fields["break"].flatMap({ Int64($0) }), let noShow = fields["noshow"].flatMap({ Int64($0) })
    else { return nil }
    // Bounded, so that no instant computed from them can overflow.
    let longest: Int64 = 1_000_000_000
    guard (0...longest).contains(wait), (0...longest).contains(back), (0...longest).contains(pause),
      (0...longest).contains(noShow), (0...Self.latest).contains(start)
    else { return nil }
    let format: TournamentSettings.Format
    switch fields["format"] {
    case "arena":
      guard let minutes = fields["minutes"].flatMap({ Int($0) }), (0...1_000_000).contains(minutes) else { return nil }
      format = .arena(minutes: minutes)
    case "swiss":
      guard let rounds = fields["rounds"], rounds == "-" || Int(rounds) != nil else { return nil }
      format = .swiss(rounds: Int(rounds))
    default: return nil
    }
    var settings = TournamentSettings(
      format: format, seed: seed, startAt: Instant(nanoseconds: start), minPlayers: fields["min"].flatMap { Int($0) })
    settings.arenaWaitMilliseconds = wait
    settings.backWaitMilliseconds = back
    settings.breakMilliseconds = pause
    settings.noShowMilliseconds = noShow
    return settings
  }

  /// A command line: its instant and command (nil for `tick`).
  static func command(_ line: Substring) -> (Instant, TournamentCommand?)? {
    guard line.hasPrefix("at="), let space = line.firstIndex(of: " "),
      let nanoseconds = Int64(line[line.index(line.startIndex, offsetBy: 3)..<space]),
      (0...Self.latest).contains(nanoseconds),
      let (verb, fields) = RecordField.parse(line[line.index(after: space)...])
    else { return nil }
    let now = Instant(nanoseconds: nanoseconds)
    let name = fields["name"]
    let organiser = fields["organiser"].map { $0 == "1" }
    let command: TournamentCommand?
    switch verb {
    case "tick": return (now, nil)
    case "enter":
      let rating = fields["rating"].flatMap { Int($0) }.flatMap { (-1_000_000...1_000_000).contains($0) ? $0 : nil }
      command = name.flatMap { n in rating.map { .enter(n, rating: $0) } }
    case "withdraw": command = name.map { .withdraw($0) }
    case "pause": command = name.map { .pause($0) }
    case "back": command = name.map { .back($0) }
    case "seated": command = name.map { .seated($0) }
    case "connection": command = name.flatMap { n in fields["connected"].map { .connection(n, connected: $0 == "1") } }
    case "start": command = organiser.map { .start(organiser: $0) }
    case "next": command = organiser.map { .next(organiser: $0) }
    case "hold": command = organiser.map { .hold(organiser: $0) }
    case "resume": command = organiser.map { .resume(organiser: $0) }
    case "end": command = organiser.map { .end(organiser: $0) }
    case "result":
      command = fields["game"].flatMap { Int($0) }.flatMap { game in
        fields["result"].flatMap(GameResult.init(rawValue:)).map { .result(game: game, $0) }
      }
    default: return nil
    }
    return command.map { (now, $0) }
  }
}
