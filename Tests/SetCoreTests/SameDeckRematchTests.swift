import Testing

@testable import SetCore

@Suite("A rematch on the same deck")
struct SameDeckRematchTests {
  /// A match whose first game ended by forfeit (seat 2 stayed away past the grace), both players back.
  static func afterGameOne(seed: UInt64) throws -> Match {
    var match = Match(seed: seed)
    _ = try match.apply(.join, by: .one, at: .zero)
    _ = try match.apply(.join, by: .two, at: .zero)
    _ = try match.apply(.leave, by: .two, at: Instant(milliseconds: 10))
    _ = match.advance(to: Instant(milliseconds: 10 + Rules().resumeGrace + 1))
    _ = try match.apply(.join, by: .two, at: Instant(milliseconds: 70_000))
    guard case .over = match.phase else { throw MatchError.notOver }
    return match
  }

  static func table(_ events: [MatchEvent]) -> [Card]? {
    for case .gameStarted(_, let table, _) in events { return table }
    return nil
  }

  @Test("both ask for the same deck: game 2 deals game 1's cards in game 1's order, and says so")
  func sameDeck() throws {
    for seed in UInt64(1)...20 {
      var match = try Self.afterGameOne(seed: seed)
      let first = try #require(match.results.first).game
      let original = Match(seed: seed)
      var fresh = original
      _ = try fresh.apply(.join, by: .one, at: .zero)
      let dealt = Self.table(try fresh.apply(.join, by: .two, at: .zero).events)
      let asked = try match.apply(.rematchSameDeck, by: .one, at: Instant(milliseconds: 70_001)).events
      #expect(asked == [.sameDeckAsked(.one)])
      let started = try match.apply(.rematchSameDeck, by: .two, at: Instant(milliseconds: 70_002)).events
      #expect(Self.table(started) == dealt, "seed \(seed)")
      #expect(match.game == 2 && match.sameDeckAs == first)
      #expect(match.deck.count == 69)
    }
  }

  @Test("one plain rematch: game 2 is dealt afresh, as it always was")
  func mixed() throws {
    var same = try Self.afterGameOne(seed: 5)
    var plain = try Self.afterGameOne(seed: 5)
    _ = try same.apply(.rematchSameDeck, by: .one, at: Instant(milliseconds: 70_001))
    let mixed = Self.table(try same.apply(.rematch, by: .two, at: Instant(milliseconds: 70_002)).events)
    _ = try plain.apply(.rematch, by: .one, at: Instant(milliseconds: 70_001))
    let usual = Self.table(try plain.apply(.rematch, by: .two, at: Instant(milliseconds: 70_002)).events)
    #expect(mixed == usual && same.sameDeckAs == nil)
    #expect(throws: MatchRefusal.self) { try same.apply(.rematchSameDeck, by: .one, at: Instant(milliseconds: 70_003)) }
  }
}
