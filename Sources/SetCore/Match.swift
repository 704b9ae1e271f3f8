/// A two-player match of Set at one table: a pure state machine. Every rule of play lives here, which
/// is why the file runs past 300 lines.
///
/// Every call takes the command, the seat that sent it and the time, and returns the events it caused
/// with the next deadline. The match reads no clock and no global randomness: its deals come from a
/// generator seeded at creation, so the same seed and the same timed commands give the same events.
///
/// Time is the match's own business. A command that arrives at or after `deadline` is too late for what
/// that deadline ended: what was due happens first (a window runs out, a seat is forfeited), exactly as
/// `advance(to:)` would have done it, and the command is judged on the state that leaves. Its `Outcome`
/// lists the due events before the command's own (`Outcome.due`, `Outcome.caused`). A refused command
/// throws a `MatchRefusal` that carries the due events and changes nothing but what time made due. So a
/// caller never has to advance time before applying a command; `advance(to:)` is for a timer, when no
/// command comes.
public struct Match: Equatable, Sendable {
  /// The rules in force.
  public let rules: Rules
  /// The seed the deals come from.
  public let seed: UInt64
  /// Where the match stands.
  public private(set) var phase: Phase = .waiting
  /// The cards face up.
  public private(set) var table = Table()
  /// The cards still to be dealt.
  public private(set) var deck = Deck(cards: [])
  /// This game's scores.
  public private(set) var scores = PerSeat.repeating(0)
  /// The cards of the sets each seat took this game.
  public private(set) var taken = PerSeat<[Card]>.repeating([])
  /// Whether each seat's player is at the table.
  public private(set) var present = PerSeat.repeating(false)
  /// The groups each seat found this game.
  public private(set) var groups = PerSeat.repeating(0)
  /// In the chain variant, the last group found, beside the table in slots `X`, `Y`, `Z`; empty before
  /// a game's first group and in every other variant.
  public private(set) var chain: [Card] = []
  /// The slots the window's holder has selected.
  public private(set) var selection: [Slot] = []
  /// The current game's number, from 1; 0 before the first.
  public private(set) var game = 0
  /// The results of the games finished so far, oldest first.
  public private(set) var results: [GameResult] = []
  /// Which seats asked for a rematch.
  public private(set) var rematchAsked = PerSeat.repeating(false)
  /// Which seats asked for that rematch on the same deck.
  public private(set) var sameDeckAsked = PerSeat.repeating(false)
  /// The game whose deck the current game was dealt again from, or nil for a fresh deal.
  public private(set) var sameDeckAs: Int?
  private var generator: SplitMix64
  /// The generator as it stood before the current game's deck was shuffled: a same-deck rematch
  /// shuffles from it again, so the deck comes out the same.
  private var lastDeal: SplitMix64
  /// How long the set being judged took to find, for speed scoring.
  private var findClock = FindClock()

  /// A match waiting for its two players, dealing from `seed`.
  public init(rules: Rules = Rules(), seed: UInt64) {
    self.rules = rules
    self.seed = seed
    generator = SplitMix64(seed: seed)
    lastDeal = generator
  }

  /// The card in `slot`: a chain slot's card or a table slot's, or nil when there is none.
  public func card(at slot: Slot) -> Card? {
    if let link = slot.chainIndex { return link < chain.count ? chain[link] : nil }
    return table.card(at: slot)
  }

  /// Every group of the variant on the table (and the chain), each as its slots in ascending order.
  public func groupSlots() -> [[Slot]] {
    var position = [Int](repeating: 0, count: 81)
    for (i, card) in table.cards.enumerated() { position[Int(card.index)] = i }
    for (i, card) in chain.enumerated() { position[Int(card.index)] = Slot.chain[i].index }
    return GroupFinder.all(rules.variant, in: table.cards, chain: chain).map { group in
      group.map { Slot(position[Int($0.index)]) }.sorted()
    }
  }

  /// Whether a group of the variant is on the table (with the chain).
  public var hasGroup: Bool {
    rules.variant == .normal ? table.hasSet : GroupFinder.any(rules.variant, in: table.cards, chain: chain)
  }

  /// The next instant at which `advance(to:)` has something to do, or nil.
  public var deadline: Instant? {
    switch phase {
    case .window(let window): window.deadline
    case .paused(let pause):
      pause.forfeitAt.values.reduce(nil) { earliest, next in
        guard let next else { return earliest }
        return earliest.map { min($0, next) } ?? next
      }
    case .waiting, .open, .over: nil
    }
  }

