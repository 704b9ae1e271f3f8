import SetCore
import SetProtocol

/// Reads one record's lines after the magic line, in order, into a `History`: who sits where, the
/// time of each step and each set's find time. Only the events the figures need are decoded whole;
/// the rest are told apart by their first word, which keeps folding thousands of records fast.
struct RecordScan: Equatable, Sendable {
  private var names: [String?] = [nil, nil]
  private var now = Instant.zero
  private var clock = FindClock()

  /// Reads one line; returns the game's result and both ratings before and after when the line is
  /// the `OVER` of a game between two named players.
  @discardableResult
  mutating func read(_ line: Substring, into history: inout History) -> History.Rated? {
    var words = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)[...]
    guard let kind = words.popFirst() else { return nil }
    switch kind {
    case "cmd", "tick":
      if let time = words.first.flatMap({ Int64($0) }) { now = Instant(milliseconds: time) }
    case "ev":
      guard let word = words.popFirst() else { return nil }
      return event(word, fields: words.dropFirst(), line: line.dropFirst(3), into: &history)
    default:
      break  // The header's seed and rules, or a line cut short.
    }
    return nil
  }

  private mutating func event(
    _ word: Substring, fields: ArraySlice<Substring>, line: Substring, into history: inout History
  ) -> History.Rated? {
    switch word {
    case "START", "DIFF", "OPEN", "TURN", "GO": clock.tableChanged(at: now)
    case "CLAIM", "PICK": clock.moved(at: now)
    case "SET":
      let time = clock.findTime(at: now)
      seated(fields.first, in: &history) {
        $0.sets += 1
        $0.findTimes.append(time)
      }
    case "NOSET": seated(fields.first, in: &history) { $0.wrongPicks += 1 }
    case "EXPIRED" where fields.dropFirst().first == "claim":
      seated(fields.first, in: &history) { $0.expiredClaims += 1 }
    case "SCORE" where line.hasSuffix(" needless"):
      seated(fields.first, in: &history) { $0.needlessDeals += 1 }
    case "JOINED":
      guard case .joined(let seat, let name)? = EventCodec.decode(String(line))?.event else { return nil }
      names[seat.offset] = name
      history.update(name) { _ in }
    case "OVER":
      guard case .over(let result)? = EventCodec.decode(String(line))?.event,
        let one = names[0], let two = names[1]
      else { return nil }
      let ratings = history.finish(result, names: [one, two])
      return History.Rated(result: result, before: ratings.map(\.before), after: ratings.map(\.after))
    default:
      break
    }
    return nil
  }

  private func seated(_ field: Substring?, in history: inout History, _ change: (inout PlayerStats) -> Void) {
    guard let field, let seat = Int(field).flatMap(Seat.init(rawValue:)), let name = names[seat.offset] else {
      return
    }
    history.update(name, change)
  }
}
