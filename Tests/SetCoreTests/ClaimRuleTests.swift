import SetCore
import Testing

// Past 300 lines because it holds one test for each rule of claiming and picking, and they read best
// side by side.

/// The rules of calling Set and picking, driven on a clock the tests move.
@Suite("Match rules: claims, picks and windows")
struct ClaimRuleTests {
  /// A seed whose opening table holds a set.
  static let seedWithSet = seed { SetFinder.any(in: $0) }

  @Test("seating both players starts game 1 with 12 cards on the table and 69 in the deck")
  func bothSeatedStartsTheGame() {
    var harness = MatchHarness(unseated: Self.seedWithSet)
    #expect(harness.apply(.join, by: .two) == [.joined(.two)])
    #expect(harness.match.phase == .waiting)
    let events = harness.apply(.join, by: .one)
    let table = openingTable(seed: Self.seedWithSet)
    #expect(events == [.joined(.one), .gameStarted(game: 1, table: table, deck: 69)])
    #expect(harness.match.phase == .open)
    #expect(harness.match.table.cards == table)
    #expect(harness.match.scores == [0, 0])
  }

  @Test("the first claim wins the lock for the claim window; the second claimer is refused")
  func firstClaimWinsTheLock() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.wait(1_000)
    let window = window(.two, .claim, until: 6_000)
    #expect(harness.apply(.claim, by: .two) == [.windowOpened(window)])
    #expect(harness.match.phase == .window(window))
    #expect(harness.match.deadline == window.deadline)
    harness.refuse(.claim, by: .one, with: .notYourTurn)
    harness.refuse(.claim, by: .two, with: .alreadyHolding)
  }

  @Test("only the claimer may pick or unpick")
  func claimerAlonePicks() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.claim, by: .one)
    harness.refuse(.pick([Slot(0)]), by: .two, with: .notYourTurn)
    #expect(harness.apply(.pick([Slot(0)]), by: .one) == [.picked(.one, Slot(0))])
    harness.refuse(.unpick(Slot(0)), by: .two, with: .notYourTurn)
    harness.refuse(.pick([Slot(1)]), by: .two, with: .notYourTurn)
    #expect(harness.match.selection == [Slot(0)])
  }

  @Test("a valid set scores +1, takes the cards, refills the same slots from the deck and opens play")
  func validSetScoresAndRefills() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let set = harness.aSet()
    let taken = harness.cards(at: set)
    let deckTop = Array(harness.match.deck.cards.prefix(3))
    harness.apply(.claim, by: .one)
    harness.wait(2_000)
    harness.apply(.pick([set[0]]), by: .one)
    harness.apply(.pick([set[1]]), by: .one)
    let events = harness.apply(.pick([set[2]]), by: .one)
    let change = refillChange(set, with: deckTop, slotCount: 12)
    #expect(
      events == [
        .picked(.one, set[2]), .setFound(.one, set, taken, findMs: 0),
        .scoreChanged(.one, delta: 1, total: 1, reason: .setFound),
        .tableChanged(change, deck: 66), .openPlay,
      ])
    #expect(harness.match.scores == [1, 0])
    #expect(harness.match.taken == [taken, []])
    #expect(harness.cards(at: set) == deckTop)
    #expect(harness.match.table.slotCount == 12)
    #expect(harness.match.deck.count == 66)
    #expect(harness.match.phase == .open)
    #expect(harness.match.selection.isEmpty)
    #expect(harness.match.deadline == nil)
  }

  @Test("a wrong pick in a claim costs 1 and passes the turn to the opponent with a 10 s window")
  func wrongPickInClaimPassesTheTurn() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let table = harness.match.table
    let wrong = harness.notASet()
    harness.wait(500)
    harness.apply(.claim, by: .one)
    harness.wait(1_500)
    let events = harness.apply(.pick(wrong), by: .one)
    let passed = window(.two, .passedTurn, until: 12_000)
    #expect(
      events == [
        .picked(.one, wrong[0]), .picked(.one, wrong[1]), .picked(.one, wrong[2]),
        .notASet(.one, wrong, harness.cards(at: wrong)),
        .scoreChanged(.one, delta: -1, total: -1, reason: .wrongPick), .windowOpened(passed),
      ])
    #expect(harness.match.phase == .window(passed))
    #expect(harness.match.table == table)
    #expect(harness.match.selection.isEmpty)
    harness.refuse(.pick([Slot(0)]), by: .one, with: .notYourTurn)
    harness.refuse(.claim, by: .one, with: .notYourTurn)
  }

  @Test("a claim window running out costs 1 and passes the turn with a 10 s window")
  func claimRunningOutPassesTheTurn() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.claim, by: .one)
    harness.apply(.pick([Slot(3)]), by: .one)
    let claim = harness.window!
    #expect(harness.advance(by: 4_999).isEmpty)
    #expect(harness.match.selection == [Slot(3)])
    let events = harness.advance(by: 1)
    let passed = window(.two, .passedTurn, until: 15_000)
    #expect(
      events == [
        .windowExpired(claim), .scoreChanged(.one, delta: -1, total: -1, reason: .claimExpired),
        .windowOpened(passed),
      ])
    #expect(harness.match.selection.isEmpty)
    #expect(harness.match.deadline == passed.deadline)
  }

  @Test("in a passed turn a wrong pick costs 1 and play opens")
  func wrongPickInPassedTurn() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let wrong = harness.notASet()
    harness.apply(.pick(wrong), by: .one)
    let events = harness.apply(.pick(wrong), by: .two)
    #expect(
      Array(events.suffix(3)) == [
        .notASet(.two, wrong, harness.cards(at: wrong)),
        .scoreChanged(.two, delta: -1, total: -1, reason: .wrongPick), .openPlay,
      ])
    #expect(harness.match.scores == [-1, -1])
    #expect(harness.match.phase == .open)
  }

  @Test("in a passed turn running out costs nothing and play opens")
  func passedTurnRunningOut() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.pick(harness.notASet()), by: .one)
    let passed = harness.window!
    #expect(passed.kind == .passedTurn && passed.holder == .two)
    harness.apply(.pick([Slot(0)]), by: .two)
    #expect(harness.advance(by: 9_999).isEmpty)
    #expect(harness.advance(by: 1) == [.windowExpired(passed), .openPlay])
    #expect(harness.match.scores == [-1, 0])
    #expect(harness.match.phase == .open)
    #expect(harness.match.selection.isEmpty)
  }

  @Test("in a passed turn a set scores for the holder")
  func setInPassedTurn() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.pick(harness.notASet()), by: .one)
    let set = harness.aSet()
    let events = harness.apply(.pick(set), by: .two)
    #expect(events.contains(.scoreChanged(.two, delta: 1, total: 1, reason: .setFound)))
    #expect(events.last == .openPlay)
    #expect(harness.match.scores == [-1, 1])
  }

  @Test("a pick in open play calls Set first")
  func pickInOpenPlayClaims() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.wait(250)
    let window = window(.two, .claim, until: 5_250)
    #expect(harness.apply(.pick([Slot(4)]), by: .two) == [.windowOpened(window), .picked(.two, Slot(4))])
    #expect(harness.match.phase == .window(window))
  }

  @Test("with pickClaims off, a pick in open play is refused until Set is called")
  func pickWithoutClaimRefused() {
    var rules = Rules()
    rules.pickClaims = false
    var harness = MatchHarness(seed: Self.seedWithSet, rules: rules)
    harness.refuse(.pick([Slot(4)]), by: .two, with: .claimFirst)
    harness.refuse(.pick(harness.aSet()), by: .one, with: .claimFirst)
    harness.apply(.claim, by: .two)
    #expect(harness.apply(.pick([Slot(4)]), by: .two) == [.picked(.two, Slot(4))])
  }

  @Test("three picks at once are judged at once")
  func threeAtOnce() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let set = harness.aSet()
    let cards = harness.cards(at: set)
    let events = harness.apply(.pick(set), by: .one)
    #expect(events.count == 8)
    #expect(events.first == .windowOpened(window(.one, .claim, until: 5_000)))
    #expect(Array(events[1...3]) == set.map { .picked(.one, $0) })
    #expect(events[4] == .setFound(.one, set, cards, findMs: 0))
    #expect(harness.match.scores == [1, 0])
  }

  @Test("two picks then one: the third selection is judged, in the order picked")
  func twoThenOne() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let set = harness.aSet()
    harness.apply(.pick([set[2], set[0]]), by: .one)
    #expect(harness.match.selection == [set[2], set[0]])
    let events = harness.apply(.pick([set[1]]), by: .one)
    let order = [set[2], set[0], set[1]]
    #expect(events[1] == .setFound(.one, order, harness.match.taken.one, findMs: 0))
    #expect(harness.match.taken.one == order.map { openingTable(seed: Self.seedWithSet)[$0.index] })
  }

  @Test("unpick takes back one selection; the rest stay, and picking goes on")
  func unpick() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let set = harness.aSet()
    let stray = harness.match.table.slots.first { !set.contains($0) }!
    harness.apply(.pick([set[0], stray]), by: .one)
    #expect(harness.apply(.unpick(stray), by: .one) == [.unpicked(.one, stray)])
    #expect(harness.match.selection == [set[0]])
    harness.refuse(.unpick(stray), by: .one, with: .notPicked(stray))
    let events = harness.apply(.pick([set[1], set[2]]), by: .one)
    #expect(events.contains(.scoreChanged(.one, delta: 1, total: 1, reason: .setFound)))
  }

  @Test("a pick that would make more than three selections, or names a slot twice, or none, is refused")
  func badPicks() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.refuse(.pick([]), by: .one, with: .badPick)
    harness.refuse(.pick([Slot(1), Slot(1)]), by: .one, with: .badPick)
    harness.refuse(.pick([Slot(0), Slot(1), Slot(2), Slot(3)]), by: .one, with: .badPick)
    harness.refuse(.pick([Slot(12)]), by: .one, with: .noSuchSlot(Slot(12)))
    harness.apply(.pick([Slot(0), Slot(1)]), by: .one)
    harness.refuse(.pick([Slot(2), Slot(3)]), by: .one, with: .badPick)
    harness.refuse(.pick([Slot(1)]), by: .one, with: .alreadyPicked(Slot(1)))
    harness.refuse(.pick([Slot(20)]), by: .one, with: .noSuchSlot(Slot(20)))
  }

  @Test("a shorter claim window keeps the passed turn twice and the needless-deal window 1.5 times as long")
  func windowLengths() {
    let rules = Rules(claimWindow: 4_000)
    #expect((rules.claimWindow, rules.passedTurnWindow, rules.needlessDealWindow) == (4_000, 8_000, 6_000))
    let standard = Rules()
    #expect((standard.claimWindow, standard.passedTurnWindow, standard.needlessDealWindow) == (5_000, 10_000, 7_500))
    var harness = MatchHarness(seed: Self.seedWithSet, rules: rules)
    harness.apply(.claim, by: .one)
    #expect(harness.match.deadline == Instant(milliseconds: 4_000))
    harness.advance(by: 4_000)
    #expect(harness.window == window(.two, .passedTurn, until: 12_000))
  }

  @Test("advancing the clock early does nothing")
  func earlyAdvanceDoesNothing() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    #expect(harness.advance(by: 100_000).isEmpty)
    harness.apply(.claim, by: .one)
    let before = harness.match
    #expect(harness.advance(by: 4_999).isEmpty)
    #expect(harness.match == before)
  }

  // MARK: - Commands after a deadline, before any timer fired

  @Test("a pick 1 ms after its claim window is too late: the window runs out first, then the pick is judged")
  func pickAfterItsWindowIsTooLate() throws {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let set = harness.aSet()
    harness.apply(.claim, by: .one)
    harness.apply(.pick([set[0]]), by: .one)
    let claim = harness.window!
    harness.wait(5_001)
    let passed = window(.two, .passedTurn, until: 15_001)
    let due: [MatchEvent] = [
      .windowExpired(claim), .scoreChanged(.one, delta: -1, total: -1, reason: .claimExpired), .windowOpened(passed),
    ]
    // The refusal is true of the state after the window ran out: the turn is the opponent's now.
    #expect(harness.refuse(.pick([set[1], set[2]]), by: .one, with: .notYourTurn) == due)
    #expect(harness.match.phase == .window(passed))
    #expect(harness.match.selection.isEmpty)
    #expect(harness.match.scores == [-1, 0])
    // What was due is not handled twice: the timer firing late finds nothing to do.
    #expect(harness.match.advance(to: harness.now).events.isEmpty)
  }

  @Test("a command exactly at the deadline is too late, and a carried-out one lists the due events first")
  func commandAtTheDeadlineFollowsWhatWasDue() throws {
    var harness = MatchHarness(seed: Self.seedWithSet)
    let set = harness.aSet()
    harness.apply(.claim, by: .one)
    let claim = harness.window!
    harness.wait(5_000)
    let outcome = try harness.match.apply(.pick(set), by: .two, at: harness.now)
    let passed = window(.two, .passedTurn, until: 15_000)
    #expect(
      Array(outcome.due) == [
        .windowExpired(claim), .scoreChanged(.one, delta: -1, total: -1, reason: .claimExpired),
        .windowOpened(passed),
      ])
    #expect(outcome.caused.first == .picked(.two, set[0]))
    #expect(outcome.caused.contains(.scoreChanged(.two, delta: 1, total: 1, reason: .setFound)))
    #expect(harness.match.scores == [-1, 1])
    #expect(harness.match.phase == .open)
  }

  @Test("a deal after a passed-turn window ran out is judged in the open play that follows")
  func dealAfterAPassedTurnWindow() throws {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.pick(harness.notASet()), by: .one)
    let passed = harness.window!
    #expect(passed == window(.two, .passedTurn, until: 10_000))
    harness.wait(9_999)
    harness.refuse(.deal, by: .one, with: .notNow)
    harness.wait(2)
    // A set is on the table, so the deal is needless: it costs 1 and gives the opponent the window.
    let outcome = try harness.match.apply(.deal, by: .one, at: harness.now)
    #expect(
      outcome.events == [
        .windowExpired(passed), .openPlay,
        .scoreChanged(.one, delta: -1, total: -2, reason: .needlessDeal),
        .windowOpened(window(.two, .needlessDeal, until: 17_501)),
      ])
    #expect(outcome.dueCount == 2)
    #expect(outcome.deadline == Instant(milliseconds: 17_501))
  }

  @Test("a command during a pause after a forfeit time finds the game over by forfeit")
  func commandAfterAForfeitTime() throws {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.wait(1_000)
    harness.apply(.leave, by: .one)  // forfeited at 61,000
    harness.wait(59_999)
    harness.refuse(.claim, by: .two, with: .paused)
    harness.wait(1)
    var returning = harness.match
    let result = gameResult(game: 1, scores: [0, 0], sets: [0, 0], winner: .two, ending: .forfeit(.one))
    // Refused for what is true after the forfeit (the game is over), not for the pause that was.
    #expect(harness.refuse(.claim, by: .two, with: .gameOver) == [.gameOver(result)])
    #expect(harness.match.phase == .over(result))
    #expect(harness.match.results == [result])
    // The player coming back too late rejoins a finished match: the forfeit stands.
    let back = try returning.apply(.join, by: .one, at: harness.now)
    #expect(back.events == [.gameOver(result), .joined(.one)])
    #expect(back.dueCount == 1)
    #expect(returning.phase == .over(result))
  }
}
