import SetCore
import SetProtocol

/// Reads one record's lines after the magic line, in order, as values (`RecordLine`, its events as
/// the host emitted them), into a `History`: who sits where, who owns a name, and each seat's sets,
/// wrong picks, claims run out and needless deals.
///
/// A set's find time is the one its `SET` event carries. A record written before `SET` carried one
/// gets it from the times of the commands and deadlines around it instead, with a `FindClock` kept
/// from the record's events: for those records only, as a set's time would otherwise be lost.
struct RecordTally: Equatable, Sendable {
  private var names: PerSeat<String?> = PerSeat(one: nil, two: nil)
  private var keys: PerSeat<String> = PerSeat(one: "", two: "")
  /// The fingerprint of the secret each seat's player gave for the name, or nil for a guest.
  private var claims: PerSeat<String?> = PerSeat(one: nil, two: nil)
  private var now = Instant.zero
  /// The find times of a record whose `SET` events carry none.
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

  /// Reads the next line as `RecordReader` gives it: a line that does not read is left out, with a
  /// warning naming it when it is one the figures would have used (a time, an owner).
  mutating func read(_ line: RecordReader.Line, into history: inout History) -> History.Rated? {
    lineNumber = line.number
    switch line.parsed {
    case .success(let line): return fold(line, into: &history)
    case .failure(.time): warnings.append("line \(lineNumber): a time out of range (\(Self.timesText))")
    case .failure(.owner): warnings.append("line \(lineNumber): an owner line that is not a seat and a fingerprint")
    case .failure: break  // A line cut short, or one the figures do not use.
    }
    return nil
  }

  /// Folds one line; returns the game's result and both ratings before and after when the line is the
  /// `OVER` of a game between two named players.
  mutating func fold(_ line: RecordLine, into history: inout History) -> History.Rated? {
    switch line {
    case .command(_, _, let at), .tick(let at): now = at
    case .bot(let seat):
      if let name = names[seat], counts(seat, in: history) {
        history.update(name, key: keys[seat], variant: variant) { $0.isBot = true }
      }
    case .owner(let seat, let fingerprint):
      claims[seat] = fingerprint
      if names[seat] != nil { history.claim(keys[seat], fingerprint: fingerprint) }
    case .rules(let rules): variant = rules.variant
    case .event(_, let event): return fold(event, into: &history)
    case .magic, .seed, .sameDeck, .tournament, .resumeDigest, .end: break
    }
    return nil
  }

  private mutating func fold(_ event: ServerEvent, into history: inout History) -> History.Rated? {
    switch event {
    case .started, .diff, .open, .turn, .resumed: clock.tableChanged(at: now)
    case .claim, .picked: clock.moved(at: now)
    case .setFound(let seat, _, _, let findMs):
      let time = findMs.flatMap { RecordLine.times.contains($0) ? $0 : nil } ?? clock.findTime(at: now)
      update(seat, in: &history) {
        $0.sets += 1
        $0.findTimes.append(time)
      }
    case .notASet(let seat, _, _): update(seat, in: &history) { $0.wrongPicks += 1 }
    case .expired(let seat, .claim): update(seat, in: &history) { $0.expiredClaims += 1 }
    case .score(let seat, _, _, .needlessDeal): update(seat, in: &history) { $0.needlessDeals += 1 }
    case .joined(let seat, let name):
      guard PlayerName.isValid(name) else {
        // Not a name a table accepts: the seat's figures are not counted rather than shown.
        names[seat] = nil
        warnings.append("line \(lineNumber): a player's name that is not a valid name")
        return nil
      }
      // Figures begin with the player's first counted move: a name seated and gone adds nothing.
      names[seat] = name
      keys[seat] = History.key(name)
      claims[seat] = nil
    case .over(let result):
      guard let one = names.one, let two = names.two else { return nil }
      // A guest on a name someone owns plays unrated, and so does whoever plays them.
      guard counts(.one, in: history), counts(.two, in: history) else { return nil }
      let ratings = history.finish(result, names: [one, two], variant: variant)
      return History.Rated(result: result, before: ratings.map(\.before), after: ratings.map(\.after))
    case .expired, .score, .unpicked, .chain, .left, .back, .rated, .rematch, .said, .bye: break
    }
    return nil
  }

  /// Changes the figures of the player in `seat`, if one is named there and the figures count.
  private func update(_ seat: Seat, in history: inout History, _ change: (inout PlayerStats) -> Void) {
    guard let name = names[seat], counts(seat, in: history) else { return }
    history.update(name, key: keys[seat], variant: variant, change)
  }

  /// Whether the figures of the player in `seat` count for the name: a name nobody owns counts for
  /// whoever plays it (as every name did before names had owners); an owned name counts only when
  /// played with its owner's secret.
  private func counts(_ seat: Seat, in history: History) -> Bool {
    // Most histories have no owners at all: no hashing of the name for them.
    guard !history.owners.isEmpty, let owner = history.owners[keys[seat]] else { return true }
    return owner == claims[seat]
  }

  /// The times a record's lines may carry, in words.
  private static let timesText = "0 to \(RecordLine.times.upperBound) ms, up to six decimals"
}
