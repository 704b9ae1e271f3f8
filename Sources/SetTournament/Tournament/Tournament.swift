import SetBase

/// A tournament as a value: commands and `now` go in, events come out, and `nextDeadline` says when to
/// call `advance(to:)`. A refused command throws a `TournamentError` and changes nothing.
///
/// The caller (the server) carries out the events: it seats each `.seat` pairing at a table of the
/// hall, reports `.seated` as players sit down and `.result` when a game ends (a departure after the
/// resume grace as a forfeit), and passes the organiser check as a flag. The tournament times the
/// no-shows, the Swiss break, the arena's waits and its clock itself.
public struct Tournament: Equatable, Sendable {
  /// A game handed to the caller and not yet over.
  struct LiveGame: Hashable, Sendable {
    var pairing: TournamentPairing
    /// Seated by then, or forfeit; nil until the game is handed out (a Swiss round's break).
    var noShowAt: Instant?
    var seated: Set<String> = []
  }

  /// How it is run.
  public let settings: TournamentSettings
  /// Entering, running or finished.
  public internal(set) var state: TournamentState = .entering
  /// A Swiss's rounds and entries.
  public internal(set) var swiss = SwissBook()
  /// An arena's players and games.
  public internal(set) var arena = ArenaBook()
  /// The Swiss's number of rounds, fixed at the start.
  public internal(set) var rounds: Int?
  /// When the arena's clock runs out.
  public internal(set) var clockEnds: Instant?
  /// Whether the organiser has held the tournament: no new pairing until resumed.
  public internal(set) var held = false
  /// Whether no new game will be paired (the arena's clock ran out, or the organiser ended it).
  public internal(set) var closing = false
  var live: [Int: LiveGame] = [:]
  var gamesPaired = 0
  var lots: SplitMix64
  var forfeitsInARow: [String: Int] = [:]
  var connected: [String: Bool] = [:]
  /// When the Swiss's paired round is handed out: the end of its break between rounds.
  public internal(set) var breakEnds: Instant?
  var arenaPairedOnce = false
  /// The latest instant seen: a deadline is always after it.
  var latest: Instant?

  /// The most players at once: the Swiss's packed weights stay far inside 64 bits, and a pairing
  /// within milliseconds.
  public static let maximumPlayers = 512

  /// A tournament taking entries.
  public init(settings: TournamentSettings) {
    self.settings = settings
    lots = SplitMix64(seed: settings.seed)
  }

  /// Whether the format is an arena.
  public var isArena: Bool {
    if case .arena = settings.format { return true }
    return false
  }

  /// The games being played or waiting to be, by number.
  public var liveGames: [TournamentPairing] { live.keys.sorted().map { live[$0]!.pairing } }

  /// The games handed out to be played (their players seated or called to their tables), by number:
  /// not those of a Swiss round paired and waiting for its break to end.
  public var handedOutGames: [TournamentPairing] {
    live.keys.sorted().compactMap { live[$0]!.noShowAt == nil ? nil : live[$0]!.pairing }
  }

  /// Applies `command` at `now`, after anything time made due. A refused command throws and changes
  /// nothing, not even what time made due: the caller's next `advance(to:)` does that.
  public mutating func apply(_ command: TournamentCommand, at now: Instant) throws(TournamentError)
    -> [TournamentEvent]
  {
    var next = self
    var events = next.advance(to: now)
    try next.perform(command, at: now, events: &events)
    next.settle(at: now, events: &events)
    self = next
    return events
  }

  /// Carries out what time made due by `now`: the start, no-shows, the break's end, the arena's
  /// pairings and its clock.
  public mutating func advance(to now: Instant) -> [TournamentEvent] {
    var events: [TournamentEvent] = []
    latest = max(latest ?? now, now)
    for number in live.keys.sorted() {
      guard let game = live[number], let due = game.noShowAt, now >= due, game.seated.count < 2 else { continue }
      let missing = game.pairing.seats.map { !game.seated.contains($0) }
      let result: GameResult = missing.one && missing.two ? .forfeitBoth : (missing.one ? .forfeit1 : .forfeit2)
      finishGame(number, result, at: now, events: &events)
    }
    settle(at: now, events: &events)
    return events
  }

  /// The next instant at which `advance(to:)` has something to do, if any.
  public var nextDeadline: Instant? {
    var times: [Instant] = live.values.compactMap { $0.seated.count < 2 ? $0.noShowAt : nil }
    switch state {
    case .entering: if entrantCount >= 2 { times.append(settings.startAt) }
    case .running:
      if let breakEnds, !held { times.append(breakEnds) }
      if isArena && !closing {
        if let clockEnds { times.append(clockEnds) }
        if !held { times += arenaWakeUps }
      }
    case .finished: return nil
    }
    // A wait already over (a lone player who has waited long) is no reason to wake.
    return times.filter { latest == nil || $0 > latest! }.min()
  }

  var entrantCount: Int { isArena ? arena.players.filter { $0.status != .withdrawn }.count : activeEntrants.count }

  var activeEntrants: [String] { swiss.entrants.filter(\.active).map(\.name) }

