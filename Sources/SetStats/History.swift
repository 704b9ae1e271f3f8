import SetCore
import SetProtocol

/// Every player's figures and rating, folded from game records in the order they were played.
///
/// A record counts as far as it goes: a record cut short (a server killed mid-game) gives its sets,
/// wrong picks and the like, but only a game that reached `OVER` counts as a game and moves ratings.
public struct History: Equatable, Sendable {
  /// Why a record was not folded.
  public struct Unreadable: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// A game that just ended, and both seats' ratings before and after it, seat 1 first.
  public struct Rated: Equatable, Sendable {
    public var result: GameResult
    public var before: [Glicko2.Rating]
    public var after: [Glicko2.Rating]
  }

  /// Every player seen in the standard game, keyed by the name in lower case (names are matched
  /// without regard to case).
  public private(set) var players: [String: PlayerStats] = [:]
  /// The fingerprint of the secret that first claimed each name (`owner` record lines), by key: that
  /// name's figures and rating change only in games played with it.
  public private(set) var owners: [String: String] = [:]
  /// Every player seen in each other variant, keyed as `players`: each variant is rated on its own.
  public private(set) var variantPlayers: [Variant: [String: PlayerStats]] = [:]
  /// Records folded.
  public private(set) var records = 0
  /// Games that reached their end, in every record folded.
  public private(set) var games = 0
  /// The players who finished a game, best first: the leaderboard, kept in order as games end, so that
  /// reading its top costs the same however many players there are.
  private var ranking: [Ranked] = []

  /// A place on the leaderboard: by rating, highest first, ties by key.
  private struct Ranked: Equatable, Sendable {
    var rating: Double
    var key: String

    func precedes(_ other: Ranked) -> Bool {
      rating != other.rating ? rating > other.rating : key < other.key
    }
  }

  /// The record being folded line by line (`fold(_:)`).
  private var live = RecordTally()

  /// No history yet.
  public init() {}

  /// Starts reading a new record line by line, as it is written (the magic line is not passed in), of
  /// games played in `variant` (its header's rules line may be passed in too, or not).
  public mutating func beginRecord(variant: Variant = .normal) {
    live = RecordTally(variant: variant)
    records += 1
  }

  /// One record being folded line by line as it is written, apart from the others: a hall keeps one
  /// for each of its tables, all folding into the same history.
  public struct LiveRecord: Equatable, Sendable {
    fileprivate var tally: RecordTally
  }

  /// Starts reading a new record line by line, as `beginRecord(variant:)` does, beside any others being
  /// read: its lines are folded with `fold(_:into:)`.
  public mutating func liveRecord(variant: Variant = .normal) -> LiveRecord {
    records += 1
    return LiveRecord(tally: RecordTally(variant: variant))
  }

  /// Folds the next line of `record`, as `fold(_:)` folds the next line of the record begun last.
  public mutating func fold(_ line: RecordLine, into record: inout LiveRecord) -> Rated? {
    record.tally.fold(line, into: &self)
  }

  /// Folds the next line of the record begun with `beginRecord()`, as a host records it: the value
  /// itself, with its event as the host emitted it, never its text read back. Returns the ratings when
  /// the line ends a game.
  public mutating func fold(_ line: RecordLine) -> Rated? {
    var tally = live
    defer { live = tally }
    return tally.fold(line, into: &self)
  }

  /// A player's figures in `variant`, the name matched without regard to case; nil for a name never
  /// seen there.
  public func player(_ name: String, variant: Variant = .normal) -> PlayerStats? {
    table(variant)[Self.key(name)]
  }

  /// The variants a player played, each with their figures there, in the variants' order.
  public func variantsPlayed(by name: String) -> [(variant: Variant, stats: PlayerStats)] {
    Variant.allCases.compactMap { variant in player(name, variant: variant).map { (variant, $0) } }
  }

  /// The players of a variant (by default the standard game), keyed as `players`.
  public func table(_ variant: Variant) -> [String: PlayerStats] {
    variant == .normal ? players : variantPlayers[variant] ?? [:]
  }

  /// The players who finished a game in `variant`, by rating, highest first (ties by name), at most
  /// `limit` of them. A name that never finished a game (one seated and gone at once, say) is not on it.
  public func leaderboard(limit: Int = .max, variant: Variant = .normal) -> [PlayerStats] {
    guard variant == .normal else {
      let sorted = table(variant).values.filter { $0.games > 0 }.sorted {
        $0.rating.rating != $1.rating.rating
          ? $0.rating.rating > $1.rating.rating : Self.key($0.name) < Self.key($1.name)
      }
      return Array(sorted.prefix(max(0, limit)))
    }
    return ranking.prefix(max(0, limit)).compactMap { players[$0.key] }
  }

