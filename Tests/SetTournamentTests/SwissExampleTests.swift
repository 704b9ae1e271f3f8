import SetBase
import SetTournament
import Testing

/// The five-player Swiss worked out by hand in the tournament notes: pairings, seats, byes and every
/// tie-break figure.
@Suite("Swiss: the worked five-player example, and equal points top half against bottom half")
struct SwissExampleTests {
  static func entrants(_ ratings: [(String, Int)]) -> [SwissEntrant] {
    ratings.enumerated().map { SwissEntrant(name: $0.element.0, rating: $0.element.1, lot: UInt64($0.offset)) }
  }

  static func pairs(_ round: SwissRound) -> [[String]] {
    round.games.map { [$0.seats.one, $0.seats.two] }
  }

  /// Sets the result of the game between `a` and `b`, whichever seats they have: `winner` nil for a tie.
  static func record(_ round: inout SwissRound, _ a: String, _ b: String, winner: String?) {
    let index = round.games.firstIndex { Set([$0.seats.one, $0.seats.two]) == Set([a, b]) }!
    let seats = round.games[index].seats
    round.games[index].result = winner == nil ? .tie : (winner == seats.one ? .seat1 : .seat2)
  }

  @Test("five players, three rounds, a bye each round, a withdrawal: pairings, seats, tie-breaks, order")
  func fivePlayers() throws {
    var book = SwissBook(entrants: Self.entrants([("A", 1900), ("B", 1800), ("C", 1700), ("D", 1600), ("E", 1500)]))
    var one = try #require(SwissPairer.pair(book: book, present: ["A", "B", "C", "D", "E"], number: 1))
    #expect(Self.pairs(one) == [["A", "C"], ["B", "D"]])
    #expect(one.bye == "E")
    Self.record(&one, "A", "C", winner: "A")
    Self.record(&one, "B", "D", winner: nil)
    book.rounds.append(one)

    var two = try #require(SwissPairer.pair(book: book, present: ["A", "B", "C", "D", "E"], number: 2))
    // A and E lead on 1; A-E would leave B-D, a rematch; the bye goes to C, the only one on 0.
    #expect(Self.pairs(two) == [["A", "B"], ["E", "D"]])
    #expect(two.bye == "C")
    #expect(two.reasons.contains(.rematchAvoided(player: "B", wouldHavePlayed: "D", round: 1)))
    #expect(two.reasons.contains(.floated(player: "A", fromHalves: 2, opponent: "B", toHalves: 1, cause: .restOfRound)))
    Self.record(&two, "A", "B", winner: "B")
    Self.record(&two, "E", "D", winner: "E")
    book.rounds.append(two)

    book.entrants[3].active = false  // D withdraws
    var three = try #require(SwissPairer.pair(book: book, present: ["A", "B", "C", "E"], number: 3))
    // Forced: A-C, B-D and A-B were played. Seat 1 to whoever had it less often: E (once) before A
    // (twice), and C (never) before B (once).
    #expect(Self.pairs(three) == [["C", "B"], ["E", "A"]] || Self.pairs(three) == [["E", "A"], ["C", "B"]])
    #expect(three.bye == nil && three.absent == ["D"])
    Self.record(&three, "B", "C", winner: "B")
    Self.record(&three, "E", "A", winner: nil)
    book.rounds.append(three)

    // Points, Buchholz, Cut-1 in half-points, Sonneborn-Berger in quarters, as worked by hand.
    let expected: [String: (points: Int, adjusted: Int, buchholz: Int, cut: Int, sb: Int)] = [
      "A": (3, 3, 10, 9, 6), "B": (5, 5, 6, 5, 10), "C": (2, 1, 10, 8, 2), "D": (1, 2, 10, 9, 6),
      "E": (5, 4, 10, 8, 12),
    ]
    for (name, figures) in expected {
      let tieBreaks = book.tieBreaks(of: name)
      #expect(book.halves(of: name) == figures.points, "\(name)")
      #expect(book.adjustedHalves(of: name) == figures.adjusted, "\(name)")
      #expect(tieBreaks.buchholz == figures.buchholz, "\(name)")
      #expect(tieBreaks.buchholzCut1 == figures.cut, "\(name)")
      #expect(tieBreaks.sonnebornBerger == figures.sb, "\(name)")
    }
    #expect(book.standings().map(\.name) == ["E", "B", "A", "C", "D"])
    #expect(Points.text(quarters: book.tieBreaks(of: "D").sonnebornBerger) == "1.5")
  }

  @Test("eight players on equal points play 1-5, 2-6, 3-7, 4-8; four play 1-3, 2-4")
  func topHalfAgainstBottomHalf() throws {
    let eight = Self.entrants((1...8).map { ("p\($0)", 2000 - $0) })
    let round = try #require(SwissPairer.pair(book: SwissBook(entrants: eight), present: eight.map(\.name), number: 1))
    #expect(Self.pairs(round) == [["p1", "p5"], ["p2", "p6"], ["p3", "p7"], ["p4", "p8"]])
    let four = Self.entrants((1...4).map { ("p\($0)", 2000 - $0) })
    let small = try #require(SwissPairer.pair(book: SwissBook(entrants: four), present: four.map(\.name), number: 1))
    #expect(Self.pairs(small) == [["p1", "p3"], ["p2", "p4"]])
  }

  @Test("equal ratings are ranked by the lot drawn from the seed")
  func lotBreaksRatingTies() throws {
    let entrants = [("x", 1500, 9), ("y", 1500, 3), ("z", 1500, 5), ("w", 1500, 1)].map {
      SwissEntrant(name: $0.0, rating: $0.1, lot: UInt64($0.2))
    }
    let book = SwissBook(entrants: entrants)
    #expect(book.ranked(["x", "y", "z", "w"]) == ["w", "y", "z", "x"])
    let round = try #require(SwissPairer.pair(book: book, present: ["x", "y", "z", "w"], number: 1))
    #expect(Self.pairs(round) == [["w", "z"], ["y", "x"]])
  }
}
