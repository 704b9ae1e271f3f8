import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// A seat that changes hands after a game: the table is ready for the new pair as a fresh table is,
/// their first game starts when both are seated, and the last result is only history.
@Suite("A new pair after a game")
struct NewPairTests {
  static let (ann, bob, cy, dee) = (ConnectionID(1), ConnectionID(2), ConnectionID(3), ConnectionID(4))

  /// ann and bob sat down; bob dropped and forfeited game 1.
  static func forfeited() -> HostDriver {
    var rules = Rules()
    rules.resumeGrace = 300
    var driver = HostDriver(seed: 7, rules: rules)
    for (id, name) in [(ann, "ann"), (bob, "bob")] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id, at: 0)
      driver.send("NAME \(name)", from: id, at: 0)
    }
    driver.disconnect(bob, at: Instant(milliseconds: 100))
    driver.advance(to: Instant(milliseconds: 500))
    return driver
  }

  @Test("after a forfeit, a new player sitting down starts game 2 at once; the record replays it")
  func newPlayerStartsAGame() throws {
    var driver = Self.forfeited()
    #expect(driver.host.match.results.count == 1)
    _ = driver.drain(Self.ann)
    driver.connect(Self.cy)
    driver.send("MODE MACHINE", from: Self.cy, at: 600)
    driver.send("NAME cy", from: Self.cy, at: 600)
    #expect(driver.host.match.game == 2 && driver.host.match.phase == .open)
    let lines = driver.drain(Self.ann)
    #expect(lines.first?.hasPrefix("JOINED ") == true && lines.first?.hasSuffix(" 2 cy") == true, "\(lines)")
    #expect(lines.dropFirst().first?.hasPrefix("START ") == true && lines.dropFirst().first?.contains(" 2 69 ") == true)
    #expect(driver.records.contains("cmd 600 2 JOIN FREED"), "\(driver.records)")
    let text = (GameRecord.header(seed: 7, rules: driver.host.match.rules) + driver.records).joined(separator: "\n")
    #expect(try Replay(text: text + "\n").verify() > 0)
    // The last result is history, under the names of those who played it.
    driver.send("HISTORY", from: Self.cy, at: 700)
    #expect(driver.drain(Self.cy).contains("RESULT 1 1 0 0 0 0 forfeit ann bob"))
  }

  @Test("when both left, the one who sits waits at a fresh table; the second to sit starts the game")
  func bothLeft() {
    var driver = Self.forfeited()
    driver.disconnect(Self.ann, at: Instant(milliseconds: 600))
    for id in [Self.cy, Self.dee] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id, at: 700)
    }
    driver.send("NAME cy", from: Self.cy, at: 700)
    #expect(driver.host.match.phase == .waiting && driver.host.match.table.cards.isEmpty)
    driver.send("NAME dee", from: Self.dee, at: 800)
    #expect(driver.host.match.game == 2 && driver.host.match.phase == .open)
    #expect(driver.host.match.scores == [0, 0])
  }
}
