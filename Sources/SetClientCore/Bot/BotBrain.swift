import SetCore
import SetProtocol

extension BotLevel {
  /// How this level finds sets: easy wins about a third of its games against a beginner who needs 8 to
  /// 15 s a set (`BotSkill.beginner`), so that a first game is winnable; normal and hard each win about a
  /// quarter of their games against one another (BENCHMARKS.md).
  public var skill: BotSkill {
    switch self {
    case .easy:
      BotSkill(glance: 4_500, search: 24_000, overlooks: 150, falseClaims: 80, giveUp: 15_000...22_000, pickStep: 700)
    case .normal:
      BotSkill(glance: 2_300, search: 16_500, overlooks: 100, falseClaims: 40, giveUp: 10_000...15_000, pickStep: 500)
    case .hard:
      BotSkill(glance: 2_000, search: 14_000, overlooks: 60, falseClaims: 25, giveUp: 5_000...8_000, pickStep: 300)
    }
  }
}

/// What the bot does now, and when to ask it again.
public struct BotDecision: Equatable, Sendable {
  /// Requests to send now, in order.
  public var commands: [ClientCommand]
  /// When to call `decide` again if nothing arrives before; nil to wait for the server.
  public var wake: Instant?

  public init(commands: [ClientCommand] = [], wake: Instant? = nil) {
    self.commands = commands
    self.wake = wake
  }
}

/// The bot's mind: given the table and the time, what to send and when to look again. Pure and seeded:
/// the same seed, model and times give the same decisions.
///
/// Whenever the table changes it runs its skill's race among the sets on it (`BotSkill.race`), then calls
/// Set when the first set is found and picks the three cards one by one; seeing no set (none is there,
/// or it overlooked them all) it asks for cards after a while, or looks again when the deck is empty.
/// When the other player fails or deals needlessly, it looks during its turn. After a game it asks for
/// a rematch.
///
/// With `showsMood` it tells the table how it feels (`MOOD`): looking for a set while it searches,
/// sure it sees one in the last two seconds before it calls Set, glad when it found the set, beaten
/// when the other player did (held two seconds before it looks again). Moods draw nothing from its
/// random source: a bot plays the same game with them or without.
public struct BotBrain: Sendable {
  /// How the bot finds sets.
  public let skill: BotSkill
  /// Times are multiplied by this: 1 plays like a person, 0.02 plays a game in seconds.
  public let pace: Double
  /// Send `PICK a b c` in one line (which claims in open play) instead of `CLAIM` and three picks.
  public let picksAtOnce: Bool
  /// Tell the table its mood (`MOOD`) as it plays.
  public let showsMood: Bool
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
  /// The table it last asked three more cards for: asked again at the same table, the deal was needless
  /// (a group is there), so it looks again instead of paying for another.
  private var dealtAt: [Card]?
  /// The game whose rematch is planned, and when to ask.
  private var rematch: (game: Int, at: Instant, sent: Bool)?
  /// The mood it last showed, and until when a glad or beaten one is held.
  private var mood: Mood?
  private var moodHeld: Instant?
  /// The sets each seat had found when it last looked, in that game: one more is a set just found.
  private var seenSets: (game: Int, sets: PerSeat<Int>)?

  /// How long before it calls Set the bot is sure, and how long a glad or beaten mood is held, in
  /// milliseconds (before `pace`).
  public static let sureBefore: Int64 = 2_000
  public static let moodHold: Int64 = 2_000

  /// A bot of `level`, drawing its timing and mistakes from `seed`.
  public init(level: BotLevel, seed: UInt64, pace: Double = 1, picksAtOnce: Bool = false, showsMood: Bool = false) {
    self.init(skill: level.skill, seed: seed, pace: pace, picksAtOnce: picksAtOnce, showsMood: showsMood)
  }

