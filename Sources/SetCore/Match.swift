/// A two-player match of Set at one table: a pure state machine. Its rules live in this file and its
/// extensions: seats in Match+Seats, play in Match+Play, the steps they share in Match+Steps.
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
  public internal(set) var phase: Phase = .waiting
  /// The cards face up.
  public internal(set) var table = Table()
  /// The cards still to be dealt.
  public internal(set) var deck = Deck(cards: [])
  /// This game's scores.
  public internal(set) var scores = PerSeat.repeating(0)
  /// The cards of the sets each seat took this game.
  public internal(set) var taken = PerSeat<[Card]>.repeating([])
  /// Whether each seat's player is at the table.
  public internal(set) var present = PerSeat.repeating(false)
  /// The groups each seat found this game.
  public internal(set) var groups = PerSeat.repeating(0)
  /// In the chain variant, the last group found, beside the table in slots `X`, `Y`, `Z`; empty before
  /// a game's first group and in every other variant.
  public internal(set) var chain: [Card] = []
  /// The slots the window's holder has selected.
  public internal(set) var selection: [Slot] = []
  /// The current game's number, from 1; 0 before the first.
  public internal(set) var game = 0
  /// The results of the games finished so far, oldest first.
  public internal(set) var results: [GameResult] = []
  /// Which seats asked for a rematch.
  public internal(set) var rematchAsked = PerSeat.repeating(false)
  /// Which seats asked for that rematch on the same deck.
  public internal(set) var sameDeckAsked = PerSeat.repeating(false)
  /// The game whose deck the current game was dealt again from, or nil for a fresh deal.
  public internal(set) var sameDeckAs: Int?
  var generator: SplitMix64
  /// The generator as it stood before the current game's deck was shuffled: a same-deck rematch
  /// shuffles from it again, so the deck comes out the same.
  var lastDeal: SplitMix64
  /// How long the set being judged took to find, for speed scoring.
  var findClock = FindClock()

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
      switch (pause.forfeitAt.one, pause.forfeitAt.two) {
      case (let one?, let two?): min(one, two)
      case (let one, let two): one ?? two
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
      case .takeFreedSeat: events = try join(seat, freedSeat: true, at: now)
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
  mutating func handleDue(at now: Instant) -> [MatchEvent] {
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
}
