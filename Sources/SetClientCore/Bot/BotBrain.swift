import SetCore

/// How strong a computer opponent is.
public enum BotLevel: String, CaseIterable, Sendable {
  /// Slow, and now and then calls Set on three cards that are not a set.
  case easy
  /// A steady player.
  case normal
  /// Quick.
  case hard

  /// How long it takes to see a set, in milliseconds.
  var thinking: ClosedRange<Int64> {
    switch self {
    case .easy: 12_000...24_000
    case .normal: 6_000...14_000
    case .hard: 2_500...6_000
    }
  }

  /// How long it looks before deciding there is no set and asking for cards.
  var giveUp: ClosedRange<Int64> {
    switch self {
    case .easy: 15_000...22_000
    case .normal: 10_000...15_000
    case .hard: 5_000...8_000
    }
  }

  /// Time between its picks.
  var pickStep: Int64 {
    switch self {
    case .easy: 700
    case .normal: 500
    case .hard: 300
    }
  }

  /// Chance in a hundred that a claim is a mistake.
  var mistakes: Int {
    switch self {
    case .easy: 20
    case .normal, .hard: 0
    }
  }
}

/// What the bot does now, and when to ask it again.
public struct BotDecision: Equatable, Sendable {
  /// Request lines to send now, in order.
  public var commands: [String]
  /// When to call `decide` again if nothing arrives before; nil to wait for the server.
  public var wake: Instant?

  public init(commands: [String] = [], wake: Instant? = nil) {
    self.commands = commands
    self.wake = wake
  }
}

/// The bot's mind: given the table and the time, what to send and when to look again. Pure and seeded:
/// the same seed, model and times give the same decisions.
///
/// It "sees" a set some seeded time after the table last changed (its level's thinking time), then calls
/// Set and picks the three cards one by one; with no set on the table it asks for cards after a while.
/// When the other player fails or deals needlessly, it looks during its turn. After a game it asks for
/// a rematch.
public struct BotBrain: Sendable {
  /// The bot's level.
  public let level: BotLevel
  /// Times are multiplied by this: 1 plays like a person, 0.02 plays a game in seconds.
  public let pace: Double
  /// Send `PICK a b c` in one line (which claims in open play) instead of `CLAIM` and three picks.
  public let picksAtOnce: Bool
  private var random: SplitMix64

  /// What the bot is about, for the table it last looked at.
  private struct Plan: Equatable {
    /// The table and game the plan was made for.
    var game: Int
    var cards: [Card]
    var deck: Int
    /// The window it was made in (holder, kind, deadline), or nil for open play.
    var window: Instant?
    /// The three cards it means to pick, or nil to ask for cards.
    var target: [Card]?
    /// When to act next.
    var ready: Instant

    /// Whether the plan was made for this table in open play.
    func fitsOpenPlay(_ model: ClientModel) -> Bool {
      game == model.game && cards == model.cards && deck == model.deck && window == nil
    }
  }

  private var plan: Plan?
  /// The game whose rematch is planned, and when to ask.
  private var rematch: (game: Int, at: Instant, sent: Bool)?

  /// A bot of `level`, drawing its timing and mistakes from `seed`.
  public init(level: BotLevel, seed: UInt64, pace: Double = 1, picksAtOnce: Bool = false) {
    self.level = level
    self.pace = pace
    self.picksAtOnce = picksAtOnce
    random = SplitMix64(seed: seed)
  }

  /// What to do at `now`, given the table as the model has it.
  public mutating func decide(_ model: ClientModel, now: Instant) -> BotDecision {
    guard let me = model.seat else { return BotDecision() }
    switch model.phase {
    case .waiting, .paused:
      plan = nil
      return BotDecision()
    case .over:
      plan = nil
      return askForRematch(model, me: me, now: now)
    case .open:
      return playOpen(model, now: now)
    case .window(let holder, _, let deadline, _):
      guard holder == me else { return BotDecision() }
      return playWindow(model, deadline: deadline, now: now)
    }
  }

  // MARK: - Open play

