import SetCore

/// Two simulated players at one table, playing a game to its end on a virtual clock.
///
/// Everything is seeded: the match deals from `seed`, and the players draw their choices from a
/// generator derived from the same seed, so a seed, a behaviour and the rules fix every call made and
/// every event seen. Time is handled the way a server shell handles it: commands go to the match at the
/// time they are made, and when the players let a deadline pass, `Match.advance(to:)` is called at it,
/// as a timer firing.
///
/// The players' turns are in SimulatedGame+Turns, the commands the match must refuse in
/// SimulatedGame+Probes.
public struct SimulatedGame {
  /// The seed of the match and of the players' choices.
  public let seed: UInt64
  /// How the players behave.
  public let behaviour: Behaviour
  /// The most calls on the match before the simulation gives up on the game.
  public let maxSteps: Int
  /// The match being played.
  public internal(set) var match: Match
  /// The virtual time.
  public internal(set) var now = Instant.zero

  var random: SplitMix64
  var plan: Plan?
  var stats: GameStats
  var observer: ((Step) -> Void)?

  /// What the holder of a window means to pick in it.
  struct Plan {
    /// The window the plan was made for (nil until the first pick opens it).
    var window: Window?
    /// The three slots to end up with.
    var target: [Slot]
    /// Whether the player may still pick a stray card and take it back.
    var mayStray: Bool
  }

  /// A game to be played from `seed` by players who behave as `behaviour` says.
  public init(seed: UInt64, behaviour: Behaviour = .mixed, rules: Rules = Rules(), maxSteps: Int = 100_000) {
    self.seed = seed
    self.behaviour = behaviour
    self.maxSteps = maxSteps
    match = Match(rules: rules, seed: seed)
    // The players' choices come from a stream apart from the deals.
    random = SplitMix64(seed: seed ^ 0xA5A5_5A5A_C3C3_3C3C)
    stats = GameStats(seed: seed)
  }

  /// Plays one game from `seed` to its end and returns what happened.
  public static func play(
    seed: UInt64, behaviour: Behaviour = .mixed, rules: Rules = Rules(), observe: ((Step) -> Void)? = nil
  ) -> GameStats {
    var game = SimulatedGame(seed: seed, behaviour: behaviour, rules: rules)
    return game.play(observe: observe)
  }

  /// Seats both players and plays until the game is over or `maxSteps` calls were made, calling
  /// `observe` after every call on the match.
  public mutating func play(observe: ((Step) -> Void)? = nil) -> GameStats {
    observer = observe
    defer { observer = nil }
    for seat in Seat.allCases where !match.present[seat] {
      send(.join, by: seat)
    }
    while stats.steps < maxSteps {
      if roll(behaviour.probe) { probe() }
      switch match.phase {
      case .over:
        stats.duration = now.milliseconds
        return stats
      case .waiting:
        for seat in Seat.allCases where !match.present[seat] {
          send(.join, by: seat)
        }
      case .paused(let pause):
        away(pause)
      case .open:
        if roll(behaviour.leave) { send(.leave, by: randomSeat()) } else { openTurn() }
      case .window(let window):
        if roll(behaviour.leave) { send(.leave, by: randomSeat()) } else { windowTurn(window) }
      }
    }
    stats.duration = now.milliseconds
    return stats
  }

  // MARK: - Calls on the match

  /// Applies `command` from `seat` now, and records it.
  mutating func send(_ command: MatchCommand, by seat: Seat, expecting error: MatchError? = nil) {
    // The match before the call and a `Result` are made only for an observer: copying the match, and
    // a `Result` of these types through value witnesses, cost the benchmark several per cent
    // (BENCHMARKS.md, "Rules core").
    guard observer != nil else {
      do throws(MatchRefusal) {
        let outcome = try match.apply(command, by: seat, at: now)
        stats.commands += 1
        count(outcome.events, late: outcome.dueCount > 0)
      } catch {
        stats.refused += 1
        stats.commands += 1
        count(error.due.events, late: !error.due.events.isEmpty)
      }
      return
    }
    let before = match
    let result: Result<Outcome, MatchRefusal>
    do throws(MatchRefusal) {
      result = .success(try match.apply(command, by: seat, at: now))
    } catch {
      result = .failure(error)
      stats.refused += 1
    }
    stats.commands += 1
    switch result {
    case .success(let outcome): count(outcome.events, late: outcome.dueCount > 0)
    case .failure(let refusal): count(refusal.due.events, late: !refusal.due.events.isEmpty)
    }
    show(.command(command, seat), result: result, expecting: error, before: before)
  }

  /// Moves the clock on by `milliseconds`, while the players think.
  mutating func wait(_ milliseconds: Int64) {
    now = now.adding(milliseconds: max(0, milliseconds))
  }

  /// Nobody acts until the match's deadline: the clock moves to it and the timer fires.
  mutating func runOut() {
    guard let deadline = match.deadline else { return }
    now = max(now, deadline)
    guard observer != nil else {
      count(match.advance(to: now).events, late: false)
      return
    }
    let before = match
    let outcome = match.advance(to: now)
    count(outcome.events, late: false)
    show(.advance, result: .success(outcome), expecting: nil, before: before)
  }

  /// Counts a call on the match and what it did (`late`: a command that found a deadline passed).
  mutating func count(_ events: [MatchEvent], late: Bool) {
    stats.steps += 1
    if late { stats.late += 1 }
    for event in events {
      switch event {
      case .setFound: stats.setsFound += 1
      case .notASet: stats.wrongPicks += 1
      case .windowExpired: stats.expiredWindows += 1
      case .scoreChanged(_, delta: _, total: _, reason: .needlessDeal): stats.needlessDeals += 1
      case .tableChanged(let change, _) where change.emptied.isEmpty: stats.deals += 1
      case .left: stats.leaves += 1
      case .gameOver(let result): stats.result = result
      default: break
      }
    }
  }

  /// Shows the observer the call just counted, with its `result` and the match `before` it.
  func show(_ action: Step.Action, result: Result<Outcome, MatchRefusal>, expecting error: MatchError?, before: Match) {
    observer?(
      Step(
        number: stats.steps, action: action, time: now, expectedError: error, result: result, before: before,
        after: match))
  }

  // MARK: - Chances

  mutating func roll(_ chance: Int) -> Bool {
    chance > 0 && random.draw(below: 1_000) < chance
  }

  mutating func randomSeat() -> Seat {
    random.draw(below: 2) == 0 ? .one : .two
  }

  /// A uniform draw from 0...limit, or 0 when limit is not positive.
  mutating func draw(upTo limit: Int64) -> Int64 {
    limit > 0 ? Int64(random.draw(below: Int(limit) + 1)) : 0
  }
}
