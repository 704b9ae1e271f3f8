import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetStats
import SetTransport
import Testing

/// The host keeps the players' history from the values it records, never from their text read back;
/// folding the record file it wrote must give the same history, or a server's figures would change
/// on its next start.
@Suite("The host's live history and the record it wrote")
struct LiveHistoryTests {
  /// A whole game at human speed (times with fractions of a millisecond): sets found, wrong picks,
  /// claims run out and needless deals, until the game ends.
  static func playedGame() -> HostDriver {
    var driver = SeatedPair.driver()
    var ms: Int64 = 1_000
    func at(_ step: Int) -> Instant { Instant(nanoseconds: ms * 1_000_000 + Int64(step * 12_345 % 1_000_000)) }
    for step in 0..<600 {
      if case .over = driver.host.match.phase { break }
      let who = step % 2 == 0 ? SeatedPair.ann : SeatedPair.bob
      ms += 700 + Int64(step * 37 % 900)
      let table = driver.host.match.table
      switch step % 9 {
      case 3:
        // A claim left to run out, then the passed turn too.
        driver.send(ClientCommand.claim.line, from: who, at: at(step))
        ms += 16_000
        driver.advance(to: at(step))
      case 5:
        // Three cards that are not a set.
        let slots = table.cards.indices.map(Slot.init)
        let triples = slots.indices.flatMap { a in
          (a + 1..<slots.count).flatMap { b in (b + 1..<slots.count).map { [slots[a], slots[b], slots[$0]] } }
        }
        guard let wrong = triples.first(where: { !table.sets().contains($0) }) else { continue }
        driver.send(ClientCommand.claim.line, from: who, at: at(step))
        ms += 400
        driver.send(ClientCommand.pick(.slots(wrong)).line, from: who, at: at(step))
        ms += 11_000
        driver.advance(to: at(step))
      case 7:
        // A deal asked for while a set is on the table, and its window left to run out.
        driver.send(ClientCommand.deal.line, from: who, at: at(step))
        ms += 8_000
        driver.advance(to: at(step))
      default:
        guard let set = table.sets().first else {
          driver.send(ClientCommand.deal.line, from: who, at: at(step))
          continue
        }
        driver.send(ClientCommand.claim.line, from: who, at: at(step))
        ms += 300 + Int64(step % 4) * 100
        driver.send(ClientCommand.pick(.slots(set)).line, from: who, at: at(step))
      }
      driver.advance(to: at(step))
    }
    return driver
  }

  @Test("the history the host kept from the values it recorded equals the one folded from its record's text")
  func liveEqualsFolded() throws {
    let driver = Self.playedGame()
    let text = (GameRecord.header(seed: 7, rules: Rules()) + driver.records).joined(separator: "\n") + "\n"
    var folded = History()
    let warnings = try folded.fold(record: text)
    #expect(warnings.isEmpty)
    let live = driver.host.history
    #expect(folded.games == 1, "the game ended")
    #expect(live.players == folded.players)
    #expect(live.games == folded.games && live.records == folded.records)
    #expect(live.leaderboard() == folded.leaderboard())
    // Every kind of figure was exercised, and the record still replays.
    let figures = live.players.values
    #expect(figures.contains { $0.sets > 0 } && figures.contains { $0.wrongPicks > 0 })
    #expect(figures.contains { $0.expiredClaims > 0 } && figures.contains { $0.needlessDeals > 0 })
    #expect(text.contains { $0 == "." }, "times with fractions, as at human speed")
    #expect(try Replay(text: text).verify() > 0)
  }
}