  /// The names entered and not withdrawn, in order of entry.
  public var entrants: [String] {
    isArena ? arena.players.filter { $0.status != .withdrawn }.map(\.name) : activeEntrants
  }

  /// Whether `name` is connected, as the caller last said (`.connection`): true until it says otherwise.
  public func isConnected(_ name: String) -> Bool { connected[name] ?? true }

  mutating func perform(_ command: TournamentCommand, at now: Instant, events: inout [TournamentEvent])
    throws(TournamentError)
  {
    switch command {
    case .enter(let name, let rating): try enter(name, rating: rating, at: now, events: &events)
    case .withdraw(let name): try withdraw(name, cause: .asked, at: now, events: &events)
    case .pause(let name): try pause(name, events: &events)
    case .back(let name): try back(name, at: now, events: &events)
    case .connection(let name, let isConnected):
      guard isEntered(name) else { throw .notEntered(name) }
      connected[name] = isConnected
    case .start(let organiser):
      guard organiser else { throw .notOrganiser }
      guard state == .entering else { throw state == .finished ? .finished : .alreadyStarted }
      guard entrantCount >= 2 else { throw .tooFewPlayers }
      begin(at: now, events: &events)
    case .next(let organiser):
      guard organiser else { throw .notOrganiser }
      guard state == .running, breakEnds != nil else { throw .nothingToSkip }
      breakEnds = now
    case .hold(let organiser), .resume(let organiser):
      guard organiser else { throw .notOrganiser }
      guard state == .running else { throw .notRunning }
      let hold = command == .hold(organiser: true)
      if held != hold {
        held = hold
        events.append(hold ? .held : .resumed)
      }
    case .end(let organiser):
      guard organiser else { throw .notOrganiser }
      guard state != .finished else { throw .finished }
      close(events: &events)
    case .seated(let name):
      guard let number = live.keys.sorted().first(where: { live[$0]!.pairing.seats.values.contains(name) }),
        live[number]!.noShowAt != nil
      else { throw .notPaired(name) }
      live[number]!.seated.insert(name)
    case .result(let number, let result):
      guard live[number]?.noShowAt != nil else { throw .unknownGame(number) }
      finishGame(number, result, at: now, events: &events)
    }
  }

  /// Whether `name` is entered and has not withdrawn.
  public func isEntered(_ name: String) -> Bool {
    if isArena { return arena.index(of: name).map { arena.players[$0].status != .withdrawn } ?? false }
    return swiss.entrant(name)?.active ?? false
  }

  mutating func begin(at now: Instant, events: inout [TournamentEvent]) {
    state = .running
    if case .arena(let minutes) = settings.format {
      clockEnds = now.adding(milliseconds: Int64(minutes) * 60_000)
      events.append(.started(rounds: nil))
      return
    }
    let players = entrantCount
    var count = SwissRules.defaultRounds(players: players)
    if case .swiss(let asked?) = settings.format { count = max(1, min(asked, players - 1)) }
    rounds = count
    events.append(.started(rounds: count))
    pairSwissRound(at: now, events: &events)
    breakEnds = now
  }

  mutating func close(events: inout [TournamentEvent]) {
    guard !closing else { return }
    closing = true
    breakEnds = nil
    if live.values.contains(where: { $0.noShowAt == nil }) {
      // A Swiss round paired but not begun is not played.
      live = live.filter { $0.value.noShowAt != nil }
      swiss.rounds.removeLast()
    }
    if isArena { events.append(.clockEnded) }
  }

  /// What follows from the state at `now`: the start, a Swiss round handed out or paired, arena
  /// pairings, the end.
  mutating func settle(at now: Instant, events: inout [TournamentEvent]) {
    if state == .entering && now >= settings.startAt && entrantCount >= 2 {
      begin(at: now, events: &events)
    }
    guard state == .running else { return }
    if isArena {
      if let clockEnds, now >= clockEnds { close(events: &events) }
      if !closing && !held { pairArena(at: now, events: &events) }
    } else if !closing && !held {
      settleSwiss(at: now, events: &events)
    }
    if closing && live.isEmpty {
      state = .finished
      events.append(.finished)
    }
  }

  /// Hands a game to the caller: its no-show clock starts now.
  mutating func handOut(_ number: Int, at now: Instant, events: inout [TournamentEvent]) {
    live[number]!.noShowAt = now.adding(milliseconds: settings.noShowMilliseconds)
    events.append(.seat(live[number]!.pairing))
  }

  mutating func newGame(round: Int?, table: Int, seats: PerSeat<String>) -> Int {
    gamesPaired += 1
    live[gamesPaired] = LiveGame(
      pairing: TournamentPairing(game: gamesPaired, round: round, table: table, seats: seats))
    return gamesPaired
  }

  /// Counts forfeits in a row for the two forfeits rule; true if `name` must now withdraw.
  mutating func countForfeit(_ name: String, forfeited: Bool) -> Bool {
    forfeitsInARow[name] = forfeited ? forfeitsInARow[name, default: 0] + 1 : 0
    return forfeitsInARow[name]! >= 2
  }
}
