import SetCore
import Testing

/// The rules of asking for cards and of the end of a game.
@Suite("Match rules: deals and the end of a game")
struct DealRuleTests {
  /// A seed whose opening table holds a set.
  static let seedWithSet = seed { SetFinder.any(in: $0) }
  /// A seed whose opening table holds no set.
  static let seedWithoutSet = seed { !SetFinder.any(in: $0) }

  @Test("asking for cards with a set on the table costs the asker 1, deals nothing, and gives the opponent 7.5 s alone")
  func needlessDeal() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let table = harness.match.table
    harness.wait(1_000)
    #expect(
      harness.apply(.deal, by: .one) == [
        .scoreChanged(.one, delta: -1, total: -1, reason: .needlessDeal),
        .windowOpened(window(.two, .needlessDeal, until: 8_500)),
      ])
    #expect(harness.match.table == table)
    #expect(harness.match.deck.count == 69)
    harness.refuse(.pick([Slot(0)]), by: .one, with: .notYourTurn)
    harness.refuse(.claim, by: .one, with: .notYourTurn)
    harness.refuse(.deal, by: .one, with: .notNow)
    harness.refuse(.deal, by: .two, with: .notNow)
  }

  @Test("the opponent's wrong pick after a needless deal costs nothing")
  func needlessDealWrongPickIsFree() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.deal, by: .one)
    let wrong = harness.notASet()
    let events = harness.apply(.pick(wrong), by: .two)
    #expect(Array(events.suffix(2)) == [.notASet(.two, wrong, harness.cards(at: wrong)), .openPlay])
    #expect(harness.match.scores == [-1, 0])
    #expect(harness.match.phase == .open)
  }

  @Test("the window after a needless deal running out costs nothing")
  func needlessDealWindowRunsOut() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.deal, by: .two)
    #expect(harness.advance(by: 7_499).isEmpty)
    #expect(harness.advance(by: 1) == [.windowExpired(window(.one, .needlessDeal, until: 7_500)), .openPlay])
    #expect(harness.match.scores == [0, -1])
  }

  @Test("the opponent's set after a needless deal scores")
  func needlessDealSetScores() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.deal, by: .one)
    harness.apply(.pick(harness.aSet()), by: .two)
    #expect(harness.match.scores == [-1, 1])
  }

  @Test("asking for cards with no set on the table deals three into new slots, at no cost")
  func neededDeal() {
    var harness = MatchHarness(seed: Self.seedWithoutSet)
    #expect(harness.match.phase == .open)
    let opening = harness.match.table.cards
    let next = Array(harness.match.deck.cards.prefix(3))
    #expect(harness.apply(.deal, by: .two) == [.tableChanged(dealChange(from: 12, next), deck: 66)])
    #expect(harness.match.table.cards == opening + next)
    #expect(harness.match.scores == [0, 0])
    #expect(harness.match.phase == .open)
  }

  @Test("a set taken from more than 12 cards closes the table up instead of refilling it")
  func setFromFifteenClosesUp() throws {
    var harness = MatchHarness(seed: Self.seedWithoutSet)
    harness.apply(.deal, by: .two)
    // 15 cards; 12 of them hold no set, so every set uses a new card.
    let set = harness.aSet()
    #expect(set.contains { $0.index >= 12 })
    let before = harness.match.table.cards
    let events = harness.apply(.pick(set), by: .one)
    guard case .tableChanged(let change, let deck) = events[events.count - 2] else {
      Issue.record("no table change in \(events)")
      return
    }
    #expect(deck == 66)
    #expect(change.filled.isEmpty)
    #expect(change.slotCount == 12)
    #expect(change.moved.count == set.filter { $0.index < 12 }.count)
    var replay = Table(cards: before)
    try replay.apply(change)
    #expect(replay.cards == harness.match.table.cards)
    #expect(harness.match.deck.count == 66)
  }

  @Test("asking for cards when the deck is empty is refused, with no penalty")
  func dealWithEmptyDeckRefused() {
    for seed in UInt64(1)...20 {
      var harness = MatchHarness(seed: seed)
      harness.playUntilDeckIsEmpty()
      guard harness.match.phase == .open else { continue }
      #expect(harness.match.deck.isEmpty && harness.match.table.hasSet)
      harness.refuse(.deal, by: .one, with: .deckEmpty)
      harness.refuse(.deal, by: .two, with: .deckEmpty)
      return
    }
    Issue.record("no seed left a set on the table with the deck empty")
  }

  @Test("the game goes on while the deck has cards, and ends when it is empty and no set is on the table")
  func gameEndsWhenDeckEmptyAndNoSet() {
    var harness = MatchHarness(seed: Self.seedWithoutSet)
    var next = Seat.one
    var sets = 0
    while harness.match.phase == .open {
      #expect(harness.match.table.hasSet || !harness.match.deck.isEmpty)
      if harness.match.table.hasSet {
        harness.apply(.pick(harness.aSet()), by: next)
        next = next.opponent
        sets += 1
      } else {
        harness.apply(.deal, by: next)
      }
    }
    guard case .over(let result) = harness.match.phase else {
      Issue.record("the game did not end: \(harness.match.phase)")
      return
    }
    #expect(harness.match.deck.isEmpty)
    #expect(!harness.match.table.hasSet)
    #expect(result.ending == .completed)
    #expect(result.sets == [(sets + 1) / 2, sets / 2])
    #expect(result.scores == result.sets)
    #expect(result.winner == (sets % 2 == 1 ? .one : nil))
    #expect(sets * 3 + harness.match.table.slotCount == 81)
    #expect(harness.match.results == [result])
    harness.refuse(.claim, by: .one, with: .gameOver)
    harness.refuse(.pick([Slot(0)]), by: .two, with: .gameOver)
    harness.refuse(.deal, by: .two, with: .gameOver)
  }

  @Test("the most points win, not the most sets")
  func mostPointsWin() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    for _ in 0..<30 {
      harness.apply(.deal, by: .one)
      harness.advance(by: 7_500)
    }
    #expect(harness.match.scores == [-30, 0])
    while harness.match.phase == .open {
      if harness.match.table.hasSet {
        harness.apply(.pick(harness.aSet()), by: .one)
      } else {
        harness.apply(.deal, by: .one)
      }
    }
    guard case .over(let result) = harness.match.phase else {
      Issue.record("the game did not end")
      return
    }
    #expect(result.sets.one > 0 && result.sets.two == 0)
    #expect(result.scores == [result.sets.one - 30, 0])
    #expect(result.winner == .two)
  }

  @Test("equal points at the end are a tie")
  func tie() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    var next = harness.playUntilDeckIsEmpty()
    while harness.match.phase == .open, harness.match.table.sets().count > 1 {
      harness.apply(.pick(harness.aSet()), by: next)
      next = next.opponent
    }
    guard harness.match.phase == .open else {
      Issue.record("the game ended before the last set")
      return
    }
    // One set left; points differ by at most one. Make them equal after the last set.
    let scores = harness.match.scores
    var taker: Seat = scores.one < scores.two ? .one : .two
    if scores.one == scores.two {
      taker = .one
      harness.apply(.claim, by: .one)
      harness.advance(by: 5_000)  // -1 for the claim running out
      harness.advance(by: 10_000)  // the passed turn runs out
    }
    harness.apply(.pick(harness.aSet()), by: taker)
    guard case .over(let result) = harness.match.phase else {
      Issue.record("the game did not end")
      return
    }
    #expect(result.scores.one == result.scores.two)
    #expect(result.winner == nil)
    #expect(result.ending == .completed)
  }
}
