import SetCore
import SetProtocol

/// A tournament game this client's player is paired to, as `TOURNEY pair` (a Swiss round's pair, in
/// its break) or `TOURNEY seat` told it, and the table `TOURNEY moved` took the player to.
public struct TourneyGame: Equatable, Sendable {
  /// The game's number in the tournament; nil for a pair whose game is not seated yet.
  public var game: Int?
  /// Its Swiss round, nil in an arena.
  public var round: Int?
  /// Its board in the round, from 1 (the top pair), as `TOURNEY pair` told it; nil when not told.
  public var board: Int?
  /// The pairing's seats, seat 1 first.
  public var seats: PerSeat<String>
  /// The table the server moved the player to, once it did.
  public var table: Int?

  public init(game: Int?, round: Int?, board: Int? = nil, seats: PerSeat<String>, table: Int? = nil) {
    self.game = game
    self.round = round
    self.board = board
    self.seats = seats
    self.table = table
  }

  /// The other player of the pairing, for the player named `name`.
  public func opponent(of name: String) -> String {
    PlayerName.same(seats.one, name) ? seats.two : seats.one
  }
}

/// The hall's tournament as a client sees it, as the page's tourney.js keeps it: from the `TOURNEY`
/// lines an entrant is told and from the answers to `TOURNAMENT` and `STANDINGS`. Pure: it says when
/// to ask (`requests(at:)`), and the session asks, tagged so that the answers are told apart.
///
/// It asks `TOURNAMENT` once named (does the hall run one?), after `ENTER` and `WITHDRAW`, on the
/// lines that change the tournament's state, and every 5 seconds while one is entering or running;
/// `STANDINGS` after each `TOURNAMENT` answer and each line that changes them, at most once in 2
/// seconds (the server answers 10 in 10 seconds).
public struct TourneyState: Equatable, Sendable {
  /// What the client knows of the hall's tournament.
  public enum Known: Equatable, Sendable {
    /// Not asked, or not answered yet.
    case unknown
    /// The hall runs none (`ERR NOT_NOW` to `TOURNAMENT`).
    case none
    /// `OK TOURNAMENT` said so.
    case some(TournamentSummary)
  }

  /// The tournament as `OK TOURNAMENT` last said.
  public internal(set) var known = Known.unknown
  /// When the clock `OK TOURNAMENT` gave runs out (the start, an arena's end, a Swiss's break), as a
  /// local instant; nil when it gave none.
  public internal(set) var clockEnds: Instant?
  /// The standings as `STANDINGS` last gave them, first place first.
  public internal(set) var standings: [StandingLine] = []
  /// Whether this client's player is entered (and not withdrawn).
  public internal(set) var entered = false
  /// A Swiss's rounds (from `TOURNEY started`), nil in an arena or before the start.
  public internal(set) var rounds: Int?
  /// The latest Swiss round paired, 0 before the first.
  public internal(set) var round = 0
  /// The latest round's pairs, from its `pair` lines as it is paired (each given its game as it is
  /// seated), and its bye.
  public internal(set) var pairings: [TourneyGame] = []
  public internal(set) var bye: String?
  /// The game the player is paired to and has not finished, if any.
  public internal(set) var next: TourneyGame?
  /// The player's last tournament game's result, in words from the player's side: `won`, `lost`, ...
  public internal(set) var lastResult: String?

  /// `STANDING` lines read before their `OK STANDINGS`.
  var reading: [StandingLine] = []
  var wantsSummary = false
  var wantsStandings = false
  var askedSummaryAt: Instant?
  var askedStandingsAt: Instant?
  var summaryInFlight = false
  var standingsInFlight = false

  /// How often the tournament's state is asked while it runs, in milliseconds.
  static let summaryEvery: Int64 = 5_000
  /// The least time between two `STANDINGS`, in milliseconds.
  static let standingsEvery: Int64 = 2_000

  public init() {}

  /// The summary, when the hall runs a tournament and said so.
  public var summary: TournamentSummary? {
    if case .some(let summary) = known { return summary }
    return nil
  }

  /// Whether the hall runs a tournament, as far as this client knows.
  public var isRunningOne: Bool { summary != nil }

  /// The milliseconds left on the tournament's clock at `now`, or nil when none runs.
  public func clockLeft(at now: Instant) -> Int64? {
    clockEnds.map { max(0, $0.milliseconds(since: now)) }
  }

  /// The standing of the player named `name`, if listed.
  public func standing(of name: String?) -> StandingLine? {
    guard let name else { return nil }
    return standings.first { PlayerName.same($0.name, name) }
  }

  /// Whether a Swiss is between two rounds: its next round is paired and its games not handed out
  /// (the clock runs), or the player has no game in the round.
  public var isBetweenRounds: Bool {
    guard let summary, summary.format == "swiss", summary.state == "running" else { return false }
    return next?.table == nil
  }

  // MARK: - Asking

