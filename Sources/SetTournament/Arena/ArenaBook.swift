import SetBase

/// An arena player: entry, sheet and what they are doing now.
public struct ArenaPlayer: Hashable, Sendable {
  /// What an arena player is doing.
  public enum Status: String, Hashable, Sendable {
    /// Waiting to be paired.
    case waiting
    /// Paired: at a table or on the way to it.
    case playing
    /// Paused by the player.
    case paused
    /// Withdrawn (by asking, or after two forfeits in a row).
    case withdrawn
  }

  /// The player's name.
  public var name: String
  /// The rating at entry.
  public var rating: Int
  /// The lot drawn from the seed at first entry: the last tie-break.
  public var lot: UInt64
  /// The score sheet.
  public var sheet = ArenaSheet()
  /// What the player is doing.
  public var status: Status = .waiting
  /// Whether the player is connected.
  public var connected = true
  /// Since when the player has waited.
  public var since: Instant
  /// Not paired before this instant (10 seconds after coming back from a pause).
  public var notBefore: Instant?
  /// The opponent of the last game.
  public var lastOpponent: String?
  /// The sum over played games of the opponent's rating plus 500 for a win, minus 500 for a loss.
  public var performanceSum = 0
  /// Games played at the table (forfeits are not).
  public var played = 0
  /// Times in seat 1.
  public var seatOne = 0

  /// A player who entered at `since`.
  public init(name: String, rating: Int, lot: UInt64, since: Instant) {
    self.name = name
    self.rating = rating
    self.lot = lot
    self.since = since
  }
}

/// A finished arena game.
public struct ArenaGame: Hashable, Sendable {
  /// The seats' players.
  public var seats: PerSeat<String>
  /// How it ended.
  public var result: GameResult
  /// The points each seat scored.
  public var points: PerSeat<Int>
  /// When it ended, in milliseconds from the clock's origin.
  public var endedMilliseconds: Int64
}

/// One line of an arena's standings.
public struct ArenaStanding: Hashable, Sendable {
  /// The player.
  public var name: String
  /// The place, from 1.
  public var rank: Int
  /// Points.
  public var points: Int
  /// Performance: the average over played games of the opponent's rating ±500, rounded down; nil
  /// with no game played.
  public var performance: Int?
  /// Games (forfeits included), wins, ties, losses; the current win streak.
  public var games: Int, wins: Int, ties: Int, losses: Int, streak: Int
  /// What the player is doing.
  public var status: ArenaPlayer.Status
}

/// An arena's players and finished games.
public struct ArenaBook: Hashable, Sendable {
  /// Everyone who entered, in order of first entry.
  public var players: [ArenaPlayer] = []
  /// The finished games in the order they ended.
  public var games: [ArenaGame] = []

  /// An empty book.
  public init() {}

  /// The index of `name`.
  public func index(of name: String) -> Int? { players.firstIndex { $0.name == name } }

  /// Whether `a` ranks above `b`: points, then performance (exactly, as fractions), then more games,
  /// then the lot.
  static func above(_ a: ArenaPlayer, _ b: ArenaPlayer) -> Bool {
    if a.sheet.total != b.sheet.total { return a.sheet.total > b.sheet.total }
    if (a.played > 0) != (b.played > 0) { return a.played > 0 }
    if a.played > 0 {
      // a.sum / a.played against b.sum / b.played, multiplied out.
      let left = Int64(a.performanceSum) * Int64(b.played)
      let right = Int64(b.performanceSum) * Int64(a.played)
      if left != right { return left > right }
    }
    if a.sheet.outcomes.count != b.sheet.outcomes.count { return a.sheet.outcomes.count > b.sheet.outcomes.count }
    return a.lot != b.lot ? a.lot < b.lot : a.name < b.name
  }

  /// The players' indices in standings order.
  public func order() -> [Int] {
    players.indices.sorted { Self.above(players[$0], players[$1]) }
  }

  /// The standings.
  public func standings() -> [ArenaStanding] {
    order().enumerated().map { place, index in
      let player = players[index]
      let outcomes = player.sheet.outcomes
      return ArenaStanding(
        name: player.name, rank: place + 1, points: player.sheet.total,
        performance: player.played > 0 ? Self.floorDivide(player.performanceSum, player.played) : nil,
        games: outcomes.count, wins: outcomes.filter { $0 == .win }.count, ties: outcomes.filter { $0 == .tie }.count,
        losses: outcomes.filter { $0 == .loss }.count, streak: player.sheet.streak, status: player.status)
    }
  }

  static func floorDivide(_ a: Int, _ b: Int) -> Int {
    let quotient = a / b
    return a % b < 0 ? quotient - 1 : quotient
  }

  /// Scores a finished game between `seats` and returns the points each seat scored.
  public mutating func finish(seats: PerSeat<String>, result: GameResult, at now: Instant) -> PerSeat<Int> {
    var points = PerSeat.repeating(0)
    let ratings = seats.map { name in index(of: name).map { players[$0].rating } ?? 0 }
    for seat in Seat.allCases {
      guard let at = index(of: seats[seat]) else { continue }
      let halves = result.halves(for: seat)
      let outcome: ArenaOutcome = halves == 2 ? .win : (halves == 1 ? .tie : .loss)
      points[seat] = players[at].sheet.add(outcome)
      if result.played {
        players[at].played += 1
        players[at].performanceSum += ratings[seat.opponent] + (halves == 2 ? 500 : (halves == 0 ? -500 : 0))
      }
      players[at].lastOpponent = seats[seat.opponent]
    }
    games.append(ArenaGame(seats: seats, result: result, points: points, endedMilliseconds: now.milliseconds))
    return points
  }
}
