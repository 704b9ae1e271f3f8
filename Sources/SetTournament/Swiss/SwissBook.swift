import SetBase

/// How a tournament game ended, from the seats' side. A forfeit is not rated; the opponent scores a win.
public enum GameResult: String, Hashable, Sendable, CaseIterable {
  /// Seat 1 won.
  case seat1
  /// Seat 2 won.
  case seat2
  /// A tie.
  case tie
  /// Seat 1 forfeited (did not sit down, or left): seat 2 scores a win.
  case forfeit1
  /// Seat 2 forfeited: seat 1 scores a win.
  case forfeit2
  /// Neither sat down: both lose by forfeit.
  case forfeitBoth = "forfeit-both"

  /// The half-points `seat` scores: 2 a win, 1 a tie, 0 a loss.
  public func halves(for seat: Seat) -> Int {
    switch self {
    case .tie: 1
    case .seat1, .forfeit2: seat == .one ? 2 : 0
    case .seat2, .forfeit1: seat == .two ? 2 : 0
    case .forfeitBoth: 0
    }
  }

  /// Whether the game was played at the table (a forfeit was not).
  public var played: Bool { self == .seat1 || self == .seat2 || self == .tie }

  /// Whether `seat` forfeited.
  public func forfeited(by seat: Seat) -> Bool {
    self == .forfeitBoth || self == (seat == .one ? .forfeit1 : .forfeit2)
  }
}

/// One Swiss player as the book keeps them.
public struct SwissEntrant: Hashable, Sendable {
  /// The player's name: the tournament's key.
  public var name: String
  /// The rating at entry.
  public var rating: Int
  /// The lot drawn from the tournament's seed at first entry: the last tie-break.
  public var lot: UInt64
  /// The first round the player could be paired in.
  public var firstRound: Int
  /// Half a point for the rounds missed by a late first entry.
  public var lateBye: Bool
  /// Entered and not withdrawn.
  public var active: Bool

  /// An entrant.
  public init(name: String, rating: Int, lot: UInt64, firstRound: Int = 1, lateBye: Bool = false, active: Bool = true) {
    self.name = name
    self.rating = rating
    self.lot = lot
    self.firstRound = firstRound
    self.lateBye = lateBye
    self.active = active
  }
}

/// A game of a Swiss round: its table, its seats, and its result once known.
public struct SwissGame: Hashable, Sendable {
  /// The table number in the round, from 1 (the top pair first).
  public var table: Int
  /// The seats' players.
  public var seats: PerSeat<String>
  /// The result, or nil while playing.
  public var result: GameResult?

  /// A game.
  public init(table: Int, seats: PerSeat<String>, result: GameResult? = nil) {
    self.table = table
    self.seats = seats
    self.result = result
  }
}

/// One Swiss round: its games, its bye, who was absent, and why it was paired so.
public struct SwissRound: Hashable, Sendable {
  /// The round number, from 1.
  public var number: Int
  /// The games, by table.
  public var games: [SwissGame]
  /// Who has the bye (a whole point), if anyone.
  public var bye: String?
  /// Entered players who were not paired: absent, or withdrawn.
  public var absent: [String]
  /// The pairing's reasons.
  public var reasons: [SwissPairingReason]

  /// A round.
  public init(
    number: Int, games: [SwissGame], bye: String?, absent: [String], reasons: [SwissPairingReason] = []
  ) {
    self.number = number
    self.games = games
    self.bye = bye
    self.absent = absent
    self.reasons = reasons
  }

  /// Whether every game has a result.
  public var finished: Bool { games.allSatisfy { $0.result != nil } }
}

/// What a Swiss round was for one player.
public enum SwissOutcome: Hashable, Sendable {
  /// A game at the table against `opponent`, scoring `halves`; or not yet finished (`halves` nil).
  case played(opponent: String, halves: Int?)
  /// A forfeit: `won` if the opponent forfeited.
  case forfeit(opponent: String, won: Bool)
  /// The round's bye.
  case bye
  /// Not paired: absent, withdrawn or not yet entered.
  case unpaired

  /// Whether the round counts as unplayed for the tie-breaks (FIDE 2024, article 16).
  public var unplayed: Bool {
    if case .played = self { return false }
    return true
  }
}

/// A Swiss tournament's entries and rounds: every score, opponent and count is derived from them.
public struct SwissBook: Hashable, Sendable {
  /// Everyone who ever entered, in order of first entry.
  public var entrants: [SwissEntrant] = []
  /// The rounds paired so far.
  public var rounds: [SwissRound] = []

  /// An empty book.
  public init(entrants: [SwissEntrant] = [], rounds: [SwissRound] = []) {
    self.entrants = entrants
    self.rounds = rounds
  }

  /// The entrant named `name`.
  public func entrant(_ name: String) -> SwissEntrant? { entrants.first { $0.name == name } }

  /// What `round` was for `name`.
  public func outcome(of name: String, in round: SwissRound) -> SwissOutcome {
    if round.bye == name { return .bye }
    for game in round.games {
      for seat in Seat.allCases where game.seats[seat] == name {
        let opponent = game.seats[seat.opponent]
        guard let result = game.result else { return .played(opponent: opponent, halves: nil) }
        if result.played { return .played(opponent: opponent, halves: result.halves(for: seat)) }
        return .forfeit(opponent: opponent, won: !result.forfeited(by: seat))
      }
    }
    return .unpaired
  }

  /// `name`'s points, in half-points.
  public func halves(of name: String) -> Int {
    var total = entrant(name)?.lateBye == true ? 1 : 0
    for round in rounds {
      switch outcome(of: name, in: round) {
      case .played(_, let halves): total += halves ?? 0
      case .forfeit(_, let won): total += won ? 2 : 0
      case .bye: total += 2
      case .unpaired: break
      }
    }
    return total
  }

  /// The players `name` has been paired against (forfeits included: never a rematch).
  public func opponents(of name: String) -> [String: Int] {
    var met: [String: Int] = [:]
    for round in rounds {
      switch outcome(of: name, in: round) {
      case .played(let opponent, _), .forfeit(let opponent, _): met[opponent] = round.number
      case .bye, .unpaired: break
      }
    }
    return met
  }

  /// Whether `name` may get the pairing's bye: never after a bye (a late entry's included) or a win by forfeit.
  public func byeBar(for name: String) -> SwissPairingReason.ByeBar? {
    if entrant(name)?.lateBye == true { return .hadBye }
    var wonByForfeit = false
    for round in rounds {
      switch outcome(of: name, in: round) {
      case .bye: return .hadBye
      case .forfeit(_, let won) where won: wonByForfeit = true
      default: break
      }
    }
    return wonByForfeit ? .wonByForfeit : nil
  }

  /// How many times `name` has had seat 1.
  public func seatOneCount(of name: String) -> Int {
    rounds.reduce(0) { count, round in count + round.games.filter { $0.seats.one == name }.count }
  }

  /// `names` in ranking order: points, then rating, then the lot.
  public func ranked(_ names: [String]) -> [String] {
    let keys = names.map { name in (name, halves(of: name), entrant(name)?.rating ?? 0, entrant(name)?.lot ?? 0) }
    return keys.sorted { a, b in
      if a.1 != b.1 { return a.1 > b.1 }
      if a.2 != b.2 { return a.2 > b.2 }
      if a.3 != b.3 { return a.3 < b.3 }
      return a.0 < b.0
    }.map(\.0)
  }
}