  /// Carries out `command` from `seat` at `now`, after whatever a deadline passed by `now` made due.
  ///
  /// Throws a `MatchRefusal` when the rules refuse the command; it carries the due events, and nothing else
  /// changed.
  public mutating func apply(_ command: MatchCommand, by seat: Seat, at now: Instant) throws(MatchRefusal) -> Outcome {
    let due = handleDue(at: now)
    findClock.note(due, at: now)
    do throws(MatchError) {
      var events: [MatchEvent]
      switch command {
      case .join: events = try join(seat, at: now)
      case .leave: events = try leave(seat, at: now)
      case .claim: events = try claim(seat, at: now)
      case .pick(let slots): events = try pick(slots, by: seat, at: now)
      case .unpick(let slot): events = try unpick(slot, by: seat)
      case .deal: events = try deal(by: seat, at: now)
      case .rematch: events = try rematch(seat, sameDeck: false)
      case .rematchSameDeck: events = try rematch(seat, sameDeck: true)
      }
      findClock.note(events, at: now)
      if !due.isEmpty { events.insert(contentsOf: due, at: 0) }
      return Outcome(events: events, dueCount: due.count, deadline: deadline)
    } catch {
      throw MatchRefusal(error, due: Outcome(events: due, dueCount: due.count, deadline: deadline))
    }
  }

  /// Handles every deadline that has passed by `now`: a window running out, or a seat forfeited.
  /// Called early, it does nothing, so a timer may fire as often as it likes.
  public mutating func advance(to now: Instant) -> Outcome {
    let events = handleDue(at: now)
    findClock.note(events, at: now)
    return Outcome(events: events, dueCount: events.count, deadline: deadline)
  }

  /// What a deadline passed by `now` makes happen; nothing before the deadline. A window that runs out
  /// opens what follows it at `now`, so no deadline is left passed.
  private mutating func handleDue(at now: Instant) -> [MatchEvent] {
    guard let deadline, deadline <= now else { return [] }
    var events: [MatchEvent] = []
    switch phase {
    case .window(let window) where window.deadline <= now:
      selection.removeAll(keepingCapacity: true)
      events.append(.windowExpired(window))
      if window.kind == .claim {
        events.append(changeScore(window.holder, by: -rules.claimExpiredPenalty, for: .claimExpired))
        events.append(openWindow(for: window.holder.opponent, .passedTurn, at: now))
      } else {
        events.append(openPlay())
      }
    case .paused(let pause):
      let expired = Seat.allCases.filter { seat in pause.forfeitAt[seat].map { $0 <= now } ?? false }
      if let loser = expired.min(by: { pause.forfeitAt[$0]! < pause.forfeitAt[$1]! }) {
        events.append(finish(.forfeit(loser)))
      }
    default:
      break
    }
    return events
  }

  // MARK: - Seats

  private mutating func join(_ seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    guard !present[seat] else { throw .alreadyPresent }
    present[seat] = true
    switch phase {
    case .waiting:
      return [.joined(seat)] + (present.values.allSatisfy { $0 } ? [startGame()] : [])
    case .paused(var pause):
      pause.forfeitAt[seat] = nil
      guard pause.forfeitAt.values.allSatisfy({ $0 == nil }) else {
        phase = .paused(pause)
        return [.returned(seat)]
      }
      guard var window = pause.suspended else {
        phase = .open
        return [.returned(seat), .resumed(nil)]
      }
      window.deadline = now.adding(milliseconds: pause.remaining)
      phase = .window(window)
      return [.returned(seat), .resumed(window)]
    case .over:
      return [.joined(seat)]
    case .open, .window:
      return [.returned(seat)]
    }
  }

  private mutating func leave(_ seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    guard present[seat] else { throw .absent }
    present[seat] = false
    rematchAsked[seat] = false
    sameDeckAsked[seat] = false
    let forfeitAt = now.adding(milliseconds: rules.resumeGrace)
    switch phase {
    case .waiting, .over:
      return [.left(seat, forfeitAt: nil)]
    case .open:
      phase = .paused(Pause(suspended: nil, remaining: 0, forfeitAt: forfeits(seat, forfeitAt)))
    case .window(let window):
      let remaining = max(0, window.deadline.millisecondsRoundedUp(since: now))  // never shortened
      phase = .paused(Pause(suspended: window, remaining: remaining, forfeitAt: forfeits(seat, forfeitAt)))
    case .paused(var pause):
      pause.forfeitAt[seat] = forfeitAt
      phase = .paused(pause)
    }
    return [.left(seat, forfeitAt: forfeitAt)]
  }

