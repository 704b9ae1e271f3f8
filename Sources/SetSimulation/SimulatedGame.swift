import SetCore

// Past 300 lines because both simulated players, their behaviours and the virtual clock that drives
// them are one loop: each step decides who acts next from all three.

/// Two simulated players at one table, playing a game to its end on a virtual clock.
///
/// Everything is seeded: the match deals from `seed`, and the players draw their choices from a
/// generator derived from the same seed, so a seed, a behaviour and the rules fix every call made and
/// every event seen. Time is handled the way a server shell handles it: commands go to the match at the
/// time they are made, and when the players let a deadline pass, `Match.advance(to:)` is called at it,
/// as a timer firing.
public struct SimulatedGame {
  /// The seed of the match and of the players' choices.
  public let seed: UInt64
  /// How the players behave.
  public let behaviour: Behaviour
  /// The most calls on the match before the simulation gives up on the game.
  public let maxSteps: Int
  /// The match being played.
  public private(set) var match: Match
  /// The virtual time.
  public private(set) var now = Instant.zero

  private var random: SplitMix64
  private var plan: Plan?
  private var stats: GameStats
  private var observer: ((Step) -> Void)?

  /// What the holder of a window means to pick in it.
  private struct Plan {
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

  // MARK: - Turns

  /// Open play: one player asks for cards, calls Set, or picks.
  private mutating func openTurn() {
    let seat = randomSeat()
    wait(draw(upTo: behaviour.maxThink))
    let set = findSet()
    let hasSet = set != nil
    if !hasSet && !roll(behaviour.blindClaim) {
      // With no set on the table the deck still has cards, or the game would be over.
      send(.deal, by: seat)
    } else if hasSet && !match.deck.isEmpty && roll(behaviour.needlessDeal) {
      send(.deal, by: seat)
    } else if !match.rules.pickClaims || roll(behaviour.explicitClaim) {
      send(.claim, by: seat)
    } else {
      pickTurn(by: seat, in: nil, seeing: set)
    }
  }

  /// A window: its holder picks, lets it run out, or calls Set again once it has run out.
  private mutating func windowTurn(_ window: Window) {
    let remaining = window.deadline.milliseconds(since: now)
    if roll(behaviour.late) {
      // Too late: the match lets the window run out first. A claim that ran out passed the turn to the
      // opponent; any other window left open play, where the call is a claim like any other.
      plan = nil
      wait(remaining + draw(upTo: behaviour.maxThink))
      send(.claim, by: window.holder, expecting: window.kind == .claim ? .notYourTurn : nil)
      return
    }
    if remaining <= 1 || roll(behaviour.timeout) {
      plan = nil
      runOut()
      return
    }
    wait(draw(upTo: min(behaviour.maxThink, remaining - 1)))
    pickTurn(by: window.holder, in: window, seeing: nil)
  }

  /// One command toward the plan: take back a stray selection, pick a stray card, or pick planned cards.
  /// `set` is a set the player has just seen on the table, if already looked for.
  private mutating func pickTurn(by seat: Seat, in window: Window?, seeing set: [Slot]?) {
    var plan: Plan
    if let current = self.plan, let window, current.window == window {
      plan = current
    } else if let fresh = makePlan(seeing: set ?? findSet()) {
      plan = fresh
    } else {
      // No three cards to pick: let the window run out.
      self.plan = nil
      if window != nil { runOut() }
      return
    }
    let selection = match.selection
    if let stray = selection.first(where: { !plan.target.contains($0) }) {
      send(.unpick(stray), by: seat)
    } else {
      let missing = plan.target.filter { !selection.contains($0) }
      if plan.mayStray, selection.count < 2, roll(behaviour.unpick),
        case let strays = match.table.slots.filter({ !plan.target.contains($0) && !selection.contains($0) }),
        !strays.isEmpty
      {
        plan.mayStray = false
        send(.pick([strays[random.draw(below: strays.count)]]), by: seat)
      } else if missing.count > 1, missing.count == 3 && plan.target.count == 4 || roll(behaviour.onePick) {
        send(.pick([missing[0]]), by: seat)
      } else {
        send(.pick(missing), by: seat)
      }
    }
    if case .window(let now) = match.phase, now.holder == seat, !match.selection.isEmpty {
      plan.window = now
      self.plan = plan
    } else {
      self.plan = nil
    }
  }

