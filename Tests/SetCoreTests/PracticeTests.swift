import Testing

@testable import SetCore

@Suite("Practice alone at a table")
struct PracticeTests {
  @Test("a whole game, always taking the first set: every card dealt, a set on the table while the deck lasts")
  func wholeGame() {
    for seed in UInt64(1)...40 {
      var practice = Practice(seed: seed)
      var taken = 0
      while !practice.isOver {
        #expect(practice.table.hasSet, "seed \(seed): no set on the table with \(practice.deck.count) in the deck")
        let slots = practice.table.sets()[0]
        guard case .set(let cards) = practice.pick(slots) else {
          Issue.record("seed \(seed): a set from the finder was refused")
          return
        }
        #expect(SetLogic.isSet(cards))
        taken += 3
        #expect(practice.table.slotCount + practice.deck.count + taken == 81)
      }
      #expect(practice.deck.isEmpty && practice.found == taken / 3 && practice.wrongPicks == 0)
    }
  }

  @Test("hints come in stages, one card more each time, and start again on a new table")
  func hints() {
    var practice = Practice(seed: 3)
    let first = practice.hint()
    #expect(first.count == 1 && practice.hintStage == 1)
    let second = practice.hint()
    #expect(second.count == 2 && second[0] == first[0])
    let third = practice.hint()
    #expect(SetLogic.isSet(third))
    #expect(practice.hint() == third && practice.hints == 3, "the third stage is the last")
    let slots = third.compactMap { card in practice.table.cards.firstIndex(of: card).map(Slot.init) }
    #expect(practice.pick(slots) == .set(third.sorted()))
    #expect(practice.hintStage == 0)
  }

  @Test("a wrong pick says what broke it and changes nothing on the table; a bad pick is refused")
  func wrongPicks() throws {
    var practice = Practice(seed: 9)
    let before = practice.table
    let sets = practice.table.sets()
    let wrong = try #require(
      [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]].map { $0.map(Slot.init) }.first { !sets.contains($0) })
    guard case .notASet(let cards, let broken) = practice.pick(wrong) else {
      Issue.record("a wrong pick was taken")
      return
    }
    #expect(broken == SetLogic.broken(cards) && !broken.isEmpty)
    #expect(practice.pick([Slot(0), Slot(0), Slot(1)]) == .badPick)
    #expect(practice.pick([Slot(0), Slot(1), Slot(25)]) == .badPick)
    #expect(practice.table == before && practice.wrongPicks == 1)
    #expect(practice.setCount == SetFinder.count(in: practice.table.cards))
  }
}
