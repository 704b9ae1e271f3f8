import Testing

@testable import SetCore

@Suite("The daily puzzle")
struct DailyPuzzleTests {
  private func day(_ text: String) throws -> DailyPuzzle.Day { try #require(DailyPuzzle.Day(text)) }

  @Test("every day from 2000 to 2040 has twelve distinct cards holding exactly six sets")
  func sixSetsEveryDay() throws {
    var boards: Set<[Card]> = []
    var days = 0
    for year in 2000...2040 {
      for month in 1...12 {
        for date in 1...31 {
          guard let day = DailyPuzzle.Day(year: year, month: month, day: date) else { continue }
          let puzzle = DailyPuzzle(day: day)
          #expect(puzzle.cards.count == 12 && Set(puzzle.cards).count == 12, "\(day)")
          #expect(SetFinder.count(in: puzzle.cards) == 6, "\(day)")
          boards.insert(puzzle.cards)
          days += 1
        }
      }
    }
    #expect(days == 14_976)
    #expect(boards.count == days, "two days share a board")
  }

  @Test("a date's board is derived from the date alone: the same in every run and on every machine")
  func sameForEveryone() throws {
    let first = DailyPuzzle(day: try day("2026-12-01"))
    #expect(first == DailyPuzzle(day: try day("2026-12-01")))
    // Pinned: a change to the generator or the shuffle would give people different boards.
    #expect(
      first.cards.map(\.description).joined(separator: " ")
        == "1RSS 3POS 2PTS 1GTS 3PTD 2POD 2GOO 1PTS 3GTO 2PSS 1ROD 2GTS")
  }

  @Test("dates are read as YYYY-MM-DD and must exist")
  func dates() throws {
    #expect(try day("2024-02-29").description == "2024-02-29")
    #expect(try day("0999-01-09").description == "0999-01-09")
    for bad in ["2025-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-01-01", "", "x"]
    {
      #expect(DailyPuzzle.Day(bad) == nil, "\(bad)")
    }
  }

  @Test("picks: a set, the same set again, not a set with its reason, a bad pick; solved after six")
  func picks() throws {
    var puzzle = DailyPuzzle(day: try day("2026-12-01"))
    let table = Table(cards: puzzle.cards)
    let sets = table.sets()
    #expect(sets.count == 6)
    let wrong = try #require(
      [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]].map { $0.map(Slot.init) }.first { !sets.contains($0) })
    guard case .notASet(_, let broken) = puzzle.pick(wrong) else {
      Issue.record("a wrong pick was not refused")
      return
    }
    #expect(broken == SetLogic.broken(wrong.map { puzzle.cards[$0.index] }) && !broken.isEmpty)
    #expect(puzzle.pick([Slot(0), Slot(0), Slot(1)]) == .badPick)
    #expect(puzzle.pick([Slot(0), Slot(1)]) == .badPick)
    #expect(puzzle.pick([Slot(0), Slot(1), Slot(20)]) == .badPick)
    for (index, set) in sets.enumerated() {
      let cards = set.map { puzzle.cards[$0.index] }.sorted()
      #expect(puzzle.pick(set.reversed()) == .set(cards, found: index + 1))
      #expect(puzzle.pick(set) == .again(cards))
      #expect(puzzle.isSolved == (index == 5))
    }
  }
}
