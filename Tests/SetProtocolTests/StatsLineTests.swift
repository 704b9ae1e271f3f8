import SetCore
import Testing

@testable import SetProtocol

/// The players' history on the wire: `STATS`, `TOP`, the `STAT` line, `RATED` and their replies.
@Suite("Stats lines")
struct StatsLineTests {
  static let figures = PlayerFigures(
    name: "ann", isBot: false, rating: 1662, deviation: 290, games: 3, wins: 2, losses: 1, ties: 0, forfeits: 1,
    sets: 14, wrongPicks: 2, expiredClaims: 1, needlessDeals: 0, medianFindTime: 4200, fastestFindTime: nil)

  @Test("STATS takes an optional name; TOP an optional count from 1 to 100")
  func requests() {
    #expect(Request.parse("stats")?.command == .success(.stats(nil)))
    #expect(Request.parse("STATS Bob")?.command == .success(.stats("Bob")))
    #expect(Request.parse("TOP")?.command == .success(.top(10)))
    #expect(Request.parse("top 3")?.command == .success(.top(3)))
    #expect(Request.parse("TOP 100")?.command == .success(.top(100)))
    for bad in ["TOP 0", "TOP 101", "TOP -1", "TOP x", "TOP 1 2", "TOP 0000000000000000000003"] {
      guard case .failure(let error)? = Request.parse(bad)?.command else {
        Issue.record("\(bad) was accepted")
        continue
      }
      #expect(error.code == .badArgument, "\(bad)")
    }
    guard case .failure(let error)? = Request.parse("STATS b@d")?.command else {
      Issue.record("a bad name was accepted")
      return
    }
    #expect(error.code == .badName)
  }

  @Test("the STAT line, OK STATS, OK TOP and RATED go over the wire and back")
  func roundTrips() {
    let stat = ServerLine.stat(Self.figures)
    #expect(stat.line == "STAT ann 0 1662 290 3 2 1 0 1 14 2 1 0 4200 -")
    #expect(ServerLine.decode(stat.line) == stat)
    #expect(ServerLine.decode(stat.line + " later fields") == stat)
    #expect(ServerLine.decode("STAT ann 2 1662 290 3 2 1 0 1 14 2 1 0 4200 -") == nil)
    let rated = ServerEvent.rated(game: 2, before: [1500, 1500], after: [1662, 1338])
    #expect(EventCodec.encode(rated, seq: 9) == "RATED 9 2 1500 1662 1500 1338")
    #expect(EventCodec.decode("RATED 9 2 1500 1662 1500 1338")?.event == rated)
    for reply in [Reply(id: "s", .ok(.stats)), Reply(id: nil, .ok(.top(count: 4)))] {
      #expect(Reply.decode(reply.line) == reply, "\(reply.line)")
    }
    #expect(
      HumanText.sentence(for: rated, names: ["ann", "bob"])
        == "Ratings: ann 1500 -> 1662 (+162), bob 1500 -> 1338 (-162).")
  }
}