  /// The slots to go for: `set`, a group on the table, or, as the behaviour says, cards that are not one.
  private mutating func makePlan(seeing set: [Slot]?) -> Plan? {
    if let set, !roll(behaviour.wrongPick) {
      return Plan(window: nil, target: set, mayStray: true)
    }
    if match.rules.variant != .normal {
      return wrongPlan() ?? set.map { Plan(window: nil, target: $0, mayStray: true) }
    }
    let slots = match.table.slotCount
    if slots >= 3 {
      for _ in 0..<20 {
        let a = random.draw(below: slots)
        let b = random.draw(below: slots)
        let c = random.draw(below: slots)
        let target = [Slot(a), Slot(b), Slot(c)]
        if a != b, b != c, a != c, !SetLogic.isSet(target.map { match.table.cards[$0.index] }) {
          return Plan(window: nil, target: target, mayStray: true)
        }
      }
    }
    return set.map { Plan(window: nil, target: $0, mayStray: true) }
  }

  /// Slots the rules accept as a pick that are not a group of the variant (in a chain, one chain card
  /// and table cards), or nil when twenty tries found none.
  private mutating func wrongPlan() -> Plan? {
    let variant = match.rules.variant
    let tableSlots = match.table.slotCount
    let links = match.chain.count
    let fromTable = variant.groupSize - (links > 0 ? 1 : 0)
    guard tableSlots >= fromTable else { return nil }
    for _ in 0..<20 {
      var target: [Slot] = []
      while target.count < fromTable {
        let slot = Slot(random.draw(below: tableSlots))
        if !target.contains(slot) { target.append(slot) }
      }
      if links > 0 { target.append(Slot.chain[random.draw(below: links)]) }
      if !variant.isGroup(target.map { match.card(at: $0)! }, chain: match.chain) {
        return Plan(window: nil, target: target.sorted(), mayStray: true)
      }
    }
    return nil
  }

  /// A set (or group of the variant) on the table as ascending slots, or nil when there is none. The
  /// search starts at a random card, so the players do not always see the same set first.
  private mutating func findSet() -> [Slot]? {
    if match.rules.variant != .normal {
      let groups = match.groupSlots()
      return groups.isEmpty ? nil : groups[random.draw(below: groups.count)]
    }
    let cards = match.table.cards
    let n = cards.count
    guard n >= 3 else { return nil }
    let mask = CardMask(cards)
    let start = random.draw(below: n)
    for a in 0..<(n - 1) {
      let i = (start + a) % n
      for b in (a + 1)..<n {
        let j = (start + b) % n
        let third = SetLogic.third(cards[i], cards[j])
        guard mask.contains(third), let k = cards.firstIndex(of: third) else { continue }
        let low = min(i, j, k)
        let high = max(i, j, k)
        return [Slot(low), Slot(i + j + k - low - high), Slot(high)]
      }
    }
    return nil
  }

  /// A paused game: the other player may leave too; an absent player comes back, or stays away and forfeits.
  private mutating func away(_ pause: Pause) {
    let absent = Seat.allCases.filter { !match.present[$0] }
      .sorted { pause.forfeitAt[$0]! < pause.forfeitAt[$1]! }
    guard let first = absent.first, let forfeitAt = pause.forfeitAt[first] else { return }
    if absent.count == 1, behaviour.leave > 0, roll(200) {
      wait(draw(upTo: min(behaviour.maxThink, forfeitAt.milliseconds(since: now) - 1)))
      send(.leave, by: first.opponent)
    } else if roll(behaviour.forfeit) {
      runOut()
    } else {
      wait(draw(upTo: forfeitAt.milliseconds(since: now) / 2))
      send(.join, by: first)
    }
  }

  // MARK: - Commands the match must refuse