  private mutating func playOpen(_ model: ClientModel, now: Instant) -> BotDecision {
    if plan == nil || !plan!.fitsOpenPlay(model) {
      var fresh = Plan(game: model.game, cards: model.cards, deck: model.deck, window: nil, target: nil, ready: now)
      let sets = SetFinder.all(in: model.cards)
      if !sets.isEmpty {
        fresh.target = choose(from: sets, cards: model.cards)
        // More sets on the table are quicker to see.
        fresh.ready = now.adding(milliseconds: scaled(draw(level.thinking)) * (sets.count >= 3 ? 3 : 4) / 4)
      } else if model.deck > 0 {
        fresh.ready = now.adding(milliseconds: scaled(draw(level.giveUp)))
      } else {
        plan = nil
        return BotDecision()
      }
      plan = fresh
    }
    guard let current = plan, now >= current.ready else { return BotDecision(wake: plan?.ready) }
    plan!.ready = now.adding(milliseconds: max(scaled(1_000), 200))
    guard let target = current.target else { return BotDecision(commands: ["DEAL"], wake: plan!.ready) }
    if picksAtOnce {
      // By card code, so a pick that crosses a change of the table is refused rather than judged.
      return BotDecision(commands: ["PICK " + target.map(\.description).joined(separator: " ")], wake: plan!.ready)
    }
    return BotDecision(commands: ["CLAIM"], wake: plan!.ready)
  }

  // MARK: - Holding a claim or turn

  private mutating func playWindow(_ model: ClientModel, deadline: Instant, now: Instant) -> BotDecision {
    let continuing: Bool
    if let current = plan, current.game == model.game, current.cards == model.cards, let target = current.target,
      target.allSatisfy(model.cards.contains)
    {
      // Our own claim (or a turn on the same table): go on with the cards already chosen.
      continuing = current.window == deadline || current.window == nil
    } else {
      continuing = false
    }
    if !continuing {
      var fresh = Plan(
        game: model.game, cards: model.cards, deck: model.deck, window: deadline, target: nil, ready: now)
      if let current = plan, current.window == deadline {
        fresh = current
      } else {
        let sets = SetFinder.all(in: model.cards)
        if !sets.isEmpty {
          fresh.target = choose(from: sets, cards: model.cards)
          fresh.ready = now.adding(milliseconds: scaled(draw(level.thinking)) / 2)
        }
      }
      plan = fresh
    } else if plan!.window == nil {
      plan!.window = deadline
      plan!.ready = now.adding(milliseconds: scaled(level.pickStep))
    }
    guard let current = plan, let target = current.target else { return BotDecision() }
    guard now >= current.ready else { return BotDecision(wake: current.ready) }
    let targetSlots = target.compactMap { card in model.cards.firstIndex(of: card).map(Slot.init) }
    let step = max(scaled(level.pickStep), 50)
    plan!.ready = now.adding(milliseconds: step)
    if let stray = model.selection.first(where: { !targetSlots.contains($0) }) {
      return BotDecision(commands: ["UNPICK \(stray.label)"], wake: plan!.ready)
    }
    let missing = targetSlots.filter { !model.selection.contains($0) }
    guard let next = missing.first else { return BotDecision(wake: plan!.ready) }
    if picksAtOnce {
      return BotDecision(
        commands: ["PICK " + missing.map { code(at: $0, in: model) }.joined(separator: " ")], wake: plan!.ready)
    }
    return BotDecision(commands: ["PICK \(code(at: next, in: model))"], wake: plan!.ready)
  }

  // MARK: - After a game

  private mutating func askForRematch(_ model: ClientModel, me: Seat, now: Instant) -> BotDecision {
    guard !model.rematchAsked[me.offset] else { return BotDecision() }
    if rematch?.game != model.game {
      rematch = (model.game, now.adding(milliseconds: scaled(1_500)), false)
    }
    guard let planned = rematch, !planned.sent else { return BotDecision() }
    guard now >= planned.at else { return BotDecision(wake: planned.at) }
    rematch?.sent = true
    return BotDecision(commands: ["NEW"])
  }

  // MARK: - Choices

  /// The cards to claim: one of the sets, or, for a mistake, three cards that are not a set.
  private mutating func choose(from sets: [[Card]], cards: [Card]) -> [Card] {
    if level.mistakes > 0, random.draw(below: 100) < level.mistakes, cards.count >= 3 {
      for _ in 0..<20 {
        var pool = cards
        pool.fisherYatesShuffle(using: &random)
        let three = Array(pool.prefix(3))
        if !SetLogic.isSet(three) { return three }
      }
    }
    return sets[random.draw(below: sets.count)]
  }

  /// The code of the card in `slot`, which the bot just found there.
  private func code(at slot: Slot, in model: ClientModel) -> String {
    model.cards[slot.index].description
  }

  private mutating func draw(_ range: ClosedRange<Int64>) -> Int64 {
    range.lowerBound + Int64(random.draw(below: Int(range.upperBound - range.lowerBound) + 1))
  }

  private func scaled(_ ms: Int64) -> Int64 {
    Int64(Double(ms) * pace)
  }
}
