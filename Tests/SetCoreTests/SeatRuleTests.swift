import SetCore
import Testing

/// The rules of seats: joining, leaving, pausing, forfeits and rematches.
@Suite("Match rules: seats, pauses, forfeits and rematches")
struct SeatRuleTests {
  static let seedWithSet = seed { SetFinder.any(in: $0) }

  @Test("before the game a player may leave and come back; nothing is forfeited")
  func leaveBeforeTheGame() {
    var harness = MatchHarness(unseated: 9)
    harness.apply(.join, by: .one)
    harness.refuse(.join, by: .one, with: .alreadyPresent)
    harness.refuse(.leave, by: .two, with: .absent)
    harness.refuse(.claim, by: .one, with: .notStarted)
    harness.refuse(.deal, by: .one, with: .notStarted)
    harness.refuse(.rematch, by: .one, with: .notOver)
    #expect(harness.apply(.leave, by: .one) == [.left(.one, forfeitAt: nil)])
    #expect(harness.match.deadline == nil)
    #expect(harness.apply(.join, by: .one) == [.joined(.one)])
    #expect(harness.match.phase == .waiting)
  }

  @Test("a player leaving during a window pauses it: no window runs, and it resumes with the time it had left")
  func leavingPausesTheWindow() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.wait(1_000)
    harness.apply(.claim, by: .one)  // runs out at 6,000
    harness.apply(.pick([Slot(2)]), by: .one)
    harness.wait(2_000)
    #expect(harness.apply(.leave, by: .two) == [.left(.two, forfeitAt: Instant(milliseconds: 63_000))])
    #expect(harness.match.deadline == Instant(milliseconds: 63_000))
    // Long past the window's own deadline, nothing happens.
    #expect(harness.advance(to: Instant(milliseconds: 30_000)).isEmpty)
    harness.refuse(.pick([Slot(3)]), by: .one, with: .paused)
    harness.refuse(.unpick(Slot(2)), by: .one, with: .paused)
    harness.refuse(.claim, by: .two, with: .paused)
    harness.refuse(.deal, by: .one, with: .paused)
    harness.refuse(.leave, by: .two, with: .absent)
    harness.refuse(.join, by: .one, with: .alreadyPresent)
    // Back at 40,000: the 3,000 ms the window had left run from now.
    harness.advance(to: Instant(milliseconds: 40_000))
    let resumed = window(.one, .claim, until: 43_000)
    #expect(harness.apply(.join, by: .two) == [.returned(.two), .resumed(resumed)])
    #expect(harness.match.deadline == resumed.deadline)
    #expect(harness.match.selection == [Slot(2)])
    #expect(harness.advance(to: Instant(milliseconds: 42_999)).isEmpty)
    let events = harness.advance(to: Instant(milliseconds: 43_000))
    #expect(events.first == .windowExpired(resumed))
    #expect(harness.match.scores == [-1, 0])
  }

  @Test("a player leaving in open play pauses it; returning resumes open play")
  func leavingPausesOpenPlay() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.wait(500)
    harness.apply(.leave, by: .one)
    harness.refuse(.claim, by: .two, with: .paused)
    harness.wait(10_000)
    #expect(harness.apply(.join, by: .one) == [.returned(.one), .resumed(nil)])
    #expect(harness.match.phase == .open)
    #expect(harness.match.deadline == nil)
  }

  @Test("staying away past the grace forfeits the game to the opponent")
  func graceExpiryForfeits() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.pick(harness.aSet()), by: .two)
    harness.wait(1_000)
    harness.apply(.leave, by: .two)
    #expect(harness.advance(to: Instant(milliseconds: 60_999)).isEmpty)
    let result = gameResult(game: 1, scores: [0, 1], sets: [0, 1], winner: .one, ending: .forfeit(.two))
    #expect(harness.advance(to: Instant(milliseconds: 61_000)) == [.gameOver(result)])
    #expect(harness.match.phase == .over(result))
    #expect(harness.match.results == [result])
    #expect(harness.match.deadline == nil)
  }

  @Test("coming back just before the grace runs out saves the seat")
  func returningInTime() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.leave, by: .one)
    harness.advance(to: Instant(milliseconds: 59_999))
    harness.apply(.join, by: .one)
    #expect(harness.advance(to: Instant(milliseconds: 120_000)).isEmpty)
    #expect(harness.match.phase == .open)
  }

  @Test("with both away, each seat has its own grace: the first to run out forfeits")
  func bothAway() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.claim, by: .two)
    harness.apply(.leave, by: .one)  // forfeit at 60,000
    harness.wait(10_000)
    #expect(harness.apply(.leave, by: .two) == [.left(.two, forfeitAt: Instant(milliseconds: 70_000))])
    harness.wait(10_000)
    #expect(harness.apply(.join, by: .one) == [.returned(.one)])
    #expect(harness.match.deadline == Instant(milliseconds: 70_000))
    #expect(harness.advance(to: Instant(milliseconds: 69_999)).isEmpty)
    let events = harness.advance(to: Instant(milliseconds: 70_000))
    #expect(
      events == [.gameOver(gameResult(game: 1, scores: [0, 0], sets: [0, 0], winner: .one, ending: .forfeit(.two)))])
  }

  @Test("with both away until both graces pass, the first to leave forfeits")
  func bothAwayTooLong() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.wait(100)
    harness.apply(.leave, by: .two)
    harness.wait(100)
    harness.apply(.leave, by: .one)
    let events = harness.advance(to: Instant(milliseconds: 500_000))
    #expect(events.count == 1)
    guard case .gameOver(let result) = events.first else {
      Issue.record("no forfeit: \(events)")
      return
    }
    #expect(result.ending == .forfeit(.two))
    #expect(result.winner == .one)
  }

  /// A match whose first game seat two forfeited, with seat two back at the table.
  static func afterForfeit() -> MatchHarness {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.leave, by: .two)
    harness.advance(by: 60_000)
    harness.apply(.join, by: .two)
    return harness
  }

  @Test("a rematch starts only when both players asked for it")
  func rematchNeedsBoth() {
    var harness = Self.afterForfeit()
    let firstTable = harness.match.table.cards
    #expect(harness.apply(.rematch, by: .one) == [.rematchAsked(.one)])
    #expect(harness.match.rematchAsked == [true, false])
    #expect(harness.match.game == 1)
    harness.refuse(.rematch, by: .one, with: .alreadyAsked)
    let events = harness.apply(.rematch, by: .two)
    #expect(events.count == 2)
    #expect(events.first == .rematchAsked(.two))
    guard case .gameStarted(game: 2, let table, deck: 69) = events.last else {
      Issue.record("no second game: \(events)")
      return
    }
    #expect(table != firstTable)
    #expect(harness.match.table.cards == table)
    #expect(harness.match.scores == [0, 0])
    #expect(harness.match.taken == [[], []])
    #expect(harness.match.rematchAsked == [false, false])
    #expect(harness.match.phase == .open)
    #expect(harness.match.results.count == 1)
    harness.refuse(.rematch, by: .one, with: .notOver)
  }

  @Test("leaving after asking for a rematch takes the request back")
  func leavingWithdrawsRematch() {
    var harness = Self.afterForfeit()
    harness.apply(.rematch, by: .one)
    #expect(harness.apply(.leave, by: .one) == [.left(.one, forfeitAt: nil)])
    harness.apply(.join, by: .one)
    #expect(harness.apply(.rematch, by: .two) == [.rematchAsked(.two)])
    #expect(harness.match.game == 1)
  }

  @Test("a seat taken afresh after a game makes a new pair: a fresh table, whose first game starts once both sit")
  func freedSeatStartsTheNewPairsGame() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.leave, by: .two)
    harness.advance(by: 60_000)
    harness.apply(.leave, by: .one)
    #expect(harness.apply(.takeFreedSeat, by: .one) == [.joined(.one)])
    #expect(harness.match.phase == .waiting)
    #expect(harness.match.table.cards.isEmpty && harness.match.scores == [0, 0])
    let events = harness.apply(.takeFreedSeat, by: .two)
    guard case .gameStarted(game: 2, _, deck: 69) = events.last, events.first == .joined(.two) else {
      Issue.record("no second game: \(events)")
      return
    }
    #expect(harness.match.phase == .open)
    #expect(harness.match.results.count == 1)
  }

  @Test("a player who is away cannot ask for a rematch, so no game starts with an empty seat")
  func absentPlayerCannotAskForRematch() {
    var harness = MatchHarness(seed: Self.seedWithSet)
    harness.apply(.leave, by: .two)
    harness.advance(by: 60_000)
    harness.apply(.rematch, by: .one)
    harness.refuse(.rematch, by: .two, with: .absent)
    #expect(harness.match.game == 1)
  }
}