  /// Sends a command that the match must refuse in its current phase, with the error it must throw.
  private mutating func probe() {
    let seat = randomSeat()
    var candidates: [(MatchCommand, Seat, MatchError)]
    switch match.phase {
    case .waiting:
      candidates = [(.claim, seat, .notStarted), (.deal, seat, .notStarted), (.rematch, seat, .notOver)]
    case .open:
      candidates = [
        (.unpick(Slot(0)), seat, .notPicked(Slot(0))), (.rematch, seat, .notOver), (.join, seat, .alreadyPresent),
        (.pick([]), seat, .badPick), (.pick([Slot(0), Slot(0)]), seat, .badPick),
      ]
      let size = match.rules.variant.groupSize
      candidates.append((.pick((0...size).map(Slot.init)), seat, size == 3 ? .badPick : .wrongGroupSize(size)))
      let count = match.table.slotCount
      if count < Slot.limit { candidates.append((.pick([Slot(count)]), seat, .noSuchSlot(Slot(count)))) }
      if match.deck.isEmpty { candidates.append((.deal, seat, .deckEmpty)) }
      if !match.rules.pickClaims, count > 0 { candidates.append((.pick([Slot(0)]), seat, .claimFirst)) }
    case .window(let window):
      let holder = window.holder
      candidates = [
        (.claim, holder.opponent, .notYourTurn), (.claim, holder, .alreadyHolding), (.deal, seat, .notNow),
        (.pick([Slot(0)]), holder.opponent, .notYourTurn), (.unpick(Slot(0)), holder.opponent, .notYourTurn),
        (.rematch, seat, .notOver), (.join, seat, .alreadyPresent),
      ]
      let selection = match.selection
      if let picked = selection.first {
        candidates.append((.pick([picked]), holder, .alreadyPicked(picked)))
        let size = match.rules.variant.groupSize
        candidates.append((.pick([Slot(0), Slot(1), Slot(2)]), holder, size == 3 ? .badPick : .wrongGroupSize(size)))
      }
      if let free = match.table.slots.first(where: { !selection.contains($0) }) {
        candidates.append((.unpick(free), holder, .notPicked(free)))
      }
    case .paused:
      candidates = [(.claim, seat, .paused), (.deal, seat, .paused), (.rematch, seat, .notOver)]
      for other in Seat.allCases {
        candidates.append(match.present[other] ? (.join, other, .alreadyPresent) : (.leave, other, .absent))
      }
    case .over:
      candidates = [(.claim, seat, .gameOver), (.deal, seat, .gameOver), (.pick([Slot(0)]), seat, .gameOver)]
    }
    let (command, sender, error) = candidates[random.draw(below: candidates.count)]
    send(command, by: sender, expecting: error)
  }

  // MARK: - Calls on the match

  /// Applies `command` from `seat` now, and records it.
  private mutating func send(_ command: MatchCommand, by seat: Seat, expecting error: MatchError? = nil) {
    let before = observer == nil ? nil : match
    // The result is made only for an observer: a `Result` of these types is copied and destroyed
    // through value witnesses, which cost the benchmark about 4% (BENCHMARKS.md, "Rules core").
    let events: [MatchEvent]
    let late: Bool
    let result: Result<Outcome, MatchRefusal>?
    do throws(MatchRefusal) {
      let outcome = try match.apply(command, by: seat, at: now)
      (events, late) = (outcome.events, outcome.dueCount > 0)
      result = observer == nil ? nil : .success(outcome)
    } catch {
      (events, late) = (error.due.events, !error.due.events.isEmpty)
      result = observer == nil ? nil : .failure(error)
      stats.refused += 1
    }
    stats.commands += 1
    record(.command(command, seat), events: events, late: late, result: result, expecting: error, before: before)
  }

  /// Moves the clock on by `milliseconds`, while the players think.
  private mutating func wait(_ milliseconds: Int64) {
    now = now.adding(milliseconds: max(0, milliseconds))
  }

  /// Nobody acts until the match's deadline: the clock moves to it and the timer fires.
  private mutating func runOut() {
    guard let deadline = match.deadline else { return }
    now = max(now, deadline)
    let before = observer == nil ? nil : match
    let outcome = match.advance(to: now)
    record(
      .advance, events: outcome.events, late: false, result: observer == nil ? nil : .success(outcome), expecting: nil,
      before: before)
  }

  /// Counts what a call on the match did (`late`: a command that found a deadline passed), and shows
  /// the step to the observer, if any, with its `result`.
  private mutating func record(
    _ action: Step.Action, events: [MatchEvent], late: Bool, result: Result<Outcome, MatchRefusal>?,
    expecting error: MatchError?, before: Match?
  ) {
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
    if let observer, let before, let result {
      observer(
        Step(
          number: stats.steps, action: action, time: now, expectedError: error, result: result, before: before,
          after: match))
    }
  }

  // MARK: - Chances

  private mutating func roll(_ chance: Int) -> Bool {
    chance > 0 && random.draw(below: 1_000) < chance
  }

  private mutating func randomSeat() -> Seat {
    random.draw(below: 2) == 0 ? .one : .two
  }

  /// A uniform draw from 0...limit, or 0 when limit is not positive.
  private mutating func draw(upTo limit: Int64) -> Int64 {
    limit > 0 ? Int64(random.draw(below: Int(limit) + 1)) : 0
  }
}