  /// The requests due at `now`, each marked as asked: the session sends them with their ids.
  public mutating func requests(at now: Instant) -> [SessionRequest] {
    var due: [SessionRequest] = []
    if case .none = known { return [] }
    if let summary, summary.state != "finished", let asked = askedSummaryAt,
      now >= asked.adding(milliseconds: Self.summaryEvery)
    {
      wantsSummary = true
    }
    if wantsSummary, !summaryInFlight {
      (wantsSummary, summaryInFlight, askedSummaryAt) = (false, true, now)
      due.append(.tournament)
    }
    let rested = askedStandingsAt.map { now >= $0.adding(milliseconds: Self.standingsEvery) } ?? true
    if wantsStandings, isRunningOne, !standingsInFlight, rested {
      (wantsStandings, standingsInFlight, askedStandingsAt) = (false, true, now)
      due.append(.standings)
    }
    return due
  }

  /// The player wants to see the standings: they are asked afresh (and the tournament, if not known).
  public mutating func lookAtStandings() {
    wantsStandings = true
    if case .unknown = known { wantsSummary = true }
  }

  /// The connection dropped: what was asked on it is never answered; all is asked again.
  mutating func connectionLost() {
    (summaryInFlight, standingsInFlight, reading) = (false, false, [])
    if case .none = known { return }
    wantsSummary = true
  }

  // MARK: - Lines

  /// `OK NAME` or `OK RESUME`: does the hall run a tournament?
  mutating func named() {
    if case .none = known { return }
    wantsSummary = true
  }

  /// `TOURNEY <kind> <fields>`, for the player named `me`.
  mutating func told(_ kind: String, _ fields: [String], me: String?) {
    func isMe(_ name: String) -> Bool { me.map { PlayerName.same($0, name) } ?? false }
    switch kind {
    case "started":
      rounds = fields.first.flatMap { Int($0) }
      wantsSummary = true
    case "round":
      guard fields.count >= 2, let number = Int(fields[0]) else { return }
      round = number
      pairings = []
      bye = fields[1] == "-" ? nil : fields[1]
      wantsSummary = true
    case "pair":
      // Told as the round is paired: the break shows the pairings, and the player's next opponent.
      guard fields.count >= 4, let number = Int(fields[0]), number == round, let board = Int(fields[1]) else { return }
      let pair = TourneyGame(game: nil, round: number, board: board, seats: PerSeat(one: fields[2], two: fields[3]))
      pairings.append(pair)
      if isMe(fields[2]) || isMe(fields[3]) { next = pair }
    case "seat":
      guard fields.count >= 4, let game = Int(fields[0]) else { return }
      var pairing = TourneyGame(game: game, round: Int(fields[1]), seats: PerSeat(one: fields[2], two: fields[3]))
      if let number = pairing.round, number == round {
        if let index = pairings.firstIndex(where: { $0.seats == pairing.seats }) {
          pairings[index].game = game
          pairing.board = pairings[index].board
        } else {
          pairings.append(pairing)
        }
      }
      if isMe(fields[2]) || isMe(fields[3]) { next = pairing }
    case "moved":
      guard let table = fields.first.flatMap({ Int($0) }) else { return }
      next?.table = table
    case "result":
      guard fields.count >= 4, let game = Int(fields[0]) else { return }
      if isMe(fields[1]) || isMe(fields[2]) { lastResult = Self.result(fields[3], mine: isMe(fields[1]) ? .one : .two) }
      if next?.game == game { next = nil }
      wantsStandings = true
    case "bye":
      wantsStandings = true
    case "withdrew", "clock-ended", "finished":
      wantsSummary = true
      wantsStandings = true
    default:
      break
    }
  }

  /// A result word of `TOURNEY result` from the side of the player in `mine`.
  static func result(_ word: String, mine: Seat) -> String {
    switch (word, mine) {
    case ("seat1", .one), ("seat2", .two), ("forfeit2", .one), ("forfeit1", .two): "won"
    case ("seat1", .two), ("seat2", .one): "lost"
    case ("forfeit1", .one), ("forfeit2", .two), ("forfeit-both", _): "lost by forfeit"
    default: "tied"
    }
  }

  /// `OK TOURNAMENT`, read at `now`.
  mutating func answered(_ summary: TournamentSummary, at now: Instant) {
    summaryInFlight = false
    known = .some(summary)
    clockEnds = summary.clockMilliseconds >= 0 ? now.adding(milliseconds: summary.clockMilliseconds) : nil
    askedSummaryAt = askedSummaryAt ?? now
    wantsStandings = true  // Whether this player is entered, and where it stands.
  }

  /// `OK STANDINGS`: the lines read are the standings, for the player named `me`.
  mutating func standingsAnswered(me: String?) {
    standingsInFlight = false
    standings = reading
    reading = []
    entered = standing(of: me).map { $0.status != "withdrawn" } ?? false
  }

  /// An `ERR` to one of the requests of `request`.
  mutating func refused(_ request: SessionRequest, code: ErrorCode) {
    switch request {
    case .tournament:
      summaryInFlight = false
      if code == .notNow { known = .none }
    case .standings:
      standingsInFlight = false
      reading = []
    default:
      break
    }
  }

  /// `OK ENTER` or `OK WITHDRAW`.
  mutating func entry(_ entered: Bool) {
    self.entered = entered
    wantsSummary = true
    wantsStandings = true
  }
}