  private func forfeits(_ seat: Seat, _ instant: Instant) -> PerSeat<Instant?> {
    PerSeat { $0 == seat ? instant : nil }
  }

  // MARK: - Play

  /// Throws unless a game is running and unpaused.
  private func requirePlay() throws(MatchError) {
    switch phase {
    case .waiting: throw .notStarted
    case .over: throw .gameOver
    case .paused: throw .paused
    case .open, .window: break
    }
  }

  private mutating func claim(_ seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    if case .window(let window) = phase {
      throw window.holder == seat ? .alreadyHolding : .notYourTurn
    }
    return [openWindow(for: seat, .claim, at: now)]
  }

  private mutating func pick(_ slots: [Slot], by seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    var events: [MatchEvent] = []
    events.reserveCapacity(8)
    if case .window(let window) = phase, window.holder != seat { throw .notYourTurn }
    let distinct = slots.indices.allSatisfy { !slots[..<$0].contains(slots[$0]) }
    let size = rules.variant.groupSize
    guard !slots.isEmpty, distinct, selection.count + slots.count <= size else {
      throw size == 3 || slots.isEmpty || !distinct ? .badPick : .wrongGroupSize(size)
    }
    // Three cards named at once where a group is four is a set, not an UltraSet: refused, free.
    if size == 4, slots.count == 3 { throw .wrongGroupSize(size) }
    for slot in slots {
      guard card(at: slot) != nil else { throw .noSuchSlot(slot) }
      guard !selection.contains(slot) else { throw .alreadyPicked(slot) }
    }
    if !chain.isEmpty {
      let links = (selection + slots).filter { $0.chainIndex != nil }.count
      if links > 1 { throw .twoChainCards }
      if links == 0, selection.count + slots.count == size { throw .chainCardNeeded }
    }
    if phase == .open {
      guard rules.pickClaims else { throw .claimFirst }
      events.append(openWindow(for: seat, .claim, at: now))
    }
    for slot in slots {
      selection.append(slot)
      events.append(.picked(seat, slot))
    }
    if selection.count == rules.variant.groupSize, case .window(let window) = phase {
      judge(window, at: now, into: &events)
    }
    return events
  }