  /// The index in `ranking` where `place` is or would go.
  private func index(of place: Ranked) -> Int {
    var (low, high) = (0, ranking.count)
    while low < high {
      let middle = (low + high) / 2
      if ranking[middle].precedes(place) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Folds one record's text in: every game it holds, in order, each line read by `RecordLine` into the
  /// values `fold(_:)` takes. Throws, changing nothing, when the text is not a game record. Returns one
  /// line for each line that was read but not used (a time out of range, say), naming the line by its
  /// number.
  @discardableResult
  public mutating func fold(record text: String) throws(Unreadable) -> [String] {
    var updated = self
    var tally = RecordTally()
    do {
      try RecordReader.read(text) { line in
        _ = tally.read(line, into: &updated)
        return true
      }
    } catch {
      throw Unreadable(message: RecordReader.notARecord)
    }
    updated.records += 1
    self = updated
    return tally.warnings
  }

  /// Records a finished game between the players in `names` (seat 1 first) and moves both ratings.
  /// Returns the two ratings before and after, seat 1 first.
  @discardableResult
  public mutating func finish(_ result: GameResult, names: [String], variant: Variant = .normal) -> [(
    before: Glicko2.Rating, after: Glicko2.Rating
  )] {
    games += 1
    guard variant == .normal else {
      var table = variantPlayers.removeValue(forKey: variant) ?? [:]
      defer { variantPlayers[variant] = table }
      return Self.finish(result, names: names, in: &table)
    }
    // The standard game's leaderboard is kept in order: both players leave their places and take new ones.
    let keys = Set(names.map(Self.key))
    for key in keys {
      guard let player = players[key], player.games > 0 else { continue }
      let place = Ranked(rating: player.rating.rating, key: key)
      let at = index(of: place)
      if at < ranking.count, ranking[at] == place { ranking.remove(at: at) }
    }
    let ratings = Self.finish(result, names: names, in: &players)
    for key in keys {
      let place = Ranked(rating: players[key]!.rating.rating, key: key)
      ranking.insert(place, at: index(of: place))
    }
    return ratings
  }

  /// Records a finished game in one variant's players.
  private static func finish(_ result: GameResult, names: [String], in players: inout [String: PlayerStats]) -> [(
    before: Glicko2.Rating, after: Glicko2.Rating
  )] {
    let keys = names.map(Self.key)
    // Taken out of the dictionary while they change, so that their arrays are not copied.
    var stats = zip(names, keys).map { players.removeValue(forKey: $1) ?? PlayerStats(name: $0) }
    let before = stats.map(\.rating)
    let firstScore: Double =
      switch result.winner {
      case .one: 1
      case .two: 0
      case nil: 0.5
      }
    let (one, two) = Glicko2.game(before[0], before[1], score: firstScore)
    let after = [one, two]
    for index in 0..<2 {
      let seat: Seat = index == 0 ? .one : .two
      var player = stats[index]
      player.name = names[index]
      player.games += 1
      let outcome: GameSummary.Outcome =
        switch result.winner {
        case nil: .tied
        case seat: .won
        default: .lost
        }
      switch outcome {
      case .won: player.wins += 1
      case .lost: player.losses += 1
      case .tied: player.ties += 1
      }
      var forfeit = false
      if case .forfeit(let absent) = result.ending {
        forfeit = true
        if absent == seat { player.forfeits += 1 }
      }
      player.rating = after[index]
      player.remember(
        GameSummary(
          opponent: names[1 - index], outcome: outcome, score: result.scores.values[index],
          opponentScore: result.scores.values[1 - index], forfeit: forfeit, ratingBefore: before[index].rating,
          ratingAfter: after[index].rating))
      stats[index] = player
    }
    for index in 0..<2 { players[keys[index]] = stats[index] }
    return (0..<2).map { (before[$0], after[$0]) }
  }

  /// The fingerprint of the secret that owns `name` (matched without regard to case), or nil when no
  /// one has claimed it.
  public func owner(of name: String) -> String? {
    owners[Self.key(name)]
  }

  /// Gives the name with `key` to the secret with `fingerprint`, unless someone claimed it first.
  mutating func claim(_ key: String, fingerprint: String) {
    if owners[key] == nil { owners[key] = fingerprint }
  }

  /// Changes the figures of the player in `name`'s seat in `variant`, creating them if new.
  mutating func update(
    _ name: String, key: String? = nil, variant: Variant = .normal, _ change: (inout PlayerStats) -> Void
  ) {
    if variant == .normal {
      change(&players[key ?? Self.key(name), default: PlayerStats(name: name)])
    } else {
      change(&variantPlayers[variant, default: [:]][key ?? Self.key(name), default: PlayerStats(name: name)])
    }
  }

  /// The key a name is stored under.
  static func key(_ name: String) -> String { PlayerName.key(name) }
}