  /// A bot finding sets with `skill`, drawing its timing and mistakes from `seed`.
  public init(skill: BotSkill, seed: UInt64, pace: Double = 1, picksAtOnce: Bool = false, showsMood: Bool = false) {
    self.skill = skill
    self.pace = pace
    self.picksAtOnce = picksAtOnce
    self.showsMood = showsMood
    random = SplitMix64(seed: seed)
  }

  /// What to do at `now`, given the table as the model has it.
  public mutating func decide(_ model: ClientModel, now: Instant) -> BotDecision {
    guard let me = model.seat else { return BotDecision() }
    let decision = play(model, me: me, now: now)
    return showsMood ? showingMood(decision, model, me: me, now: now) : decision
  }

  private mutating func play(_ model: ClientModel, me: Seat, now: Instant) -> BotDecision {
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
      let sets = groups(model)
      if let found = skill.race(sets, using: &random) {
        fresh.target = claimed(found.set, model)
        fresh.ready = now.adding(milliseconds: scaled(found.after))
      } else if model.deck > 0 || !sets.isEmpty {
        fresh.ready = now.adding(milliseconds: scaled(draw(skill.giveUp)))
      } else {
        plan = nil
        return BotDecision()
      }
      plan = fresh
    }
    guard let current = plan, now >= current.ready else { return BotDecision(wake: plan?.ready) }
    plan!.ready = now.adding(milliseconds: max(scaled(1_000), 200))
    guard let target = current.target else {
      guard model.deck > 0 else {
        // Nothing seen and no cards to ask for: look at the same table afresh.
        plan = nil
        return playOpen(model, now: now)
      }
      guard dealtAt != model.cards else {
        // The deal it asked for at this table was needless: a group is there, so it looks again.
        plan = nil
        return BotDecision(wake: now.adding(milliseconds: max(scaled(1_000), 200)))
      }
      dealtAt = model.cards
      return BotDecision(commands: [.deal], wake: plan!.ready)
    }
    if picksAtOnce {
      // By card code, so a pick that crosses a change of the table is refused rather than judged.
      return BotDecision(commands: [.pick(.cards(target))], wake: plan!.ready)
    }
    return BotDecision(commands: [.claim], wake: plan!.ready)
  }

  // MARK: - Holding a claim or turn

  private mutating func playWindow(_ model: ClientModel, deadline: Instant, now: Instant) -> BotDecision {
    let continuing: Bool
    if let current = plan, current.game == model.game, current.cards == model.cards, let target = current.target,
      target.allSatisfy({ slot(of: $0, in: model) != nil })
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
        // A turn it was given: it was already looking at this table, so it finds a set in half the time.
        if let found = skill.race(groups(model), using: &random) {
          fresh.target = claimed(found.set, model)
          fresh.ready = now.adding(milliseconds: scaled(found.after) / 2)
        }
      }
      plan = fresh
    } else if plan!.window == nil {
      plan!.window = deadline
      plan!.ready = now.adding(milliseconds: scaled(skill.pickStep))
    }
    guard let current = plan, let target = current.target else { return BotDecision() }
    guard now >= current.ready else { return BotDecision(wake: current.ready) }
    let targetSlots = target.compactMap { slot(of: $0, in: model) }
    let step = max(scaled(skill.pickStep), 50)
    plan!.ready = now.adding(milliseconds: step)
    if let stray = model.selection.first(where: { !targetSlots.contains($0) }) {
      return BotDecision(commands: [.unpick(stray)], wake: plan!.ready)
    }
    let missing = targetSlots.filter { !model.selection.contains($0) }
    guard let next = missing.first else { return BotDecision(wake: plan!.ready) }
    // Three cards at once are refused where a group is four: then one at a time.
    if picksAtOnce, !(missing.count == 3 && model.rules.variant.groupSize == 4) {
      return BotDecision(
        commands: [.pick(.cards(missing.map { card(at: $0, in: model) }))], wake: plan!.ready)
    }
    return BotDecision(commands: [.pick(.cards([card(at: next, in: model)]))], wake: plan!.ready)
  }

  // MARK: - Mood

  /// `decision`, with the mood to show first if it changed, and woken when it will next change.
  private mutating func showingMood(_ decision: BotDecision, _ model: ClientModel, me: Seat, now: Instant)
    -> BotDecision
  {
    var decision = decision
    var wanted: Mood?
    var next: Instant?
    if let seen = seenSets, seen.game == model.game,
      let finder = Seat.allCases.first(where: { model.sets[$0] > seen.sets[$0] })
    {
      wanted = finder == me ? .glad : .beaten
      moodHeld = now.adding(milliseconds: scaled(Self.moodHold))
      next = moodHeld
    }
    seenSets = (model.game, model.sets)
    if wanted == nil, let held = moodHeld, now < held {
      next = held
    } else if wanted == nil {
      moodHeld = nil
      if case .open = model.phase, let current = plan, current.fitsOpenPlay(model) {
        let sureAt = current.ready.adding(milliseconds: -scaled(Self.sureBefore))
        if current.target != nil, now >= sureAt {
          wanted = .sure
        } else {
          wanted = .looking
          if current.target != nil { next = sureAt }
        }
      }
    }
    if let wanted, wanted != mood {
      mood = wanted
      decision.commands.insert(.mood(wanted), at: 0)
    }
    if let next { decision.wake = min(decision.wake ?? next, next) }
    return decision
  }

  // MARK: - After a game

  private mutating func askForRematch(_ model: ClientModel, me: Seat, now: Instant) -> BotDecision {
    guard !model.rematchAsked[me] else { return BotDecision() }
    if rematch?.game != model.game {
      rematch = (model.game, now.adding(milliseconds: scaled(1_500)), false)
    }
    guard let planned = rematch, !planned.sent else { return BotDecision() }
    guard now >= planned.at else { return BotDecision(wake: planned.at) }
    rematch?.sent = true
    return BotDecision(commands: [.new])
  }

  // MARK: - Choices

  /// The groups of the table's variant on the table (and the chain), as cards.
  private func groups(_ model: ClientModel) -> [[Card]] {
    let variant = model.rules.variant
    return variant == .normal
      ? SetFinder.all(in: model.cards) : GroupFinder.all(variant, in: model.cards, chain: model.chain)
  }

  /// The slot of a card on the table or in the chain, or nil.
  private func slot(of card: Card, in model: ClientModel) -> Slot? {
    if let link = model.chain.firstIndex(of: card) { return Slot.chain[link] }
    return model.cards.firstIndex(of: card).map(Slot.init)
  }

  /// The cards to claim: the group found, or, for a false claim, cards that are not a group (in a
  /// chain, with one chain card, as a real group would have).
  private mutating func claimed(_ set: [Card], _ model: ClientModel) -> [Card] {
    let cards = model.cards
    let variant = model.rules.variant
    let links = model.chain.isEmpty ? 0 : 1
    let fromTable = variant.groupSize - links
    if skill.falseClaims > 0, random.draw(below: 1_000) < skill.falseClaims, cards.count >= fromTable {
      for _ in 0..<20 {
        var pool = cards
        pool.fisherYatesShuffle(using: &random)
        let chosen = Array(pool.prefix(fromTable)) + model.chain.prefix(links)
        let isGroup = variant == .normal ? SetLogic.isSet(chosen) : variant.isGroup(chosen, chain: model.chain)
        if !isGroup { return chosen }
      }
    }
    return set
  }

  /// The card in `slot`, which the bot just found there (a chain slot's card in the chain variant).
  private func card(at slot: Slot, in model: ClientModel) -> Card {
    model.card(at: slot) ?? model.cards[slot.index]
  }

  private mutating func draw(_ range: ClosedRange<Int64>) -> Int64 {
    range.lowerBound + Int64(random.draw(below: Int(range.upperBound - range.lowerBound) + 1))
  }

  private func scaled(_ ms: Int64) -> Int64 {
    Int64(Double(ms) * pace)
  }
}