  private mutating func unpick(_ slot: Slot, by seat: Seat) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    // In open play nobody holds a turn and nothing is picked.
    guard case .window(let window) = phase else { throw .notPicked(slot) }
    guard window.holder == seat else { throw .notYourTurn }
    guard let at = selection.firstIndex(of: slot) else { throw .notPicked(slot) }
    selection.remove(at: at)
    return [.unpicked(seat, slot)]
  }

  /// Judges the selected cards of the window's holder, appending what follows to `events`.
  private mutating func judge(_ window: Window, at now: Instant, into events: inout [MatchEvent]) {
    let seat = window.holder
    let slots = selection
    let cards = slots.map { card(at: $0)! }
    selection.removeAll(keepingCapacity: true)
    let variant = rules.variant
    guard variant == .normal ? SetLogic.isSet(cards) : variant.isGroup(cards, chain: chain) else {
      events.append(.notASet(seat, slots, cards))
      switch window.kind {
      case .claim:
        events.append(changeScore(seat, by: -rules.wrongPickPenalty, for: .wrongPick))
        events.append(openWindow(for: seat.opponent, .passedTurn, at: now))
      case .passedTurn:
        events.append(changeScore(seat, by: -rules.wrongPickPenalty, for: .wrongPick))
        events.append(openPlay())
      case .needlessDeal:
        events.append(openPlay())
      }
      return
    }
    let leaving = slots.filter { $0.chainIndex == nil }
    taken[seat] += leaving.map { table.cards[$0.index] }
    groups[seat] += 1
    var timer = findClock
    timer.note(events, at: now)
    let findMs = timer.findTime(at: now)
    let points = rules.scoring.points(reward: rules.setReward, findMs: findMs)
    events.append(.setFound(seat, slots, cards, findMs: findMs))
    events.append(changeScore(seat, by: points, for: .setFound))
    let refill = deck.deal(max(0, min(leaving.count, rules.tableSize - (table.slotCount - leaving.count))))
    events.append(.tableChanged(table.take(leaving, refill: refill), deck: deck.count))
    if variant.chains {
      chain = cards
      events.append(.chainChanged(chain))
    }
    if let over = endIfDone() {
      events.append(over)
      return
    }
    if variant == .shuffle, table.slotCount > 1 {
      events.append(.tableChanged(table.shuffle(using: &generator), deck: deck.count))
    }
    events.append(openPlay())
  }

  private mutating func deal(by seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    guard phase == .open else { throw .notNow }
    guard !deck.isEmpty else { throw .deckEmpty }
    guard !hasGroup else {
      return [
        changeScore(seat, by: -rules.needlessDealPenalty, for: .needlessDeal),
        openWindow(for: seat.opponent, .needlessDeal, at: now),
      ]
    }
    // A chain with no group on a full table is let go: any set counts again, and 21 cards hold one.
    if !chain.isEmpty, table.slotCount + 3 > 21 {
      chain = []
      return [.chainChanged([])]
    }
    let change = table.append(deck.deal(3))
    return [.tableChanged(change, deck: deck.count)] + (endIfDone().map { [$0] } ?? [])
  }

  private mutating func rematch(_ seat: Seat, sameDeck: Bool) throws(MatchError) -> [MatchEvent] {
    guard case .over = phase else { throw .notOver }
    // A player away cannot ask: a game started then would run with an empty seat, unpaused.
    guard present[seat] else { throw .absent }
    guard !rematchAsked[seat] else { throw .alreadyAsked }
    rematchAsked[seat] = true
    sameDeckAsked[seat] = sameDeck
    let asked: MatchEvent = sameDeck ? .sameDeckAsked(seat) : .rematchAsked(seat)
    guard rematchAsked.values.allSatisfy({ $0 }) else { return [asked] }
    return [asked, startGame(sameDeck: sameDeckAsked.values.allSatisfy { $0 })]
  }

  // MARK: - Steps shared by the commands

  private mutating func startGame(sameDeck: Bool = false) -> MatchEvent {
    sameDeckAs = sameDeck && game > 0 ? game : nil
    if sameDeckAs != nil { generator = lastDeal }
    lastDeal = generator
    game += 1
    deck =
      rules.variant == .normal
      ? Deck.shuffled(using: &generator) : Deck.shuffled(rules.variant.cards, using: &generator)
    table = Table(cards: deck.deal(rules.tableSize))
    scores = PerSeat.repeating(0)
    taken = PerSeat.repeating([])
    groups = PerSeat.repeating(0)
    chain = []
    selection.removeAll(keepingCapacity: true)
    rematchAsked = PerSeat.repeating(false)
    sameDeckAsked = PerSeat.repeating(false)
    phase = .open
    return .gameStarted(game: game, table: table.cards, deck: deck.count)
  }

  private mutating func openWindow(for seat: Seat, _ kind: Window.Kind, at now: Instant) -> MatchEvent {
    let length =
      switch kind {
      case .claim: rules.claimWindow
      case .passedTurn: rules.passedTurnWindow
      case .needlessDeal: rules.needlessDealWindow
      }
    let window = Window(holder: seat, kind: kind, deadline: now.adding(milliseconds: length))
    selection.removeAll(keepingCapacity: true)
    phase = .window(window)
    return .windowOpened(window)
  }

  private mutating func openPlay() -> MatchEvent {
    phase = .open
    return .openPlay
  }

  private mutating func changeScore(_ seat: Seat, by delta: Int, for reason: ScoreReason) -> MatchEvent {
    scores[seat] += delta
    return .scoreChanged(seat, delta: delta, total: scores[seat], reason: reason)
  }

  /// Ends the game if a player reached the rules' `firstTo` groups, or the deck is empty and no group
  /// is on the table.
  private mutating func endIfDone() -> MatchEvent? {
    if let target = rules.firstTo, groups.values.contains(where: { $0 >= target }) { return finish(.completed) }
    guard deck.isEmpty, !hasGroup else { return nil }
    return finish(.completed)
  }

  private mutating func finish(_ ending: GameResult.Ending) -> MatchEvent {
    let winner: Seat? =
      switch ending {
      case .forfeit(let loser): loser.opponent
      case .completed: scores.one == scores.two ? nil : (scores.one > scores.two ? .one : .two)
      }
    let result = GameResult(
      game: game, scores: scores, sets: groups, winner: winner, ending: ending)
    results.append(result)
    selection.removeAll(keepingCapacity: true)
    phase = .over(result)
    return .gameOver(result)
  }
}
