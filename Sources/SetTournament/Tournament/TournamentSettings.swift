import SetBase

/// How a tournament is run: fixed when it is made.
public struct TournamentSettings: Hashable, Sendable {
  /// Arena or Swiss.
  public enum Format: Hashable, Sendable {
    /// An arena of `minutes`: pairing whenever players wait, for as long as the clock runs.
    case arena(minutes: Int)
    /// A Swiss of `rounds` rounds, or by default ceil(log2 players) + 1 fixed at the start.
    case swiss(rounds: Int?)
  }

  /// Arena or Swiss.
  public var format: Format
  /// The seed of every lot.
  public var seed: UInt64
  /// When it starts by itself.
  public var startAt: Instant
  /// It starts as soon as this many have entered, if given.
  public var minPlayers: Int?
  /// An arena pairs once two waiting players have waited this long (the first pairing at once).
  public var arenaWaitMilliseconds: Int64 = 8_000
  /// An arena player back from a pause is not paired for this long.
  public var backWaitMilliseconds: Int64 = 10_000
  /// The break that shows a Swiss round's pairings before its games begin.
  public var breakMilliseconds: Int64 = SwissRules.breakMilliseconds
  /// A paired player not seated within this long loses by forfeit.
  public var noShowMilliseconds: Int64 = 60_000

  /// Settings with the default waits.
  public init(format: Format, seed: UInt64, startAt: Instant, minPlayers: Int? = nil) {
    self.format = format
    self.seed = seed
    self.startAt = startAt
    self.minPlayers = minPlayers
  }

  /// "arena" or "swiss".
  public var formatName: String {
    if case .arena = format { return "arena" }
    return "swiss"
  }
}

/// What a tournament is doing.
public enum TournamentState: String, Hashable, Sendable {
  /// Taking entries, not started.
  case entering
  /// Started: pairing and playing.
  case running
  /// Over: every game has ended and no more will be paired.
  case finished
}

/// What the caller tells the tournament, each with the instant it happened.
public enum TournamentCommand: Hashable, Sendable {
  /// A player enters (or enters again after withdrawing) with a rating.
  case enter(String, rating: Int)
  /// A player withdraws; a game they are playing is lost by forfeit.
  case withdraw(String)
  /// An arena player pauses (not while playing) or comes back.
  case pause(String), back(String)
  /// A player's connection came or went: only connected players are paired.
  case connection(String, connected: Bool)
  /// The organiser's commands; `organiser` is whether the sender proved to be the organiser.
  case start(organiser: Bool), next(organiser: Bool), hold(organiser: Bool), resume(organiser: Bool),
    end(organiser: Bool)
  /// A paired player sat down at the game's table.
  case seated(String)
  /// A game ended (a departure after the resume grace is a forfeit).
  case result(game: Int, GameResult)
}

/// A bad command, refused: nothing changes.
public enum TournamentError: Error, Hashable, Sendable {
  /// ENTER by a player already entered.
  case alreadyEntered(String)
  /// A player's command (WITHDRAW, PAUSE, BACK, ...) from someone not entered.
  case notEntered(String)
  /// An organiser's command from someone else.
  case notOrganiser
  /// ENTER after late entry closed (half the Swiss rounds started, or the end was called).
  case entryClosed
  /// An organiser's HOLD or RESUME before the start or after the end.
  case notRunning
  /// START once started.
  case alreadyStarted
  /// A command after the end.
  case finished
  /// START with fewer than two players.
  case tooFewPlayers
  /// A result for a game that is not being played.
  case unknownGame(Int)
  /// PAUSE or BACK in a Swiss.
  case notArena
  /// PAUSE during a game.
  case playing(String)
  /// BACK without a pause.
  case notPaused(String)
  /// PAUSE twice.
  case alreadyPaused(String)
  /// NEXT with no Swiss break running.
  case nothingToSkip
  /// SEATED from a player with no game handed out.
  case notPaired(String)
  /// `Tournament.maximumPlayers` have entered.
  case full
}

/// Why a player left.
public enum WithdrawalCause: String, Hashable, Sendable {
  /// They asked.
  case asked
  /// Two forfeits in a row.
  case twoForfeits = "two-forfeits"
}

/// A pairing for the caller to carry out: seat these two at a table.
public struct TournamentPairing: Hashable, Sendable {
  /// The game's number in the tournament, from 1: what results name.
  public var game: Int
  /// The Swiss round, or nil in an arena.
  public var round: Int?
  /// The table's number in the round (an arena's pairings are numbered in their batch).
  public var table: Int
  /// Who sits where.
  public var seats: PerSeat<String>
}

/// What happened, for the caller to tell the entrants and write to the record.
public enum TournamentEvent: Hashable, Sendable {
  /// A player entered (again); `lateBye`: with the late entry's half-point bye.
  case entered(String, lateBye: Bool)
  /// A player withdrew, or was withdrawn.
  case withdrew(String, WithdrawalCause)
  /// An arena player paused, or came back.
  case paused(String), back(String)
  /// The tournament started; a Swiss's number of rounds.
  case started(rounds: Int?)
  /// A Swiss round's pairings with their reasons, shown before its games begin.
  case roundPaired(SwissRound)
  /// A Swiss round's bye.
  case bye(String, round: Int)
  /// Seat these two at a table.
  case seat(TournamentPairing)
  /// A game ended; `points` is what each seat scored (half-points in a Swiss, points in an arena).
  case result(game: Int, seats: PerSeat<String>, GameResult, points: PerSeat<Int>)
  /// The organiser held the pairing, or resumed it.
  case held, resumed
  /// An arena's clock ran out (or the organiser ended it): no new pairing.
  case clockEnded
  /// The tournament is over.
  case finished
}
