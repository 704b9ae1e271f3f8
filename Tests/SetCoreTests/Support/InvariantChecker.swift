import SetCore
import SetSimulation

/// Checks the invariants of ORACLES.md after every call a simulation makes on a match, following the
/// game from its events alone, as a client would.
struct InvariantChecker {
  /// What broke, with the seed and step; empty while everything holds.
  private(set) var failures: [String] = []
  /// The seed of the game, for the messages.
  let seed: UInt64

  private var started = false
  /// The sum of the score changes broadcast for each seat since the game started.
  private var broadcastScores = PerSeat.repeating(0)
  /// The cards credited to a set so far this game.
  private var credited = CardMask()
  private var creditedCount = 0
  /// The table as rebuilt from the events.
  private var replay = Table()
  /// The deck count as last broadcast.
  private var broadcastDeck = 0
  /// The chain as last broadcast.
  private var chain: [Card] = []
  /// The variant played, from the match's rules.
  private var variant = Variant.normal

  init(seed: UInt64) {
    self.seed = seed
  }

  private mutating func fail(_ step: Step, _ message: String) {
    if failures.count < 10 { failures.append("seed \(seed), step \(step.number) \(step.action): \(message)") }
  }

  mutating func check(_ step: Step) {
    variant = step.after.rules.variant
    switch step.result {
    case .failure(let refusal):
      if refusal.reason != step.expectedError {
        fail(step, "refused with \(refusal.reason), expected \(String(describing: step.expectedError))")
      }
      var afterDue = step.before
      if afterDue.advance(to: step.time) != refusal.due || step.after != afterDue {
        fail(step, "a refused command changed the match beyond what time made due")
      }
      for event in refusal.due.events { follow(event, in: step) }
      if started { checkState(step.after, step) }
      return
    case .success:
      if let expected = step.expectedError { fail(step, "carried out, but should be refused with \(expected)") }
    }
    for event in step.events { follow(event, in: step) }
    guard started else { return }
    checkState(step.after, step)
  }

  /// Updates the client's view from one event, checking it against the view.
  private mutating func follow(_ event: MatchEvent, in step: Step) {
    switch event {
    case .gameStarted(_, let table, let deck):
      started = true
      broadcastScores = PerSeat.repeating(0)
      credited = CardMask()
      creditedCount = 0
      replay = Table(cards: table)
      broadcastDeck = deck
      chain = []
      if table.count + deck != variant.deckSize { fail(step, "a game started with \(table.count) + \(deck) cards") }
      if table.count != variant.tableSize { fail(step, "a game started with \(table.count) cards on the table") }
      if table.contains(where: { !variant.cards.contains($0) }) { fail(step, "a card not in the variant's deck") }
    case .chainChanged(let cards):
      chain = cards
    case .scoreChanged(let seat, let delta, let total, _):
      broadcastScores[seat] += delta
      if total != broadcastScores[seat] {
        fail(step, "total \(total) is not the sum of the deltas, \(broadcastScores[seat])")
      }
    case .setFound(_, let slots, let cards, _):
      if !variant.isGroup(cards, chain: chain) { fail(step, "\(cards) credited as a group") }
      if slots.map({ card(at: $0) }) != cards {
        fail(step, "the set's slots \(slots) do not hold \(cards)")
      }
      for (slot, card) in zip(slots, cards) where slot.chainIndex == nil {
        if credited.contains(card) { fail(step, "\(card) credited twice") }
        credited.insert(card)
        creditedCount += 1
      }
    case .notASet(_, let slots, let cards):
      if variant.isGroup(cards, chain: chain) { fail(step, "\(cards) judged not a group") }
      if cards.count != variant.groupSize { fail(step, "\(cards.count) cards judged") }
      if slots.map({ card(at: $0) }) != cards {
        fail(step, "the slots \(slots) do not hold \(cards)")
      }
    case .tableChanged(let change, let deck):
      do throws(TableMisfit) {
        try replay.apply(change)
      } catch {
        fail(step, "the table change does not apply: \(error)")
      }
      if deck > broadcastDeck { fail(step, "the deck grew from \(broadcastDeck) to \(deck)") }
      broadcastDeck = deck
    default:
      break
    }
  }

  /// The card in a table or chain slot, as the events told.
  private func card(at slot: Slot) -> Card? {
    if let link = slot.chainIndex { return link < chain.count ? chain[link] : nil }
    return replay.card(at: slot)
  }

  /// Checks the match against the invariants and against the view rebuilt from events.
  private mutating func checkState(_ match: Match, _ step: Step) {
    // Every card in exactly one place.
    var seen = CardMask()
    var places = 0
    for pile in [match.deck.cards, match.table.cards, match.taken.one, match.taken.two] {
      for card in pile {
        if seen.contains(card) { fail(step, "\(card) is in two places") }
        seen.insert(card)
        places += 1
      }
    }
    let size = variant.deckSize
    if places != size || seen.count != size { fail(step, "\(seen.count) cards in \(places) places, not \(size)") }
    if CardMask(replay.cards).count != replay.cards.count { fail(step, "a card twice on the table") }
    if match.chain != chain { fail(step, "the chain \(match.chain) was broadcast as \(chain)") }
    if !chain.isEmpty && (chain.count != 3 || !chain.allSatisfy(CardMask(match.taken.one + match.taken.two).contains)) {
      fail(step, "the chain \(chain) is not a group taken off the table")
    }
    if match.scores != broadcastScores { fail(step, "scores \(match.scores), broadcast \(broadcastScores)") }
    let taken = match.taken.one + match.taken.two
    if taken.count != creditedCount || CardMask(taken) != credited {
      fail(step, "taken cards differ from the cards credited in events")
    }
    if replay != match.table {
      fail(step, "the table rebuilt from events differs from the match's")
    }
    if broadcastDeck != match.deck.count { fail(step, "deck \(match.deck.count), broadcast \(broadcastDeck)") }
    let reached = match.rules.firstTo.map { target in match.groups.values.contains { $0 >= target } } ?? false
    let groupLeft = match.hasGroup
    let shouldEnd = reached || (match.deck.isEmpty && !groupLeft)
    switch match.phase {
    case .over(let result):
      if result.ending == .completed {
        if !shouldEnd { fail(step, "the game ended with cards to play") }
        if taken.count + match.table.slotCount + match.deck.count != size {
          fail(step, "taken \(taken.count) and \(match.table.slotCount) cards on the table do not make \(size)")
        }
      }
      if result.scores != match.scores { fail(step, "result scores \(result.scores), match \(match.scores)") }
      let groups = variant.chains ? match.groups : match.taken.map { $0.count / variant.groupSize }
      if result.sets != groups || groups != match.groups { fail(step, "result sets \(result.sets)") }
    case .open, .window, .paused:
      if shouldEnd { fail(step, "the deck is empty with no set on the table, yet the game goes on") }
    case .waiting:
      fail(step, "back to waiting after the game started")
    }
  }
}
