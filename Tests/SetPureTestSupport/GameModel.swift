import SetCore
import SetProtocol

/// What one machine-mode connection knows of the game from the lines it received, kept the way a
/// client would keep it: the table from `START` and `DIFF`, each seat's score as the sum of the `SCORE`
/// deltas since `START`, and the cards each seat's sets took. Anything that contradicts what came
/// before (a gap in the event numbers, a total that is not the sum, a card credited twice) is noted.
package struct GameModel {
  /// The number of the last event seen, or of the state a `TABLE` line gave.
  package var lastSeq: Int?
  package var game = 0
  /// Whether this game's `START` was seen, so `taken` holds every set of the game.
  package var sawStart = false
  package var table = Table()
  package var deck = 0
  package var scores = PerSeat.repeating(0)
  package var taken = PerSeat<[Card]>.repeating([])
  package var over = false
  /// Every event word seen, counted.
  package var counts: [String: Int] = [:]
  package var problems: [String] = []
  /// A `TABLE` line set the starting point: the `PLAYER` lines after it give the scores.
  private var baselinePending = false

  package init() {}

  package mutating func read(_ line: String) {
    guard let decoded = ServerLine.decode(line) else { return }
    switch decoded {
    case .table(let seq, let deck, let cards, _):
      if lastSeq == nil {
        lastSeq = seq
        table = Table(cards: cards)
        self.deck = deck
        baselinePending = true
      } else if seq == lastSeq, table.cards != cards {
        problems.append("TABLE \(seq) differs from the table the events built")
      }
    case .player(let seat, _, let score, _, _):
      if baselinePending {
        scores[seat] = score
      } else if score != scores[seat] {
        problems.append("PLAYER \(seat.rawValue) has \(score), the SCORE lines add up to \(scores[seat])")
      }
    case .reply(let reply):
      // `OK STATE seq game ...` names the game, which a TABLE line does not.
      if case .ok(.state(let state)) = reply.kind, state.seq == lastSeq {
        let game = state.game
        if sawStart, game != self.game { problems.append("OK STATE says game \(game), the events \(self.game)") }
        self.game = game
      }
    case .event(let seq, let event):
      baselinePending = false
      if let last = lastSeq, seq != last + 1 { problems.append("event \(seq) came after \(last)") }
      lastSeq = seq
      let word = String(line.prefix { $0 != " " })
      counts[word, default: 0] += 1
      apply(event, seq: seq)
    default:
      break
    }
  }

  private mutating func apply(_ event: ServerEvent, seq: Int) {
    switch event {
    case .started(let game, let deck, let cards):
      self.game = game
      self.deck = deck
      table = Table(cards: cards)
      scores = PerSeat.repeating(0)
      taken = PerSeat.repeating([])
      sawStart = true
      over = false
    case .diff(let deck, let change):
      self.deck = deck
      do throws(TableMisfit) {
        try table.apply(change)
      } catch {
        problems.append("DIFF \(seq) does not fit the table: \(error)")
      }
    case .score(let seat, let delta, let total, _):
      scores[seat] += delta
      if scores[seat] != total {
        problems.append("SCORE \(seq): total \(total), but the deltas add up to \(scores[seat])")
      }
    case .setFound(let seat, let slots, let cards, _):
      for (slot, card) in zip(slots, cards) where table.card(at: slot) != card {
        problems.append("SET \(seq): \(slot.label) does not hold that card")
      }
      if !SetLogic.isSet(cards) { problems.append("SET \(seq): the cards are not a set") }
      for card in cards where taken.values.joined().contains(card) {
        problems.append("SET \(seq): card \(card.digits) was credited before")
      }
      taken[seat] += cards
    case .notASet(_, _, let cards):
      if SetLogic.isSet(cards) { problems.append("NOSET \(seq): the cards are a set") }
    case .over(let result):
      over = true
      if result.scores != scores { problems.append("OVER \(seq): scores \(result.scores), SCORE lines \(scores)") }
    default:
      break
    }
  }

  /// The cards on the table as the events left them.
  package var cards: [Card] { table.cards }

  /// Three slots that hold a set, if the table has one.
  package var someSet: [Slot]? {
    table.sets().first
  }

  /// Three slots that do not hold a set.
  package var someNonSet: [Slot]? {
    let cards = self.cards
    for i in 0..<cards.count {
      for j in (i + 1)..<cards.count {
        for k in (j + 1)..<cards.count where !SetLogic.isSet(cards[i], cards[j], cards[k]) {
          return [Slot(i), Slot(j), Slot(k)]
        }
      }
    }
    return nil
  }
}
