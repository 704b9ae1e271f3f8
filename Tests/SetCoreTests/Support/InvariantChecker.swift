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
  private var broadcastScores = PerSeat(repeating: 0)
  /// The cards credited to a set so far this game.
  private var credited = CardMask()
  private var creditedCount = 0
  /// The table as rebuilt from the events.
  private var replay = Table()
  /// The deck count as last broadcast.
  private var broadcastDeck = 0

  init(seed: UInt64) {
    self.seed = seed
  }

  private mutating func fail(_ step: Step, _ message: String) {
    if failures.count < 10 { failures.append("seed \(seed), step \(step.number) \(step.action): \(message)") }
  }

  mutating func check(_ step: Step) {
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
      broadcastScores = PerSeat(repeating: 0)
      credited = CardMask()
      creditedCount = 0
      replay = Table(cards: table)
      broadcastDeck = deck
      if table.count + deck != 81 { fail(step, "a game started with \(table.count) + \(deck) cards") }
    case .scoreChanged(let seat, let delta, let total, _):
      broadcastScores[seat] += delta
      if total != broadcastScores[seat] {
        fail(step, "total \(total) is not the sum of the deltas, \(broadcastScores[seat])")
      }
    case .setFound(_, let slots, let cards, _):
      if !SetLogic.isSet(cards) { fail(step, "\(cards) credited as a set") }
      if slots.map({ replay.card(at: $0) }) != cards {
        fail(step, "the set's slots \(slots) do not hold \(cards)")
      }
      for card in cards {
        if credited.contains(card) { fail(step, "\(card) credited twice") }
        credited.insert(card)
        creditedCount += 1
      }
    case .notASet(_, let slots, let cards):
      if SetLogic.isSet(cards) { fail(step, "\(cards) judged not a set") }
      if slots.map({ replay.card(at: $0) }) != cards {
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
    if places != 81 || seen.count != 81 { fail(step, "\(seen.count) cards in \(places) places, not 81") }
    if match.scores != broadcastScores { fail(step, "scores \(match.scores), broadcast \(broadcastScores)") }
    let taken = match.taken.one + match.taken.two
    if taken.count != creditedCount || CardMask(taken) != credited {
      fail(step, "taken cards differ from the cards credited in events")
    }
    if replay != match.table {
      fail(step, "the table rebuilt from events differs from the match's")
    }
    if broadcastDeck != match.deck.count { fail(step, "deck \(match.deck.count), broadcast \(broadcastDeck)") }
    let shouldEnd = match.deck.isEmpty && !match.table.hasSet
    switch match.phase {
    case .over(let result):
      if result.ending == .completed {
        if !shouldEnd { fail(step, "the game ended with cards to play") }
        if result.sets.values.reduce(0, +) * 3 + match.table.slotCount != 81 {
          fail(step, "sets \(result.sets) and \(match.table.slotCount) cards on the table do not make 81")
        }
      }
      if result.scores != match.scores { fail(step, "result scores \(result.scores), match \(match.scores)") }
      if result.sets != match.taken.map({ $0.count / 3 }) { fail(step, "result sets \(result.sets)") }
    case .open, .window, .paused:
      if shouldEnd { fail(step, "the deck is empty with no set on the table, yet the game goes on") }
    case .waiting:
      fail(step, "back to waiting after the game started")
    }
  }
}
